// A scraped page as the editor keeps and shows it (issue 27): what the service answered, reduced to
// what a tab needs, the address its tab lives at, and the facts of its header (title, the address
// it landed on, how old the service's cached copy was). Structure only; the words are the feature's.
import type { ScrapedPage } from '../api/scrape-schemas';
import { parseUrl } from '../parse-url';
import { inertFileName } from '../text/inert';

export interface ScrapedRecord {
  /** A UUID: the tab's address and the file it is kept in. */
  id: string;
  /** The address sent. */
  url: string;
  /** The address the page landed on, after redirects (metadata.url); the sent one when not given. */
  finalUrl: string;
  title: string;
  markdown: string;
  statusCode?: number;
  cacheState?: 'hit' | 'miss';
  /** When the service cached the copy it served (ISO 8601), on a cache hit. */
  cachedAt?: string;
  creditsUsed?: number;
  /** When the scrape ran, ISO 8601. */
  scrapedAt: string;
  askedBy: 'person' | 'agent';
  /** The service's id of the scrape (metadata.scrapeId): Continue in a Browser opens the page's own browser with it. */
  scrapeId?: string;
  /** The options sent with the address (formats, maxAge…), so Scrape Again asks the same. */
  request?: Record<string, unknown>;
}

const firstText = (value: string | string[] | null | undefined): string | undefined => {
  const text = Array.isArray(value) ? value[0] : value;
  return typeof text === 'string' && text.trim() !== '' ? text.trim() : undefined;
};

/** The record of a scrape from the service's answer. */
export function scrapedRecord(id: string, url: string, page: ScrapedPage, now: Date, askedBy: ScrapedRecord['askedBy']): ScrapedRecord {
  const meta = page.metadata;
  const finalUrl = meta?.url ?? meta?.sourceURL ?? url;
  const status = typeof meta?.statusCode === 'number' ? meta.statusCode : undefined;
  // A page the site refused or does not have ("Not Found") is named by its status and address, so
  // its tab and row say what happened rather than the error page's own title.
  const title = status !== undefined && status >= 400 ? `${status} ${shortAddress(finalUrl)}` : firstText(meta?.title) ?? finalUrl;
  const record: ScrapedRecord = {
    id, url, finalUrl, title, markdown: page.markdown ?? page.summary ?? '', scrapedAt: now.toISOString(), askedBy,
  };
  if (status !== undefined) record.statusCode = status;
  if (typeof meta?.scrapeId === 'string' && /^[0-9a-f-]{36}$/i.test(meta.scrapeId)) record.scrapeId = meta.scrapeId.toLowerCase();
  if (meta?.cacheState) record.cacheState = meta.cacheState;
  if (meta?.cacheState === 'hit' && meta.cachedAt && !Number.isNaN(Date.parse(meta.cachedAt))) record.cachedAt = meta.cachedAt;
  if (typeof meta?.creditsUsed === 'number' && Number.isFinite(meta.creditsUsed)) record.creditsUsed = meta.creditsUsed;
  return record;
}

/** An address without its scheme and trailing slash: `docs.example.com/guide/missing`. */
function shortAddress(url: string): string {
  const parsed = parseUrl(url);
  return parsed ? `${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}` : url;
}

/** Whether the site answered the page with an error status (a 404, a 403…): the service charged for it all the same. */
export function isErrorPage(record: Pick<ScrapedRecord, 'statusCode'>): boolean {
  return record.statusCode !== undefined && record.statusCode >= 400;
}

/** The facts of a page tab's header, for the feature to word. */
export interface PageHeader {
  title: string;
  finalUrl: string;
  /** The page landed elsewhere than asked (a redirect). */
  redirectedFrom?: string;
  /** How old the served copy was when it was scraped (ms), when it came from the service's cache. */
  cachedAgeMs?: number;
  statusCode?: number;
  /** What the scrape cost, as the service said. */
  creditsUsed?: number;
}

export function pageHeader(record: ScrapedRecord): PageHeader {
  const header: PageHeader = { title: record.title, finalUrl: record.finalUrl };
  if (record.finalUrl !== record.url) header.redirectedFrom = record.url;
  if (record.cacheState === 'hit' && record.cachedAt) header.cachedAgeMs = Math.max(0, Date.parse(record.scrapedAt) - Date.parse(record.cachedAt));
  if (record.statusCode !== undefined && record.statusCode !== 200) header.statusCode = record.statusCode;
  if (record.creditsUsed !== undefined) header.creditsUsed = record.creditsUsed;
  return header;
}

/**
 * The tab's address: the page's host and title as the path (`/docs.example.com/<title>.md`, what
 * the breadcrumb reads, both made safe as file names) and the record's id as the query (`id=…`).
 */
export function pageAddress(record: Pick<ScrapedRecord, 'id' | 'title' | 'finalUrl'>): { path: string; query: string } {
  let host = 'page';
  try {
    host = new URL(record.finalUrl).host;
  } catch {
    // Not an address: the fallback names the folder.
  }
  return { path: `/${inertFileName(host, 'page')}/${inertFileName(record.title, 'page')}.md`, query: `id=${record.id}` };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The record id of a tab's address (its query), or undefined when it names none. */
export function pageIdOf(query: string): string | undefined {
  const id = new URLSearchParams(query).get('id') ?? '';
  return UUID.test(id) ? id.toLowerCase() : undefined;
}

const URL_IN_TEXT = /\bhttps?:\/\/[^\s<>"'`)\]}]+/gi;

/** Trailing punctuation that ends a sentence rather than a URL. */
function trimUrl(url: string): string {
  return url.replace(/[.,;:!?]+$/, '');
}

/** The http(s) URL that spans `character` of `line` (the cursor), or undefined. */
export function urlAt(line: string, character: number): string | undefined {
  for (const match of line.matchAll(URL_IN_TEXT)) {
    const url = trimUrl(match[0]);
    if (character >= match.index && character <= match.index + url.length) return url;
  }
  return undefined;
}

/** The first http(s) URL in a text (a selection, the clipboard), or undefined. */
export function firstUrl(text: string): string | undefined {
  const match = URL_IN_TEXT.exec(text);
  URL_IN_TEXT.lastIndex = 0;
  return match ? trimUrl(match[0]) : undefined;
}

/** Every http(s) URL in a text, once each, in order (a selection of one per line, a page's links). */
export function urlsIn(text: string): string[] {
  return [...new Set([...text.matchAll(URL_IN_TEXT)].map((m) => trimUrl(m[0])))];
}

/** The host a page landed on, for its row; undefined when its address does not parse. */
export function pageHost(finalUrl: string): string | undefined {
  try {
    return new URL(finalUrl).host || undefined;
  } catch {
    return undefined;
  }
}

const MARKDOWN_LINK = /\[([^\]\n]{0,500})\]\(\s*<?(https?:\/\/[^\s<>)]+)>?(?:\s+"[^"\n]*")?\s*\)/gi;

/** The http(s) link of a markdown link `[label](url)` that spans `character` of `line`, label or address. */
export function markdownLinkAt(line: string, character: number): string | undefined {
  for (const match of line.matchAll(MARKDOWN_LINK)) {
    if (character >= match.index && character <= match.index + match[0].length) return match[2];
  }
  return undefined;
}

/** A page's links, once each in order, with the label of the first markdown link to each (a crawled page's links). */
export function pageLinks(markdown: string, max = 2000): Array<{ url: string; label?: string }> {
  const labels = new Map<string, string>();
  for (const match of markdown.matchAll(MARKDOWN_LINK)) {
    const url = trimUrl(match[2] ?? '');
    const label = (match[1] ?? '').replace(/[*_`!]/g, '').trim();
    if (label !== '' && !labels.has(url)) labels.set(url, label);
  }
  return urlsIn(markdown).slice(0, max).map((url) => {
    const label = labels.get(url);
    return label !== undefined ? { url, label } : { url };
  });
}

// POST /v2/scrape and POST /v2/map over the demo corpus, in the shapes of the service's published
// v2 OpenAPI (the spec names both operations without showing them). Pages come from the corpus;
// links are the ones their markdown holds. A few addresses behave as the live service's hard cases:
//   - any page on slow.example takes longer than the scrape's timeout: 408, as the service answers;
//   - https://docs.tideflow.dev/guide/streams was cached three hours ago: `cacheState: "hit"` with
//     its `cachedAt`, unless `maxAge` is under three hours (0 scrapes fresh);
//   - http:// addresses of corpus pages redirect to https://: `sourceURL` as asked, `url` as landed;
//   - an address the corpus does not hold is scraped as a 404 page (the service's 200 with
//     `metadata.statusCode: 404`), as the live service does for a missing page.
import { randomUUID } from 'node:crypto';
import type { Corpus, CorpusPage } from './corpus';
import { hostMatches } from './corpus';
import { plausiblePage, type DemoPage } from './demo-pages';
import { jsonFromPage } from './json-shape';
import type { Answer } from './routes';
import { unrecognizedKeysBody } from './search-fields';

export const CACHED_PAGE_URL = 'https://docs.tideflow.dev/guide/streams';
export const CACHED_AGE_MS = 3 * 3_600_000;
export const SLOW_HOST = 'slow.example';
/** The service's default `maxAge` (two days): a cached copy younger than this is served. */
const DEFAULT_MAX_AGE_MS = 172_800_000;
/** What the emulator charges: one credit a page scraped, one a map. Its own price, not the spec's (it gives none). */
export const SCRAPE_CREDITS = 1;
export const MAP_CREDITS = 1;
/** A JSON format adds this many (the service's model reads the page): its own price, as the others. */
export const JSON_FORMAT_CREDITS = 4;

const SCRAPE_KEYS = new Set([
  'url', 'formats', 'onlyMainContent', 'onlyCleanContent', 'includeTags', 'excludeTags', 'maxAge', 'minAge',
  'headers', 'waitFor', 'mobile', 'skipTlsVerification', 'timeout', 'parsers', 'actions', 'location',
  'removeBase64Images', 'blockAds', 'proxy', 'storeInCache', 'lockdown', 'redactPII', 'profile',
  'threatProtection', 'auditMetadata', 'zeroDataRetention', 'origin', 'integration',
]);
const MAP_KEYS = new Set(['url', 'search', 'sitemap', 'includeSubdomains', 'ignoreQueryParameters', 'ignoreCache', 'limit', 'timeout', 'location', 'auditMetadata', 'threatProtection', 'origin', 'integration']);

interface Problem { field: string; message: string }
type Fields = Record<string, unknown>;
export type Charged = Answer & { credits: number };

const fail = (status: number, error: string, extra: Fields = {}): Charged => ({ status, body: { success: false, error, ...extra }, credits: 0 });

function checked(value: unknown, keys: Set<string>): { ok: true; fields: Fields; url: URL } | { ok: false; answer: Charged } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false, answer: fail(400, 'Bad Request', { code: 'BAD_REQUEST', details: [{ code: 'invalid_type', path: [], message: 'Expected object' }] }) };
  const fields = value as Fields;
  const unknown = Object.keys(fields).filter((key) => !keys.has(key));
  const problems: Problem[] = [];
  let url: URL | undefined;
  if (typeof fields.url !== 'string') problems.push({ field: 'url', message: 'Invalid input: expected string' });
  else {
    try {
      url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(fields.url) ? fields.url : `http://${fields.url}`);
    } catch {
      problems.push({ field: 'url', message: 'Invalid URL' });
    }
    if (url && url.protocol !== 'http:' && url.protocol !== 'https:') problems.push({ field: 'url', message: 'URL uses unsupported protocol' });
  }
  if (fields.limit !== undefined && (typeof fields.limit !== 'number' || !Number.isInteger(fields.limit) || fields.limit < 1 || fields.limit > 100_000)) problems.push({ field: 'limit', message: 'Number must be between 1 and 100000' });
  if (fields.maxAge !== undefined && (typeof fields.maxAge !== 'number' || fields.maxAge < 0)) problems.push({ field: 'maxAge', message: 'Number must be greater than or equal to 0' });
  if (fields.sitemap !== undefined && !['skip', 'include', 'only'].includes(typeof fields.sitemap === 'string' ? fields.sitemap : '')) problems.push({ field: 'sitemap', message: 'Invalid option: expected one of "skip"|"include"|"only"' });
  if (unknown.length > 0) return { ok: false, answer: { status: 400, body: unrecognizedKeysBody(unknown, problems), credits: 0 } };
  if (problems.length > 0 || !url) {
    return { ok: false, answer: fail(400, 'Bad Request', { code: 'BAD_REQUEST', details: problems.map((p) => ({ code: 'custom', path: [p.field], message: p.message })) }) };
  }
  return { ok: true, fields, url };
}

/** The links a page's markdown holds, in order, once each. */
export function linksOf(markdown: string): string[] {
  return [...new Set([...markdown.matchAll(/\]\((https?:\/\/[^)\s]+)\)/g)].map((m) => m[1] ?? '').filter((link) => link !== ''))];
}

function findPage(corpus: Corpus, url: URL): CorpusPage | undefined {
  const asked = url.href;
  const https = url.protocol === 'http:' ? `https://${asked.slice('http://'.length)}` : asked;
  for (const candidate of [asked, https, asked.replace(/\/$/, ''), https.replace(/\/$/, '')]) {
    const found = corpus.byUrl.get(candidate);
    if (found) return found.page;
  }
  return undefined;
}

/** The `{type: "json"}` format asked for, if any. */
function jsonFormat(fields: Fields): Fields | undefined {
  if (!Array.isArray(fields.formats)) return undefined;
  const found: unknown = fields.formats.find((f: unknown) => typeof f === 'object' && f !== null && (f as Fields).type === 'json');
  return typeof found === 'object' && found !== null ? found as Fields : undefined;
}

/** A page's price for the formats asked: a scrape's, a crawl's or a batch scrape's page alike. */
export function scrapeCreditsOf(fields: Fields): number {
  return SCRAPE_CREDITS + (jsonFormat(fields) ? JSON_FORMAT_CREDITS : 0);
}

function formatTypes(fields: Fields): string[] {
  if (!Array.isArray(fields.formats)) return ['markdown'];
  return fields.formats.map((f: unknown) => (typeof f === 'string' ? f : typeof f === 'object' && f !== null ? String((f as { type?: unknown }).type) : ''));
}

/** `demoPages`: an unknown https address answers a plausible page (the sandbox: ./demo-pages.ts). */
export function answerScrape(corpus: Corpus, now: Date, body: unknown, demoPages = false): Charged {
  const check = checked(body, SCRAPE_KEYS);
  if (!check.ok) return check.answer;
  const { fields, url } = check;
  const json = jsonFormat(fields);
  if (json && json.schema !== undefined && (typeof json.schema !== 'object' || json.schema === null || Array.isArray(json.schema))) {
    return fail(400, 'Bad Request', { code: 'BAD_REQUEST', details: [{ code: 'invalid_type', path: ['formats', 'schema'], message: 'Expected object' }] });
  }
  if (hostMatches(url.hostname, SLOW_HOST)) {
    return fail(408, 'Scrape timed out. Try raising the timeout (the `timeout` option) or try again later.', { code: 'SCRAPE_TIMEOUT' });
  }
  const found = findPage(corpus, url);
  const page: (DemoPage & Partial<CorpusPage>) | undefined = found ?? (demoPages && url.protocol === 'https:' ? plausiblePage(corpus, url) : undefined);
  const asked = typeof fields.url === 'string' ? fields.url : url.href;
  const markdown = page ? page.markdown : `# Not Found\n\nThe page ${url.href} does not exist.\n`;
  const title = page ? page.title : 'Not Found';
  const maxAge = typeof fields.maxAge === 'number' ? fields.maxAge : DEFAULT_MAX_AGE_MS;
  const cached = page?.url === CACHED_PAGE_URL && maxAge >= CACHED_AGE_MS;
  const pdf = page?.kind === 'pdf';
  const data: Fields = {};
  const credits = scrapeCreditsOf(fields);
  for (const type of formatTypes(fields)) {
    if (type === 'markdown') data.markdown = markdown;
    else if (type === 'json') data.json = jsonFromPage(page ?? { url: url.href, title, description: 'The page was not found.', markdown }, json?.schema, typeof json?.prompt === 'string' ? json.prompt : undefined);
    else if (type === 'summary') data.summary = page ? page.description : 'The page was not found.';
    else if (type === 'links') data.links = linksOf(markdown);
    else if (type === 'html' || type === 'rawHtml') data[type] = `<html><head><title>${title}</title></head><body><pre>${markdown.replace(/[<&]/g, (c) => (c === '<' ? '&lt;' : '&amp;'))}</pre></body></html>`;
  }
  data.metadata = {
    title,
    ...(page ? { description: page.description, language: 'en' } : {}),
    sourceURL: asked,
    url: page ? page.url : url.href,
    statusCode: page ? 200 : 404,
    contentType: pdf ? 'application/pdf' : 'text/html; charset=utf-8',
    ...(page ? {} : { error: 'Not Found' }),
    scrapeId: randomUUID(),
    proxyUsed: 'basic',
    cacheState: cached ? 'hit' : 'miss',
    ...(cached ? { cachedAt: new Date(now.getTime() - CACHED_AGE_MS).toISOString() } : {}),
    creditsUsed: credits,
    ...(pdf ? { numPages: 1 } : { 'og:title': title }),
  };
  return { status: 200, body: { success: true, data }, credits };
}

/** The site's addresses: corpus pages on its domain and the links they hold to it, ranked by `search`. */
export function answerMap(corpus: Corpus, body: unknown): Charged {
  const check = checked(body, MAP_KEYS);
  if (!check.ok) return check.answer;
  const { fields, url } = check;
  if (hostMatches(url.hostname, SLOW_HOST)) return fail(408, 'Map timed out. Try again later.', { code: 'MAP_TIMEOUT' });
  const host = url.hostname.replace(/^www\./, '');
  const subdomains = fields.includeSubdomains !== false;
  const domain = subdomains ? host.split('.').slice(-2).join('.') : host;
  const onSite = (address: string): boolean => {
    try {
      const hostname = new URL(address).hostname.replace(/^www\./, '');
      return subdomains ? hostMatches(hostname, domain) : hostname === domain;
    } catch {
      return false;
    }
  };
  const links = new Map<string, { url: string; title?: string; description?: string }>();
  for (const { page } of corpus.pages) {
    if (onSite(page.url)) links.set(page.url, { url: page.url, title: page.title, description: page.description });
  }
  if (fields.sitemap !== 'only') {
    for (const { page } of corpus.pages) {
      if (!onSite(page.url)) continue;
      for (const link of linksOf(page.markdown)) {
        const address = fields.ignoreQueryParameters === false ? link : link.split('?')[0] ?? link;
        if (onSite(address) && !links.has(address)) links.set(address, { url: address });
      }
    }
  }
  let list = [...links.values()];
  if (typeof fields.search === 'string' && fields.search.trim() !== '') {
    const terms = fields.search.toLowerCase().split(/\s+/).filter((t) => t !== '');
    const score = (link: { url: string; title?: string }): number => terms.filter((t) => `${link.url} ${link.title ?? ''}`.toLowerCase().includes(t)).length;
    list = list.map((link, index) => ({ link, index, score: score(link) })).sort((a, b) => b.score - a.score || a.index - b.index).map((s) => s.link);
  }
  const limit = typeof fields.limit === 'number' ? fields.limit : 5000;
  return { status: 200, body: { success: true, links: list.slice(0, limit) }, credits: MAP_CREDITS };
}

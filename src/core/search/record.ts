// A search as the extension keeps it: the request that was sent and the full response (scraped
// markdown included), so what was paid for survives a reload. Plain data, no VS Code.
import type { ImageResult, NewsResult, SearchResponse, WebResult } from '../api/schemas';
import type { SearchRequestBody, SourceType } from '../api/request-types';
import type { SearchOrigin } from '../entries/origin';
import type { WriteFailure } from '../fs-retry';

export const RECORD_VERSION = 1;

/** Who asked for a search: the person (palette, views, keybindings), a chat agent, another extension. */
export type SearchAsker = 'person' | 'agent' | 'extension';
export const SEARCH_ASKERS: readonly SearchAsker[] = ['person', 'agent', 'extension'];
const RESULT_KINDS: readonly SourceType[] = ['web', 'images', 'news'];

export interface SearchRecord {
  version: typeof RECORD_VERSION;
  /** Our own id (the service's job id may be missing); safe as a file name and a URI segment. */
  id: string;
  /** ISO 8601, when the answer arrived. */
  createdAt: string;
  /** The wire form that was sent (never holds the API key: it travels in a header). */
  request: SearchRequestBody;
  response: SearchResponse;
  /** Pinned by the person: never evicted, listed first (pins.ts). Absent in records before pins. */
  pinned?: boolean;
  /** Where the search started (an editor selection, a problem, the terminal). Absent in older records and palette searches. */
  origin?: SearchOrigin;
  /** Who asked; absent in records made before it was kept. */
  askedBy?: SearchAsker;
  /**
   * The answer's JSON exactly as the service sent it (the parsed `response` drops fields this
   * client does not know), for the JSON export. Absent in older records; counts toward the byte cap.
   */
  raw?: unknown;
}

/** What the results view needs for a search's row, kept in the small index file. */
export interface SearchSummary {
  id: string;
  createdAt: string;
  query: string;
  /** The sources asked for, in the service's order web, images, news. */
  sources: SourceType[];
  counts: Partial<Record<SourceType, number>>;
  creditsUsed?: number | null;
  warning?: string | null;
  /** Size of the record file, for the byte cap. */
  bytes: number;
  pinned?: boolean;
  origin?: SearchOrigin;
  askedBy?: SearchAsker;
  /** What prices it: sources, limit, scraped formats (shapeKey below). */
  shape?: string;
  /** In this window only, never stored: why the search could not be written (it lasts this session). */
  notSaved?: WriteFailure;
}

export type TypedResult =
  | { kind: 'web'; result: WebResult }
  | { kind: 'images'; result: ImageResult }
  | { kind: 'news'; result: NewsResult };

const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** True for ids we create; anything else (from a URI or a file name) is refused, so no path tricks. */
export function isSearchId(value: unknown): value is string {
  return typeof value === 'string' && ID_PATTERN.test(value);
}

export function isResultKind(value: unknown): value is SourceType {
  return typeof value === 'string' && (RESULT_KINDS as readonly string[]).includes(value);
}

/** A new id: time first, so file names sort by age; random tail against two searches in one ms. */
export function newSearchId(now: Date, random: () => number = Math.random): string {
  const tail = Math.floor(random() * 36 ** 6).toString(36).padStart(6, '0');
  return `${now.getTime().toString(36)}-${tail}`;
}

/** The sources a request asked for; the service answers web when none are named (spec 2.2). */
export function requestedSources(request: Pick<SearchRequestBody, 'sources'>): SourceType[] {
  const asked = new Set((request.sources ?? []).map((source) => source.type).filter(isResultKind));
  const ordered = RESULT_KINDS.filter((kind) => asked.has(kind));
  return ordered.length > 0 ? ordered : ['web'];
}

/** What prices a search (src/core/spend/price.ts reads it): the sources asked for, results per source, the scraped formats. */
export function shapeKey(body: Pick<SearchRequestBody, 'sources' | 'limit' | 'scrapeOptions'>): string {
  const formats = [...new Set((body.scrapeOptions?.formats ?? []).map((f) => f.type))].sort();
  return JSON.stringify([requestedSources(body), body.limit ?? 10, formats]);
}

export function resultsOf(response: SearchResponse, kind: SourceType): TypedResult[] {
  const data = response.data;
  switch (kind) {
    case 'web': return (data.web ?? []).map((result) => ({ kind, result }));
    case 'images': return (data.images ?? []).map((result) => ({ kind, result }));
    case 'news': return (data.news ?? []).map((result) => ({ kind, result }));
  }
}

export function resultAt(record: SearchRecord, kind: SourceType, index: number): TypedResult | undefined {
  return resultsOf(record.response, kind)[index];
}

/** The kinds to show: those asked for, plus any the service sent anyway. */
export function shownKinds(record: Pick<SearchRecord, 'request' | 'response'>): SourceType[] {
  const asked = new Set(requestedSources(record.request));
  return RESULT_KINDS.filter((kind) => asked.has(kind) || (record.response.data[kind]?.length ?? 0) > 0);
}

export function summarize(record: SearchRecord, bytes: number): SearchSummary {
  const sources = shownKinds(record);
  const counts: Partial<Record<SourceType, number>> = {};
  for (const kind of sources) counts[kind] = resultsOf(record.response, kind).length;
  return {
    id: record.id,
    createdAt: record.createdAt,
    query: record.request.query,
    sources,
    counts,
    creditsUsed: record.response.creditsUsed,
    warning: record.response.warning,
    bytes,
    // Left out when unpinned, so summaries of older records read back equal.
    ...(record.pinned === true ? { pinned: true } : {}),
    ...(record.origin !== undefined ? { origin: record.origin } : {}),
    ...(record.askedBy !== undefined ? { askedBy: record.askedBy } : {}),
    shape: shapeKey(record.request),
  };
}

/** Scraped content of a result, whatever its kind (images carry none). */
export function scrapedOf(typed: TypedResult): { markdown?: string; summary?: string; error?: string; statusCode?: number } {
  if (typed.kind === 'images') return {};
  const { markdown, summary, metadata } = typed.result;
  return {
    markdown: nonEmpty(markdown),
    summary: nonEmpty(summary),
    error: nonEmpty(metadata?.error),
    statusCode: metadata?.statusCode ?? undefined,
  };
}

function nonEmpty(value: string | null | undefined): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

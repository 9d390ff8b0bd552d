// Scraped pages on disk, kept like searches (../kept/store.ts: a record and a small row file each,
// a lock that re-reads, nothing deleted after a failed listing). A page's row holds its title,
// address, who asked, the cost and the pin; the newest fetch of an address replaces the earlier
// ones unless one was pinned.
import { KeptRecords, pinnedRowsFirst, type KeptKind, type KeptRecordsOptions } from '../kept/store';
import { isPlainObject } from '../plain-object';
import { scrapeShape } from './options';
import type { ScrapedRecord } from './page';

export const SCRAPES_FOLDER = 'scrapes';

/** A kept page as its row shows it: everything but the markdown. */
export interface PageSummary {
  id: string;
  url: string;
  finalUrl: string;
  title: string;
  scrapedAt: string;
  askedBy: ScrapedRecord['askedBy'];
  creditsUsed?: number;
  cacheState?: 'hit' | 'miss';
  /** The record's size on disk, for the history's byte limit. */
  bytes: number;
  /** Formats and retention as sent (options.ts, scrapeShape): the price of the next one reads it. */
  shape?: string;
  pinned?: boolean;
}

export type ScrapedPagesOptions = KeptRecordsOptions;

function isRecord(value: unknown): value is ScrapedRecord {
  if (typeof value !== 'object' || value === null) return false;
  const r = value as Record<string, unknown>;
  const text = (key: string): boolean => typeof r[key] === 'string';
  const optional = (key: string, type: 'string' | 'number'): boolean => r[key] === undefined || typeof r[key] === type;
  return ['id', 'url', 'finalUrl', 'title', 'markdown', 'scrapedAt'].every(text)
    && (r.askedBy === 'person' || r.askedBy === 'agent')
    && (r.cacheState === undefined || r.cacheState === 'hit' || r.cacheState === 'miss')
    && optional('cachedAt', 'string') && optional('statusCode', 'number') && optional('creditsUsed', 'number')
    && (r.request === undefined || isPlainObject(r.request));
}

function isSummary(value: unknown): value is PageSummary {
  if (!isPlainObject(value)) return false;
  const text = (key: string): boolean => typeof value[key] === 'string';
  return ['id', 'url', 'finalUrl', 'title', 'scrapedAt'].every(text)
    && (value.askedBy === 'person' || value.askedBy === 'agent')
    && (value.creditsUsed === undefined || (typeof value.creditsUsed === 'number' && Number.isFinite(value.creditsUsed)))
    && (value.cacheState === undefined || value.cacheState === 'hit' || value.cacheState === 'miss')
    && typeof value.bytes === 'number' && Number.isFinite(value.bytes)
    && (value.pinned === undefined || value.pinned === true)
    && (value.shape === undefined || typeof value.shape === 'string');
}

/** The row of a record whose file is `bytes` long. */
function pageSummary(record: ScrapedRecord, bytes: number, pinned = false): PageSummary {
  const summary: PageSummary = { id: record.id, url: record.url, finalUrl: record.finalUrl, title: record.title, scrapedAt: record.scrapedAt, askedBy: record.askedBy, bytes };
  if (record.creditsUsed !== undefined) summary.creditsUsed = record.creditsUsed;
  if (record.cacheState !== undefined) summary.cacheState = record.cacheState;
  if (record.request) summary.shape = scrapeShape(record.request);
  if (pinned) summary.pinned = true;
  return summary;
}

/** Pinned pages first, each part newest first. */
export function pinnedPagesFirst(pages: readonly PageSummary[]): PageSummary[] {
  return pinnedRowsFirst(pages);
}

const PAGES: KeptKind<ScrapedRecord, PageSummary> = {
  folder: SCRAPES_FOLDER,
  lockFile: 'scrapes.lock',
  plural: 'pages',
  isRecord,
  isRow: isSummary,
  rowOf: (record, bytes) => pageSummary(record, bytes),
  createdAt: (row) => row.scrapedAt,
  replaces: (earlier, record) => earlier.url === record.url,
};

export class ScrapedPages extends KeptRecords<ScrapedRecord, PageSummary> {
  constructor(storageDir: string, options: ScrapedPagesOptions = {}) {
    super(storageDir, PAGES, options);
  }
}


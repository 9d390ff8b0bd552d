// Scraped pages on disk, kept like searches: under the extension's global storage, so a page's tab
// comes back after a reload and in every window. Each page is two files: `<id>.json`, the record
// with its markdown (megabytes, read when its tab opens), and `<id>.row.json`, its row (title,
// address, who asked, the cost, the pin: a few hundred bytes, read to list the pages). Each file is
// written under a name of its own and renamed into place, so a reader never sees half a file and
// two windows never write the same one. A record is never rewritten; a pin rewrites the row only.
// Several windows: pins, removals and the history limit run under one lock and read the folder as
// it is then, so a window never evicts a page another window just pinned; nothing is deleted after
// a listing that failed (EBUSY, EIO): a failure keeps every page. A file read back is checked field
// by field before it is trusted; a broken one is as if absent.
import { promises as nodeFs } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_MAX_HISTORY_BYTES, newestFirst, planEviction, type HistoryLimits } from '../search/eviction';
import { DEFAULT_RETRY, errorCode, unlinkRetrying, type RetryPolicy } from '../fs-retry';
import { removeStaleTmp, withLock, writeAtomic, type HistoryFileSystem } from '../search/history-fs';
import { isPlainObject } from '../plain-object';
import { scrapeShape } from './options';
import type { ScrapedRecord } from './page';

export const SCRAPES_FOLDER = 'scrapes';
const LOCK_FILE = 'scrapes.lock';
const ROW_SUFFIX = '.row.json';
/** The history limit when none is given: as many pages as the search history keeps searches. */
const DEFAULT_PAGE_LIMITS: HistoryLimits = { maxCount: 50, maxBytes: DEFAULT_MAX_HISTORY_BYTES };

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

interface PagesLog {
  warn(message: string): void;
}

export interface ScrapedPagesOptions {
  limits?: () => HistoryLimits;
  /** The calls made on the folder; tests pass one that fails some of them. */
  fs?: HistoryFileSystem;
  log?: PagesLog;
  now?: () => number;
  /** How renames and deletes are retried while a file is held (../fs-retry.ts). */
  retry?: RetryPolicy;
}

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

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
  return [...pages.filter((p) => p.pinned === true), ...pages.filter((p) => p.pinned !== true)];
}

const evictable = (page: PageSummary): PageSummary & { createdAt: string } => ({ ...page, createdAt: page.scrapedAt });

export class ScrapedPages {
  readonly dir: string;
  private readonly fs: HistoryFileSystem;
  /** Rows made from a record that has no row file (a page kept before rows existed): records never change. */
  private readonly derived = new Map<string, PageSummary>();

  private readonly retry: RetryPolicy;

  constructor(storageDir: string, private readonly options: ScrapedPagesOptions = {}) {
    this.dir = join(storageDir, SCRAPES_FOLDER);
    this.fs = options.fs ?? nodeFs;
    this.retry = options.retry ?? DEFAULT_RETRY;
  }

  private recordFile(id: string): string {
    return join(this.dir, `${id}.json`);
  }

  private rowFile(id: string): string {
    return join(this.dir, `${id}${ROW_SUFFIX}`);
  }

  /** Keeps the page (record, then row), then makes room: the oldest unpinned pages over the limit go. */
  async save(record: ScrapedRecord): Promise<PageSummary> {
    if (!ID.test(record.id)) throw new Error('A page is kept under a UUID.');
    const text = JSON.stringify(record);
    const summary = pageSummary(record, Buffer.byteLength(text, 'utf8'));
    await this.fs.mkdir(this.dir, { recursive: true });
    await writeAtomic(this.fs, this.recordFile(record.id), text, this.retry);
    try {
      await writeAtomic(this.fs, this.rowFile(record.id), JSON.stringify(summary), this.retry);
    } catch (err) {
      // The record landed, so the page is kept: its row is made from it when listed.
      this.options.log?.warn(`Could not write the row of ${this.recordFile(record.id)}: ${String(err)}`);
    }
    await this.locked(async () => {
      const rows = await this.readRows();
      if (!rows) return;
      // One row per address: the newest replaces the earlier fetches of it, unless one was pinned.
      const replaced = rows.filter((row) => row.id !== record.id && row.url === record.url && row.pinned !== true);
      for (const page of replaced) await this.delete(page.id);
      const kept = rows.filter((row) => !replaced.includes(row));
      const { evict } = planEviction(kept.map(evictable), (this.options.limits ?? (() => DEFAULT_PAGE_LIMITS))());
      for (const page of evict) if (page.id !== record.id) await this.delete(page.id);
    });
    return summary;
  }

  /**
   * The kept pages' rows, newest first; undefined when the folder could not be listed (the caller
   * keeps what it showed). A page whose row cannot be read is left out, never deleted.
   */
  summaries(): Promise<PageSummary[] | undefined> {
    return this.readRows();
  }

  /** Every readable record, newest first; a broken or half-written file is left out, never a failure. */
  async list(): Promise<ScrapedRecord[]> {
    const rows = (await this.readRows()) ?? [];
    const records = await Promise.all(rows.map((row) => this.read(row.id)));
    return records.filter((r): r is ScrapedRecord => r !== undefined);
  }

  /** The record, or undefined when it is not there or not readable as one. */
  async read(id: string): Promise<ScrapedRecord | undefined> {
    if (!ID.test(id)) return undefined;
    try {
      const value: unknown = JSON.parse(await this.fs.readFile(this.recordFile(id), 'utf8'));
      return isRecord(value) && value.id === id ? value : undefined;
    } catch {
      return undefined;
    }
  }

  /** Pins or unpins a page; false when it is no longer kept. */
  setPinned(id: string, pinned: boolean): Promise<boolean> {
    if (!ID.test(id)) return Promise.resolve(false);
    return this.locked(async () => {
      const row = await this.fs.stat(this.recordFile(id)).then(() => this.readRow(id), () => undefined);
      if (!row) return false;
      const { pinned: _old, ...rest } = row;
      await writeAtomic(this.fs, this.rowFile(id), JSON.stringify(pinned ? { ...rest, pinned: true } : rest), this.retry);
      this.derived.delete(id);
      return true;
    });
  }

  /** Removes a page (its record first: a row left alone by a crash lists nothing). */
  remove(id: string): Promise<void> {
    if (!ID.test(id)) return Promise.resolve();
    return this.locked(() => this.delete(id));
  }

  /** Removes every page; pinned ones stay unless `includePinned`. Returns how many went. */
  clear(options: { includePinned?: boolean } = {}): Promise<number> {
    return this.locked(async () => {
      const rows = await this.readRows();
      if (!rows) return 0;
      const gone = rows.filter((row) => options.includePinned === true || row.pinned !== true);
      for (const row of gone) await this.delete(row.id);
      return gone.length;
    });
  }

  private async delete(id: string): Promise<void> {
    this.derived.delete(id);
    for (const file of [this.recordFile(id), this.rowFile(id)]) {
      try {
        await unlinkRetrying(this.fs, file, this.retry);
      } catch (err) {
        if (errorCode(err) !== 'ENOENT') this.options.log?.warn(`Could not delete ${file}: ${String(err)}`);
      }
    }
  }

  private locked<T>(work: () => Promise<T>): Promise<T> {
    return this.fs.mkdir(this.dir, { recursive: true }).catch(() => undefined)
      .then(() => withLock(this.fs, join(this.dir, LOCK_FILE), work, (message) => this.options.log?.warn(message), this.retry));
  }

  /** The rows of the records in the folder now, newest first; undefined when it cannot be listed. */
  private async readRows(): Promise<PageSummary[] | undefined> {
    let names: string[];
    try {
      names = await this.fs.readdir(this.dir);
    } catch (err) {
      if (errorCode(err) === 'ENOENT') return [];
      this.options.log?.warn(`Could not list the kept pages in ${this.dir} (${errorCode(err) ?? String(err)}); keeping them as they are.`);
      return undefined;
    }
    await removeStaleTmp(this.fs, this.dir, names, () => true, (this.options.now ?? Date.now)());
    const present = new Set(names);
    const ids = names.filter((name) => name.endsWith('.json') && ID.test(name.slice(0, -'.json'.length))).map((name) => name.slice(0, -'.json'.length));
    const rows = await Promise.all(ids.map((id) => (present.has(`${id}${ROW_SUFFIX}`) ? this.readRow(id) : this.deriveRow(id))));
    return newestFirst(rows.filter((r): r is PageSummary => r !== undefined).map(evictable)).map(({ createdAt: _c, ...row }) => row);
  }

  /** A page's row: its row file, else made from its record; undefined when the record is gone. */
  private async readRow(id: string): Promise<PageSummary | undefined> {
    try {
      const value: unknown = JSON.parse(await this.fs.readFile(this.rowFile(id), 'utf8'));
      if (isSummary(value) && value.id === id) return value;
    } catch {
      // Missing or broken: made again from the record below.
    }
    return this.deriveRow(id);
  }

  private async deriveRow(id: string): Promise<PageSummary | undefined> {
    const known = this.derived.get(id);
    if (known) return known;
    let text: string;
    try {
      text = await this.fs.readFile(this.recordFile(id), 'utf8');
    } catch {
      return undefined;
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return undefined;
    }
    if (!isRecord(value) || value.id !== id) return undefined;
    const row = pageSummary(value, Buffer.byteLength(text, 'utf8'));
    this.derived.set(id, row);
    return row;
  }
}

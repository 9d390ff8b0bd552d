// Records kept on disk like searches, under the extension's global storage, so a record's tab comes
// back after a reload and in every window: a scraped page (../scrape/store.ts), a parsed document
// (../parse/store.ts). Each record is two files: `<id>.json`, the record with its markdown
// (megabytes, read when its tab opens), and `<id>.row.json`, its row (a few hundred bytes, read to
// list them). Each file is written under a name of its own and renamed into place, so a reader
// never sees half a file and two windows never write the same one. A record is never rewritten; a
// pin rewrites the row only. Several windows: pins, removals and the history limit run under one
// lock and read the folder as it is then, so a window never evicts a record another window just
// pinned; nothing is deleted after a listing that failed (EBUSY, EIO): a failure keeps every
// record. A file read back is checked field by field before it is trusted; a broken one is as if
// absent.
import { promises as nodeFs } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_MAX_HISTORY_BYTES, newestFirst, planEviction, type HistoryLimits } from '../search/eviction';
import { DEFAULT_RETRY, errorCode, unlinkRetrying, type RetryPolicy } from '../fs-retry';
import { removeStaleTmp, withLock, writeAtomic, type HistoryFileSystem } from '../search/history-fs';

const ROW_SUFFIX = '.row.json';
/** The history limit when none is given: as many records as the search history keeps searches. */
const DEFAULT_LIMITS: HistoryLimits = { maxCount: 50, maxBytes: DEFAULT_MAX_HISTORY_BYTES };

/** What every kept record's row has: its id, its record's size on disk, its pin. */
export interface KeptRow {
  id: string;
  /** The record's size on disk, for the history's byte limit. */
  bytes: number;
  pinned?: boolean;
}

/** What one kind of kept record is: its folder, its checks, its row, its time, what it replaces. */
export interface KeptKind<R extends { id: string }, S extends KeptRow> {
  folder: string;
  lockFile: string;
  /** "pages", "documents": for the log's warnings. */
  plural: string;
  isRecord(value: unknown): value is R;
  isRow(value: unknown): value is S;
  /** The row of a record whose file is `bytes` long, unpinned. */
  rowOf(record: R, bytes: number): S;
  createdAt(row: S): string;
  /** Whether a newly kept record replaces an earlier one (unless that one is pinned). */
  replaces(earlier: S, record: R): boolean;
}

interface KeptLog {
  warn(message: string): void;
}

export interface KeptRecordsOptions {
  limits?: () => HistoryLimits;
  /** The calls made on the folder; tests pass one that fails some of them. */
  fs?: HistoryFileSystem;
  log?: KeptLog;
  now?: () => number;
  /** How renames and deletes are retried while a file is held (../fs-retry.ts). */
  retry?: RetryPolicy;
}

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Pinned rows first, each part in the order given (newest first). */
export function pinnedRowsFirst<S extends KeptRow>(rows: readonly S[]): S[] {
  return [...rows.filter((p) => p.pinned === true), ...rows.filter((p) => p.pinned !== true)];
}

export class KeptRecords<R extends { id: string }, S extends KeptRow> {
  readonly dir: string;
  private readonly fs: HistoryFileSystem;
  /** Rows made from a record that has no row file (one kept before rows existed): records never change. */
  private readonly derived = new Map<string, S>();

  private readonly retry: RetryPolicy;

  constructor(storageDir: string, private readonly kind: KeptKind<R, S>, private readonly options: KeptRecordsOptions = {}) {
    this.dir = join(storageDir, kind.folder);
    this.fs = options.fs ?? nodeFs;
    this.retry = options.retry ?? DEFAULT_RETRY;
  }

  private recordFile(id: string): string {
    return join(this.dir, `${id}.json`);
  }

  private rowFile(id: string): string {
    return join(this.dir, `${id}${ROW_SUFFIX}`);
  }

  /** Keeps the record (record, then row), then makes room: the oldest unpinned ones over the limit go. */
  async save(record: R): Promise<S> {
    if (!ID.test(record.id)) throw new Error('A record is kept under a UUID.');
    const text = JSON.stringify(record);
    const summary = this.kind.rowOf(record, Buffer.byteLength(text, 'utf8'));
    await this.fs.mkdir(this.dir, { recursive: true });
    await writeAtomic(this.fs, this.recordFile(record.id), text, this.retry);
    try {
      await writeAtomic(this.fs, this.rowFile(record.id), JSON.stringify(summary), this.retry);
    } catch (err) {
      // The record landed, so it is kept: its row is made from it when listed.
      this.options.log?.warn(`Could not write the row of ${this.recordFile(record.id)}: ${String(err)}`);
    }
    await this.locked(async () => {
      const rows = await this.readRows();
      if (!rows) return;
      // One row per address (per file): the newest replaces the earlier ones, unless one was pinned.
      const replaced = rows.filter((row) => row.id !== record.id && this.kind.replaces(row, record) && row.pinned !== true);
      for (const row of replaced) await this.delete(row.id);
      const kept = rows.filter((row) => !replaced.includes(row));
      const { evict } = planEviction(kept.map((row) => this.evictable(row)), (this.options.limits ?? (() => DEFAULT_LIMITS))());
      for (const row of evict) if (row.id !== record.id) await this.delete(row.id);
    });
    return summary;
  }

  /**
   * The kept rows, newest first; undefined when the folder could not be listed (the caller keeps
   * what it showed). A record whose row cannot be read is left out, never deleted.
   */
  summaries(): Promise<S[] | undefined> {
    return this.readRows();
  }

  /** Every readable record, newest first; a broken or half-written file is left out, never a failure. */
  async list(): Promise<R[]> {
    const rows = (await this.readRows()) ?? [];
    const records = await Promise.all(rows.map((row) => this.read(row.id)));
    return records.filter((r): r is Awaited<R> => r !== undefined);
  }

  /** The record, or undefined when it is not there or not readable as one. */
  async read(id: string): Promise<R | undefined> {
    if (!ID.test(id)) return undefined;
    try {
      const value: unknown = JSON.parse(await this.fs.readFile(this.recordFile(id), 'utf8'));
      return this.kind.isRecord(value) && value.id === id ? value : undefined;
    } catch {
      return undefined;
    }
  }

  /** Pins or unpins a record; false when it is no longer kept. */
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

  /** Removes a record (its record file first: a row left alone by a crash lists nothing). */
  remove(id: string): Promise<void> {
    if (!ID.test(id)) return Promise.resolve();
    return this.locked(() => this.delete(id));
  }

  /** Removes every record; pinned ones stay unless `includePinned`. Returns how many went. */
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
      .then(() => withLock(this.fs, join(this.dir, this.kind.lockFile), work, (message) => this.options.log?.warn(message), this.retry));
  }

  /** The rows of the records in the folder now, newest first; undefined when it cannot be listed. */
  private async readRows(): Promise<S[] | undefined> {
    let names: string[];
    try {
      names = await this.fs.readdir(this.dir);
    } catch (err) {
      if (errorCode(err) === 'ENOENT') return [];
      this.options.log?.warn(`Could not list the kept ${this.kind.plural} in ${this.dir} (${errorCode(err) ?? String(err)}); keeping them as they are.`);
      return undefined;
    }
    await removeStaleTmp(this.fs, this.dir, names, () => true, (this.options.now ?? Date.now)());
    const present = new Set(names);
    const ids = names.filter((name) => name.endsWith('.json') && ID.test(name.slice(0, -'.json'.length))).map((name) => name.slice(0, -'.json'.length));
    const rows = await Promise.all(ids.map((id) => (present.has(`${id}${ROW_SUFFIX}`) ? this.readRow(id) : this.deriveRow(id))));
    return newestFirst(rows.filter((r): r is Awaited<S> => r !== undefined).map((row) => this.evictable(row))).map(({ row }) => row);
  }

  /** A record's row: its row file, else made from its record; undefined when the record is gone. */
  private async readRow(id: string): Promise<S | undefined> {
    try {
      const value: unknown = JSON.parse(await this.fs.readFile(this.rowFile(id), 'utf8'));
      if (this.kind.isRow(value) && value.id === id) return value;
    } catch {
      // Missing or broken: made again from the record below.
    }
    return this.deriveRow(id);
  }

  private async deriveRow(id: string): Promise<S | undefined> {
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
    if (!this.kind.isRecord(value) || value.id !== id) return undefined;
    const row = this.kind.rowOf(value, Buffer.byteLength(text, 'utf8'));
    this.derived.set(id, row);
    return row;
  }

  /** A row as the eviction plan reads it, with the row itself. */
  private evictable(row: S): { id: string; createdAt: string; bytes: number; pinned?: boolean; row: S } {
    return { id: row.id, createdAt: this.kind.createdAt(row), bytes: row.bytes, ...(row.pinned === true ? { pinned: true } : {}), row };
  }
}

// Search history on disk, shared by every VS Code window of a profile: one JSON file per search
// (its full response can be megabytes) and a small index for the view's rows. Plain Node, so two
// instances over one folder can be tested as two windows. The files themselves are history-disk.ts;
// this file decides what the rows are.
// Several windows: each writes under its own temporary names; the index is re-read and changed
// under a lock at every write, so one window's write keeps what the others added; the record
// files are the truth, and an index entry is dropped only when a listing that succeeded shows its
// file gone (a failed listing, EBUSY or EIO, changes nothing).
import { promises as nodeFs } from 'node:fs';
import { writeFailureOf, type RetryPolicy, type WriteFailure } from '../fs-retry';
import { newestFirst, planEviction, type HistoryLimits } from './eviction';
import { HistoryDisk, type HistoryCodec, type HistoryLog } from './history-disk';
import { describeError, type HistoryFileSystem } from './history-fs';
import { isPinned, withPin } from './pins';
import { isSearchId, summarize, type SearchRecord, type SearchSummary } from './record';

export { INDEX_FILE, RECORDS_FOLDER, type HistoryLog } from './history-disk';

/** Full records kept in memory; the rest are read from disk when opened. */
const CACHE_SIZE = 8;

export interface SearchHistoryOptions {
  /** The extension's global storage folder. */
  storageDir: string;
  codec: HistoryCodec;
  log: HistoryLog;
  limits: () => HistoryLimits;
  fs?: HistoryFileSystem;
  now?: () => number;
  /** How renames and deletes are retried while a file is held (../fs-retry.ts). */
  retry?: RetryPolicy;
}

/** Saved, or not (the search is shown for this session only) and why. */
export type AddOutcome = { summary: SearchSummary; saved: true } | { summary: SearchSummary; saved: false; failure: WriteFailure };

export class SearchHistory {
  /** The rows as last read or written; undefined until a load whose listing succeeded. */
  private summaries: SearchSummary[] | undefined;
  private readonly cache = new Map<string, SearchRecord>();
  /** Searches whose file could not be written: kept in memory only, never in the index. */
  private readonly unsaved = new Map<string, { record: SearchRecord; summary: SearchSummary }>();
  private queue: Promise<unknown> = Promise.resolve();
  private readonly disk: HistoryDisk;
  readonly recordsDir: string;

  constructor(private readonly options: SearchHistoryOptions) {
    const { storageDir, codec, log, retry } = options;
    this.disk = new HistoryDisk({ storageDir, codec, log, fs: options.fs ?? nodeFs, now: options.now ?? Date.now, retry });
    this.recordsDir = this.disk.recordsDir;
  }

  /** The stored searches, newest first. The first call reads the index and lists the folder. */
  list(): Promise<readonly SearchSummary[]> {
    return this.serial(() => this.load());
  }

  /** The full search, or undefined when it is gone or its file cannot be read. */
  get(id: string): Promise<SearchRecord | undefined> {
    const ready = this.unsaved.get(id)?.record ?? this.cache.get(id);
    if (ready) return Promise.resolve(ready);
    return this.serial(async () => {
      if (!isSearchId(id)) return undefined;
      const read = await this.disk.readRecord(id);
      if (read) this.remember(read.record);
      return read?.record;
    });
  }

  add(record: SearchRecord): Promise<AddOutcome> {
    return this.serial(async () => {
      await this.load();
      const text = JSON.stringify(record);
      const summary = summarize(record, Buffer.byteLength(text, 'utf8'));
      let failure: WriteFailure | undefined = isSearchId(record.id) ? undefined : { kind: 'other', detail: 'The search has no id a file can be named after.' };
      if (!failure) {
        try {
          await this.disk.writeRecord(record.id, text);
        } catch (err) {
          failure = writeFailureOf(err);
          this.options.log.error(`Could not save the search in ${this.recordsDir}: ${describeError(err)}`);
        }
      }
      if (failure) {
        const shown = { ...summary, notSaved: failure };
        this.unsaved.set(record.id, { record, summary: shown });
        this.summaries = this.withUnsaved(this.summaries ?? []);
        return { summary: shown, saved: false, failure };
      }
      this.remember(record);
      await this.updateIndex((base) => [summary, ...base.filter((s) => s.id !== record.id)]);
      return { summary, saved: true };
    });
  }

  remove(id: string): Promise<void> {
    return this.serial(async () => {
      this.cache.delete(id);
      this.unsaved.delete(id);
      // A file that could not be deleted keeps its row: the search is still there, and says so.
      if (await this.disk.deleteRecord(id)) await this.updateIndex((base) => base.filter((s) => s.id !== id));
    });
  }

  /** Removes every search; pinned ones stay unless `includePinned`. */
  clear(options: { includePinned?: boolean } = {}): Promise<void> {
    const keep = (record: Pick<SearchSummary, 'pinned'> | undefined): boolean => options.includePinned !== true && record !== undefined && isPinned(record);
    return this.serial(async () => {
      for (const [id, entry] of this.unsaved) if (!keep(entry.record)) this.unsaved.delete(id);
      await this.updateIndex(async (base) => {
        const listed = await this.disk.listRecordIds();
        const kept = base.filter(keep);
        const keptIds = new Set(kept.map((s) => s.id));
        for (const id of new Set([...base.map((s) => s.id), ...(listed ?? [])])) {
          if (keptIds.has(id)) continue;
          // A file the index does not list yet (another window's write) may be a pinned search.
          if (options.includePinned !== true && !base.some((s) => s.id === id) && keep((await this.disk.readRecord(id))?.record)) continue;
          this.cache.delete(id);
          const stuck = !(await this.disk.deleteRecord(id)) ? base.find((s) => s.id === id) : undefined;
          if (stuck) kept.push(stuck);
        }
        return newestFirst(kept);
      });
    });
  }

  /**
   * Pins or unpins a search: its file is rewritten with the flag under the index lock (so another
   * window's eviction cannot interleave), and its index entry follows. False when it is gone.
   */
  setPinned(id: string, pinned: boolean): Promise<boolean> {
    return this.serial(async () => {
      await this.load();
      const unsaved = this.unsaved.get(id);
      if (unsaved) {
        const record = withPin(unsaved.record, pinned);
        this.unsaved.set(id, { record, summary: { ...summarize(record, unsaved.summary.bytes), ...(unsaved.summary.notSaved ? { notSaved: unsaved.summary.notSaved } : {}) } });
        this.summaries = this.withUnsaved(this.summaries ?? []);
        return true;
      }
      if (!isSearchId(id)) return false;
      let found = false;
      await this.updateIndex(async (base) => {
        const read = await this.disk.readRecord(id);
        if (!read) return base.filter((s) => s.id !== id);
        const record = withPin(read.record, pinned);
        const text = JSON.stringify(record);
        await this.disk.writeRecord(id, text);
        this.remember(record);
        found = true;
        const summary = summarize(record, Buffer.byteLength(text, 'utf8'));
        return [summary, ...base.filter((s) => s.id !== id)];
      });
      return found;
    });
  }

  /** Runs one operation after the previous one has finished, whatever its outcome. */
  private serial<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work, work);
    this.queue = run.then(() => undefined, () => undefined);
    return run;
  }

  /**
   * Reads the index and reconciles it with the folder: files it does not list (a write that a
   * crash interrupted) are read and added back, entries whose file is gone are dropped. When the
   * folder cannot be listed, the index is shown as it is, changed in nothing, and read again next time.
   */
  private async load(): Promise<SearchSummary[]> {
    if (this.summaries) return this.summaries;
    // Set inside the locked callback; widened so the check below does not take it for always false.
    let listed = false as boolean;
    const summaries = await this.disk.locked(async () => {
      const index = await this.disk.readIndex();
      const indexed = index.state === 'ok' ? index.summaries : undefined;
      if (index.state === 'failed') return [];
      const ids = await this.disk.listRecordIds();
      if (ids === undefined) return indexed ?? [];
      listed = true;
      const onDisk = new Set(ids);
      const kept = (indexed ?? []).filter((s) => onDisk.has(s.id));
      let changed = indexed === undefined ? ids.length > 0 : kept.length !== indexed.length;
      const known = new Set(kept.map((s) => s.id));
      for (const id of ids) {
        if (known.has(id)) continue;
        const read = await this.disk.readRecord(id);
        if (read) {
          kept.push(read.summary);
          changed = true;
        }
      }
      const ordered = newestFirst(kept);
      if (changed) await this.disk.writeIndex(ordered);
      return ordered;
    });
    const shown = this.withUnsaved(summaries);
    if (listed) this.summaries = shown;
    return shown;
  }

  /**
   * Changes the index as it is on disk now (another window may have written it since we read
   * it), keeps it within the limits, deletes what falls out, and makes the result our rows.
   */
  private async updateIndex(change: (base: SearchSummary[]) => SearchSummary[] | Promise<SearchSummary[]>): Promise<void> {
    const next = await this.disk.locked(async () => {
      const index = await this.disk.readIndex();
      const base = index.state === 'ok' ? index.summaries : (this.summaries ?? []).filter((s) => !this.unsaved.has(s.id));
      const planned = planEviction(await change(base), this.options.limits());
      const stuck: SearchSummary[] = [];
      for (const old of planned.evict) {
        this.cache.delete(old.id);
        // One that could not be deleted stays listed; the next write tries again.
        if (!(await this.disk.deleteRecord(old.id))) stuck.push(old);
      }
      const keep = stuck.length > 0 ? newestFirst([...planned.keep, ...stuck]) : planned.keep;
      if (index.state !== 'failed') await this.disk.writeIndex(keep);
      // Rows never loaded and an index not readable: the next list() reconciles with the folder.
      return index.state === 'failed' && this.summaries === undefined ? undefined : keep;
    });
    if (next) this.summaries = this.withUnsaved(next);
  }

  private withUnsaved(summaries: readonly SearchSummary[]): SearchSummary[] {
    if (this.unsaved.size === 0) return [...summaries];
    const saved = summaries.filter((s) => !this.unsaved.has(s.id));
    return newestFirst([...[...this.unsaved.values()].map((u) => u.summary), ...saved]);
  }

  /** Keeps the most recently used records in memory. */
  private remember(record: SearchRecord): void {
    this.cache.delete(record.id);
    this.cache.set(record.id, record);
    for (const id of this.cache.keys()) {
      if (this.cache.size <= CACHE_SIZE) break;
      this.cache.delete(id);
    }
  }
}

// The search history's folder as files: where the index and each record live, and how each is
// read, written, listed and deleted, every failure logged and turned into a value (missing,
// failed, undefined) so that history.ts decides what a failure means for the rows.
import { join } from 'node:path';
import { DEFAULT_RETRY, errorCode, unlinkRetrying, type RetryPolicy } from '../fs-retry';
import { describeError, removeStaleTmp, withLock, writeAtomic, type HistoryFileSystem } from './history-fs';
import { isSearchId, type SearchRecord, type SearchSummary } from './record';

export const RECORDS_FOLDER = 'searches';
export const INDEX_FILE = 'search-history.json';
const LOCK_FILE = 'search-history.lock';

/** The zod-backed reading and writing (record-schema.ts), passed in so this module stays light. */
export interface HistoryCodec {
  parseIndex(value: unknown): SearchSummary[] | undefined;
  readRecordText(text: string, bytes: number): { record: SearchRecord; summary: SearchSummary } | undefined;
  serializeIndex(searches: readonly SearchSummary[]): string;
}

export interface HistoryLog {
  warn(message: string): void;
  error(message: string): void;
}

export type IndexRead = { state: 'ok'; summaries: SearchSummary[] } | { state: 'missing' | 'corrupt' | 'failed' };

export interface HistoryDiskOptions {
  storageDir: string;
  codec: HistoryCodec;
  log: HistoryLog;
  fs: HistoryFileSystem;
  now: () => number;
  /** How renames and deletes are retried while a file is held (tests pass one that does not wait). */
  retry?: RetryPolicy;
}

export class HistoryDisk {
  readonly recordsDir: string;

  constructor(private readonly options: HistoryDiskOptions) {
    this.recordsDir = join(options.storageDir, RECORDS_FOLDER);
  }

  private get fs(): HistoryFileSystem {
    return this.options.fs;
  }

  private get retry(): RetryPolicy {
    return this.options.retry ?? DEFAULT_RETRY;
  }

  private get indexFile(): string {
    return join(this.options.storageDir, INDEX_FILE);
  }

  recordFile(id: string): string {
    return join(this.recordsDir, `${id}.json`);
  }

  /** Runs `work` holding the index lock; the folder is made first, since the lock file lives in it. */
  async locked<T>(work: () => Promise<T>): Promise<T> {
    await this.fs.mkdir(this.options.storageDir, { recursive: true }).catch(() => undefined);
    return withLock(this.fs, join(this.options.storageDir, LOCK_FILE), work, (message) => this.options.log.warn(message), this.retry);
  }

  /** Writes one record's file; throws when it cannot (the caller keeps the search in memory). */
  async writeRecord(id: string, text: string): Promise<void> {
    await this.fs.mkdir(this.recordsDir, { recursive: true });
    await writeAtomic(this.fs, this.recordFile(id), text, this.retry);
  }

  /**
   * The index on disk. `failed` (EBUSY, EIO…) is not `missing`: an index that could not be read
   * right now is never replaced, or one window's hiccup would wipe every window's history.
   */
  async readIndex(): Promise<IndexRead> {
    let text: string;
    try {
      text = await this.fs.readFile(this.indexFile, 'utf8');
    } catch (err) {
      if (errorCode(err) === 'ENOENT') return { state: 'missing' };
      this.options.log.warn(`Could not read the search history index (${errorCode(err) ?? describeError(err)}); leaving it as it is.`);
      return { state: 'failed' };
    }
    let parsed: SearchSummary[] | undefined;
    try {
      parsed = this.options.codec.parseIndex(JSON.parse(text));
    } catch {
      parsed = undefined;
    }
    if (parsed) return { state: 'ok', summaries: parsed };
    this.options.log.warn('The search history index could not be read; rebuilding it from the stored searches.');
    return { state: 'corrupt' };
  }

  async writeIndex(summaries: readonly SearchSummary[]): Promise<void> {
    try {
      await this.fs.mkdir(this.options.storageDir, { recursive: true });
      await writeAtomic(this.fs, this.indexFile, this.options.codec.serializeIndex(summaries), this.retry);
    } catch (err) {
      // The records are the truth; the next start rebuilds a lost index from them.
      this.options.log.error(`Could not save the search history index: ${describeError(err)}`);
    }
  }

  /** The ids of the record files, after removing stale temporary files; undefined when the folder cannot be listed. */
  async listRecordIds(): Promise<string[] | undefined> {
    let names: string[];
    try {
      await this.fs.mkdir(this.recordsDir, { recursive: true });
      names = await this.fs.readdir(this.recordsDir);
    } catch (err) {
      this.options.log.warn(`Could not list the stored searches in ${this.recordsDir} (${errorCode(err) ?? describeError(err)}); keeping the history as it is.`);
      return undefined;
    }
    await removeStaleTmp(this.fs, this.recordsDir, names, () => true, this.options.now());
    await this.removeStaleIndexTmp();
    return names.filter((name) => name.endsWith('.json') && isSearchId(name.slice(0, -5))).map((name) => name.slice(0, -5));
  }

  private async removeStaleIndexTmp(): Promise<void> {
    const names = await this.fs.readdir(this.options.storageDir).catch(() => [] as string[]);
    await removeStaleTmp(this.fs, this.options.storageDir, names, (name) => name.startsWith(`${INDEX_FILE}.`), this.options.now());
  }

  async readRecord(id: string): Promise<{ record: SearchRecord; summary: SearchSummary } | undefined> {
    const file = this.recordFile(id);
    const text = await this.readText(file);
    if (text === undefined) return undefined;
    const read = this.options.codec.readRecordText(text, Buffer.byteLength(text, 'utf8'));
    if (!read || read.record.id !== id) {
      this.options.log.warn(`Skipped a stored search that could not be read: ${file}`);
      return undefined;
    }
    return read;
  }

  private async readText(file: string): Promise<string | undefined> {
    try {
      return await this.fs.readFile(file, 'utf8');
    } catch (err) {
      if (errorCode(err) !== 'ENOENT') this.options.log.warn(`Could not read ${file}: ${describeError(err)}`);
      return undefined;
    }
  }

  /**
   * Deletes a record's file; an id that is not ours names no file and is skipped. False when the
   * file is still there (held past the retries): the caller keeps its row, so it is not shown as gone.
   */
  async deleteRecord(id: string): Promise<boolean> {
    if (!isSearchId(id)) return true;
    const file = this.recordFile(id);
    try {
      await unlinkRetrying(this.fs, file, this.retry);
    } catch (err) {
      if (errorCode(err) === 'ENOENT') return true;
      this.options.log.warn(`Could not delete ${file}: ${describeError(err)}`);
      return false;
    }
    return true;
  }
}

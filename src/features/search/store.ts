// Search history on disk, in the extension's global storage: one JSON file per search (its full
// response, scraped markdown included, can be megabytes) and a small index for the view's rows.
// Not globalState: that is read into memory at every start and meant for small values.
// Nothing is read until the view first asks; writes go one at a time, each as tmp-then-rename.
import * as vscode from 'vscode';
import type { HistoryLimits } from '../../core/search/eviction';
import { newestFirst, planEviction } from '../../core/search/eviction';
import { isSearchId, summarize, type SearchRecord, type SearchSummary } from '../../core/search/record';
import { loadCore } from '../../platform/core';
import { Disposable } from '../../platform/disposable';

const RECORDS_FOLDER = 'searches';
const INDEX_FILE = 'search-history.json';
/** Full records kept in memory; the rest are read from disk when opened. */
const CACHE_SIZE = 8;

export interface AddOutcome {
  summary: SearchSummary;
  /** False when writing failed: the search is shown for this session only. */
  saved: boolean;
}

export class SearchStore extends Disposable {
  private summaries: SearchSummary[] | undefined;
  private readonly cache = new Map<string, SearchRecord>();
  /** Searches whose file could not be written: kept in memory, never dropped from the cache. */
  private readonly unsaved = new Map<string, SearchRecord>();
  private queue: Promise<unknown> = Promise.resolve();
  private readonly changeEmitter = this._register(new vscode.EventEmitter<void>());
  readonly onDidChange = this.changeEmitter.event;

  constructor(
    private readonly storageUri: vscode.Uri,
    private readonly log: vscode.LogOutputChannel,
    private readonly limits: () => HistoryLimits,
  ) {
    super();
  }

  /** The folder of the search files. */
  get folder(): vscode.Uri {
    return this.recordsUri;
  }

  private get recordsUri(): vscode.Uri {
    return vscode.Uri.joinPath(this.storageUri, RECORDS_FOLDER);
  }

  private recordUri(id: string): vscode.Uri {
    return vscode.Uri.joinPath(this.recordsUri, `${id}.json`);
  }

  /** The stored searches, newest first. The first call reads the index from disk. */
  list(): Promise<readonly SearchSummary[]> {
    return this.serial(() => this.load());
  }

  /** The full search, or undefined when it is gone or its file cannot be read. */
  get(id: string): Promise<SearchRecord | undefined> {
    const ready = this.unsaved.get(id) ?? this.cache.get(id);
    if (ready) return Promise.resolve(ready);
    return this.serial(async () => {
      if (!isSearchId(id)) return undefined;
      const read = await this.readRecord(id);
      if (read) this.remember(read.record);
      return read?.record;
    });
  }

  add(record: SearchRecord): Promise<AddOutcome> {
    return this.serial(async () => {
      const summaries = await this.load();
      const text = JSON.stringify(record);
      const bytes = new TextEncoder().encode(text);
      let saved = true;
      try {
        await vscode.workspace.fs.createDirectory(this.recordsUri);
        await this.writeAtomic(this.recordUri(record.id), bytes);
      } catch (err) {
        saved = false;
        this.unsaved.set(record.id, record);
        this.log.error(`Could not save the search in ${this.recordsUri.fsPath}: ${describe(err)}`);
      }
      const summary = summarize(record, bytes.byteLength);
      const { keep, evict } = planEviction([summary, ...summaries.filter((s) => s.id !== record.id)], this.limits());
      this.summaries = keep;
      for (const old of evict) await this.forget(old.id);
      this.remember(record);
      await this.writeIndex();
      this.changeEmitter.fire();
      return { summary, saved };
    });
  }

  remove(id: string): Promise<void> {
    return this.serial(async () => {
      const summaries = await this.load();
      this.summaries = summaries.filter((s) => s.id !== id);
      await this.forget(id);
      await this.writeIndex();
      this.changeEmitter.fire();
    });
  }

  clear(): Promise<void> {
    return this.serial(async () => {
      this.summaries = [];
      this.cache.clear();
      this.unsaved.clear();
      await this.tryDelete(this.recordsUri, true);
      await this.writeIndex();
      this.changeEmitter.fire();
    });
  }

  /** Runs one operation after the previous one has finished, whatever its outcome. */
  private serial<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work, work);
    this.queue = run.then(() => undefined, () => undefined);
    return run;
  }

  /**
   * Reads the index once. Files the index does not list (a write that a crash or another window
   * interrupted) are read and added back; entries without a file are dropped.
   */
  private async load(): Promise<SearchSummary[]> {
    if (this.summaries) return this.summaries;
    const core = loadCore();
    const indexText = await this.readText(vscode.Uri.joinPath(this.storageUri, INDEX_FILE));
    let indexed: SearchSummary[] | undefined;
    if (indexText !== undefined) {
      try {
        indexed = core.parseSearchIndex(JSON.parse(indexText));
      } catch {
        indexed = undefined;
      }
      if (!indexed) this.log.warn('The search history index could not be read; rebuilding it from the stored searches.');
    }
    const files = await this.listRecordFiles();
    const onDisk = new Set(files);
    const summaries = (indexed ?? []).filter((s) => onDisk.has(s.id));
    let changed = summaries.length !== (indexed ?? []).length;
    const listed = new Set(summaries.map((s) => s.id));
    for (const id of files) {
      if (listed.has(id)) continue;
      const read = await this.readRecord(id);
      if (read) {
        summaries.push(read.summary);
        changed = true;
      }
    }
    this.summaries = newestFirst(summaries);
    if (changed) await this.writeIndex();
    return this.summaries;
  }

  private async readRecord(id: string): Promise<{ record: SearchRecord; summary: SearchSummary } | undefined> {
    const uri = this.recordUri(id);
    const text = await this.readText(uri);
    if (text === undefined) return undefined;
    const read = loadCore().readSearchRecordText(text, new TextEncoder().encode(text).byteLength);
    if (!read || read.record.id !== id) {
      this.log.warn(`Skipped a stored search that could not be read: ${uri.fsPath}`);
      return undefined;
    }
    return read;
  }

  private async listRecordFiles(): Promise<string[]> {
    let entries: Array<[string, vscode.FileType]>;
    try {
      // Created first: reading a folder that is not there yet logs a noisy error in the host.
      await vscode.workspace.fs.createDirectory(this.recordsUri);
      entries = await vscode.workspace.fs.readDirectory(this.recordsUri);
    } catch {
      return [];
    }
    const ids: string[] = [];
    for (const [name, type] of entries) {
      if (type !== vscode.FileType.File) continue;
      if (name.endsWith('.tmp')) await this.tryDelete(vscode.Uri.joinPath(this.recordsUri, name), false);
      else if (name.endsWith('.json') && isSearchId(name.slice(0, -5))) ids.push(name.slice(0, -5));
    }
    return ids;
  }

  private async writeIndex(): Promise<void> {
    const text = loadCore().serializeSearchIndex(this.summaries ?? []);
    try {
      await vscode.workspace.fs.createDirectory(this.storageUri);
      await this.writeAtomic(vscode.Uri.joinPath(this.storageUri, INDEX_FILE), new TextEncoder().encode(text));
    } catch (err) {
      // The records are the truth; the next start rebuilds a lost index from them.
      this.log.error(`Could not save the search history index: ${describe(err)}`);
    }
  }

  /** A reader never sees half a file: the content goes to a temporary name, then is renamed. */
  private async writeAtomic(uri: vscode.Uri, bytes: Uint8Array): Promise<void> {
    const tmp = uri.with({ path: `${uri.path}.tmp` });
    await vscode.workspace.fs.writeFile(tmp, bytes);
    await vscode.workspace.fs.rename(tmp, uri, { overwrite: true });
  }

  private async readText(uri: vscode.Uri): Promise<string | undefined> {
    try {
      return new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
    } catch (err) {
      if (!(err instanceof vscode.FileSystemError && err.code === 'FileNotFound')) this.log.warn(`Could not read ${uri.fsPath}: ${describe(err)}`);
      return undefined;
    }
  }

  private async forget(id: string): Promise<void> {
    this.cache.delete(id);
    this.unsaved.delete(id);
    if (isSearchId(id)) await this.tryDelete(this.recordUri(id), false);
  }

  private async tryDelete(uri: vscode.Uri, recursive: boolean): Promise<void> {
    try {
      await vscode.workspace.fs.delete(uri, { recursive, useTrash: false });
    } catch (err) {
      if (!(err instanceof vscode.FileSystemError && err.code === 'FileNotFound')) this.log.warn(`Could not delete ${uri.fsPath}: ${describe(err)}`);
    }
  }

  /** Keeps the most recently used records in memory. */
  private remember(record: SearchRecord): void {
    if (this.unsaved.has(record.id)) return;
    this.cache.delete(record.id);
    this.cache.set(record.id, record);
    for (const id of this.cache.keys()) {
      if (this.cache.size <= CACHE_SIZE) break;
      this.cache.delete(id);
    }
  }
}

function describe(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

// What every window of the profile adds to and reads merged (today's spend, the webhook tokens and
// the costs of jobs started here), kept where one writer owns each record: a file per key in a folder
// of the extension's global storage, each key written by one window only (a prefix and the window's
// session id, src/core/jobs/window-state.ts). VS Code's memento holds one object for the extension
// and replaces it whole with another window's flush, so a write there can be lost to a flush made
// before that window heard of it, whatever is read back after (issue 47). Here a write replaces one
// file, whole, through a temporary file renamed over it; nobody else writes that file, so no
// interleaving of writes can drop an entry. Reads are of a copy kept in memory, read again when the
// folder changes (Node's watcher) and after each write here.
import { promises as fsp, watch, type FSWatcher } from 'node:fs';
import { join } from 'node:path';
import { renameRetrying, unlinkRetrying, type RetryPolicy } from './fs-retry';

/** A key's file name: the key, its characters that a file name cannot hold escaped. */
export function fileOfKey(key: string): string {
  return `${encodeURIComponent(key).replace(/\*/g, '%2A').replace(/^\./, '%2E')}.json`;
}

function keyOfFile(name: string): string | undefined {
  if (!name.endsWith('.json')) return undefined;
  try {
    return decodeURIComponent(name.slice(0, -'.json'.length));
  } catch {
    return undefined;
  }
}

export class SharedFolder {
  private readonly values = new Map<string, unknown>();
  private readonly queues = new Map<string, Promise<unknown>>();
  private watcher: FSWatcher | undefined;
  private watchTimer: ReturnType<typeof setTimeout> | undefined;
  private disposed = false;
  private readonly listeners = new Set<() => void>();
  private temps = 0;
  /** Writes done here: a read of the folder that a write overtook is made again. */
  private written = 0;
  /** Keys whose value in memory is the one this window last wrote to its file. */
  private readonly ownWrites = new Set<string>();
  /** Whether the folder was made (or found) by a write here. */
  private made = false;

  constructor(private readonly dir: string, private readonly retry?: RetryPolicy) {}

  keys(): readonly string[] {
    return [...this.values.keys()];
  }

  /** The key's value as last read or written here. */
  get(key: string): unknown {
    return this.values.get(key);
  }

  /** Reads every key's file again; a missing folder holds nothing, a file that is not JSON is left out. */
  async refresh(): Promise<void> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const writtenBefore = this.written;
      let names: string[];
      try {
        names = await fsp.readdir(this.dir);
      } catch {
        names = [];
      }
      const read = await Promise.all(names.map(async (name) => {
        const key = keyOfFile(name);
        return key === undefined ? undefined : [key, await this.readFile(name)] as const;
      }));
      if (this.written !== writtenBefore && attempt < 2) continue;
      // A key only this window writes keeps the value written here: a read that a write overtook
      // holds an older one.
      const own = new Map([...this.ownWrites].map((key) => [key, this.values.get(key)] as const));
      this.values.clear();
      for (const entry of read) if (entry !== undefined && entry[1] !== undefined) this.values.set(entry[0], entry[1]);
      for (const [key, value] of own) if (value !== undefined) this.values.set(key, value);
      return;
    }
  }

  /** Writes the value (undefined deletes the key's file). */
  update(key: string, value: unknown): Promise<void> {
    return this.change(key, () => value).then(() => undefined);
  }

  /**
   * Writes what `next` makes of the key's value as its file holds it now, one write per key at a
   * time, and resolves with it. The file is replaced whole: a reader sees the old or the new one.
   */
  change<T>(key: string, next: (current: unknown) => T, options: ChangeOptions = {}): Promise<T> {
    const run = (this.queues.get(key) ?? Promise.resolve()).then(async () => {
      const name = fileOfKey(key);
      // A key only this window writes holds what this window last wrote: its file is not read again
      // (a spend's write in the usage ledger: one read less of two to four file operations).
      const kept = options.onlyWriter === true && this.ownWrites.has(key) ? this.values.get(key) : undefined;
      const value = next(kept ?? await this.readFile(name) ?? this.values.get(key));
      const file = join(this.dir, name);
      if (value === undefined) {
        await unlinkRetrying(fsp, file, this.retry).catch((err: unknown) => { if (!isMissing(err)) throw err; });
        this.values.delete(key);
        this.ownWrites.delete(key);
        this.written++;
        return value;
      }
      const temp = `${file}.${process.pid}.${++this.temps}.tmp`;
      const text = JSON.stringify(value);
      try {
        await this.writeTemp(temp, text);
        await renameRetrying(fsp, temp, file, this.retry);
      } catch (err) {
        await fsp.rm(temp, { force: true }).catch(() => undefined);
        this.ownWrites.delete(key);
        throw err;
      }
      this.values.set(key, JSON.parse(text) as unknown);
      if (options.onlyWriter === true) this.ownWrites.add(key);
      this.written++;
      return value;
    });
    this.queues.set(key, run.catch(() => undefined));
    return run;
  }

  /** Writes a temporary file, making the folder first when it is not there (once, or again if it went). */
  private async writeTemp(temp: string, text: string): Promise<void> {
    if (!this.made) {
      await fsp.mkdir(this.dir, { recursive: true });
      this.made = true;
    }
    try {
      await fsp.writeFile(temp, text);
    } catch (err) {
      if (!isMissing(err)) throw err;
      await fsp.mkdir(this.dir, { recursive: true });
      await fsp.writeFile(temp, text);
    }
  }

  /**
   * Moves what an earlier version kept in VS Code's global state under these prefixes into the
   * folder (a key the folder has already stays as the folder has it), then removes it there.
   */
  async adopt(state: { keys(): readonly string[]; get(key: string): unknown; update(key: string, value: unknown): PromiseLike<void> }, prefixes: readonly string[]): Promise<void> {
    for (const key of state.keys().filter((k) => prefixes.some((prefix) => k.startsWith(prefix)))) {
      const value = state.get(key);
      await this.change(key, (current) => current ?? value);
      await state.update(key, undefined);
    }
  }

  /** Once every write asked of this folder so far is done. */
  async settled(): Promise<void> {
    await Promise.all([...this.queues.values()]);
  }

  /**
   * Calls `listener` after a file of the folder changed (read again first), in this window or
   * another. Where the platform cannot watch, what other windows write is read at the next `refresh`.
   */
  onDidChange(listener: () => void): { dispose(): void } {
    this.listeners.add(listener);
    this.startWatching();
    return { dispose: () => { this.listeners.delete(listener); } };
  }

  private startWatching(): void {
    if (this.watcher || this.disposed) return;
    void fsp.mkdir(this.dir, { recursive: true }).then(() => {
      if (this.disposed || this.watcher) return;
      try {
        this.watcher = watch(this.dir, () => {
          // A burst of renames is one change.
          this.watchTimer ??= setTimeout(() => {
            this.watchTimer = undefined;
            void this.refresh().then(() => { if (!this.disposed) for (const listener of this.listeners) listener(); }, () => undefined);
          }, 30);
        });
        this.watcher.on('error', () => { this.watcher?.close(); });
      } catch {
        // Not watchable here: readers call refresh().
      }
    }, () => undefined);
  }

  dispose(): void {
    this.disposed = true;
    this.listeners.clear();
    this.watcher?.close();
    this.watcher = undefined;
    clearTimeout(this.watchTimer);
  }

  private async readFile(name: string): Promise<unknown> {
    try {
      return JSON.parse(await fsp.readFile(join(this.dir, name), 'utf8')) as unknown;
    } catch {
      return undefined;
    }
  }
}

export interface ChangeOptions {
  /**
   * This window is the key's only writer (its key names the window): after a write here, the value
   * written is the file's, and the next change starts from it without reading the file.
   */
  onlyWriter?: boolean;
}

function isMissing(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 'ENOENT';
}

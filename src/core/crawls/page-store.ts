// Page markdown on disk, in the extension's global storage, not in memory: a 10,000-page crawl
// keeps only its rows in memory. One folder per job, one file per page, written whole (a
// temporary file renamed over). Within a byte budget: past it, the folders of other jobs go,
// least recently written first; a page that still does not fit is not kept, and is read from the
// service again when opened (the service keeps results 24 hours). Every window shares the
// folder; a window only ever removes whole job folders, whose pages can always be read again.
// Renames and removals are retried briefly (../fs-retry.ts): on Windows a file another window is
// reading refuses them for a moment.
import { promises as nodeFs } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_RETRY, renameRetrying, retryTransient, unlinkRetrying, type RetryPolicy } from '../fs-retry';
import { jobKey, type JobRef } from './job';

/** The calls made on the folder; tests pass one that fails some of them. */
type PageFileSystem = Pick<typeof nodeFs, 'mkdir' | 'readdir' | 'readFile' | 'rename' | 'rm' | 'stat' | 'unlink' | 'writeFile'>;

export interface PageStoreOptions {
  /** The folder (global storage/crawls). */
  root: string;
  /** The budget in bytes, read on each write (a setting). */
  budgetBytes: () => number;
  fs?: PageFileSystem;
  retry?: RetryPolicy;
}

export class PageStore {
  /** Bytes per job folder, as this window knows them (scanned once, then kept up to date). */
  private sizes: Map<string, { bytes: number; at: number }> | undefined;
  private scanning: Promise<Map<string, { bytes: number; at: number }>> | undefined;
  private writes: Promise<unknown> = Promise.resolve();

  private readonly fs: PageFileSystem;
  private readonly retry: RetryPolicy;

  constructor(private readonly options: PageStoreOptions) {
    this.fs = options.fs ?? nodeFs;
    this.retry = options.retry ?? DEFAULT_RETRY;
  }

  private folder(job: JobRef): string {
    return join(this.options.root, jobKey(job));
  }

  /** Stores a page's markdown; false when it did not fit within the budget (or the disk failed). */
  put(job: JobRef, index: number, markdown: string): Promise<boolean> {
    // One write at a time: the budget's sums stay exact.
    const next = this.writes.then(() => this.write(job, index, markdown));
    this.writes = next.catch(() => undefined);
    return next.catch(() => false);
  }

  async get(job: JobRef, index: number): Promise<string | undefined> {
    try {
      return await this.fs.readFile(join(this.folder(job), `${index}.md`), 'utf8');
    } catch {
      return undefined;
    }
  }

  /** Bytes kept for every job together, as this window last counted them. */
  async usedBytes(): Promise<number> {
    let total = 0;
    for (const { bytes } of (await this.known()).values()) total += bytes;
    return total;
  }

  private async write(job: JobRef, index: number, markdown: string): Promise<boolean> {
    const sizes = await this.known();
    const key = jobKey(job);
    const bytes = Buffer.byteLength(markdown);
    const budget = Math.max(0, this.options.budgetBytes());
    await this.makeRoom(sizes, key, bytes, budget);
    let used = 0;
    for (const entry of sizes.values()) used += entry.bytes;
    if (used + bytes > budget) return false;
    const folder = this.folder(job);
    await this.fs.mkdir(folder, { recursive: true });
    const file = join(folder, `${index}.md`);
    const temporary = `${file}.${process.pid}.tmp`;
    try {
      await this.fs.writeFile(temporary, markdown, 'utf8');
      await renameRetrying(this.fs, temporary, file, this.retry);
    } catch (err) {
      await unlinkRetrying(this.fs, temporary, this.retry).catch(() => undefined);
      throw err;
    }
    const entry = sizes.get(key) ?? { bytes: 0, at: 0 };
    sizes.set(key, { bytes: entry.bytes + bytes, at: Date.now() });
    return true;
  }

  /** Removes other jobs' folders, least recently written first, until `bytes` more fit. */
  private async makeRoom(sizes: Map<string, { bytes: number; at: number }>, keep: string, bytes: number, budget: number): Promise<void> {
    let used = 0;
    for (const entry of sizes.values()) used += entry.bytes;
    const others = [...sizes.entries()].filter(([key]) => key !== keep).sort((a, b) => a[1].at - b[1].at);
    for (const [key, entry] of others) {
      if (used + bytes <= budget) return;
      await retryTransient(() => this.fs.rm(join(this.options.root, key), { recursive: true, force: true }), this.retry);
      sizes.delete(key);
      used -= entry.bytes;
    }
  }

  private known(): Promise<Map<string, { bytes: number; at: number }>> {
    if (this.sizes) return Promise.resolve(this.sizes);
    this.scanning ??= this.scan().then((sizes) => (this.sizes = sizes));
    return this.scanning;
  }

  private async scan(): Promise<Map<string, { bytes: number; at: number }>> {
    const sizes = new Map<string, { bytes: number; at: number }>();
    let folders: string[];
    try {
      folders = await this.fs.readdir(this.options.root);
    } catch {
      return sizes;
    }
    for (const name of folders) {
      if (!/^(crawl|batch)-[0-9a-f-]{36}$/.test(name)) continue;
      let bytes = 0;
      let at = 0;
      try {
        for (const file of await this.fs.readdir(join(this.options.root, name))) {
          const info = await this.fs.stat(join(this.options.root, name, file));
          bytes += info.size;
          at = Math.max(at, info.mtimeMs);
        }
      } catch {
        continue;
      }
      sizes.set(name, { bytes, at });
    }
    return sizes;
  }
}

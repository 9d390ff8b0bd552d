// Where docs sets are kept: one file per set, `<id>.docs.json`, in a folder the caller gives (the
// extension's global storage, which every window of the profile shares). The file holds the set's
// facts, its pages' markdown and its index together, so a set is written whole or not at all: under
// a name of its own, then renamed into place (../search/history-fs.ts), so a reader in any window
// sees the set before the write or after it, never half of it. One writer at a time per set: a
// save runs under `<id>.lock`, so two windows adding pages to one set do not lose each other's.
// What is read back is checked (zod) before it is trusted; a set that fails the checks is absent.
import { promises as nodeFs } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { DEFAULT_RETRY, errorCode, unlinkRetrying, type RetryPolicy } from '../fs-retry';
import { withLock, writeAtomic, type HistoryFileSystem } from '../search/history-fs';
import { DocsSet, type DocsSetMeta } from './docs-set';
import { DOCS_FILE_SUFFIX } from './files';

const SUFFIX = DOCS_FILE_SUFFIX;
/**
 * The file's layout. 2: the index holds one document per page (./page-index.ts). A layout-1 file
 * (one document per passage) is read with its index built again from its pages; any other is as if
 * absent (its set is added again).
 */
const FORMAT = 2;

const metaSchema = z.object({
  id: z.string().regex(/^[\w-]+$/),
  siteUrl: z.string(),
  version: z.string().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
  maxPages: z.number().int().positive().optional(),
  creditsUsed: z.number().nonnegative().optional(),
  watchId: z.string().max(100).optional(),
  lastCrawl: z.object({ id: z.string(), status: z.enum(['completed', 'cancelled', 'failed']), pages: z.number().int().nonnegative() }).optional(),
});

const fileSchema = z.object({
  format: z.union([z.literal(1), z.literal(FORMAT)]),
  meta: metaSchema,
  pages: z.array(z.object({ url: z.string(), title: z.string(), markdown: z.string() })),
  index: z.unknown(),
});

/** A set as listed: its facts and its file's size. */
export interface KeptDocsSet {
  meta: DocsSetMeta;
  bytes: number;
  pages: number;
}

interface StoreLog {
  warn(message: string): void;
}

/** A set's id from its site's address: readable, and the same for the same site. */
export function docsSetIdOf(siteUrl: string): string {
  let host = siteUrl;
  try {
    const url = new URL(siteUrl);
    host = `${url.hostname}${url.pathname}`;
  } catch {
    // Not an address: its characters will do.
  }
  const id = host.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 80);
  return id === '' ? 'docs' : id;
}

export class DocsStore {
  constructor(
    private readonly folder: string,
    private readonly log: StoreLog,
    private readonly fs: HistoryFileSystem = nodeFs,
    private readonly retry: RetryPolicy = DEFAULT_RETRY,
  ) {}

  private fileOf(id: string): string {
    return join(this.folder, `${id}${SUFFIX}`);
  }

  /** The kept sets, each read and checked; a broken file is left out (and said in the log). */
  async list(): Promise<KeptDocsSet[]> {
    let names: string[];
    try {
      names = await this.fs.readdir(this.folder);
    } catch (err) {
      if (errorCode(err) === 'ENOENT') return [];
      throw err;
    }
    const sets: KeptDocsSet[] = [];
    for (const name of names.filter((n) => n.endsWith(SUFFIX)).sort()) {
      // Checked, not restored: listing a 2,000-page set does not build its search.
      const kept = await this.read(name.slice(0, -SUFFIX.length));
      if (kept !== undefined) sets.push({ meta: kept.file.meta, bytes: kept.bytes, pages: kept.file.pages.length });
    }
    return sets;
  }

  async load(id: string): Promise<DocsSet | undefined> {
    const kept = await this.read(id);
    if (kept === undefined) return undefined;
    const { meta, pages, index, format } = kept.file;
    return DocsSet.restore(meta, pages, format === FORMAT ? index : undefined);
  }

  private async read(id: string): Promise<{ file: z.infer<typeof fileSchema>; bytes: number } | undefined> {
    let text: string;
    try {
      text = await this.fs.readFile(this.fileOf(id), 'utf8');
    } catch (err) {
      if (errorCode(err) === 'ENOENT') return undefined;
      throw err;
    }
    let parsed: z.infer<typeof fileSchema>;
    try {
      parsed = fileSchema.parse(JSON.parse(text));
    } catch (err) {
      this.log.warn(`The docs set ${id} could not be read (${err instanceof Error ? err.message.slice(0, 200) : String(err)}); it is left out.`);
      return undefined;
    }
    return { file: parsed, bytes: Buffer.byteLength(text) };
  }

  /** Writes the set whole, under its lock; its size on disk. */
  async save(set: DocsSet): Promise<number> {
    await this.fs.mkdir(this.folder, { recursive: true });
    const text = JSON.stringify({ format: FORMAT, meta: set.meta, pages: set.pages, index: set.plainIndex() });
    await withLock(this.fs, join(this.folder, `${set.meta.id}.lock`), () => writeAtomic(this.fs, this.fileOf(set.meta.id), text, this.retry),
      (message) => this.log.warn(message), this.retry);
    return Buffer.byteLength(text);
  }

  async remove(id: string): Promise<void> {
    await withLock(this.fs, join(this.folder, `${id}.lock`), () => unlinkRetrying(this.fs, this.fileOf(id), this.retry).catch((err: unknown) => {
      if (errorCode(err) !== 'ENOENT') throw err;
    }), (message) => this.log.warn(message), this.retry);
  }
}

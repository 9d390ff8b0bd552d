// Extracted data and research results on disk (issue 36), kept as scraped pages are: one file per
// result under the extension's global storage (`structured/<id>.json`), written under a name of its
// own and renamed into place, so every window reads whole files and no window's write loses
// another's. A result is never rewritten. The oldest go past MAX_RESULTS, under one lock, and only
// after a listing that worked: a failure keeps every result. A file read back is checked before it
// is trusted; a broken one is as if absent.
import { promises as nodeFs } from 'node:fs';
import { join } from 'node:path';
import { Emitter } from '../emitter';
import { DEFAULT_RETRY, errorCode, unlinkRetrying } from '../fs-retry';
import { withLock, writeAtomic, type HistoryFileSystem } from '../search/history-fs';

const RESULTS_FOLDER = 'structured';
const LOCK_FILE = 'structured.lock';
/** How many results are kept; the oldest go first. */
const MAX_RESULTS = 50;
const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface StructuredResult {
  id: string;
  kind: 'extract' | 'research';
  createdAt: string;
  askedBy: 'person' | 'agent';
  /** The page of an extraction. */
  url?: string;
  /** The addresses a research run was pointed at. */
  urls?: string[];
  prompt?: string;
  /** The schema it was asked with (a sample's made schema too), so it can be asked again. */
  schema?: Record<string, unknown>;
  model?: string;
  maxCredits?: number;
  /** The research run's id at the service. */
  jobId?: string;
  creditsUsed?: number;
  data: unknown;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const optional = (value: unknown, type: 'string' | 'number'): boolean => value === undefined || typeof value === type;

/**
 * A file read back, checked field by field (no zod here: this runs in the feature's bundle, which
 * stays free of it; see test/unit/bundles.test.ts).
 */
function asResult(value: unknown): StructuredResult | undefined {
  if (!isObject(value)) return undefined;
  const { id, kind, createdAt, askedBy, url, urls, prompt, schema, model, maxCredits, jobId, creditsUsed } = value;
  if (typeof id !== 'string' || (kind !== 'extract' && kind !== 'research') || typeof createdAt !== 'string' || (askedBy !== 'person' && askedBy !== 'agent')) return undefined;
  if (!optional(url, 'string') || !optional(prompt, 'string') || !optional(model, 'string') || !optional(jobId, 'string') || !optional(maxCredits, 'number') || !optional(creditsUsed, 'number')) return undefined;
  if (urls !== undefined && !(Array.isArray(urls) && urls.every((u) => typeof u === 'string'))) return undefined;
  if (schema !== undefined && !isObject(schema)) return undefined;
  return {
    id, kind, createdAt, askedBy, data: value.data,
    ...(typeof url === 'string' ? { url } : {}),
    ...(Array.isArray(urls) ? { urls: urls.filter((u): u is string => typeof u === 'string') } : {}),
    ...(typeof prompt === 'string' ? { prompt } : {}),
    ...(isObject(schema) ? { schema } : {}),
    ...(typeof model === 'string' ? { model } : {}),
    ...(typeof maxCredits === 'number' ? { maxCredits } : {}),
    ...(typeof jobId === 'string' ? { jobId } : {}),
    ...(typeof creditsUsed === 'number' ? { creditsUsed } : {}),
  };
}

export class StructuredResults {
  readonly dir: string;
  private readonly changed = new Emitter<void>();
  /** After this window kept or removed a result (the rows of Search Results follow it). */
  readonly onDidChange = this.changed.event;

  constructor(storageDir: string, private readonly log: { warn(message: string): void }, private readonly fs: HistoryFileSystem = nodeFs) {
    this.dir = join(storageDir, RESULTS_FOLDER);
  }

  /** Keeps a result, then lets the oldest go past MAX_RESULTS. Throws when it could not be written. */
  async save(result: StructuredResult): Promise<void> {
    if (!ID.test(result.id)) throw new Error('A result is kept under a UUID.');
    await this.fs.mkdir(this.dir, { recursive: true });
    await writeAtomic(this.fs, join(this.dir, `${result.id}.json`), JSON.stringify(result));
    await withLock(this.fs, join(this.dir, LOCK_FILE), async () => {
      const all = await this.listed();
      if (!all) return;
      for (const old of all.slice(MAX_RESULTS)) await unlinkRetrying(this.fs, join(this.dir, `${old.id}.json`), DEFAULT_RETRY).catch(() => undefined);
    }, (message) => this.log.warn(message));
    this.changed.fire();
  }

  /** Deletes a kept result; true when it was there. Throws when it could not be deleted. */
  async remove(id: string): Promise<boolean> {
    if (!ID.test(id)) return false;
    try {
      await unlinkRetrying(this.fs, join(this.dir, `${id}.json`), DEFAULT_RETRY);
      return true;
    } catch (error) {
      if (errorCode(error) === 'ENOENT') return false;
      throw error;
    } finally {
      this.changed.fire();
    }
  }

  async read(id: string): Promise<StructuredResult | undefined> {
    if (!ID.test(id)) return undefined;
    try {
      const result = asResult(JSON.parse(await this.fs.readFile(join(this.dir, `${id}.json`), 'utf8')));
      return result?.id === id ? result : undefined;
    } catch {
      return undefined;
    }
  }

  /** Every readable result, newest first; [] when the folder cannot be read. */
  async list(): Promise<StructuredResult[]> {
    return (await this.listed()) ?? [];
  }

  private async listed(): Promise<StructuredResult[] | undefined> {
    let names: string[];
    try {
      names = await this.fs.readdir(this.dir);
    } catch (error) {
      if (errorCode(error) === 'ENOENT') return [];
      return undefined;
    }
    const ids = names.filter((name) => name.endsWith('.json')).map((name) => name.slice(0, -'.json'.length)).filter((id) => ID.test(id));
    const results = await Promise.all(ids.map((id) => this.read(id)));
    return results.filter((r): r is StructuredResult => r !== undefined).sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
  }
}

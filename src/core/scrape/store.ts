// Scraped pages on disk, one JSON file each under the extension's global storage, so a page's tab
// comes back after a reload and in every window. Each file is written under a name of its own and
// renamed into place, so a reader never sees half a file and two windows never write the same one.
// A file read back is checked field by field before it is trusted; a broken one is as if absent.
import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { ScrapedRecord } from './page';

export const SCRAPES_FOLDER = 'scrapes';

function isRecord(value: unknown): value is ScrapedRecord {
  if (typeof value !== 'object' || value === null) return false;
  const r = value as Record<string, unknown>;
  const text = (key: string): boolean => typeof r[key] === 'string';
  const optional = (key: string, type: 'string' | 'number'): boolean => r[key] === undefined || typeof r[key] === type;
  return ['id', 'url', 'finalUrl', 'title', 'markdown', 'scrapedAt'].every(text)
    && (r.askedBy === 'person' || r.askedBy === 'agent')
    && (r.cacheState === undefined || r.cacheState === 'hit' || r.cacheState === 'miss')
    && optional('cachedAt', 'string') && optional('statusCode', 'number') && optional('creditsUsed', 'number');
}

export class ScrapedPages {
  private readonly dir: string;

  constructor(storageDir: string) {
    this.dir = join(storageDir, SCRAPES_FOLDER);
  }

  async save(record: ScrapedRecord): Promise<void> {
    await fs.mkdir(this.dir, { recursive: true });
    const temporary = join(this.dir, `.${record.id}.${randomUUID()}.tmp`);
    await fs.writeFile(temporary, JSON.stringify(record), 'utf8');
    await fs.rename(temporary, join(this.dir, `${record.id}.json`));
  }

  /** Every readable record, newest first; a broken or half-written file is left out, never a failure. */
  async list(): Promise<ScrapedRecord[]> {
    let names: string[];
    try {
      names = await fs.readdir(this.dir);
    } catch {
      return [];
    }
    const ids = names.filter((name) => /^[0-9a-f-]{36}\.json$/.test(name)).map((name) => name.slice(0, -'.json'.length));
    const records = await Promise.all(ids.map((id) => this.read(id)));
    return records.filter((r): r is ScrapedRecord => r !== undefined).sort((a, b) => b.scrapedAt.localeCompare(a.scrapedAt));
  }

  /** The record, or undefined when it is not there or not readable as one. */
  async read(id: string): Promise<ScrapedRecord | undefined> {
    if (!/^[0-9a-f-]{36}$/.test(id)) return undefined;
    try {
      const value: unknown = JSON.parse(await fs.readFile(join(this.dir, `${id}.json`), 'utf8'));
      return isRecord(value) && value.id === id ? value : undefined;
    } catch {
      return undefined;
    }
  }
}

// How far each crawl is, as its status said when it was last read (Open Crawl Results, the chat
// tool, a crawl read once after it left the list, pages a webhook delivered): the Active Crawls
// rows show "40 of 400 pages" from it. The listing of active crawls says nothing of progress, and
// reading each crawl's status on every poll would fetch its pages too; so a row says what is known
// and when, and nothing it has not read.
// One book per extension host (a window): the crawl results service writes it, the rows read it.
import { Emitter } from '../emitter';

export interface CrawlProgress {
  /** Pages done and the pages the crawl will have, as the service counted them. */
  completed: number;
  total: number;
  /** The service's status word (`scraping`, `completed`…), as sent. */
  status: string;
  /** When it was read (ms since the epoch). */
  at: number;
}

const MAX_CRAWLS = 500;

export class CrawlProgressBook {
  private readonly byId = new Map<string, CrawlProgress>();
  private readonly changes = new Emitter<string>();
  /** Fires with the id of the crawl whose progress was read. */
  readonly onDidChange = this.changes.event;

  get(id: string): CrawlProgress | undefined {
    return this.byId.get(id.toLowerCase());
  }

  /** Records what a read of the crawl's status said; counts the service did not give are not guessed. */
  note(id: string, fields: { completed?: number; total?: number; status: string }, at = Date.now()): void {
    if (fields.total === undefined || !Number.isFinite(fields.total) || fields.total < 0) return;
    const key = id.toLowerCase();
    const completed = Math.max(0, Math.min(fields.completed ?? 0, fields.total));
    const known = this.byId.get(key);
    if (known && known.completed === completed && known.total === fields.total && known.status === fields.status) return;
    this.byId.delete(key);
    this.byId.set(key, { completed, total: fields.total, status: fields.status, at });
    for (const oldest of this.byId.keys()) {
      if (this.byId.size <= MAX_CRAWLS) break;
      this.byId.delete(oldest);
    }
    this.changes.fire(key);
  }

  clear(): void {
    this.byId.clear();
  }
}

/** The window's book: the crawl results service notes each status it reads, the Active Crawls rows show it. */
export const crawlProgress = new CrawlProgressBook();

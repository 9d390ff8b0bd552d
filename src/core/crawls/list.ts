// The list behind the Active Crawls view: the last listing, minus crawls a webhook has reported
// completed. The listing can lag behind the webhook, so a completed id stays hidden for a while
// instead of flickering back on the next refresh.
import type { ActiveCrawl } from '../api/schemas';

const COMPLETED_TTL_MS = 10 * 60 * 1000;
const COMPLETED_MAX = 200;

export class CrawlList {
  private listed: ActiveCrawl[] = [];
  /** Crawl id → when it was reported completed (ms since the epoch). */
  private readonly completed = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now) {}

  get crawls(): readonly ActiveCrawl[] {
    this.expire();
    return this.listed.filter((crawl) => !this.completed.has(crawl.id));
  }

  /** Takes a fresh listing from GET /v2/crawl/active. */
  set(crawls: readonly ActiveCrawl[]): void {
    this.listed = [...crawls];
  }

  clear(): void {
    this.listed = [];
  }

  /** Marks a crawl completed; true when it was on the list. */
  remove(id: string): boolean {
    const wasListed = this.crawls.some((crawl) => crawl.id === id);
    this.completed.delete(id);
    this.completed.set(id, this.now());
    // Oldest first in a Map's order: drop from the front to stay bounded.
    for (const oldest of this.completed.keys()) {
      if (this.completed.size <= COMPLETED_MAX) break;
      this.completed.delete(oldest);
    }
    return wasListed;
  }

  private expire(): void {
    const cutoff = this.now() - COMPLETED_TTL_MS;
    for (const [id, at] of this.completed) if (at < cutoff) this.completed.delete(id);
  }
}

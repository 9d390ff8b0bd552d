// The bound said before a crawl or a batch scrape starts (issue 28): at most `limit` pages (the
// addresses of a batch scrape), and, from this person's own finished jobs of the same shape, at
// most so many credits. Never a made-up number: with no finished job of that shape the credits
// are unknown until the first one. The worst rate seen is taken, since this is a bound, not a guess.
import type { ScrapeFormat } from '../api/request-types';

/** How many finished jobs of a shape the bound reads, newest first. */
const BOUND_HISTORY = 10;

/** One finished job's cost, kept after it ends (what GET /v2/crawl/{id} said at the end). */
export interface JobCost {
  shape: string;
  pages: number;
  creditsUsed: number;
  /** When it finished, ISO 8601. */
  finishedAt: string;
}

/** What prices a job's pages: the scraped formats, and zero data retention (priced apart by the service). */
export function jobShape(options: { formats?: ReadonlyArray<ScrapeFormat | string>; zeroDataRetention?: boolean }): string {
  const formats = [...new Set((options.formats ?? ['markdown']).map((f) => (typeof f === 'string' ? f : f.type)))].sort();
  return JSON.stringify([formats, options.zeroDataRetention === true]);
}

export type JobBound = {
  /** At most this many pages. */
  pages: number;
  credits:
    /** From the last `samples` finished jobs of the shape: at most `perPage` a page, so at most `atMost`. */
    | { kind: 'history'; perPage: number; atMost: number; samples: number }
    | { kind: 'unknown' };
};

/** The bound of a job of at most `pages` pages; `history` newest first. */
export function jobBound(pages: number, shape: string, history: readonly JobCost[]): JobBound {
  const rates = history
    .filter((cost) => cost.shape === shape && cost.pages > 0 && Number.isFinite(cost.creditsUsed) && cost.creditsUsed >= 0)
    .slice(0, BOUND_HISTORY)
    .map((cost) => cost.creditsUsed / cost.pages);
  if (rates.length === 0) return { pages, credits: { kind: 'unknown' } };
  const perPage = Math.max(...rates);
  // Rounded to two places for the words; the total is rounded up, so the bound is never under.
  return { pages, credits: { kind: 'history', perPage: Math.ceil(perPage * 100) / 100, atMost: Math.ceil(pages * perPage - 1e-9), samples: rates.length } };
}

/**
 * The history with one more finished job, newest first and bounded: the same job (by its id)
 * counted once however many windows record it.
 */
export function withJobCost<T extends JobCost & { id: string }>(history: readonly T[], cost: T, keep = 50): T[] {
  return [cost, ...history.filter((c) => c.id !== cost.id)].slice(0, keep);
}

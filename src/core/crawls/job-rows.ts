// Which crawls and batch scrapes opened here the Jobs view lists, and in what order (issue 46): the
// running ones first, then the ended ones (./results hasEnded), the most recently ended first, at most
// MAX_FINISHED_ROWS of them. A crawl on the service's active list is left out: its own row (the
// active crawl's) holds its pages. Plain data; the feature draws the rows.
import type { JobRef } from './job';
import { hasEnded } from './results';

/** Finished jobs listed at most: the rest stay open from the palette (Open Crawl Results…). */
export const MAX_FINISHED_ROWS = 20;

interface ListedJob {
  readonly ref: JobRef;
  readonly status: string;
  readonly finishedVia?: 'webhook' | 'read';
  readonly endedAt?: number;
}

/** `jobs` most recently used first (the service's order); `activeCrawlIds` in lower case. */
export function jobRows<J extends ListedJob>(jobs: readonly J[], activeCrawlIds: ReadonlySet<string>): J[] {
  const listed = jobs.filter((job) => !(job.ref.kind === 'crawl' && activeCrawlIds.has(job.ref.id.toLowerCase())));
  const running = listed.filter((job) => !hasEnded(job));
  // A job whose end this window never saw (kept by an older version) goes after those it did, as used.
  const finished = listed
    .filter((job) => hasEnded(job))
    .map((job, used) => ({ job, used }))
    .sort((a, b) => (b.job.endedAt ?? -Infinity) - (a.job.endedAt ?? -Infinity) || a.used - b.used)
    .slice(0, MAX_FINISHED_ROWS)
    .map(({ job }) => job);
  return [...running, ...finished];
}

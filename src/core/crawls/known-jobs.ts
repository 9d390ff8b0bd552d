// The jobs this window knows, for the palette's Open Crawl Results and Cancel Crawl: the team's
// active crawls (the Active Crawls view's list, when it was read) and the jobs open in Crawl
// Results, once each, the running ones first. Cancel Crawl leaves out the jobs that have ended:
// there is nothing to cancel in them. Plain data; the feature makes the words.
import type { JobRef } from './job';

export interface KnownJob {
  readonly ref: JobRef;
  /** Its start address, when known (an active crawl's, or one remembered from a row). */
  readonly url?: string;
  /** The status last read; undefined for an active crawl not opened here. */
  readonly status?: string;
  readonly completed?: number;
  readonly total?: number;
  /** Listed by the service as one of the team's active crawls. */
  readonly active: boolean;
}

export interface OpenJob {
  readonly ref: JobRef;
  readonly status: string;
  readonly completed?: number;
  readonly total?: number;
}

const ENDED = new Set(['completed', 'cancelled', 'failed']);

export function knownJobs(
  active: ReadonlyArray<{ id: string; url?: string }>,
  open: readonly OpenJob[],
  purpose: 'open' | 'cancel',
  urlOf: (ref: JobRef) => string | undefined = () => undefined,
): KnownJob[] {
  const jobs: KnownJob[] = [];
  const seen = new Set<string>();
  const openById = new Map(open.map((job) => [job.ref.id.toLowerCase(), job]));
  for (const crawl of active) {
    const id = crawl.id.toLowerCase();
    if (seen.has(id)) continue;
    seen.add(id);
    const opened = openById.get(id);
    const ref: JobRef = opened?.ref ?? { id, kind: 'crawl' };
    const url = crawl.url ?? urlOf(ref);
    jobs.push({ ref, active: true, ...(url !== undefined ? { url } : {}), ...(opened ? { status: opened.status, completed: opened.completed, total: opened.total } : {}) });
  }
  const rest = open.filter((job) => !seen.has(job.ref.id.toLowerCase()) && (purpose === 'open' || !ENDED.has(job.status)));
  // Running before ended, then as they were opened.
  rest.sort((a, b) => Number(ENDED.has(a.status)) - Number(ENDED.has(b.status)));
  for (const job of rest) {
    seen.add(job.ref.id.toLowerCase());
    const url = urlOf(job.ref);
    jobs.push({ ref: job.ref, status: job.status, completed: job.completed, total: job.total, active: false, ...(url !== undefined ? { url } : {}) });
  }
  return jobs;
}

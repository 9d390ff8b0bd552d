// The team's recent jobs (GET /v2/team/activity: every machine and key of the team) and its queue
// (GET /v2/team/queue-status) as the Jobs view shows them (issue 49). Structure only: what each row
// is and what it opens (a crawl's or batch scrape's results, by its job id; nothing else can be
// opened here), and the queue's three numbers. The target is the service's text: the feature shows
// it through the inert helpers.
import { isJobId, type JobRef } from '../crawls/job';

interface ActivityItem {
  id: string;
  endpoint: string;
  created_at: string;
  target?: string | null;
}

export interface TeamJob {
  id: string;
  /** The service's endpoint name (scrape, crawl, batch_scrape, search…), kept as given. */
  endpoint: string;
  createdAt: Date | undefined;
  target: string | undefined;
  /** The results it opens here: a crawl's or batch scrape's; none for the rest. */
  opens: JobRef | undefined;
}

const RESULTS: Readonly<Record<string, JobRef['kind']>> = { crawl: 'crawl', batch_scrape: 'batch' };

export function teamJobs(items: readonly ActivityItem[]): TeamJob[] {
  return items.map((item) => {
    const kind = RESULTS[item.endpoint];
    const at = Date.parse(item.created_at);
    return {
      id: item.id,
      endpoint: item.endpoint,
      createdAt: Number.isNaN(at) ? undefined : new Date(at),
      target: item.target ?? undefined,
      opens: kind && isJobId(item.id) ? { id: item.id.toLowerCase(), kind } : undefined,
    };
  });
}

export interface QueueFigures {
  running: number;
  waiting: number;
  /** How many jobs the team may run at once. */
  atOnce: number;
}

/** The queue's figures, whole and not negative (a service's odd number is not shown as such). */
export function queueFigures(q: { activeJobsInQueue: number; waitingJobsInQueue: number; maxConcurrency: number }): QueueFigures {
  const whole = (n: number): number => (Number.isFinite(n) ? Math.max(0, Math.floor(n)) : 0);
  return { running: whole(q.activeJobsInQueue), waiting: whole(q.waitingJobsInQueue), atOnce: whole(q.maxConcurrency) };
}

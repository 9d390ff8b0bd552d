// The team's usage as the service tells it (issue 49): GET /v2/team/credit-usage/historical (the
// billing periods, one per key with byApiKey), GET /v2/team/activity (the team's jobs from every
// machine and key) and GET /v2/team/queue-status, over the client, validated at the boundary.
// Shapes: service-v2-beyond-the-seed.json. In dist/core.js (zod), loaded when first asked.
import * as z from 'zod/mini';
import type { CallOptions, WebDataClient } from '../api/client';
import { validateBody } from '../api/response';

const text = () => z.nullish(z.string());

const period = () => z.object({ startDate: z.string(), endDate: z.string(), apiKey: text(), totalCredits: z.number() });

// Lazy, as ../api/schemas.ts: built on the first answer, not when dist/core.js loads.
const historicalSchema = z.lazy(() => z.object({ success: z.boolean(), periods: z.array(period()) }));

const activityItem = () => z.object({
  id: z.string(),
  // An endpoint this version does not know is kept as text, not a failure of the whole list.
  endpoint: z.string(),
  api_version: text(),
  created_at: z.string(),
  target: text(),
});

const activitySchema = z.lazy(() => z.object({ success: z.boolean(), data: z.array(activityItem()), cursor: text(), has_more: z.nullish(z.boolean()) }));

const queue = () => z.object({
  success: z.boolean(),
  jobsInQueue: z.number(),
  activeJobsInQueue: z.number(),
  waitingJobsInQueue: z.number(),
  maxConcurrency: z.number(),
  mostRecentSuccess: text(),
});
const queueSchema = z.lazy(queue);

type CreditPeriod = z.infer<ReturnType<typeof period>>;
type TeamActivityPage = z.infer<typeof activitySchema>;
type QueueStatus = z.infer<ReturnType<typeof queue>>;

class TeamUsageClient {
  constructor(private readonly client: WebDataClient) {}

  creditHistory(byApiKey: boolean, options: CallOptions = {}): Promise<CreditPeriod[]> {
    return this.client.serviceCall({
      method: 'GET', below: '/team/credit-usage/historical', query: byApiKey ? '?byApiKey=true' : '', what: 'the credit history request',
      notFound: 'The service has no credit history for this team (404)',
      read: (value, status) => validateBody(historicalSchema, value, 'the credit history request', status).periods,
    }, options);
  }

  activity(page: { limit?: number; cursor?: string } = {}, options: CallOptions = {}): Promise<TeamActivityPage> {
    const limit = Math.min(100, Math.max(1, Math.floor(page.limit ?? 50)));
    return this.client.serviceCall({
      method: 'GET', below: '/team/activity', query: `?limit=${limit}${page.cursor ? `&cursor=${encodeURIComponent(page.cursor)}` : ''}`, what: 'the team activity request',
      notFound: 'The service answered 404 to the team activity request; check the service address',
      read: (value, status) => validateBody(activitySchema, value, 'the team activity request', status),
    }, options);
  }

  queueStatus(options: CallOptions = {}): Promise<QueueStatus> {
    return this.client.serviceCall({
      method: 'GET', below: '/team/queue-status', what: 'the queue status request',
      notFound: 'The service answered 404 to the queue status request; check the service address',
      read: (value, status) => validateBody(queueSchema, value, 'the queue status request', status),
    }, options);
  }
}

export function teamUsageClient(client: WebDataClient): TeamUsageClient {
  return new TeamUsageClient(client);
}

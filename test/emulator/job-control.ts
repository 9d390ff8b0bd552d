// The tests' and the sandbox's hold on jobs with results: add one, move it on (the clock does it
// too, but a test never waits for the clock), and send its crawl.page / batch_scrape.page
// deliveries and its completed event through the emulator's webhook sender.
import type { ServerResponse } from 'node:http';
import { z } from 'zod';
import type { EmulatorState } from './state';
import { jobDocument, jobStatus, pagesDone, type CrawlJobInit } from './jobs';
import { makeEvent, type SendWebhookResult } from './webhook-sender';
import { senderOf } from './webhooks';
import { sendJson } from './wire';

export type { CrawlJobInit } from './jobs';

export interface EmulatorJobs {
  /** Adds a crawl or batch scrape with results for the team; returns its id. */
  addCrawlJob(apiKey: string, init: CrawlJobInit): string;
  /** Marks this many more pages done (up to the total): scraping becomes completed at the last one. */
  advanceCrawl(id: string, pages: number): void;
  /**
   * Delivers a crawl.page (batch_scrape.page) for each page done since the last call, then the
   * completed event once the job has finished. Returns the deliveries' results; none without a webhook.
   */
  deliverCrawlPages(id: string, options?: { completed?: boolean; pages?: number }): Promise<SendWebhookResult[]>;
}

export function jobControl(state: EmulatorState): EmulatorJobs {
  const find = (id: string) => {
    const job = state.jobs.get(id.toLowerCase());
    if (job === undefined) throw new Error(`The emulator has no job ${id}; add it with addCrawlJob() first.`);
    return job;
  };
  return {
    addCrawlJob: (apiKey, init) => state.addJob(apiKey, init).id,
    advanceCrawl: (id, pages) => {
      const job = find(id);
      job.baseCompleted = Math.min(job.total, job.baseCompleted + Math.max(0, Math.floor(pages)));
    },
    deliverCrawlPages: async (id, options = {}) => {
      const job = find(id);
      const sender = senderOf(state);
      const now = state.now().getTime();
      const done = pagesDone(job, now);
      const prefix = job.kind === 'crawl' ? 'crawl' : 'batch_scrape';
      const results: SendWebhookResult[] = [];
      // A cap per call, so a person can send a few pages of a 10,000-page crawl at a time.
      const last = Math.min(done, job.delivered + (options.pages ?? Number.POSITIVE_INFINITY));
      for (; job.delivered < last; job.delivered++) {
        const result = await sender.send(makeEvent(`${prefix}.page`, { id: job.id, data: [jobDocument(job, job.delivered)] }));
        if (result !== undefined) results.push(result);
      }
      if (options.completed !== false && job.delivered >= done && !job.completedSent && jobStatus(job, now) !== 'scraping') {
        job.completedSent = true;
        const result = await sender.send(makeEvent(`${prefix}.completed`, { id: job.id }));
        if (result !== undefined) results.push(result);
      }
      return results;
    },
  };
}

const JobInitSchema = z.object({
  apiKey: z.string().min(1),
  id: z.string().optional(),
  kind: z.enum(['crawl', 'batch']).optional(),
  url: z.url().optional(),
  total: z.number().int().min(0).max(1_000_000),
  completed: z.number().int().min(0).optional(),
  msPerPage: z.number().positive().optional(),
  outcome: z.enum(['failed', 'cancelled']).optional(),
  pageBytes: z.number().int().min(1).max(16 * 1024 * 1024).optional(),
  errors: z.number().int().min(0).max(10_000).optional(),
  robotsBlocked: z.number().int().min(0).max(10_000).optional(),
  hostile: z.boolean().optional(),
  listed: z.boolean().optional(),
  /** The pages themselves (a page with links for Scrape Linked Page…), as the sandbox's crawls give them. */
  documents: z.array(z.object({ url: z.string(), title: z.string(), description: z.string(), markdown: z.string() })).optional(),
  creditsPerPage: z.number().int().min(0).max(100).optional(),
});

/**
 * The jobs' admin routes; false when `route` is not one of them. POST /_emulator/jobs {apiKey,
 * total, …} answers {id}; POST /_emulator/jobs/:id/advance {pages}; POST /_emulator/jobs/:id/deliver {completed?, pages?}.
 */
export async function handleJobAdmin(state: EmulatorState, route: string, body: unknown, res: ServerResponse): Promise<boolean> {
  const control = jobControl(state);
  const bad = (error: string): true => {
    sendJson(res, 400, { success: false, error: `Bad admin request: ${error}` });
    return true;
  };
  if (route === 'POST /_emulator/jobs') {
    const parsed = JobInitSchema.safeParse(body);
    if (!parsed.success) return bad(parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; '));
    const { apiKey, ...init } = parsed.data;
    if (!state.teams.has(apiKey)) return bad('no emulated team has that API key; add it with POST /_emulator/teams first');
    const defined: CrawlJobInit = init;
    sendJson(res, 200, { success: true, id: control.addCrawlJob(apiKey, defined) });
    return true;
  }
  const m = /^POST \/_emulator\/jobs\/([^/]+)\/(advance|deliver)$/.exec(route);
  if (m?.[1] === undefined) return false;
  const id = decodeURIComponent(m[1]);
  if (!state.jobs.has(id.toLowerCase())) {
    sendJson(res, 404, { success: false, error: `The emulator has no job ${id}.` });
    return true;
  }
  if (m[2] === 'advance') {
    const parsed = z.object({ pages: z.number().int().min(0) }).safeParse(body);
    if (!parsed.success) return bad('give {"pages": n}');
    control.advanceCrawl(id, parsed.data.pages);
    sendJson(res, 200, { success: true });
    return true;
  }
  const parsed = z.object({ completed: z.boolean().optional(), pages: z.number().int().min(1).optional() }).nullable().safeParse(body);
  if (!parsed.success) return bad('give {"completed": false, "pages": n} (each optional) or nothing');
  try {
    const results = await control.deliverCrawlPages(id, {
      ...(parsed.data?.completed === false ? { completed: false } : {}),
      ...(parsed.data?.pages !== undefined ? { pages: parsed.data.pages } : {}),
    });
    sendJson(res, 200, { success: true, delivered: results.map((r) => r.status) });
  } catch (err) {
    sendJson(res, 502, { success: false, error: `The webhook receiver could not be reached: ${err instanceof Error ? err.message : String(err)}` });
  }
  return true;
}

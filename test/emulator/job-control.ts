// The tests' and the sandbox's hold on jobs with results: add one, move it on (the clock does it
// too, but a test never waits for the clock), and send its crawl.page / batch_scrape.page
// deliveries and its completed event through the emulator's webhook sender.
import type { EmulatorState } from './state';
import { jobDocument, jobStatus, pagesDone, type CrawlJobInit } from './jobs';
import { makeEvent, type SendWebhookResult } from './webhook-sender';
import { senderOf } from './webhooks';

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
  deliverCrawlPages(id: string, options?: { completed?: boolean }): Promise<SendWebhookResult[]>;
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
      for (; job.delivered < done; job.delivered++) {
        const result = await sender.send(makeEvent(`${prefix}.page`, { id: job.id, data: [jobDocument(job, job.delivered)] }));
        if (result !== undefined) results.push(result);
      }
      if (options.completed !== false && !job.completedSent && jobStatus(job, now) !== 'scraping') {
        job.completedSent = true;
        const result = await sender.send(makeEvent(`${prefix}.completed`, { id: job.id }));
        if (result !== undefined) results.push(result);
      }
      return results;
    },
  };
}

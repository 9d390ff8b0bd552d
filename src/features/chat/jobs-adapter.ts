// TEMPORARY, until the jobs feature (branch `jobs`: registerJobs(...) gives `start` and `bound`) is
// merged: the chat tools' JobStarter over the client's own starts (POST /v2/crawl, POST
// /v2/batch/scrape; each checked by validateCrawlRequest / validateBatchScrapeRequest before it is
// sent, never retried). Unlike the jobs feature it reads no history of finished jobs, so its bound
// says the pages and "credits unknown"; it wires no webhook and records no credits when a job ends.
// At the merge: pass the jobs feature's API as ChatToolDeps.jobs in extension.ts, delete this file.
import { jobBound, jobShape } from '../../core/spend/job-bound';
import type { JobToStart } from '../../core/chat/job-plan';
import type { Services } from '../../platform/services';
import type { JobStarter } from './job-tool';

export function clientJobStarter(services: Services, refreshActive: () => void): JobStarter {
  return {
    bound: (job) => {
      const formats = job.kind === 'crawl' ? job.request.scrapeOptions?.formats : job.request.formats;
      return jobBound(pagesOf(job), jobShape({ ...(formats ? { formats } : {}), zeroDataRetention: job.request.zeroDataRetention === true }), []);
    },
    start: async (job, { signal }) => {
      const client = await services.connection.getClient();
      // The tool checked the connection just before; a key removed in between lands here.
      if (!client) throw new Error('Web Data is not connected');
      const options = signal ? { signal } : {};
      const started = job.kind === 'crawl' ? await client.startCrawl(job.request, options) : await client.startBatchScrape(job.request, options);
      // A started crawl is listed at once rather than at the next refresh.
      if (job.kind === 'crawl') refreshActive();
      return started;
    },
  };
}

function pagesOf(job: JobToStart): number {
  return job.kind === 'batch' ? job.request.urls.length : job.request.limit ?? 0;
}

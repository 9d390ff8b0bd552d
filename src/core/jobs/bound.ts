// The bound of a job about to start, from its request and this person's finished jobs
// (../spend/job-bound): a crawl's pages are its limit (the service's own default when none is
// sent), a batch scrape's its addresses. No VS Code.
import { SERVICE_DEFAULT_CRAWL_LIMIT } from '../api/job-fields';
import type { BatchScrapeRequest, CrawlRequest } from '../api/job-request';
import { jobBound, jobShape, type JobBound, type JobCost } from '../spend/job-bound';

export type JobToStart = { kind: 'crawl'; request: CrawlRequest } | { kind: 'batch'; request: BatchScrapeRequest };

export function shapeOfJob(job: JobToStart): string {
  const formats = job.kind === 'crawl' ? job.request.scrapeOptions?.formats : job.request.formats;
  return jobShape({ ...(formats ? { formats } : {}), zeroDataRetention: job.request.zeroDataRetention === true });
}

export function pagesOfJob(job: JobToStart): number {
  if (job.kind === 'batch') return Array.isArray(job.request.urls) ? job.request.urls.length : 0;
  return typeof job.request.limit === 'number' ? job.request.limit : SERVICE_DEFAULT_CRAWL_LIMIT;
}

export function boundOfJob(job: JobToStart, history: readonly JobCost[]): JobBound {
  return jobBound(pagesOfJob(job), shapeOfJob(job), history);
}

/** Over the person's threshold (webData.crawl.confirmAbovePages), a modal names the bound first. */
export function needsConfirmation(bound: JobBound, confirmAbovePages: number): boolean {
  return bound.pages > confirmAbovePages;
}


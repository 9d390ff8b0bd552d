// The crawl commands' arguments: a crawl's id, a row of Jobs (a running crawl, or a job opened here
// and its pages) or Webhook Events, or the same as data (`{ id, kind? }`, `{ job, index }`, a notification's job).
import { isJobId, readJobArgument, type JobRef } from '../crawls/job';
import { resultsRow, rowView, viewRows } from '../view-nodes';
import { dataArgument } from './decode';

/** Copy Crawl ID: an id, a crawl row, or `{ id }`; nothing (or another row) picks from the list. */
export function decodeCrawlId(argument: unknown): string | undefined {
  if (typeof argument === 'string') return argument;
  const row = viewRows.activeCrawls.of(argument);
  if (row) return row.kind === 'crawl' ? row.id : undefined;
  const id = dataArgument(argument)?.id;
  return typeof id === 'string' ? id : undefined;
}

/**
 * Open Crawl Results and Cancel Crawl. `stated`: the argument says which kind of job it is (a row,
 * `{ id, kind }`), where a bare id may be a batch scrape's. `url`: a crawl row's start address.
 */
export type JobArgument =
  | { kind: 'job'; ref: JobRef; stated: boolean; url?: string; addresses?: number }
  | { kind: 'none' }
  | { kind: 'invalid' };

export function decodeJob(argument: unknown): JobArgument {
  if (argument === undefined || argument === null) return { kind: 'none' };
  if (typeof argument === 'string') {
    return isJobId(argument) ? { kind: 'job', ref: { id: argument.toLowerCase(), kind: 'crawl' }, stated: false } : { kind: 'invalid' };
  }
  const results = resultsRow(argument);
  if (results) return { kind: 'job', ref: results.kind === 'job' ? results.ref : results.job, stated: true };
  const crawl = viewRows.activeCrawls.of(argument);
  if (crawl) {
    return crawl.kind === 'crawl' && isJobId(crawl.id) ? { kind: 'job', ref: { id: crawl.id.toLowerCase(), kind: 'crawl' }, stated: true, url: crawl.url } : { kind: 'invalid' };
  }
  const event = viewRows.webhookEvents.of(argument);
  if (event) {
    const ref = event.kind === 'event' ? readJobArgument({ jobId: event.record.jobId, type: event.record.type }) : undefined;
    return ref ? { kind: 'job', ref, stated: true } : { kind: 'invalid' };
  }
  const ref = decodeJobRef(argument);
  if (ref) {
    // Where it started, from the command that started it (a crawl's address, a batch scrape's first and count).
    const data = dataArgument(argument);
    const url = data?.url;
    const addresses = data?.addresses;
    return {
      kind: 'job', ref, stated: true, ...(typeof url === 'string' ? { url } : {}),
      ...(typeof addresses === 'number' && Number.isSafeInteger(addresses) && addresses > 0 ? { addresses } : {}),
    };
  }
  return { kind: 'invalid' };
}

/**
 * Load More, Open All Pages, Export Pages: a job's row in Jobs, one of its pages' (its job) or a
 * running crawl's, a job id, `{ id, kind? }` or `{ ref }`. Another row (a research run's, another
 * view's) is not a job here.
 */
export function decodeJobRef(argument: unknown): JobRef | undefined {
  const row = resultsRow(argument);
  if (row) return row.kind === 'job' ? row.ref : row.job;
  // A running crawl's row holds its pages once it is opened.
  const crawl = viewRows.activeCrawls.of(argument);
  if (crawl) return crawl.kind === 'crawl' && isJobId(crawl.id) ? { id: crawl.id.toLowerCase(), kind: 'crawl' } : undefined;
  if (rowView(argument) !== undefined) return undefined;
  if (typeof argument === 'string') return readJobArgument(argument);
  const data = dataArgument(argument);
  return data ? (readJobArgument(data) ?? readJobArgument(data.ref)) : undefined;
}

/** Open Page: a page row, or `{ job, index }` (its click). */
export function decodeCrawlPage(argument: unknown): { job: JobRef; index: number } | undefined {
  const row = resultsRow(argument);
  if (row) return row.kind === 'crawlPage' ? { job: row.job, index: row.index } : undefined;
  const data = dataArgument(argument);
  const job = data ? readJobArgument(data.job) : undefined;
  const index = data?.index;
  return job && typeof index === 'number' && Number.isInteger(index) && index >= 0 ? { job, index } : undefined;
}

// A crawl's or batch scrape's page as a page webData_read reads in parts. The markdown
// comes from the crawl results service, as the Jobs view has it: from disk, else read
// again from the service (one document). Nothing loops over a running crawl: a job not known in
// this window is opened once (its first page of results), only to find a page by its address.
import type { PageLookup, PageSource } from '../chat/read-result';
import type { PageKey } from '../chat/read-input';
import { modelLine, modelPage } from '../chat/model-text';
import type { JobKind, JobRef } from './job';
import type { CrawlJobState, CrawlPageRow, CrawlResultsService } from './results';
import { readBackArgs } from '../chat/read-back';

export type CrawlPageService = Pick<CrawlResultsService, 'get' | 'open' | 'pageText'>;

const kindWords = (kind: JobKind): string => (kind === 'crawl' ? 'crawl' : 'batch scrape');

/** The webData_read input that reads part `part` of page `number` of a job. */
export function crawlReadCall(ref: JobRef, number: number, part: number): string {
  return readBackArgs('jobPage', { jobId: ref.id, kind: ref.kind, page: number, part });
}

function sameAddress(url: string | undefined, address: string): boolean {
  if (url === undefined) return false;
  const strip = (u: string): string => u.trim().replace(/\/+$/, '');
  return strip(url) === strip(address);
}

/** The row of `key` among the job's loaded pages; the job is opened once when it is not known here. */
async function rowOf(service: CrawlPageService, ref: JobRef, address: string, signal?: AbortSignal): Promise<{ row?: CrawlPageRow; problem?: string }> {
  let job: CrawlJobState | undefined = service.get(ref);
  if (!job || job.pages.length === 0) {
    const opened = await service.open(ref, signal);
    if (!opened.ok) return { problem: `The ${kindWords(ref.kind)} ${ref.id} could not be read: ${modelLine(opened.failure.message, 300)}` };
    job = opened.value;
  }
  const row = job.pages.find((r) => sameAddress(r.url, address));
  return row ? { row } : { problem: `No page of ${kindWords(ref.kind)} ${ref.id} loaded in the editor has that URL; give the page's number instead (webData_read with source "job" lists them).` };
}

/** Page `key` of the job, ready to split; a problem the model can act on otherwise. */
export async function crawlPage(service: CrawlPageService, ref: JobRef, key: PageKey, signal?: AbortSignal): Promise<PageLookup> {
  let index: number;
  if ('number' in key) {
    index = key.number - 1;
  } else {
    const found = await rowOf(service, ref, key.address, signal);
    if (!found.row) return { ok: false, problem: found.problem ?? 'The page was not found.' };
    index = found.row.index;
  }
  const number = index + 1;
  const text = await service.pageText(ref, index, signal);
  if (!text.ok) {
    const known = service.get(ref);
    const count = known?.total ?? known?.pages.length;
    return { ok: false, problem: text.failure.kind === 'not-found'
      ? `The ${kindWords(ref.kind)} ${ref.id} has no page ${number}${count !== undefined ? ` (it has ${count})` : ''}, or the service no longer keeps its results.`
      : `Page ${number} of ${kindWords(ref.kind)} ${ref.id} could not be read: ${modelLine(text.failure.message, 300)}` };
  }
  return { ok: true, page: {
    what: `page ${number} of ${kindWords(ref.kind)} ${ref.id}`,
    label: 'markdown',
    text: modelPage(text.value),
    call: (part) => crawlReadCall(ref, number, part),
  } };
}

/** A crawl's (or a batch scrape's) pages as a source for webData_read. */
export function crawlPageSource(service: CrawlPageService, kind: JobKind): PageSource {
  return { kind, find: (id, key) => crawlPage(service, { id, kind }, key) };
}

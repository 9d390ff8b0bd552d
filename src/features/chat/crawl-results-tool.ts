// webData_read's source "job": a crawl's or batch scrape's status, its pages' titles and addresses, and
// the markdown of its first pages (or those from `from`) within the invocation's token budget
// (8,000 characters without one). Reading results costs nothing, so no confirmation. It goes
// through the crawl results service, as the Jobs view does: one page of results per call at most.
import { Tool } from '../../core/ids';
import { CRAWL_GONE_TEXT, CRAWL_INPUT_TEXT, crawlToolAnswer } from '../../core/crawls/chat-text';
import { readCrawlResultsInput } from '../../core/chat/crawl-results-input';
import type { JobRef } from '../../core/crawls/job';
import type { CrawlPageService } from '../../core/crawls/read-page';
import type { CrawlJobState, Failure } from '../../core/crawls/results';
import type { ToolOutcome } from '../../core/chat/tool';
import type { ChatToolDefinition } from './tool';
import { crawlResultsInvocationWords } from './words';

/** Pages whose markdown is read from disk for one answer, at most. */
const MAX_TEXTS = 30;

interface Asked { ref: JobRef; fromPage: number }
interface Read { job: CrawlJobState; texts: ReadonlyMap<number, string>; fromPage: number }

export const crawlResultsTool = (service: CrawlPageService): ChatToolDefinition<Asked, Read> => ({
  name: Tool.read, what: 'The crawl results request',
  prepare: () => ({ invocationMessage: crawlResultsInvocationWords() }),
  decode: decodeJob,
  run: (asked, call) => readResults(service, asked, call.signal),
  render: ({ job, texts, fromPage }, call) => crawlToolAnswer(job, texts, fromPage, call.budget),
});

function decodeJob(input: unknown): ToolOutcome<Asked> {
  const asked = readCrawlResultsInput(input);
  return asked ? { ok: true, value: { ref: asked.ref, fromPage: asked.from } } : { ok: false, text: CRAWL_INPUT_TEXT };
}

/** Where the results come from: the crawl results service, with the markdown of the pages asked for. */
async function readResults(service: CrawlPageService, { ref, fromPage }: Asked, signal: AbortSignal): Promise<ToolOutcome<Read>> {
  // One request when the job is new here, or when the pages asked for are beyond those loaded.
  const known = service.get(ref);
  if (!known || known.pages.length === 0 || (fromPage > known.pages.length && known.cursor !== undefined)) {
    const opened = await service.open(ref, signal);
    if (!opened.ok) return failed(opened.failure);
  }
  const job = service.get(ref);
  if (!job) return { ok: false, text: CRAWL_GONE_TEXT };
  const texts = new Map<number, string>();
  for (const row of job.pages.filter((r) => r.index + 1 >= fromPage).slice(0, MAX_TEXTS)) {
    const text = await service.pageText(job.ref, row.index, signal);
    if (text.ok) texts.set(row.index + 1, text.value);
  }
  return { ok: true, value: { job, texts, fromPage } };
}

/** The service's own failures by kind; the client's (and anything else) by the error it caught. */
function failed(failure: Failure): ToolOutcome<never> {
  if (failure.kind === 'not-connected' || failure.kind === 'cancelled') return { ok: false, failure: { kind: failure.kind } };
  return { ok: false, error: failure.error };
}

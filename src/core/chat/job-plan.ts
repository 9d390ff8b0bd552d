// A crawl or batch scrape a chat agent asked for, turned into the request the jobs feature starts
// (issue 28), with an agent's limits: every address checked as an agent's (agent-url.ts: refused
// with why, credentials and secret-looking parameters removed); a crawl's page limit never above
// webData.chat.maxCrawlPages (lowered to it, and said), a batch scrape of more addresses than that
// refused (which to leave out is the model's choice, not ours); and the request checked as the
// client will check it, so a bad path pattern is refused by its field before anything is sent.
// What it costs is the jobs feature's bound, which counts against the daily limit (scrape-spend.ts).
import { validateBatchScrapeRequest, validateCrawlRequest, type BatchScrapeRequest, type CrawlRequest } from '../api/job-request';
import type { RequestProblem } from '../api/request-types';
import type { JobToStart } from '../jobs/bound';
import type { JobBound } from '../spend/job-bound';
import { agentUrl, type RemovedPart } from './agent-url';
import { modelLine } from './model-text';
import type { BatchToolInput, CrawlToolInput } from './web-input';
import { readBackCall } from './read-back';


export interface AgentJob {
  job: JobToStart;
  /** The addresses as sent: the crawl's start, or the batch's list. */
  urls: string[];
  /** Parts removed from the addresses before sending, with the address they were in (batch: its number). */
  removed: Array<{ at: number; parts: RemovedPart[] }>;
  /** The most pages: the crawl's limit, or the batch's addresses. */
  pages: number;
  /** webData.chat.maxCrawlPages when planned: the most pages an agent's job may have. */
  maxPages: number;
  /** The crawl limit the agent asked for, when it was above maxPages and lowered to it. */
  lowered?: { asked: number };
}

export type AgentJobPlan =
  | { ok: true; plan: AgentJob }
  | { ok: false; text: string }
  | { ok: false; problems: RequestProblem[] };

/** The formats an agent's job keeps of each page: markdown, what the tools read. */
const AGENT_FORMATS = ['markdown'];

export function agentCrawl(input: CrawlToolInput, maxPages: number): AgentJobPlan {
  const checked = agentUrl(input.url);
  if (!checked.ok) return checked;
  const asked = input.limit;
  const limit = Math.min(asked ?? maxPages, maxPages);
  const request: CrawlRequest = {
    url: checked.url, limit,
    ...(input.includePaths?.length ? { includePaths: input.includePaths } : {}),
    ...(input.excludePaths?.length ? { excludePaths: input.excludePaths } : {}),
    ...(input.maxDiscoveryDepth !== undefined ? { maxDiscoveryDepth: input.maxDiscoveryDepth } : {}),
    scrapeOptions: { formats: AGENT_FORMATS, ...(input.onlyMainContent !== undefined ? { onlyMainContent: input.onlyMainContent } : {}) },
  };
  const valid = validateCrawlRequest(request);
  if (!valid.ok) return { ok: false, problems: valid.problems };
  return { ok: true, plan: {
    job: { kind: 'crawl', request: valid.body }, urls: [checked.url], pages: limit, maxPages,
    removed: checked.removed.length > 0 ? [{ at: 1, parts: checked.removed }] : [],
    ...(asked !== undefined && asked > maxPages ? { lowered: { asked } } : {}),
  } };
}

export function agentBatch(input: BatchToolInput, maxPages: number): AgentJobPlan {
  const urls: string[] = [];
  const removed: AgentJob['removed'] = [];
  for (const [index, given] of input.urls.entries()) {
    const checked = agentUrl(given, `urls[${index}]`);
    if (!checked.ok) return checked;
    if (checked.removed.length > 0) removed.push({ at: index + 1, parts: checked.removed });
    if (!urls.includes(checked.url)) urls.push(checked.url);
  }
  if (urls.length > maxPages) {
    return { ok: false, text: `The batch scrape was not sent: it lists ${urls.length} different addresses, and a chat agent's batch scrape may list at most ${maxPages} (webData.chat.maxCrawlPages, the person's setting). Nothing was sent. Pick the ${maxPages} that matter most and call again, or ask the person to start a larger one with "Web Data: Batch Scrape…".` };
  }
  const request: BatchScrapeRequest = { urls, formats: AGENT_FORMATS, ...(input.onlyMainContent !== undefined ? { onlyMainContent: input.onlyMainContent } : {}) };
  const valid = validateBatchScrapeRequest(request);
  if (!valid.ok) return { ok: false, problems: valid.problems };
  return { ok: true, plan: { job: { kind: 'batch', request: valid.body }, urls, removed, pages: urls.length, maxPages } };
}

/** The bound in words for the model: the pages, and the credits from this person's history or unknown. */
function boundText(bound: JobBound, kind: JobToStart['kind']): string {
  const noun = kind === 'crawl' ? 'crawl' : 'batch scrape';
  const pages = `at most ${bound.pages} page${bound.pages === 1 ? '' : 's'}`;
  if (bound.credits.kind === 'unknown') return `${pages}; credits unknown until the first ${noun} of this kind finishes`;
  const { atMost, perPage, samples } = bound.credits;
  return `${pages}, so at most ${atMost} credit${atMost === 1 ? '' : 's'} (${perPage} a page at most in the person's last ${samples === 1 ? `${noun} of this kind` : `${samples} jobs of this kind`})`;
}

/** The job's answer, what matters first (a cut at a small budget keeps the id and the call that reads it). */
export function jobStartedText(plan: AgentJob, started: { id: string; invalidURLs?: readonly string[] | null }, bound: JobBound): string {
  const { kind } = plan.job;
  const what = kind === 'crawl' ? 'Crawl' : 'Batch scrape';
  const lines = [
    `${what} started: job id ${modelLine(started.id, 80)}. Read its pages with ${readBackCall('job', { jobId: modelLine(started.id, 80), kind })}, free, once they arrive (it runs for a while at the service).`,
    kind === 'crawl' ? `From ${modelLine(plan.urls[0] ?? '', 500)}: ${boundText(bound, kind)}.` : `${plan.urls.length} address${plan.urls.length === 1 ? '' : 'es'}: ${boundText(bound, kind)}.`,
  ];
  if (plan.lowered) lines.push(`The page limit asked for (${plan.lowered.asked}) was lowered to ${plan.maxPages}, the most a chat agent's crawl may ask for (webData.chat.maxCrawlPages).`);
  for (const { at, parts } of plan.removed) {
    const names = parts.map((part) => (part.kind === 'credentials' ? 'the user name and password' : `the parameter ${JSON.stringify(modelLine(part.name, 60))}`));
    lines.push(`Removed from ${kind === 'crawl' ? 'the address' : `address ${at}`} before sending, as they look private: ${names.join(', ')}.`);
  }
  const invalid = started.invalidURLs ?? [];
  if (invalid.length > 0) lines.push(`The service left out ${invalid.length} address${invalid.length === 1 ? '' : 'es'} it found invalid: ${invalid.slice(0, 10).map((u) => modelLine(u, 200)).join(', ')}${invalid.length > 10 ? ', …' : ''}.`);
  if (kind === 'crawl') lines.push('It also appears in the editor\'s Jobs view while it runs.');
  return lines.join('\n');
}

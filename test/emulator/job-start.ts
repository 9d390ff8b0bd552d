// POST /v2/crawl and POST /v2/batch/scrape (issue 28), in the published shapes: a strict body
// (unknown keys refused, as the service's server does), the job's id and status address, and
// `invalidURLs` for a batch scrape. The job then runs over seconds of the emulator's clock, is
// listed in GET /v2/crawl/active while it runs (a crawl), and, when the start named a `webhook`,
// the emulator delivers that job's events itself: started, a page event per page, completed,
// each with the start's `metadata` and custom `headers`, signed with the account's secret.
import type { Answer, ReadRequest } from './routes';
import type { EmulatorState, TeamState } from './state';
import { jobDocument, jobStatus, pagesDone, type CrawlJob } from './jobs';
import { unrecognizedKeysBody } from './search-fields';
import { makeEvent } from './webhook-sender';
import { senderOf } from './webhooks';
import { demoPage, type DemoPage } from './demo-pages';
import { answerMap, scrapeCreditsOf } from './scrape';
import { docsSiteCrawl } from './docs-site';

const SCRAPE_OPTIONS = [
  'formats', 'onlyMainContent', 'onlyCleanContent', 'includeTags', 'excludeTags', 'maxAge', 'minAge',
  'headers', 'waitFor', 'mobile', 'skipTlsVerification', 'timeout', 'parsers', 'actions', 'location',
  'removeBase64Images', 'blockAds', 'proxy', 'storeInCache', 'lockdown', 'redactPII', 'profile',
  'threatProtection', 'auditMetadata',
];
const CRAWL_KEYS = new Set([
  'url', 'prompt', 'excludePaths', 'includePaths', 'maxDiscoveryDepth', 'sitemap', 'ignoreQueryParameters',
  'regexOnFullURL', 'limit', 'crawlEntireDomain', 'allowExternalLinks', 'allowSubdomains', 'ignoreRobotsTxt',
  'robotsUserAgent', 'delay', 'maxConcurrency', 'webhook', 'scrapeOptions', 'zeroDataRetention', 'origin', 'integration',
]);
const BATCH_KEYS = new Set(['urls', 'webhook', 'maxConcurrency', 'ignoreInvalidURLs', ...SCRAPE_OPTIONS, 'zeroDataRetention', 'origin', 'integration']);

/** A started crawl finds at most this many pages in the emulator's small web. */
export const CRAWL_SITE_PAGES = 12;
/** A started job's pace on the emulator's clock: a few seconds from start to completed. */
export const STARTED_MS_PER_PAGE = 400;
const DELIVERY_TICK_MS = 250;
/** Ticks a job's deliveries may take at most (about five minutes), so nothing runs on forever. */
const MAX_TICKS = 1200;

type Fields = Record<string, unknown>;
interface JobWebhook { url: string; headers: Record<string, string>; metadata?: Fields; events: Set<string> }

const fail = (status: number, error: string, details?: unknown[]): Answer => ({ status, body: { success: false, error, ...(details ? { code: 'BAD_REQUEST', details } : {}) } });

function httpUrl(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

function readWebhook(value: unknown): JobWebhook | string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'webhook must be an object';
  const hook = value as Fields;
  const url = httpUrl(hook.url);
  if (url === undefined) return 'webhook.url must be an http(s) URL';
  const headers: Record<string, string> = {};
  if (hook.headers !== undefined) {
    if (typeof hook.headers !== 'object' || hook.headers === null) return 'webhook.headers must be an object of strings';
    for (const [name, text] of Object.entries(hook.headers)) {
      if (typeof text !== 'string') return 'webhook.headers must be an object of strings';
      headers[name.toLowerCase()] = text;
    }
  }
  const events = Array.isArray(hook.events) ? hook.events.filter((e): e is string => typeof e === 'string') : ['started', 'page', 'completed', 'failed'];
  const metadata = typeof hook.metadata === 'object' && hook.metadata !== null ? hook.metadata as Fields : undefined;
  return { url, headers, metadata, events: new Set(events) };
}

export function answerStart(state: EmulatorState, team: TeamState, kind: 'crawl' | 'batch', body: unknown, req: ReadRequest): Answer {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return fail(400, 'Bad Request', [{ code: 'invalid_type', path: [], message: 'Expected object' }]);
  const fields = body as Fields;
  const unknown = Object.keys(fields).filter((key) => !(kind === 'crawl' ? CRAWL_KEYS : BATCH_KEYS).has(key));
  if (unknown.length > 0) return { status: 400, body: unrecognizedKeysBody(unknown, []) };
  const hook = readWebhook(fields.webhook);
  if (typeof hook === 'string') return fail(400, 'Bad Request', [{ code: 'custom', path: ['webhook'], message: hook }]);
  let url: string;
  let total: number;
  let invalidURLs: string[] | undefined;
  let documents: DemoPage[] | undefined;
  if (kind === 'crawl') {
    const start = httpUrl(fields.url);
    if (start === undefined) return fail(400, 'Bad Request', [{ code: 'custom', path: ['url'], message: 'Invalid URL' }]);
    const limit = fields.limit ?? 10_000;
    if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1) return fail(400, 'Bad Request', [{ code: 'too_small', path: ['limit'], message: 'Number must be greater than 0' }]);
    for (const field of ['includePaths', 'excludePaths']) {
      const list = fields[field];
      if (list === undefined) continue;
      const bad = Array.isArray(list) ? list.findIndex((p: unknown) => typeof p !== 'string' || !compiles(p)) : 0;
      if (bad >= 0) return fail(400, 'Bad Request', [{ code: 'custom', path: [field, bad], message: 'Invalid regular expression' }]);
    }
    url = start;
    total = Math.min(limit, CRAWL_SITE_PAGES);
    // The documentation site finds its own pages (./docs-site.ts), changing between crawls; the
    // sandbox's other crawls find what Map Site lists for the host, each page as a scrape answers it.
    documents = docsSiteCrawl(state, start, limit, fields.includePaths);
    if (documents === undefined && state.demoPages) documents = sitePagesOf(state, start, limit);
  } else {
    const urls = Array.isArray(fields.urls) ? fields.urls : [];
    const valid = urls.map(httpUrl).filter((u): u is string => u !== undefined);
    const invalid = urls.filter((u) => httpUrl(u) === undefined).map((u) => (typeof u === 'string' ? u : JSON.stringify(u)));
    if (invalid.length > 0 && fields.ignoreInvalidURLs === false) return fail(400, 'Bad Request', [{ code: 'custom', path: ['urls'], message: `Invalid URLs: ${invalid.slice(0, 5).join(', ')}` }]);
    if (valid.length === 0) return fail(400, 'Bad Request', [{ code: 'custom', path: ['urls'], message: 'No valid URLs given' }]);
    url = valid[0] ?? '';
    total = valid.length;
    invalidURLs = invalid;
  }
  // Each page is billed as a scrape of it with the job's formats (a crawl's in scrapeOptions, a batch scrape's at the top).
  const options = kind === 'crawl' && typeof fields.scrapeOptions === 'object' && fields.scrapeOptions !== null ? fields.scrapeOptions as Fields : fields;
  const creditsPerPage = scrapeCreditsOf({ formats: options.formats });
  const job = state.addJob(team.apiKey, { kind, url, total: documents?.length ?? total, msPerPage: STARTED_MS_PER_PAGE, creditsPerPage, ...(documents ? { documents } : {}) });
  if (hook) deliverAsItRuns(state, job, hook);
  const status = `${req.scheme ?? 'http'}://${req.host ?? '127.0.0.1'}/v2/${kind === 'crawl' ? 'crawl' : 'batch/scrape'}/${job.id}`;
  return { status: 200, body: { success: true, id: job.id, url: status, ...(invalidURLs ? { invalidURLs } : {}) } };
}

/** The pages Map Site lists for the crawl's host (its own host only), the start first, at most `limit`. */
function sitePagesOf(state: EmulatorState, start: string, limit: number): DemoPage[] {
  const mapped = answerMap(state.corpus, { url: start, includeSubdomains: false, limit: Math.min(limit, 100) });
  const links = (mapped.body as { links?: Array<{ url: string }> }).links ?? [];
  const addresses = [...new Set([start, ...links.map((link) => link.url)])].slice(0, Math.min(limit, 100));
  return addresses.map((address) => demoPage(state.corpus, address));
}

function compiles(pattern: string): boolean {
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
}

/** The job's own deliveries, a tick at a time, until it ends (or MAX_TICKS). Failures to deliver are the receiver's business. */
function deliverAsItRuns(state: EmulatorState, job: CrawlJob, hook: JobWebhook): void {
  const sender = senderOf(state);
  const prefix = job.kind === 'crawl' ? 'crawl' : 'batch_scrape';
  const send = async (event: string, data: unknown[] = [], success = true): Promise<void> => {
    if (!hook.events.has(event)) return;
    try {
      await sender.sendTo(hook, makeEvent(`${prefix}.${event}`, { id: job.id, data, success, ...(hook.metadata ? { metadata: hook.metadata } : {}) }));
    } catch {
      // The receiver could not be reached; the service, too, moves on.
    }
  };
  let ticks = 0;
  let started = false;
  let sending = false;
  const tick = async (): Promise<void> => {
    if (sending) return;
    sending = true;
    try {
      if (!started) {
        started = true;
        await send('started');
      }
      const now = state.now().getTime();
      const done = pagesDone(job, now);
      for (; job.delivered < done; job.delivered++) await send('page', [jobDocument(job, job.delivered)]);
      const status = jobStatus(job, now);
      if (status !== 'scraping' && !job.completedSent) {
        job.completedSent = true;
        await send(status === 'failed' ? 'failed' : 'completed', [], status !== 'failed');
      }
    } finally {
      sending = false;
    }
  };
  const timer = setInterval(() => {
    ticks++;
    if (job.completedSent || ticks > MAX_TICKS) {
      clearInterval(timer);
      state.timers.delete(timer);
      return;
    }
    void tick();
  }, DELIVERY_TICK_MS);
  timer.unref();
  state.timers.add(timer);
}

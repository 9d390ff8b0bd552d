// Crawls and batch scrapes with results (issue 18): jobs that move from scraping to completed as
// the emulator's clock runs (or when a test advances them: no test sleeps), one that failed at its
// start, a cancelled one, a 10,000-page one. Pages are made on demand from their position, so a
// large job costs nothing until it is read.
import { createHash } from 'node:crypto';
import type { DemoPage } from './demo-pages';

export type JobKind = 'crawl' | 'batch';

export interface CrawlJobInit {
  /** A UUID; made from the url and kind when absent. */
  id?: string;
  kind?: JobKind;
  /** The crawl's start address; pages are below it. */
  url?: string;
  total: number;
  /** Pages done when the job is added. */
  completed?: number;
  /** One page more every this many ms of the emulator's clock; default: only advanceCrawl moves it. */
  msPerPage?: number;
  /** failed: 200 with success false at its start; cancelled: cancelled with what it had done. */
  outcome?: 'failed' | 'cancelled';
  /** Markdown bytes per page (default about 600), to reach the 10 MiB cut of a page of results. */
  pageBytes?: number;
  /** Pages that failed, and addresses robots.txt kept out (GET …/errors). */
  errors?: number;
  robotsBlocked?: number;
  /** Titles and markdown carrying links, command: URIs, codicons and bidi controls. */
  hostile?: boolean;
  /** Listed by GET /v2/crawl/active while it runs (crawls only); default true. */
  listed?: boolean;
  /** The pages themselves, in order (the sandbox's crawls: ./demo-pages.ts); default made-up pages below `url`. */
  documents?: DemoPage[];
  /** What each page done costs (a scrape's price for the formats asked, ./scrape.ts); default 1. */
  creditsPerPage?: number;
}

export interface CrawlJob {
  id: string;
  kind: JobKind;
  apiKey: string;
  url: string;
  total: number;
  baseCompleted: number;
  startedAt: number;
  msPerPage: number;
  outcome: 'failed' | 'cancelled' | undefined;
  /** Pages done when it was cancelled. */
  frozenAt: number | undefined;
  pageBytes: number;
  errors: number;
  robotsBlocked: number;
  hostile: boolean;
  createdAt: number;
  /** crawl.page deliveries sent so far, and whether the completed one went. */
  delivered: number;
  completedSent: boolean;
  documents: DemoPage[] | undefined;
  creditsPerPage: number;
  /** Pages whose credits are off the team's balance: those done before the emulator knew the job were billed before. */
  charged: number;
}

export const RETENTION_MS = 24 * 60 * 60 * 1000;

/** A stable UUID-shaped id from a text. */
export function jobIdFor(text: string): string {
  const h = createHash('sha256').update(text).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export function makeJob(apiKey: string, init: CrawlJobInit, now: number): CrawlJob {
  const kind = init.kind ?? 'crawl';
  const url = init.url ?? 'https://docs.tideflow.dev';
  const total = Math.max(0, Math.floor(init.total));
  return {
    id: (init.id ?? jobIdFor(`${kind} ${url} ${total} ${now}`)).toLowerCase(), kind, apiKey, url, total,
    baseCompleted: Math.min(total, init.completed ?? 0), startedAt: now, msPerPage: init.msPerPage ?? Infinity,
    outcome: init.outcome, frozenAt: init.outcome === 'cancelled' ? Math.min(total, init.completed ?? 0) : undefined,
    pageBytes: init.pageBytes ?? 600, errors: init.errors ?? 0, robotsBlocked: init.robotsBlocked ?? 0, hostile: init.hostile ?? false,
    createdAt: now, delivered: 0, completedSent: false, documents: init.documents,
    creditsPerPage: init.creditsPerPage ?? 1, charged: init.outcome === 'failed' ? 0 : Math.min(total, init.completed ?? 0),
  };
}

/** The credits the job has cost by now, as its status reports them: its pages done at its price per page. */
export function jobCredits(job: CrawlJob, now: number): number {
  return pagesDone(job, now) * job.creditsPerPage;
}

export function pagesDone(job: CrawlJob, now: number): number {
  if (job.outcome === 'failed') return 0;
  if (job.frozenAt !== undefined) return job.frozenAt;
  const ran = Number.isFinite(job.msPerPage) ? Math.floor(Math.max(0, now - job.startedAt) / job.msPerPage) : 0;
  return Math.min(job.total, job.baseCompleted + ran);
}

export function jobStatus(job: CrawlJob, now: number): 'scraping' | 'completed' | 'cancelled' | 'failed' {
  if (job.outcome === 'failed') return 'failed';
  if (job.outcome === 'cancelled') return 'cancelled';
  return pagesDone(job, now) >= job.total ? 'completed' : 'scraping';
}

export function cancelJob(job: CrawlJob, now: number): void {
  job.frozenAt = pagesDone(job, now);
  job.outcome = 'cancelled';
}

const HOSTILE_TITLE = '$(alert) [Open](command:workbench.action.quit) \u202Eevil\u202C <img src=x onerror=alert(1)>';
const FILLER = 'The tide tables are read twice a day, and the harbour master posts them by the gate. ';

/** The page at a position of the job: a Document as the service sends one. */
export function jobDocument(job: CrawlJob, index: number): Record<string, unknown> {
  const given = job.documents?.[index];
  if (given) {
    return {
      markdown: given.markdown,
      metadata: {
        title: given.title, description: given.description, language: 'en', sourceURL: given.url, url: given.url,
        statusCode: 200, contentType: 'text/html; charset=utf-8', scrapeId: jobIdFor(`${job.id} ${index}`),
      },
    };
  }
  const address = `${job.url.replace(/\/+$/, '')}/page/${index + 1}`;
  const title = job.hostile ? `${HOSTILE_TITLE} ${index + 1}` : `Page ${index + 1} of ${new URL(job.url).hostname}`;
  const head = job.hostile ? `# ${title}\n\n[click me](command:workbench.action.quit) ![x](https://tracker.example/p.gif)\n\n` : `# ${title}\n\n`;
  const body = FILLER.repeat(Math.max(1, Math.ceil((job.pageBytes - head.length) / FILLER.length)));
  return {
    markdown: head + body.slice(0, Math.max(0, job.pageBytes - head.length)),
    metadata: {
      title, description: `About page ${index + 1}`, language: 'en', sourceURL: address, url: address,
      statusCode: index % 97 === 96 ? 404 : 200, contentType: 'text/html; charset=utf-8', scrapeId: jobIdFor(`${job.id} ${index}`),
      ogLocaleAlternate: [], unknownField: { kept: 'or ignored' },
    },
  };
}

export function jobErrors(job: CrawlJob): { errors: unknown[]; robotsBlocked: string[] } {
  const base = job.url.replace(/\/+$/, '');
  return {
    errors: Array.from({ length: job.errors }, (_, k) => ({
      id: jobIdFor(`${job.id} error ${k}`), timestamp: new Date(job.createdAt + k * 1000).toISOString(),
      url: `${base}/broken/${k + 1}`, code: 'SCRAPE_TIMEOUT', error: job.hostile ? `${HOSTILE_TITLE} timed out` : 'The page did not answer within 30 s.',
    })),
    robotsBlocked: Array.from({ length: job.robotsBlocked }, (_, k) => `${base}/private/${k + 1}`),
  };
}

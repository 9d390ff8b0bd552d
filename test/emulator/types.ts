// The emulator's public types: the contract other helpers' tests, the benchmark and the sandbox use.
import type { ActiveCrawl, TokenUsage } from '../../src/core/api/schemas';
import type { CorpusPage } from './corpus';
import type { EmulatorWebhooks } from './webhooks';
import type { EmulatorJobs } from './job-control';
import type { CrawlJobInit } from './jobs';
import type { UsageRecord } from './usage-history';

export type { CorpusPage };

export interface EmulatorTeam {
  apiKey: string;
  /** Default derived from the key. */
  teamId?: string;
  /** null => GET /v2/team/token-usage answers 404 {success:false,error}. */
  usage?: TokenUsage | null;
  /** GET /v2/crawl/active. */
  crawls?: ActiveCrawl[];
  /** Crawls and batch scrapes with results (GET /v2/crawl/{id} …). */
  jobs?: CrawlJobInit[];
  /** Enterprise modes enabled for the team; asking for another gives 400. */
  enterprise?: Array<'anon' | 'zdr'>;
  /** Its usage before the emulator started (GET /v2/team/credit-usage/historical, /v2/team/activity); charges add to it. */
  history?: UsageRecord[];
}

export type EmulatorFault =
  | { kind: 'status'; status: 500 | 502 | 503 | 504; error?: string }
  | { kind: 'rate-limit'; retryAfter?: string; retryAfterSeconds?: number; message?: string }
  /** 400 as the live service words it: "Invalid request body" and its zod issues in `details`. */
  | { kind: 'bad-request'; details?: unknown[] }
  /** 402: the team is out of credits. */
  | { kind: 'payment-required'; message?: string }
  /** 403: a plan feature (zero data retention by default) is not enabled for the team. */
  | { kind: 'forbidden'; message?: string }
  /** Not an error: the search answers, with image/news results lacking `url` and extra `data` arrays. */
  | { kind: 'result-shapes'; withoutUrl?: Array<'images' | 'news'>; extraData?: Record<string, unknown[]> }
  | { kind: 'slow-headers'; ms: number }
  | { kind: 'slow-body'; ms: number }
  | { kind: 'truncated-body' }
  | { kind: 'html' }
  | { kind: 'reset' }
  | { kind: 'huge-body'; bytes: number }
  | { kind: 'garbage' }
  /** The real answer, sent under this content type. */
  | { kind: 'content-type'; type: string }
  /** The real answer's JSON cut in half, with a content-length that matches what is sent (HTTP is whole, JSON is not). */
  | { kind: 'cut-json' }
  /** Half the real answer under its full content-length, then nothing: the connection stays open. */
  | { kind: 'stalled-body' }
  /** The real answer with fields dropped or set by dotted path ("data.web.0.markdown"). */
  | { kind: 'alter'; drop?: string[]; set?: Record<string, unknown> }
  /** Answers with this JSON body as it is (say, a search answer holding hostile titles). */
  | { kind: 'json'; status?: number; body: unknown };

export interface FaultRule {
  fault: EmulatorFault;
  /** Exact request path (such as /v2/search); any path when absent. */
  path?: string;
  /** Only requests carrying this key; any key when absent. */
  apiKey?: string;
  /** How many requests it hits; default 1, Infinity = until cleared. */
  times?: number;
}

export interface RecordedRequest {
  method: string;
  /** Path without the query string. */
  path: string;
  /** Status answered; 0 when the connection was reset without an answer. */
  status: number;
  apiKeyMatched: boolean;
  /** The parsed JSON body, when there was one. */
  body?: unknown;
  /** Arrival time, ms since the epoch. */
  at: number;
}

export interface RateLimit {
  requests: number;
  windowMs: number;
}

export interface EmulatorOptions {
  /** Default 0 (a free port). */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Default: one demo team with DEMO_API_KEY, some usage and 2 crawls. */
  teams?: EmulatorTeam[];
  /** Per API key; default null (off). */
  rateLimit?: RateLimit | null;
  /** For tbs date maths and the corpus' page dates; default () => new Date(). */
  now?: () => Date;
  /** Serve HTTPS with this key and certificate (PEM), e.g. from makeTestCertificates(); default plain http. */
  tls?: { key: string; cert: string };
  /**
   * The sandbox's web: any https address the corpus lacks answers a plausible page made from the
   * corpus, and a crawl returns the pages Map Site lists for its host (./demo-pages.ts). Default off:
   * tests get a 404 page for an unknown address.
   */
  demoPages?: boolean;
  /** Where the emulator's log lines go (a search field it accepts but ignores, once each); default nowhere. */
  log?: (line: string) => void;
}

/** setWebhook, sendWebhook, repeatWebhook and completeCrawl: see ./webhooks.ts. */
export interface Emulator extends EmulatorWebhooks, EmulatorJobs {
  readonly url: string;
  readonly adminUrl: string;
  readonly requests: RecordedRequest[];
  addTeam(team: EmulatorTeam): void;
  setUsage(apiKey: string, usage: TokenUsage | null): void;
  /** The team's token usage as the emulator holds it now (a copy): what the next read answers. */
  usageOf(apiKey: string): TokenUsage | null;
  setCrawls(apiKey: string, crawls: ActiveCrawl[]): void;
  setRateLimit(limit: RateLimit | null): void;
  injectFault(rule: FaultRule): void;
  clearFaults(): void;
  corpusPage(url: string): CorpusPage | undefined;
  /** Moves the monitors' clock forward: checks that fall due run when the team next asks (./monitors.ts). Returns the new time. */
  advanceMonitorClock(ms: number): string;
  close(): Promise<void>;
}

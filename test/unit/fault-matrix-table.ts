// The fault matrix's two axes (test/unit/fault-matrix.test.ts crosses them): the endpoints the
// editor reads, and the faults the emulator makes on any path. A new fault is one row in FAULTS;
// a new endpoint is one entry in ENDPOINTS. Each cell's expectation comes from `expect`.
import { DEMO_JOBS } from '../emulator';
import type { EmulatorFault } from '../emulator';
import type { WebDataClient, WebDataErrorKind } from '../../src/core/api';

/** The client settings the whole matrix runs with: short, so a cell ends in well under a second. */
export const MATRIX_CLIENT = {
  timeoutMs: 250,
  searchTimeoutMarginMs: 0,
  retry: { maxAttempts: 3, maxWaitMs: 60 },
  // The client's own byte cap, lowered from its 64 MiB default: the huge-body row goes just past it
  // (a 70 MB body per endpoint would cost seconds on this machine and test the same line of code).
  maxBodyBytes: 4 * 1024 * 1024,
} as const;
export const SEARCH_TIMEOUT_MS = 250;

/** Markdown no page should break: right-to-left text, stacked combining marks, 4-byte characters,
 * bidi controls, all on one line of about 1 MB. */
const RTL = 'مرحبا بالعالم — שלום עולם ';
const COMBINING = 'Z̸̢̛͖̈́a̵̧͉̐l̶̗̓g̴̱̀o̷̰͋ e\u0301\u0302\u0303 ';
const ASTRAL = '𝕳𝖊𝖑𝖑𝖔 😀🏳️‍🌈 𠜎𠜱𠝹 ';
const BIDI = '\u202Eevil\u202C \u2066iso\u2069 ';
const UNIT = RTL + COMBINING + ASTRAL + BIDI;
export const UNICODE_MARKDOWN = UNIT.repeat(Math.ceil(1_000_000 / Buffer.byteLength(UNIT)));
export const UNICODE_TITLE = `${RTL}${ASTRAL}`.trim();

export interface Endpoint {
  name: string;
  /** The request path the fault is matched on (no query string). */
  path: string;
  /** Reads through the client; the result is what `check` looks at on success. */
  call: (client: WebDataClient) => Promise<unknown>;
  /** GETs may be retried on 502/503/504 and lost connections; the search (it costs credits) is not. */
  idempotent: boolean;
  /** A field the answer cannot be read without. */
  required: string;
  /** Where page markdown and a title go for the Unicode row; absent where the answer has none. */
  markdown?: { markdown: string; title: string; read: (result: unknown) => { markdown?: string | null; title?: unknown } };
  /** The chat tools' name for the call ("The search"). */
  chatWhat: string;
}

type Page = { documents: Array<{ markdown?: string | null; metadata?: { title?: unknown } | null }> };
const firstDocument = (result: unknown): { markdown?: string | null; title?: unknown } => {
  const doc = (result as Page).documents[0];
  return { markdown: doc?.markdown, title: doc?.metadata?.title };
};

export const ENDPOINTS: readonly Endpoint[] = [
  {
    name: 'search', path: '/v2/search', idempotent: false, required: 'data', chatWhat: 'The search',
    call: (c) => c.search({ query: 'compost', limit: 3, timeout: SEARCH_TIMEOUT_MS }),
    markdown: {
      markdown: 'data.web.0.markdown', title: 'data.web.0.title',
      read: (r) => {
        const web = (r as { data: { web?: Array<{ markdown?: string | null; title?: unknown }> } }).data.web?.[0];
        return { markdown: web?.markdown, title: web?.title };
      },
    },
  },
  {
    name: 'token usage', path: '/v2/team/token-usage', idempotent: true, required: 'data.remainingTokens', chatWhat: 'The credits request',
    call: (c) => c.getTokenUsage(),
  },
  {
    name: 'active crawls', path: '/v2/crawl/active', idempotent: true, required: 'crawls', chatWhat: 'The active crawls request',
    call: (c) => c.listActiveCrawls(),
  },
  {
    name: 'crawl status, page 2', path: `/v2/crawl/${DEMO_JOBS.large}`, idempotent: true, required: 'status', chatWhat: 'The crawl status request',
    call: (c) => c.getCrawlStatus({ id: DEMO_JOBS.large, kind: 'crawl' }, { skip: 20, limit: 20 }),
    markdown: { markdown: 'data.0.markdown', title: 'data.0.metadata.title', read: firstDocument },
  },
  {
    name: 'batch scrape status, page 2', path: `/v2/batch/scrape/${DEMO_JOBS.batch}`, idempotent: true, required: 'status', chatWhat: 'The batch scrape status request',
    call: (c) => c.getCrawlStatus({ id: DEMO_JOBS.batch, kind: 'batch' }, { skip: 2, limit: 2 }),
    markdown: { markdown: 'data.0.markdown', title: 'data.0.metadata.title', read: firstDocument },
  },
];

export type Outcome =
  | { kind: 'ok'; attempts: number; unicode?: boolean }
  | { kind: WebDataErrorKind; attempts: number; retryAfterMs?: number; says?: RegExp };

export interface FaultRow {
  name: string;
  /** The fault for this endpoint; undefined where it does not apply (the row is skipped there). */
  fault: (endpoint: Endpoint) => EmulatorFault | undefined;
  /** How many requests it hits; default every one of the cell's. */
  times?: number;
  expect: (endpoint: Endpoint) => Outcome;
}

const ALL = MATRIX_CLIENT.retry.maxAttempts;
/** Retried to the last attempt on a GET, never on the search. */
const retriedIfIdempotent = (e: Endpoint): number => (e.idempotent ? ALL : 1);

export const FAULTS: readonly FaultRow[] = [
  { name: 'no fault (control)', fault: () => undefined, expect: () => ({ kind: 'ok', attempts: 1 }) },
  {
    name: '429 with Retry-After', fault: () => ({ kind: 'rate-limit', retryAfter: '7' }),
    expect: () => ({ kind: 'rate-limited', attempts: 1, retryAfterMs: 7000, says: /wait 7 seconds/ }),
  },
  {
    name: '429 with the wait only in the body', fault: () => ({ kind: 'rate-limit', retryAfterSeconds: 7 }),
    expect: () => ({ kind: 'rate-limited', attempts: 1, retryAfterMs: 7000, says: /wait 7 seconds/ }),
  },
  {
    name: '429 with the wait only in the text', fault: () => ({ kind: 'rate-limit', message: 'Rate limit exceeded. Please retry after 7s.' }),
    expect: () => ({ kind: 'rate-limited', attempts: 1, retryAfterMs: 7000, says: /retry after 7s/ }),
  },
  {
    name: '429 with no wait at all', fault: () => ({ kind: 'rate-limit' }),
    expect: () => ({ kind: 'rate-limited', attempts: ALL, says: /429/ }),
  },
  { name: '500', fault: () => ({ kind: 'status', status: 500 }), expect: () => ({ kind: 'server', attempts: 1, says: /500/ }) },
  { name: '502', fault: () => ({ kind: 'status', status: 502 }), expect: (e) => ({ kind: 'server', attempts: retriedIfIdempotent(e), says: /502/ }) },
  { name: '503', fault: () => ({ kind: 'status', status: 503 }), expect: (e) => ({ kind: 'server', attempts: retriedIfIdempotent(e), says: /503/ }) },
  {
    name: '503 once, then the answer', fault: () => ({ kind: 'status', status: 503 }), times: 1,
    expect: (e) => (e.idempotent ? { kind: 'ok', attempts: 2 } : { kind: 'server', attempts: 1, says: /503/ }),
  },
  {
    name: 'headers slower than the timeout', fault: () => ({ kind: 'slow-headers', ms: 5000 }),
    expect: () => ({ kind: 'timeout', attempts: 1, says: /did not answer/ }),
  },
  { name: 'a body that stalls half-way', fault: () => ({ kind: 'stalled-body' }), expect: () => ({ kind: 'timeout', attempts: 1, says: /did not answer/ }) },
  {
    name: 'a body cut off with the connection', fault: () => ({ kind: 'truncated-body' }),
    expect: (e) => ({ kind: 'network', attempts: retriedIfIdempotent(e), says: /lost while its answer was arriving/ }),
  },
  { name: 'truncated JSON (a whole HTTP body)', fault: () => ({ kind: 'cut-json' }), expect: () => ({ kind: 'bad-response', attempts: 1, says: /not JSON/ }) },
  { name: 'a body that is not JSON', fault: () => ({ kind: 'garbage' }), expect: () => ({ kind: 'bad-response', attempts: 1, says: /not JSON/ }) },
  { name: 'an HTML error page (502)', fault: () => ({ kind: 'html' }), expect: (e) => ({ kind: 'server', attempts: retriedIfIdempotent(e), says: /HTML page/ }) },
  {
    name: 'a reset connection', fault: () => ({ kind: 'reset' }),
    expect: (e) => ({ kind: 'network', attempts: retriedIfIdempotent(e), says: e.idempotent ? /connection/ : /not sent again/ }),
  },
  {
    name: 'a body just past the byte limit', fault: () => ({ kind: 'huge-body', bytes: MATRIX_CLIENT.maxBodyBytes + 64 * 1024 }),
    expect: () => ({ kind: 'bad-response', attempts: 1, says: /larger than 4 MiB/ }),
  },
  { name: 'the answer as text/html', fault: () => ({ kind: 'content-type', type: 'text/html; charset=utf-8' }), expect: () => ({ kind: 'bad-response', attempts: 1, says: /not JSON \(text\/html\)/ }) },
  // JSON under a loose type is still the answer: servers and proxies relabel bodies.
  { name: 'the answer as text/plain', fault: () => ({ kind: 'content-type', type: 'text/plain' }), expect: () => ({ kind: 'ok', attempts: 1 }) },
  { name: 'a required field missing', fault: (e) => ({ kind: 'alter', drop: [e.required] }), expect: () => ({ kind: 'bad-response', attempts: 1, says: /expected shape/ }) },
  {
    name: 'unknown fields added', fault: () => ({ kind: 'alter', set: { surprise: { nested: [1, 'two'] }, 'data.zzUnknown': 'x', 'crawls.0.zzUnknown': true, 'data.0.zzUnknown': 1 } }),
    expect: () => ({ kind: 'ok', attempts: 1 }),
  },
  {
    name: 'very large, unusual Unicode markdown (RTL, combining marks, 4-byte characters, a 1 MB line)',
    fault: (e) => (e.markdown ? { kind: 'alter', set: { [e.markdown.markdown]: UNICODE_MARKDOWN, [e.markdown.title]: UNICODE_TITLE } } : undefined),
    expect: () => ({ kind: 'ok', attempts: 1, unicode: true }),
  },
];

// The soak (issue 22): many mixed client calls under random faults, crawl paging, and webhook
// deliveries (some mis-signed, floods of crawl.page) against the emulator and the receiver, on
// loopback only, bounded in count and time. Afterwards it reports the heap after a forced GC, the
// process's active handles against where they started, unhandled rejections, and what each call
// ended as. `npm run soak` runs the long form (./main.ts); a short form runs in the unit tests.
import { Agent } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { DEMO_API_KEY, DEMO_JOBS, startEmulator, type Emulator, type EmulatorFault } from '../emulator';
import { makeEvent, sendWebhook } from '../emulator/webhook-sender';
import { WebDataClient, WebDataError } from '../../src/core/api';
import { startWebhookReceiver } from '../../src/core/webhooks';

export interface SoakOptions {
  calls: number;
  deliveries: number;
  /** Calls in flight at once. */
  concurrency: number;
  /** The whole run's bound; past it, the run stops early and says so. */
  deadlineMs: number;
  seed?: number;
  /** Handle types not counted: under mocha, its own per-test timers come and go with the tests. */
  ignoreHandles?: string[];
}

export interface SoakReport {
  calls: number;
  answered: number;
  /** Failures by WebDataError kind. */
  failures: Record<string, number>;
  /** Anything thrown that was not a WebDataError, or a message that is not fit for a person. */
  wrong: string[];
  crawlPagesRead: number;
  deliveries: { sent: number; handled: number; refused: number; answered200: number; answered401: number };
  unhandledRejections: number;
  heapStartBytes: number;
  heapEndBytes: number;
  /** Active handles and requests (process.getActiveResourcesInfo) before and after, by type. */
  resourcesBefore: string[];
  resourcesAfter: string[];
  /** How long after the run the handles took to be back to where they started; -1 if they never were. */
  closedInMs: number;
  ms: number;
  stoppedEarly: boolean;
}

const SECRET = 'whsec-soak';
const FAULTS: EmulatorFault[] = [
  { kind: 'status', status: 500 }, { kind: 'status', status: 502 }, { kind: 'status', status: 503 },
  { kind: 'rate-limit', retryAfter: '0' }, { kind: 'rate-limit' }, { kind: 'rate-limit', message: 'Please retry after 1ms.' },
  { kind: 'truncated-body' }, { kind: 'cut-json' }, { kind: 'garbage' }, { kind: 'html' }, { kind: 'reset' },
  { kind: 'huge-body', bytes: 300 * 1024 }, { kind: 'content-type', type: 'text/html' }, { kind: 'alter', drop: ['success', 'status'] },
  { kind: 'slow-headers', ms: 2000 }, { kind: 'stalled-body' },
];

/** A small seeded generator: the same seed gives the same run. */
function random(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13; s >>>= 0; s ^= s >>> 17; s ^= s << 5; s >>>= 0;
    return s / 2 ** 32;
  };
}

/** node's own gc(), exposed for this process if it was not started with --expose-gc. */
export function forcedGc(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

/**
 * A full collection, a turn of the event loop for the finalizers and weak references it freed
 * (undici's among them), and another: what is still held after that is what the run kept.
 */
async function settledGc(gc: () => void): Promise<void> {
  for (let i = 0; i < 3; i++) {
    gc();
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

let ignored: readonly string[] = [];
const resources = (): string[] => process.getActiveResourcesInfo().filter((r) => r !== 'TTYWrap' && !ignored.includes(r)).sort();

export async function runSoak(options: SoakOptions): Promise<SoakReport> {
  const gc = forcedGc();
  ignored = options.ignoreHandles ?? [];
  // Handles are counted from before the warm-up: what either pass leaves open shows.
  const resourcesBefore = resources();
  const next = random(options.seed ?? 22);
  let unhandledRejections = 0;
  const onUnhandled = (): void => {
    unhandledRejections++;
  };
  process.on('unhandledRejection', onUnhandled);
  // A warm-up pass first (a fifth of the long run), so that loading modules and compiling and optimising
  // code is not counted as growth: the figure is what a run keeps, not what the first calls cost.
  await round({ ...options, calls: Math.min(2000, Math.ceil(options.calls / 2)), deliveries: Math.min(400, Math.ceil(options.deliveries / 2)) }, random(1));
  await settledGc(gc);
  const heapStartBytes = process.memoryUsage().heapUsed;
  const started = performance.now();
  const report = await round(options, next);
  await settledGc(gc);
  const heapEndBytes = process.memoryUsage().heapUsed;
  process.off('unhandledRejection', onUnhandled);
  const ms = performance.now() - started;
  const closedInMs = await handlesBackTo(resourcesBefore, 3000);
  return { ...report, unhandledRejections, heapStartBytes, heapEndBytes, resourcesBefore, resourcesAfter: resources(), closedInMs, ms };
}

/** True when `now` holds no more of any type than `before`. */
export function noMoreThan(now: string[], before: string[]): boolean {
  const left = new Map<string, number>();
  for (const type of before) left.set(type, (left.get(type) ?? 0) + 1);
  return now.every((type) => {
    const n = left.get(type) ?? 0;
    left.set(type, n - 1);
    return n > 0;
  });
}

/**
 * Waits (bounded) until the process holds no more handles than at the start: a timer of undici's
 * own runs one more tick after its last request. Resolves with how long that took, or -1 if they
 * were still open at the deadline (the report then shows which).
 */
async function handlesBackTo(before: string[], deadlineMs: number): Promise<number> {
  const started = performance.now();
  // Looked at when the poll's own timer has fired, so it never counts itself.
  while (!noMoreThan(resources(), before)) {
    if (performance.now() - started > deadlineMs) return -1;
    await new Promise<void>((resolve) => setTimeout(resolve, 20));
  }
  return performance.now() - started;
}

type Round = Omit<SoakReport, 'unhandledRejections' | 'heapStartBytes' | 'heapEndBytes' | 'resourcesBefore' | 'resourcesAfter' | 'closedInMs' | 'ms'>;

async function round(options: SoakOptions, next: () => number): Promise<Round> {
  const emulator = await startEmulator();
  const handled: unknown[] = [];
  const receiver = await startWebhookReceiver({ getSecret: () => SECRET, onDelivery: (d) => void handled.push(d.event.type), requestTimeoutMs: 5000 });
  const client = new WebDataClient({ baseUrl: emulator.url, apiKey: DEMO_API_KEY, timeoutMs: 100, searchTimeoutMarginMs: 0, maxBodyBytes: 256 * 1024, retry: { maxAttempts: 2, maxWaitMs: 20 } });
  const agent = new Agent({ keepAlive: true, maxSockets: 8 });
  const out: Round = {
    calls: 0, answered: 0, failures: {}, wrong: [], crawlPagesRead: 0,
    deliveries: { sent: 0, handled: 0, refused: 0, answered200: 0, answered401: 0 }, stoppedEarly: false,
  };
  const deadline = performance.now() + options.deadlineMs;
  try {
    const callWorker = async (): Promise<void> => {
      while (out.calls < options.calls) {
        if (performance.now() > deadline) { out.stoppedEarly = true; return; }
        out.calls++;
        await oneCall(emulator, client, next, out);
      }
    };
    let sent = 0;
    const deliveryWorker = async (): Promise<void> => {
      while (sent < options.deliveries) {
        if (performance.now() > deadline) { out.stoppedEarly = true; return; }
        sent++;
        const flood = next() < 0.5;
        const event = makeEvent(flood ? 'crawl.page' : 'crawl.completed', { id: DEMO_JOBS.large, data: flood ? [{ markdown: 'x'.repeat(2000), metadata: { sourceURL: `https://soak.example/${sent}` } }] : [] });
        const bad = next() < 0.2;
        const answer = await sendWebhook({ url: receiver.url, event, secret: bad ? 'not-the-secret' : SECRET, agent, timeoutMs: 5000 });
        out.deliveries.sent++;
        if (answer.status === 200) out.deliveries.answered200++;
        else if (answer.status === 401) out.deliveries.answered401++;
      }
    };
    await Promise.all([
      ...Array.from({ length: options.concurrency }, callWorker),
      ...Array.from({ length: 4 }, deliveryWorker),
    ]);
  } finally {
    out.deliveries.handled = receiver.stats.handled;
    out.deliveries.refused = receiver.stats.refused;
    agent.destroy();
    await client.close();
    await receiver.close();
    await emulator.close();
  }
  return out;
}

const ENDPOINTS = [
  { path: '/v2/search', call: (c: WebDataClient) => c.search({ query: 'compost', limit: 2, timeout: 100 }) },
  { path: '/v2/team/token-usage', call: (c: WebDataClient) => c.getTokenUsage() },
  { path: '/v2/crawl/active', call: (c: WebDataClient) => c.listActiveCrawls() },
  { path: `/v2/batch/scrape/${DEMO_JOBS.batch}`, call: (c: WebDataClient) => c.getCrawlStatus({ id: DEMO_JOBS.batch, kind: 'batch' }, { skip: 1, limit: 2 }) },
];

async function oneCall(emulator: Emulator, client: WebDataClient, next: () => number, out: Round): Promise<void> {
  try {
    if (next() < 0.05) {
      // Crawl paging: follow the cursor through a stretch of the 10,000-page crawl.
      let skip: number | undefined = Math.floor(next() * 9000);
      for (let i = 0; i < 5 && skip !== undefined; i++) {
        const page = await client.getCrawlStatus({ id: DEMO_JOBS.large, kind: 'crawl' }, { skip, limit: 50 });
        out.crawlPagesRead += page.documents.length;
        skip = page.next?.kind === 'cursor' ? page.next.skip : undefined;
      }
      out.answered++;
      return;
    }
    const endpoint = ENDPOINTS[Math.floor(next() * ENDPOINTS.length)] ?? ENDPOINTS[0];
    if (endpoint === undefined) return;
    const fault = next() < 0.4 ? FAULTS[Math.floor(next() * FAULTS.length)] : undefined;
    if (fault !== undefined) emulator.injectFault({ fault, path: endpoint.path, times: 1 });
    await endpoint.call(client);
    out.answered++;
  } catch (error) {
    if (!(error instanceof WebDataError)) {
      out.wrong.push(`not a WebDataError: ${String(error)}`.slice(0, 200));
      return;
    }
    out.failures[error.kind] = (out.failures[error.kind] ?? 0) + 1;
    if (/undefined|\[object|\n\s+at /.test(error.message) || error.message.includes(DEMO_API_KEY)) out.wrong.push(error.message.slice(0, 200));
  }
}

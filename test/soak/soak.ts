// The soak (issue 22): many mixed client calls under random faults, crawl paging (its pages kept
// in the crawls' PageStore), webhook deliveries (some mis-signed, floods of large crawl.page) kept
// in the Webhook Events list, and agents' and a person's searches through the SearchService against
// the daily credit limit (./budgets.ts), against the emulator and the receiver, on loopback only,
// bounded in count and time. Afterwards it reports the heap after a forced GC, the process's active
// handles against where they started, unhandled rejections, what each call ended as, the agents'
// spend against the limit, and every byte budget (history, events, crawl pages) against its use.
// `npm run soak` runs the long form (./main.ts); a short form runs in the unit tests.
import { Agent } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { DEMO_API_KEY, DEMO_JOBS, startEmulator, type Emulator, type EmulatorFault } from '../emulator';
import { makeEvent, sendWebhook } from '../emulator/webhook-sender';
import { WebDataClient, WebDataError } from '../../src/core/api';
import { PageStore } from '../../src/core/crawls/page-store';
import type { HistoryLimits } from '../../src/core/search/eviction';
import { recordFromDelivery, recordFromRefusal } from '../../src/core/webhook-events';
import { SharedFolder } from '../../src/core/shared-folder';
import { eventsKeyOf, SharedEventsList } from '../../src/core/webhook-events/shared-list';
import { startWebhookReceiver } from '../../src/core/webhooks';
import {
  eventsBudget, folderBytes, keepPages, MemoryState, removeFolder, runSearchBudgets, tempFolder,
  type AgentSpendReport, type CrawlPagesBudgetReport, type EventsBudgetReport, type HistoryBudgetReport, type PagesTally,
} from './budgets';

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
  /** Searches through the SearchService, agents' and a person's alternately. */
  searches: number;
  /** webData.chat.dailyCreditLimit: small, so agents reach it within the run. */
  dailyCreditLimit: number;
  /** The search history's caps: small, so eviction must happen. */
  historyLimits: HistoryLimits;
  /** The crawl pages' budget on disk: small, so paging fills it. */
  crawlBudgetBytes: number;
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
  agents: AgentSpendReport;
  history: HistoryBudgetReport;
  events: EventsBudgetReport;
  crawlPages: CrawlPagesBudgetReport;
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
  await round({ ...options, calls: Math.min(2000, Math.ceil(options.calls / 2)), deliveries: Math.min(400, Math.ceil(options.deliveries / 2)), searches: Math.min(40, Math.ceil(options.searches / 2)) }, random(1));
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

/** The events list as the editor keeps it: maxEvents at its highest, so the byte budget is what binds. */
const MAX_EVENTS = 5000;
/** The events feature writes the list a moment after changes; here, after every this many rows. */
const EVENTS_WRITE_EVERY = 25;

async function round(options: SoakOptions, next: () => number): Promise<Round> {
  const emulator = await startEmulator();
  // Global state (the spend ledger, the events list) and the crawl pages' folder, new each round.
  const state = new MemoryState();
  // The events list in files, as the editor keeps it: one window's file in a folder of its own.
  const eventsDir = await tempFolder('webhook-events');
  const eventsFolder = new SharedFolder(eventsDir);
  const events = new SharedEventsList(eventsFolder, eventsKeyOf('soak'), state, () => MAX_EVENTS);
  let eventWrites: Promise<unknown> = Promise.resolve();
  let rowsAdded = 0;
  let receivedPayloadBytes = 0;
  const addEvent = (record: ReturnType<typeof recordFromDelivery>): void => {
    receivedPayloadBytes += record.payload === undefined ? 0 : Buffer.byteLength(record.payload, 'utf8');
    if (events.add(record) && ++rowsAdded % EVENTS_WRITE_EVERY === 0) eventWrites = eventWrites.then(() => events.write());
  };
  const receiver = await startWebhookReceiver({
    getSecret: () => SECRET, requestTimeoutMs: 5000,
    onDelivery: (d) => addEvent(recordFromDelivery(d)),
    onRefused: (r) => addEvent(recordFromRefusal(r)),
  });
  const client = new WebDataClient({ baseUrl: emulator.url, apiKey: DEMO_API_KEY, timeoutMs: 100, searchTimeoutMarginMs: 0, maxBodyBytes: 256 * 1024, retry: { maxAttempts: 2, maxWaitMs: 20 } });
  // The searches' own client: the history keeps whole answers, so they run with a search's timeout.
  // Its body cap (8 KiB; the emulator's answers here are about 2.5 KiB) turns a huge-body fault into
  // a failure: the history keeps its newest search even alone over the byte cap (it was paid for),
  // and a 300 KB answer as the last one would pass the small caps the soak sets.
  const searchClient = new WebDataClient({ baseUrl: emulator.url, apiKey: DEMO_API_KEY, timeoutMs: 1000, searchTimeoutMarginMs: 0, maxBodyBytes: 8 * 1024, retry: { maxAttempts: 2, maxWaitMs: 20 } });
  const pagesDir = await tempFolder('crawls');
  const pages = new PageStore({ root: pagesDir, budgetBytes: () => options.crawlBudgetBytes });
  const tally: PagesTally = { offeredBytes: 0, stored: 0, refused: 0 };
  const agent = new Agent({ keepAlive: true, maxSockets: 8 });
  const out: Round = {
    calls: 0, answered: 0, failures: {}, wrong: [], crawlPagesRead: 0,
    deliveries: { sent: 0, handled: 0, refused: 0, answered200: 0, answered401: 0 }, stoppedEarly: false,
    agents: { asked: 0, sent: 0, refused: 0, failed: 0, spent: 0, limit: options.dailyCreditLimit, lastAllowedCredits: 0, sentAfterCap: 0, overspends: 0 },
    history: { written: 0, writtenBytes: 0, limits: options.historyLimits, files: 0, bytesOnDisk: 0, pinnedKept: false },
    events: eventsBudget(eventsFolder, 0),
    crawlPages: { offeredBytes: 0, stored: 0, refused: 0, bytesOnDisk: 0, budgetBytes: options.crawlBudgetBytes },
  };
  const deadline = performance.now() + options.deadlineMs;
  const late = (): boolean => {
    if (performance.now() <= deadline) return false;
    out.stoppedEarly = true;
    return true;
  };
  try {
    const callWorker = async (): Promise<void> => {
      while (out.calls < options.calls) {
        if (late()) return;
        out.calls++;
        await oneCall(emulator, client, pages, tally, next, out);
      }
    };
    let sent = 0;
    const deliveryWorker = async (): Promise<void> => {
      while (sent < options.deliveries) {
        if (performance.now() > deadline) { out.stoppedEarly = true; return; }
        sent++;
        // Every fifth delivery is a large crawl.page (60 KB, under the 64 KiB a row keeps), counted
        // rather than drawn, so that even the short form sends more than the events list's payload
        // budget (512 KiB) and it must drop some.
        const large = sent % 5 === 0;
        const flood = large || next() < 0.5;
        const pageBytes = large ? 60_000 : 2000;
        const event = makeEvent(flood ? 'crawl.page' : 'crawl.completed', { id: DEMO_JOBS.large, data: flood ? [{ markdown: 'x'.repeat(pageBytes), metadata: { sourceURL: `https://soak.example/${sent}` } }] : [] });
        const bad = next() < 0.2;
        const answer = await sendWebhook({ url: receiver.url, event, secret: bad ? 'not-the-secret' : SECRET, agent, timeoutMs: 5000 });
        out.deliveries.sent++;
        if (answer.status === 200) out.deliveries.answered200++;
        else if (answer.status === 401) out.deliveries.answered401++;
      }
    };
    const searchWorker = async (): Promise<void> => {
      const budgets = await runSearchBudgets(emulator, searchClient, state, { searches: options.searches, dailyCreditLimit: options.dailyCreditLimit, history: options.historyLimits }, late);
      out.agents = budgets.agents;
      out.history = budgets.history;
    };
    await Promise.all([
      ...Array.from({ length: options.concurrency }, callWorker),
      ...Array.from({ length: 4 }, deliveryWorker),
      searchWorker(),
    ]);
    // The last rows, written as the events feature's pending write would be.
    await eventWrites;
    await events.write();
    out.events = eventsBudget(eventsFolder, receivedPayloadBytes);
    out.crawlPages = { ...tally, bytesOnDisk: folderBytes(pagesDir).bytes, budgetBytes: options.crawlBudgetBytes };
  } finally {
    out.deliveries.handled = receiver.stats.handled;
    out.deliveries.refused = receiver.stats.refused;
    agent.destroy();
    await client.close();
    await searchClient.close();
    await receiver.close();
    await emulator.close();
    await removeFolder(pagesDir);
    await removeFolder(eventsDir);
  }
  return out;
}

const ENDPOINTS = [
  { path: '/v2/search', call: (c: WebDataClient) => c.search({ query: 'compost', limit: 2, timeout: 100 }) },
  { path: '/v2/team/token-usage', call: (c: WebDataClient) => c.getTokenUsage() },
  { path: '/v2/crawl/active', call: (c: WebDataClient) => c.listActiveCrawls() },
  { path: `/v2/batch/scrape/${DEMO_JOBS.batch}`, call: (c: WebDataClient) => c.getCrawlStatus({ id: DEMO_JOBS.batch, kind: 'batch' }, { skip: 1, limit: 2 }) },
];

async function oneCall(emulator: Emulator, client: WebDataClient, pages: PageStore, tally: PagesTally, next: () => number, out: Round): Promise<void> {
  try {
    if (next() < 0.05) {
      // Crawl paging: follow the cursor through a stretch of the 10,000-page crawl.
      let skip: number | undefined = Math.floor(next() * 9000);
      for (let i = 0; i < 5 && skip !== undefined; i++) {
        const page = await client.getCrawlStatus({ id: DEMO_JOBS.large, kind: 'crawl' }, { skip, limit: 50 });
        out.crawlPagesRead += page.documents.length;
        // Kept on disk as the crawl results service keeps them, within the store's budget.
        await keepPages(pages, { id: DEMO_JOBS.large, kind: 'crawl' }, skip, page.documents.map((d) => d.markdown ?? d.summary ?? ''), tally);
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

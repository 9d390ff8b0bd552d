// The soak's spend and byte budgets (issue 22), through the project's own core code: agent searches
// through the SearchService against the daily limit (the ledger and checkCap of src/core/spend, as
// the chat search tool asks them), the search history's byte and count caps, the Webhook Events
// list's persisted budget under a crawl.page flood, and the crawl pages' folder budget. Global state
// is a plain Map here; every folder is a temporary one, removed before the soak counts handles.
import { readdirSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Emulator } from '../emulator';
import { validateSearchRequest, type WebDataClient } from '../../src/core/api';
import type { PageStore } from '../../src/core/crawls/page-store';
import { Emitter } from '../../src/core/emitter';
import type { HistoryLimits } from '../../src/core/search/eviction';
import { RECORDS_FOLDER, SearchHistory } from '../../src/core/search/history';
import { parseSearchIndex, readSearchRecordText, serializeSearchIndex } from '../../src/core/search/record-schema';
import { SearchService } from '../../src/core/search/service';
import { checkCap, localDay, parseWindowSpend, SPEND_KEY_PREFIX, spendToday, withSpend } from '../../src/core/spend/ledger';
import { mostCredits, priceOf } from '../../src/core/spend/price';
import { PERSISTED_LIST_BUDGET_BYTES, PERSISTED_PAYLOAD_BUDGET_BYTES, type WebhookEventRecord } from '../../src/core/webhook-events';
import type { SharedFolder } from '../../src/core/shared-folder';

/** Global state as the ledger and the events list use it: get, update, and the keys. */
export class MemoryState {
  private readonly values = new Map<string, unknown>();
  get(key: string): unknown {
    return this.values.get(key);
  }
  update(key: string, value: unknown): Promise<void> {
    if (value === undefined) this.values.delete(key);
    else this.values.set(key, structuredClone(value));
    return Promise.resolve();
  }
  keys(): string[] {
    return [...this.values.keys()];
  }
}

/** Bytes of every file under `dir` (0 when it is gone). */
export function folderBytes(dir: string): { bytes: number; files: number } {
  let bytes = 0;
  let files = 0;
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true, recursive: true });
  } catch {
    return { bytes, files };
  }
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    bytes += statSync(join(entry.parentPath, entry.name)).size;
    files++;
  }
  return { bytes, files };
}

export const tempFolder = (name: string): Promise<string> => mkdtemp(join(tmpdir(), `soak-${name}-`));
export const removeFolder = (dir: string): Promise<void> => rm(dir, { recursive: true, force: true });

export interface SearchBudgetOptions {
  /** Searches through the service: agents' and a person's, alternately. */
  searches: number;
  /** webData.chat.dailyCreditLimit for this run. */
  dailyCreditLimit: number;
  history: HistoryLimits;
}

export interface AgentSpendReport {
  asked: number;
  /** Allowed by the cap and sent (answered or failed). */
  sent: number;
  refused: number;
  failed: number;
  spent: number;
  limit: number;
  /** Credits of the last agent search the cap allowed and the service charged. */
  lastAllowedCredits: number;
  /** Agent searches the emulator received after the agents' spend reached the limit (goal 0). */
  sentAfterCap: number;
  /** Allowed searches after which the spend was past limit + that search's credits (goal 0). */
  overspends: number;
}

export interface HistoryBudgetReport {
  /** Searches stored through the service, and their record bytes together. */
  written: number;
  writtenBytes: number;
  limits: HistoryLimits;
  /** The records folder after the run. */
  files: number;
  bytesOnDisk: number;
  /** The search pinned first is still listed and on disk. */
  pinnedKept: boolean;
}

// Queries an agent asks, told apart in the emulator's request log from the person's and the mix's.
const AGENT_QUERIES = ['stream', 'news', 'guide', 'release'];
const PERSON_QUERIES = ['pipeline', 'data', 'how to', 'typescript'];

/**
 * Agents' and a person's searches through the core SearchService (its history in a temporary
 * folder) against the emulator. Each search's credits go to a ledger in `state`, as the spend
 * feature records them; before each agent search the chat tool's decision is asked (price from
 * the history, today's agent spend, checkCap), and a reached limit sends nothing.
 */
export async function runSearchBudgets(emulator: Emulator, client: WebDataClient, state: MemoryState, options: SearchBudgetOptions, stop: () => boolean): Promise<{ agents: AgentSpendReport; history: HistoryBudgetReport }> {
  const dir = await tempFolder('history');
  const changed = new Emitter<void>();
  const history = new SearchHistory({
    storageDir: dir,
    codec: { parseIndex: parseSearchIndex, readRecordText: readSearchRecordText, serializeIndex: serializeSearchIndex },
    log: { warn: () => undefined, error: () => undefined },
    limits: () => options.history,
  });
  const service = new SearchService({
    history: Object.assign(history, { onDidChange: changed.event }),
    client: () => Promise.resolve(client),
    validate: validateSearchRequest,
    defaults: () => ({ limit: 2, sources: ['web', 'news'], scrapeFormats: 'markdown', country: 'US', location: '', timeout: 1000 }),
  });
  // One day for the whole run: a soak that crosses midnight must not start a fresh allowance.
  const day = localDay(new Date());
  const ownKey = `${SPEND_KEY_PREFIX}soak-window`;
  const spentByAgents = (): number => spendToday(state.keys().filter((k) => k.startsWith(SPEND_KEY_PREFIX)).map((k) => state.get(k)), day).agent;
  // The spend feature's record step (src/features/spend), written synchronously into the stand-in.
  const recorded = service.onDidSearch((done) => {
    const credits = done.record.response.creditsUsed;
    if (typeof credits !== 'number' || !Number.isFinite(credits)) return;
    void state.update(ownKey, withSpend(parseWindowSpend(state.get(ownKey)), day, { id: done.record.id, credits, askedBy: done.record.askedBy ?? 'person' }));
  });
  const agentRequests = (): number => emulator.requests.filter((r) => r.path === '/v2/search' && AGENT_QUERIES.includes(queryOf(r.body))).length;

  const agents: AgentSpendReport = { asked: 0, sent: 0, refused: 0, failed: 0, spent: 0, limit: options.dailyCreditLimit, lastAllowedCredits: 0, sentAfterCap: 0, overspends: 0 };
  const historyReport: HistoryBudgetReport = { written: 0, writtenBytes: 0, limits: options.history, files: 0, bytesOnDisk: 0, pinnedKept: false };
  let requestsAtCap: number | undefined;
  let pinned: string | undefined;
  try {
    for (let i = 0; i < options.searches && !stop(); i++) {
      const asAgent = i % 2 === 0;
      const queries = asAgent ? AGENT_QUERIES : PERSON_QUERIES;
      const prepared = service.prepare({ query: queries[(i >> 1) % queries.length] ?? 'stream' });
      if (!prepared.ok) throw new Error(`the soak's search does not pass the check: ${prepared.failure.message}`);
      if (asAgent) {
        agents.asked++;
        const cap = checkCap(spentByAgents(), options.dailyCreditLimit, mostCredits(priceOf(prepared.search.body, await service.list())));
        // The tool refuses only a reached limit; a search that may pass it is the person's to confirm (here: yes).
        if (cap.kind === 'reached') {
          agents.refused++;
          continue;
        }
      }
      const run = await service.send(prepared.search, { askedBy: asAgent ? 'agent' : 'person' });
      if (!run.ok) {
        if (asAgent) agents.failed++;
        continue;
      }
      historyReport.written++;
      historyReport.writtenBytes += run.summary.bytes;
      if (!asAgent && pinned === undefined && (await service.setPinned(run.record.id, true))) pinned = run.record.id;
      if (asAgent) {
        agents.sent++;
        agents.lastAllowedCredits = run.record.response.creditsUsed ?? 0;
        if (spentByAgents() > options.dailyCreditLimit + agents.lastAllowedCredits) agents.overspends++;
        // From the moment the day's agent spend reaches the limit, no agent search may reach the service.
        if (spentByAgents() >= options.dailyCreditLimit) requestsAtCap ??= agentRequests();
      }
    }
    agents.spent = spentByAgents();
    agents.sentAfterCap = requestsAtCap === undefined ? 0 : agentRequests() - requestsAtCap;
    const listed = await service.list();
    const onDisk = folderBytes(join(dir, RECORDS_FOLDER));
    historyReport.files = onDisk.files;
    historyReport.bytesOnDisk = onDisk.bytes;
    historyReport.pinnedKept = pinned !== undefined && listed.some((s) => s.id === pinned) && (await service.get(pinned)) !== undefined;
  } finally {
    recorded.dispose();
    service.dispose();
    changed.dispose();
    await removeFolder(dir);
  }
  return { agents, history: historyReport };
}

function queryOf(body: unknown): string {
  const query = typeof body === 'object' && body !== null ? (body as { query?: unknown }).query : undefined;
  return typeof query === 'string' ? query : '';
}

export interface EventsBudgetReport {
  /** Payload bytes the receiver handed over (what the flood asked the list to keep). */
  receivedPayloadBytes: number;
  rows: number;
  /** The persisted list as JSON, and its payloads together. */
  storedBytes: number;
  storedPayloadBytes: number;
  payloadsDropped: number;
  listBudget: number;
  payloadBudget: number;
}

/** The list as the events feature persisted it into its window's file of `folder`. */
export function eventsBudget(folder: SharedFolder, receivedPayloadBytes: number): EventsBudgetReport {
  const stored = folder.keys().map((key) => folder.get(key)).map((file) => (typeof file === 'object' && file !== null && 'events' in file ? file.events : undefined)).find(Array.isArray);
  const rows: readonly WebhookEventRecord[] = Array.isArray(stored) ? (stored as WebhookEventRecord[]) : [];
  return {
    receivedPayloadBytes,
    rows: rows.length,
    storedBytes: Buffer.byteLength(JSON.stringify(rows), 'utf8'),
    storedPayloadBytes: rows.reduce((sum, r) => sum + (r.payload === undefined ? 0 : Buffer.byteLength(r.payload, 'utf8')), 0),
    payloadsDropped: rows.filter((r) => r.payloadDropped === true).length,
    listBudget: PERSISTED_LIST_BUDGET_BYTES,
    payloadBudget: PERSISTED_PAYLOAD_BUDGET_BYTES,
  };
}

export interface CrawlPagesBudgetReport {
  /** Page markdown offered to the store while paging, and how much of it it kept. */
  offeredBytes: number;
  stored: number;
  refused: number;
  bytesOnDisk: number;
  budgetBytes: number;
}

export interface PagesTally {
  offeredBytes: number;
  stored: number;
  refused: number;
}

/** Offers each document's markdown to the store at its position, as the crawl results service does. */
export async function keepPages(store: PageStore, ref: { id: string; kind: 'crawl' | 'batch' }, skip: number, markdowns: readonly string[], tally: PagesTally): Promise<void> {
  for (const [offset, markdown] of markdowns.entries()) {
    tally.offeredBytes += Buffer.byteLength(markdown);
    if (await store.put(ref, skip + offset, markdown)) tally.stored++;
    else tally.refused++;
  }
}

// One row of the Webhook Events list, as kept in memory and persisted across reloads. Plain data,
// small and JSON-safe: globalState holds the last N of them, so payloads and metadata are capped.
// No zod here on purpose: the list is restored at activation, before the lazy core is loaded.
import type { RefusedWebhookDelivery, WebhookDelivery, WebhookEvent } from '../webhooks';

export type WebhookEventStatus = 'verified' | 'unsigned' | 'refused';

export interface WebhookEventRecord {
  /** Unique within the list (a delivery's webhookId can arrive again after a restart). */
  key: string;
  /** Date.now() when the request arrived. */
  receivedAt: number;
  status: WebhookEventStatus;
  /** The event's type as sent (for a refusal: what the body claimed, unverified). */
  type?: string;
  /** The job the event is about (crawl or batch scrape id). */
  jobId?: string;
  webhookId?: string;
  success?: boolean;
  /** The configuration's metadata as [key, text] pairs, each cut to METADATA_VALUE_CAP. */
  metadata?: Array<[string, string]>;
  /** Metadata entries left out beyond METADATA_ENTRIES_CAP. */
  metadataOmitted?: number;
  /** Refusals only: the HTTP status answered and why. */
  httpStatus?: number;
  reason?: string;
  /** The body as received, cut to PAYLOAD_CAP_BYTES; absent for refusals or when not kept. */
  payload?: string;
  /** Size of the body as received, in bytes. */
  payloadBytes?: number;
  /** True when the payload was dropped to keep the persisted list small. */
  payloadDropped?: boolean;
  /**
   * What an agent or monitor delivery reported, for its row (issues 36, 37): the step
   * (agent.action) or the page's address (monitor.page), the page's status, the judge's verdict,
   * the run's credits so far. As sent, cut short; made inert where shown.
   */
  detail?: string;
  pageStatus?: string;
  meaningful?: boolean;
  creditsUsed?: number;
}

/** The most of a body kept per event (bytes of UTF-8). */
export const PAYLOAD_CAP_BYTES = 64 * 1024;
/** The most payload bytes persisted for the whole list; older events beyond it keep no payload. */
export const PERSISTED_PAYLOAD_BUDGET_BYTES = 512 * 1024;
/**
 * The most bytes the whole persisted list may take as JSON, payloads, metadata and reasons
 * included: globalState is read into memory by every window at every start, so a count alone
 * (200 events of 20 metadata entries each) is not a bound. Older events beyond it are not kept.
 */
export const PERSISTED_LIST_BUDGET_BYTES = 1024 * 1024;
export const METADATA_ENTRIES_CAP = 20;
const METADATA_VALUE_CAP = 200;
/** Bounds for anything read back from globalState, whatever the setting says. */
export const MAX_EVENTS_CAP = 5000;
const TEXT_CAP = 500;

let sequence = 0;
function newKey(receivedAt: number): string {
  sequence = (sequence + 1) % 1_000_000;
  return `${receivedAt.toString(36)}-${sequence.toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

/** A handled delivery as a row. */
export function recordFromDelivery(delivery: WebhookDelivery): WebhookEventRecord {
  const { event } = delivery;
  const bytes = Buffer.byteLength(delivery.rawBody, 'utf8');
  const record: WebhookEventRecord = {
    key: newKey(delivery.receivedAt),
    receivedAt: delivery.receivedAt,
    status: delivery.verification,
    type: cut(event.type, TEXT_CAP),
    jobId: cut(event.id, TEXT_CAP),
    webhookId: cut(event.webhookId, TEXT_CAP),
    success: event.success,
    payload: truncateUtf8(delivery.rawBody, PAYLOAD_CAP_BYTES),
    payloadBytes: bytes,
  };
  if (event.metadata !== undefined) Object.assign(record, flattenMetadata(event.metadata));
  Object.assign(record, reported(event));
  return record;
}

/** The row's facts of an agent or monitor delivery: its last step, or its first page. */
function reported(event: WebhookEvent): Pick<WebhookEventRecord, 'detail' | 'pageStatus' | 'meaningful' | 'creditsUsed'> {
  const credits = (value: number | undefined): { creditsUsed?: number } => (value !== undefined ? { creditsUsed: value } : {});
  switch (event.kind) {
    case 'agent.action': {
      const last = event.actions.at(-1);
      return last ? { detail: cut(last.action, TEXT_CAP), ...credits(last.creditsUsed) } : {};
    }
    case 'agent.completed':
    case 'agent.failed':
    case 'agent.cancelled':
      return credits(event.end.creditsUsed);
    case 'monitor.page': {
      const page = event.pages[0];
      if (!page) return {};
      return {
        ...(page.url !== undefined ? { detail: cut(page.url, TEXT_CAP) } : {}),
        ...(page.status !== undefined ? { pageStatus: cut(page.status, 40) } : {}),
        ...(page.isMeaningful !== undefined ? { meaningful: page.isMeaningful } : {}),
      };
    }
    default:
      return {};
  }
}

/** A refused request as a row: what the body claimed (never trusted) and the reason. */
export function recordFromRefusal(refused: RefusedWebhookDelivery): WebhookEventRecord {
  const record: WebhookEventRecord = {
    key: newKey(refused.receivedAt),
    receivedAt: refused.receivedAt,
    status: 'refused',
    httpStatus: refused.status,
    reason: cut(refused.reason, TEXT_CAP),
  };
  if (refused.type !== undefined) record.type = cut(refused.type, TEXT_CAP);
  if (refused.id !== undefined) record.jobId = cut(refused.id, TEXT_CAP);
  if (refused.webhookId !== undefined) record.webhookId = cut(refused.webhookId, TEXT_CAP);
  return record;
}

/** Metadata as display pairs: strings as they are, anything else as JSON, each cut short. */
function flattenMetadata(metadata: Record<string, unknown>): Pick<WebhookEventRecord, 'metadata' | 'metadataOmitted'> {
  const entries = Object.entries(metadata);
  const pairs = entries.slice(0, METADATA_ENTRIES_CAP).map(([key, value]): [string, string] => [cut(key, METADATA_VALUE_CAP), cut(valueText(value), METADATA_VALUE_CAP)]);
  const omitted = entries.length - pairs.length;
  return omitted > 0 ? { metadata: pairs, metadataOmitted: omitted } : { metadata: pairs };
}

function valueText(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    // undefined for undefined, functions and symbols, whatever lib.d.ts says.
    const json = JSON.stringify(value) as string | undefined;
    return json ?? String(value);
  } catch {
    return String(value);
  }
}

/** Newest first, at most `max`. Returns a new array. */
export function addRecord(records: readonly WebhookEventRecord[], record: WebhookEventRecord, max: number): WebhookEventRecord[] {
  return [record, ...records].slice(0, clampMax(max));
}

/** True when an accepted delivery with this webhookId is already listed (a retry after a restart). */
export function hasAcceptedDelivery(records: readonly WebhookEventRecord[], webhookId: string): boolean {
  return records.some((r) => r.status !== 'refused' && r.webhookId === webhookId);
}

export function clampMax(max: number): number {
  if (!Number.isFinite(max)) return 1;
  return Math.min(MAX_EVENTS_CAP, Math.max(1, Math.floor(max)));
}

/**
 * The list as written to globalState: newest first, at most `max`, payloads kept only while
 * their total stays within `budget` bytes (older events beyond it are marked payloadDropped), and
 * the whole list within `listBudget` bytes of JSON (older events beyond it are left out).
 */
export function toPersisted(records: readonly WebhookEventRecord[], max: number, budget = PERSISTED_PAYLOAD_BUDGET_BYTES, listBudget = PERSISTED_LIST_BUDGET_BYTES): WebhookEventRecord[] {
  let used = 0;
  let total = 2;   // the brackets of the JSON array
  const kept: WebhookEventRecord[] = [];
  for (const record of records.slice(0, clampMax(max))) {
    let row = record;
    if (record.payload !== undefined) {
      const size = Buffer.byteLength(record.payload, 'utf8');
      if (used + size <= budget) used += size;
      else {
        const { payload: _dropped, ...rest } = record;
        row = { ...rest, payloadDropped: true };
      }
    }
    total += Buffer.byteLength(JSON.stringify(row), 'utf8') + 1;
    if (total > listBudget) break;
    kept.push(row);
  }
  return kept;
}

/** What globalState held, narrowed: malformed rows are skipped, never thrown on. */
export function parseStoredRecords(value: unknown, max: number): WebhookEventRecord[] {
  if (!Array.isArray(value)) return [];
  const records: WebhookEventRecord[] = [];
  const keys = new Set<string>();
  for (const item of value.slice(0, MAX_EVENTS_CAP)) {
    const record = parseStoredRecord(item);
    if (record === undefined || keys.has(record.key)) continue;
    keys.add(record.key);
    records.push(record);
    if (records.length >= clampMax(max)) break;
  }
  return records;
}

function parseStoredRecord(item: unknown): WebhookEventRecord | undefined {
  if (typeof item !== 'object' || item === null) return undefined;
  const o = item as Record<string, unknown>;
  const status = o.status;
  if (typeof o.key !== 'string' || typeof o.receivedAt !== 'number' || !Number.isFinite(o.receivedAt)) return undefined;
  if (status !== 'verified' && status !== 'unsigned' && status !== 'refused') return undefined;
  const record: WebhookEventRecord = { key: o.key, receivedAt: o.receivedAt, status };
  for (const field of ['type', 'jobId', 'webhookId', 'reason', 'detail'] as const) {
    const v = o[field];
    if (typeof v === 'string') record[field] = cut(v, TEXT_CAP);
  }
  if (typeof o.pageStatus === 'string') record.pageStatus = cut(o.pageStatus, 40);
  if (typeof o.meaningful === 'boolean') record.meaningful = o.meaningful;
  if (typeof o.payload === 'string') record.payload = truncateUtf8(o.payload, PAYLOAD_CAP_BYTES);
  for (const field of ['httpStatus', 'payloadBytes', 'metadataOmitted', 'creditsUsed'] as const) {
    const v = o[field];
    if (typeof v === 'number' && Number.isFinite(v)) record[field] = v;
  }
  if (typeof o.success === 'boolean') record.success = o.success;
  if (o.payloadDropped === true) record.payloadDropped = true;
  if (Array.isArray(o.metadata)) {
    record.metadata = o.metadata
      .filter((p): p is [string, string] => Array.isArray(p) && p.length === 2 && typeof p[0] === 'string' && typeof p[1] === 'string')
      .slice(0, METADATA_ENTRIES_CAP)
      .map(([k, v]) => [cut(k, METADATA_VALUE_CAP), cut(v, METADATA_VALUE_CAP)]);
  }
  return record;
}

/** The longest prefix of `text` whose UTF-8 encoding fits in `maxBytes`, never splitting a character. */
export function truncateUtf8(text: string, maxBytes: number): string {
  if (Buffer.byteLength(text, 'utf8') <= maxBytes) return text;
  const bytes = Buffer.from(text, 'utf8').subarray(0, maxBytes);
  // Back off from a cut inside a multi-byte sequence: continuation bytes are 10xxxxxx.
  let end = bytes.length;
  let lead = end - 1;
  while (lead >= 0 && ((bytes[lead] ?? 0) & 0xc0) === 0x80) lead--;
  if (lead >= 0) {
    const first = bytes[lead] ?? 0;
    const length = first >= 0xf0 ? 4 : first >= 0xe0 ? 3 : first >= 0xc0 ? 2 : 1;
    if (lead + length > end) end = lead;
  }
  return bytes.subarray(0, end).toString('utf8');
}

function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

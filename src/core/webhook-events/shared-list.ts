// The Webhook Events list as several VS Code windows share it in globalState. Each window holds
// its own copy in memory; VS Code copies globalState between the windows of a profile, but a
// plain write of one window's copy would drop what another window added meanwhile. So every
// write re-reads what is stored and merges: what is stored, plus this window's own events, minus
// everything older than the last "Clear" of any window, deduplicated by key, newest first, within
// the count and the byte budget. Plain data, no VS Code, so two lists over one store are testable.
import { clampMax, hasAcceptedDelivery, parseStoredRecords, toPersisted, MAX_EVENTS_CAP, type WebhookEventRecord } from './record';

/** Where the list is kept: globalState in the editor, a plain object in tests. */
export interface SharedStorage {
  get(key: string): unknown;
  update(key: string, value: unknown): PromiseLike<void>;
}

export const EVENTS_KEY = 'webData.webhookEvents';
/** When any window last cleared the list (ms); events received before it are gone everywhere. */
const CLEARED_AT_KEY = 'webData.webhookEventsClearedAt';

export class SharedEventsList {
  private restored?: WebhookEventRecord[];
  /** Keys of events this window received: put back if a concurrent write of another window lost them. */
  private readonly own = new Set<string>();
  private clearedAt = 0;

  constructor(
    private readonly storage: SharedStorage,
    private readonly max: () => number,
    private readonly now: () => number = Date.now,
  ) {}

  get records(): readonly WebhookEventRecord[] {
    return this.list;
  }

  private get list(): WebhookEventRecord[] {
    if (this.restored === undefined) {
      this.clearedAt = Math.max(this.clearedAt, this.storedClearedAt());
      this.restored = parseStoredRecords(this.storage.get(EVENTS_KEY), this.limit).filter((r) => r.receivedAt >= this.clearedAt);
    }
    return this.restored;
  }

  private get limit(): number {
    return clampMax(this.max());
  }

  get(key: string): WebhookEventRecord | undefined {
    return this.list.find((r) => r.key === key);
  }

  /**
   * Adds a row; false (and nothing added) when it is an accepted delivery whose webhookId is
   * already listed: the receiver forgets ids on restart, the list remembers them.
   */
  add(record: WebhookEventRecord): boolean {
    if (record.status !== 'refused' && record.webhookId !== undefined && hasAcceptedDelivery(this.list, record.webhookId)) return false;
    this.restored = [record, ...this.list].slice(0, this.limit);
    this.own.add(record.key);
    return true;
  }

  clear(): void {
    this.restored = [];
    this.own.clear();
    this.clearedAt = this.now();
  }

  /** Applies a lower maxEvents; true when rows were dropped. */
  applyMax(): boolean {
    if (this.list.length <= this.limit) return false;
    this.restored = this.list.slice(0, this.limit);
    return true;
  }

  /**
   * Merges this window's list with what is stored now, adopts the result and returns what to
   * store. `changed` is false when the store already holds exactly that (nothing to write).
   */
  merge(): { events: WebhookEventRecord[]; clearedAt: number; changed: boolean } {
    const storedClearedAt = this.storedClearedAt();
    const clearedAt = Math.max(this.clearedAt, storedClearedAt);
    const stored = parseStoredRecords(this.storage.get(EVENTS_KEY), MAX_EVENTS_CAP);
    const storedKeys = new Set(stored.map((r) => r.key));
    const mine = new Map(this.list.map((r) => [r.key, r]));
    const byKey = new Map<string, WebhookEventRecord>();
    // Ours first: the in-memory copy keeps payloads a persisted copy may have dropped.
    for (const record of this.list) if (this.own.has(record.key) || storedKeys.has(record.key)) byKey.set(record.key, record);
    for (const record of stored) if (!byKey.has(record.key)) byKey.set(record.key, mine.get(record.key) ?? record);
    const merged = [...byKey.values()]
      .filter((r) => r.receivedAt >= clearedAt)
      .map((record, position) => ({ record, position }))
      .sort((a, b) => b.record.receivedAt - a.record.receivedAt || a.position - b.position)
      .map(({ record }) => record)
      .slice(0, this.limit);
    const events = toPersisted(merged, this.limit);
    this.restored = merged;
    this.clearedAt = clearedAt;
    const kept = new Set(merged.map((r) => r.key));
    for (const key of this.own) if (!kept.has(key)) this.own.delete(key);
    const changed = clearedAt !== storedClearedAt || !sameKeys(events, stored);
    return { events, clearedAt, changed };
  }

  /** Writes the merged list (and the clear time) to the store; resolves when both are written. */
  async write(): Promise<boolean> {
    const { events, clearedAt, changed } = this.merge();
    if (!changed) return false;
    await this.storage.update(CLEARED_AT_KEY, clearedAt === 0 ? undefined : clearedAt);
    await this.storage.update(EVENTS_KEY, events);
    return true;
  }

  private storedClearedAt(): number {
    const value = this.storage.get(CLEARED_AT_KEY);
    return typeof value === 'number' && Number.isFinite(value) ? value : 0;
  }
}

function sameKeys(a: readonly WebhookEventRecord[], b: readonly WebhookEventRecord[]): boolean {
  return a.length === b.length && a.every((record, i) => record.key === b[i]?.key && record.payloadDropped === b[i].payloadDropped);
}

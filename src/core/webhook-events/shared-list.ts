// The Webhook Events list as the windows of a profile share it (issue 47): files in a folder of the
// extension's global storage, one per window (its key: EVENTS_KEY, a colon and the window's session
// id), each written whole by that window only (SharedFolder), holding the events it received and
// the latest Clear it knows of. Readers merge every window's file: deduplicated by key, newest
// first, everything older than the latest Clear of any window left out, within the count. VS Code's
// global state, where the list was kept before, is one object another window's flush replaces
// whole: a write there could be lost, here no interleaving of writes can drop one. What an earlier
// version kept in global state moves in once, as keys of no window, read like any other.
// Plain data, no VS Code: two lists over one folder are testable.
import type { SharedFolder } from '../shared-folder';
import { clampMax, hasAcceptedDelivery, parseStoredRecords, toPersisted, MAX_EVENTS_CAP, type WebhookEventRecord } from './record';

/**
 * The list's key in global state before issue 47 (beside it, the time of the last Clear, a key
 * beginning with it); each window's file's key begins with it now.
 */
export const EVENTS_KEY = 'webData.webhookEvents';

/** A window's key in the events folder. */
export const eventsKeyOf = (sessionId: string): string => `${EVENTS_KEY}:${sessionId}`;

/**
 * Another window's file is removed once none of its events is listed, the Clear it knows of is
 * kept in this window's file, and it has not been written for this long (a window still open is
 * not raced).
 */
const IDLE_BEFORE_REMOVAL_MS = 60 * 60 * 1000;

type Folder = Pick<SharedFolder, 'keys' | 'get' | 'change' | 'update' | 'refresh' | 'adopt'>;
type LegacyState = Parameters<SharedFolder['adopt']>[0];

/** One window's file as read back: an earlier version's list (an array) or clear time (a number) too. */
interface WindowEvents {
  savedAt: number;
  clearedAt: number;
  events: WebhookEventRecord[];
}

function readWindowEvents(value: unknown): WindowEvents {
  const finite = (n: unknown): number => (typeof n === 'number' && Number.isFinite(n) ? n : 0);
  if (Array.isArray(value)) return { savedAt: 0, clearedAt: 0, events: parseStoredRecords(value, MAX_EVENTS_CAP) };
  if (typeof value === 'number') return { savedAt: 0, clearedAt: finite(value), events: [] };
  if (typeof value !== 'object' || value === null) return { savedAt: 0, clearedAt: 0, events: [] };
  const o = value as Record<string, unknown>;
  return { savedAt: finite(o.savedAt), clearedAt: finite(o.clearedAt), events: parseStoredRecords(o.events, MAX_EVENTS_CAP) };
}

export class SharedEventsList {
  /** The events this window received, newest first, with the payloads its file may have dropped. */
  private own: WebhookEventRecord[] = [];
  /** Every other window's events as last read. */
  private others: WebhookEventRecord[] = [];
  /** The latest Clear of any window known here. */
  private clearedAt = 0;
  /** The Clear this window's file holds: another window's file is removed only once it is not later. */
  private writtenClearedAt = 0;
  private listed: WebhookEventRecord[] = [];
  private loaded: Promise<void> | undefined;

  constructor(
    private readonly folder: Folder,
    private readonly ownKey: string,
    private readonly legacy: LegacyState,
    private readonly max: () => number,
    private readonly now: () => number = Date.now,
  ) {}

  /** The list, newest first: until `load` resolves, this window's events only. */
  get records(): readonly WebhookEventRecord[] {
    return this.listed;
  }

  get(key: string): WebhookEventRecord | undefined {
    return this.listed.find((r) => r.key === key);
  }

  /** The first read: the old global-state keys move in (once: removed there), then every window's file is read. */
  load(): Promise<void> {
    this.loaded ??= this.folder.adopt(this.legacy, [EVENTS_KEY]).catch(() => undefined)
      .then(() => this.folder.refresh())
      .then(() => { this.read(); });
    return this.loaded;
  }

  /** Reads the folder again (another window wrote); true when the list changed. */
  async refresh(): Promise<boolean> {
    await this.load();
    await this.folder.refresh();
    const before = this.listedKeys();
    this.read();
    return this.listedKeys() !== before;
  }

  /**
   * Adds a row; false (and nothing added) when it is an accepted delivery whose webhookId is
   * already listed: the receiver forgets ids on restart, the list remembers them.
   */
  add(record: WebhookEventRecord): boolean {
    if (record.status !== 'refused' && record.webhookId !== undefined && hasAcceptedDelivery(this.listed, record.webhookId)) return false;
    this.own.unshift(record);
    this.merge();
    return true;
  }

  /** Empties the list in every window: what was received until now is gone everywhere. */
  clear(): void {
    this.own = [];
    this.clearedAt = Math.max(this.clearedAt, this.now());
    this.merge();
  }

  /** Applies a lower maxEvents; true when rows were dropped. */
  applyMax(): boolean {
    const before = this.listed.length;
    this.merge();
    return this.listed.length < before;
  }

  /** Writes this window's file (its events, within the count and byte budget, and the Clear it knows). */
  async write(): Promise<void> {
    await this.load();
    const clearedAt = this.clearedAt;
    const events = toPersisted(this.own, this.limit);
    await this.folder.change(this.ownKey, () => ({ savedAt: this.now(), clearedAt, events }));
    this.writtenClearedAt = Math.max(this.writtenClearedAt, clearedAt);
    await this.removeIdle();
  }

  private get limit(): number {
    return clampMax(this.max());
  }

  private listedKeys(): string {
    return this.listed.map((r) => r.key).join();
  }

  /** Takes in every window's file as the folder holds it now. */
  private read(): void {
    const others: WebhookEventRecord[] = [];
    for (const key of this.folder.keys().filter((k) => k.startsWith(EVENTS_KEY))) {
      const file = readWindowEvents(this.folder.get(key));
      this.clearedAt = Math.max(this.clearedAt, file.clearedAt);
      // A window's own file read back (this window wrote it before this list was made): its events are its own.
      if (key === this.ownKey) this.own = dedupe([...this.own, ...file.events]);
      else others.push(...file.events);
    }
    this.others = others;
    this.merge();
  }

  /** The list from this window's events and the others': each key once (ours first: it may hold the payload), newest first. */
  private merge(): void {
    const merged = dedupe([...this.own, ...this.others])
      .filter((r) => r.receivedAt >= this.clearedAt)
      .map((record, position) => ({ record, position }))
      .sort((a, b) => b.record.receivedAt - a.record.receivedAt || a.position - b.position)
      .map(({ record }) => record)
      .slice(0, this.limit);
    this.listed = merged;
    // What is no longer listed is no longer this window's to keep; the rest newest first, as its file holds it.
    const mine = new Set(this.own.map((r) => r.key));
    this.own = merged.filter((r) => mine.has(r.key));
  }

  private async removeIdle(): Promise<void> {
    const shown = new Set(this.listed.map((r) => r.key));
    const now = this.now();
    for (const key of this.folder.keys().filter((k) => k.startsWith(EVENTS_KEY) && k !== this.ownKey)) {
      const file = readWindowEvents(this.folder.get(key));
      if (now - file.savedAt < IDLE_BEFORE_REMOVAL_MS || file.clearedAt > this.writtenClearedAt || file.events.some((r) => shown.has(r.key))) continue;
      await this.folder.update(key, undefined).catch(() => undefined);
    }
  }
}

function dedupe(records: readonly WebhookEventRecord[]): WebhookEventRecord[] {
  const byKey = new Map<string, WebhookEventRecord>();
  for (const record of records) if (!byKey.has(record.key)) byKey.set(record.key, record);
  return [...byKey.values()];
}

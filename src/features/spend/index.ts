// Today's spend, by who asked, shared by every window: each search stored (whoever ran it), and each
// scrape, map or job that reports its credits, adds them to this window's entry in the shared folder
// of global storage (src/core/spend/ledger.ts, src/core/shared-folder.ts: no window's write can drop
// another's), and today's spend is read over every window's entry. The chat tools' daily cap and
// the credits tooltip read it here. Each spend is kept in the usage ledger too, by kind
// (./usage-ledger.ts, issue 49).
import * as vscode from 'vscode';
import type { UsageSpend } from '../../core/usage-ledger/ledger';
import { localDay, parseWindowSpend, SPEND_KEY_PREFIX, spendToday, withSpend, type SpendEntry, type SpendToday } from '../../core/spend/ledger';
import type { SearchDone } from '../search';
import type { Services } from '../../platform/services';
import { createUsageLedger, type UsageLedger } from './usage-ledger';

/** What kind of spend it is, for the usage ledger, and the watch, job or run it belongs to. */
export type SpendUse = Pick<UsageSpend, 'kind' | 'subject'>;

export interface SpendApi {
  /** Credits spent today (local time) by agents, the person and other extensions, in every window. */
  today(): SpendToday;
  /** After credits spent were recorded, here or in another window. */
  readonly onDidChange: vscode.Event<void>;
  /** Counts credits spent by something other than a search (a scrape, a map, a job); an id counted twice counts once. */
  record(entry: SpendEntry, use: SpendUse): Promise<void>;
  /** After a spend of this window was recorded (today's spend and the usage ledger both written). */
  readonly onDidRecord: vscode.Event<void>;
  /** Every spend of the last 90 days by day and kind, in every window (read when first asked). */
  readonly usage: UsageLedger;
}

export function registerSpend(services: Services, searches: { onDidSearch: vscode.Event<SearchDone> }): SpendApi {
  const { shared } = services;
  const ownKey = `${SPEND_KEY_PREFIX}${services.windowId}`;
  const changed = new vscode.EventEmitter<void>();
  const recorded = new vscode.EventEmitter<void>();
  const ownKeys = (): string[] => shared.keys().filter((key) => key.startsWith(SPEND_KEY_PREFIX));
  /** Entries recorded here whose write is under way. */
  const recording = new Set<{ day: string; entry: SpendEntry }>();
  const usage = createUsageLedger(services);
  const today = (): SpendToday => {
    const day = localDay(new Date());
    const writing = { day, entries: [...recording].filter((r) => r.day === day).map((r) => r.entry) };
    return spendToday([...ownKeys().map((key) => shared.get(key)), writing], day);
  };

  // One entry per write, computed at its turn from the window's own file (as this window last wrote
  // it: only this window writes its key).
  const record = async (entry: SpendEntry, use: SpendUse): Promise<void> => {
    if (!Number.isFinite(entry.credits) || entry.credits < 0) return;
    const day = localDay(new Date());
    // Written beside today's spend, not after it: neither waits for the other's file.
    const kept = usage.record({ ...use, id: entry.id, credits: entry.credits }).catch((err: unknown) => services.log.warn(`Could not keep the spend in the usage ledger: ${String(err)}`));
    // Counted at once, while its file is written (a daily limit checked right after must see it).
    const mine = { day, entry };
    recording.add(mine);
    try {
      await shared.change(ownKey, (current) => withSpend(parseWindowSpend(current), day, entry), { onlyWriter: true });
    } finally {
      recording.delete(mine);
      await kept;
    }
    // Windows that closed on an earlier day leave their entry: gone once it is two days old.
    const yesterday = localDay(new Date(Date.now() - 24 * 60 * 60 * 1000));
    for (const key of ownKeys()) {
      const spend = parseWindowSpend(shared.get(key));
      if (key !== ownKey && (!spend || (spend.day !== day && spend.day !== yesterday))) await shared.update(key, undefined);
    }
    changed.fire();
    recorded.fire();
  };
  // Another window's spend counts as soon as its file changes.
  services.context.subscriptions.push(changed, recorded, shared.onDidChange(() => { changed.fire(); }), searches.onDidSearch((done) => {
    const credits = done.record.response.creditsUsed;
    if (typeof credits !== 'number') return;
    record({ id: done.record.id, credits, askedBy: done.record.askedBy ?? 'person' }, { kind: 'search' }).catch((err: unknown) => services.log.warn(`Could not record the search's credits: ${String(err)}`));
  }));
  return {
    today,
    onDidChange: changed.event,
    onDidRecord: recorded.event,
    usage,
    record: (entry, use) => record(entry, use).catch((err: unknown) => services.log.warn(`Could not record the credits spent: ${String(err)}`)),
  };
}

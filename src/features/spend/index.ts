// Today's spend, by who asked, shared by every window: each search stored (whoever ran it), and each
// scrape, map or job that reports its credits, adds them to this window's entry in global state
// (src/core/spend/ledger.ts), and today's spend is read over every window's entry. The chat tools'
// daily cap and the credits tooltip read it here.
import * as vscode from 'vscode';
import { localDay, parseWindowSpend, SPEND_KEY_PREFIX, spendToday, withSpend, type SpendEntry, type SpendToday } from '../../core/spend/ledger';
import type { SearchDone } from '../search';
import type { Services } from '../../platform/services';

export interface SpendApi {
  /** Credits spent today (local time) by agents, the person and other extensions, in every window. */
  today(): SpendToday;
  /** After this window recorded credits spent. */
  readonly onDidChange: vscode.Event<void>;
  /** Counts credits spent by something other than a search (a scrape, a map, a job); an id counted twice counts once. */
  record(entry: SpendEntry): Promise<void>;
}

export function registerSpend(services: Services, searches: { onDidSearch: vscode.Event<SearchDone> }): SpendApi {
  const { globalState } = services.context;
  const ownKey = `${SPEND_KEY_PREFIX}${vscode.env.sessionId}`;
  const changed = new vscode.EventEmitter<void>();
  const ownKeys = (): string[] => globalState.keys().filter((key) => key.startsWith(SPEND_KEY_PREFIX));

  const write = async (entry: SpendEntry): Promise<void> => {
    if (!Number.isFinite(entry.credits) || entry.credits < 0) return;
    const day = localDay(new Date());
    // VS Code's memento takes the echo of each write it sent as its whole state, so a write made
    // while an earlier one is on its way is undone by that echo (and the undone state is what it
    // sends): entries are written one at a time (below), and each is looked for once its write is
    // done and written again when another write's echo undid it.
    for (let attempt = 0; attempt < 3; attempt++) {
      await globalState.update(ownKey, withSpend(parseWindowSpend(globalState.get(ownKey)), day, entry));
      if (parseWindowSpend(globalState.get(ownKey))?.entries.some((e) => e.id === entry.id)) break;
    }
    // Windows that closed on an earlier day leave their entry: gone once it is two days old.
    const yesterday = localDay(new Date(Date.now() - 24 * 60 * 60 * 1000));
    for (const key of ownKeys()) {
      const spend = parseWindowSpend(globalState.get(key));
      if (key !== ownKey && (!spend || (spend.day !== day && spend.day !== yesterday))) await globalState.update(key, undefined);
    }
    changed.fire();
  };
  let writing: Promise<void> = Promise.resolve();
  const record = (entry: SpendEntry): Promise<void> => {
    const done = writing.then(() => write(entry));
    writing = done.catch(() => undefined);
    return done;
  };
  services.context.subscriptions.push(changed, searches.onDidSearch((done) => {
    const credits = done.record.response.creditsUsed;
    if (typeof credits !== 'number') return;
    record({ id: done.record.id, credits, askedBy: done.record.askedBy ?? 'person' }).catch((err: unknown) => services.log.warn(`Could not record the search's credits: ${String(err)}`));
  }));
  return {
    today: () => spendToday(ownKeys().map((key) => globalState.get(key)), localDay(new Date())),
    onDidChange: changed.event,
    record: (entry) => record(entry).catch((err: unknown) => services.log.warn(`Could not record the credits spent: ${String(err)}`)),
  };
}

// The usage ledger's files: a SharedFolder of its own (a sub-folder of the shared one), one key per
// window and local day (USAGE_KEY_PREFIX, the day and the session id), so a spend replaces a file of
// today's spends in this window only, whatever the window kept before: with one file per window, a
// window open for a month rewrote 50 KiB per spend, about 3 ms (npm run bench -- usage), against
// the goal of 1 ms. This window is its key's only writer, so the file is not read again before each
// spend (onlyWriter): a temporary file written and renamed, under 1 ms. Nothing is read until the history is first asked for (the panel, the tooltip,
// the chat tool), so activation reads nothing here.
import { SharedFolder } from '../shared-folder';
import type { RetryPolicy } from '../fs-retry';
import { dayBefore, firstKeptDay, parseWindowUsage, USAGE_KEY_PREFIX, usageHistory, withUsage, type UsageHistory, type UsageSpend, type WindowUsage } from './ledger';

export class UsageLedgerStore {
  private readonly folder: SharedFolder;
  private read = false;

  /** `today`: the local day now (a test's clock). */
  constructor(dir: string, private readonly sessionId: string, private readonly today: () => string, retry?: RetryPolicy) {
    this.folder = new SharedFolder(dir, retry);
  }

  /** Adds a spend to this window's key of today (its own file, read and replaced whole). */
  async record(spend: UsageSpend): Promise<void> {
    if (!Number.isFinite(spend.credits) || spend.credits < 0) return;
    const day = this.today();
    await this.folder.change(usageKey(day, this.sessionId), (current) => withUsage(parseWindowUsage(current), day, spend), { onlyWriter: true });
  }

  /**
   * Every window's spends of the last `days` days (at most the 90 kept), read from the folder now;
   * the keys of days before the 90 are removed.
   */
  async history(days: number): Promise<UsageHistory> {
    await this.folder.settled();
    await this.folder.refresh();
    this.read = true;
    const today = this.today();
    const first = firstKeptDay(today);
    const windows: WindowUsage[] = [];
    for (const key of this.folder.keys().filter((k) => k.startsWith(USAGE_KEY_PREFIX))) {
      const day = key.slice(USAGE_KEY_PREFIX.length, USAGE_KEY_PREFIX.length + 10);
      if (day < first) await this.folder.update(key, undefined);
      else windows.push(parseWindowUsage(this.folder.get(key)));
    }
    const from = [firstKeptDay(today), dayBefore(today, Math.max(0, days - 1))].sort().at(-1) ?? today;
    return usageHistory(windows, from, today);
  }

  /** Whether the history was read in this window (activation must not: a host test checks). */
  get wasRead(): boolean {
    return this.read;
  }

  dispose(): void {
    this.folder.dispose();
  }
}

/** A window's key of one local day. */
function usageKey(day: string, sessionId: string): string {
  return `${USAGE_KEY_PREFIX}${day}:${sessionId}`;
}

// Each check's `actualCredits` in today's spend (issue 37): the checks run from here (Check Now, with
// who asked) and those the service ran on schedule, found when the watches are read (on focus, on the
// refresh timer, on Refresh Watches). A watch that last ran today has its checks read once for that
// run; each check that ended today counts once (src/core/monitor/check-spend.ts). Every window may
// find the same check: each records it in its own spend entry, under the check's own id, and today's
// spend counts an id once, so no window's write is lost and no check counts twice. A scheduled check
// counts as the person's: they own the watch, whoever made it.
import * as vscode from 'vscode';
import { checkSpendId, checksToCount, watchesRunToday } from '../../core/monitor/check-spend';
import type { Monitor } from '../../core/monitor/schemas';
import type { SearchAsker } from '../../core/search/record';
import { localDay } from '../../core/spend/ledger';
import { Disposable } from '../../platform/disposable';
import type { WatchModel } from './model';

/** A check's credits, to count in today's spend. */
export interface WatchCheckDone {
  id: string;
  /** The check's own id (the docs sets kept fresh read its pages). */
  checkId: string;
  /** The watch the check is of (the usage ledger counts what each watch spends). */
  watchId: string;
  credits: number;
  askedBy: SearchAsker;
}

/** Spend ids this window counted, at most (a day of 5-minute checks of a few watches). */
const MAX_COUNTED = 2000;

export class CheckSpend extends Disposable {
  private readonly spent = this._register(new vscode.EventEmitter<WatchCheckDone>());
  readonly onDidSpend = this.spent.event;
  /** The last run of each watch whose checks were read for it. */
  private readonly readAt = new Map<string, string>();
  private readonly counted = new Set<string>();
  private counting: Promise<void> = Promise.resolve();

  constructor(private readonly model: WatchModel) {
    super();
    this._register(model.onDidRead((monitors) => { this.counting = this.counting.then(() => this.count(monitors)); }));
  }

  /** A check run from this window, counted for who asked (and not again when the list shows it). */
  ran(checkId: string, watchId: string, credits: number | null | undefined, askedBy: SearchAsker): void {
    if (typeof credits !== 'number') return;
    this.fire({ id: checkSpendId(checkId), checkId, watchId, credits, askedBy });
  }

  /** Resolves once the checks found by the reads so far were counted (host tests wait on it). */
  settled(): Promise<void> {
    return this.counting;
  }

  private async count(monitors: readonly Monitor[]): Promise<void> {
    const day = localDay(new Date());
    for (const monitor of watchesRunToday(monitors, day, this.readAt)) {
      try {
        const checks = await this.model.checksOf(monitor.id);
        for (const found of checksToCount(checks, day, this.counted)) {
          const checkId = checks.find((check) => checkSpendId(check.id) === found.id)?.id ?? found.id;
          this.fire({ ...found, checkId, watchId: monitor.id, askedBy: 'person' });
        }
        if (typeof monitor.lastRunAt === 'string') this.readAt.set(monitor.id, monitor.lastRunAt);
      } catch {
        // Read again at the next read of the list: nothing was counted for this watch.
      }
    }
  }

  private fire(done: WatchCheckDone): void {
    if (this.counted.has(done.id)) return;
    this.counted.add(done.id);
    for (const old of this.counted) if (this.counted.size > MAX_COUNTED) this.counted.delete(old);
    this.spent.fire(done);
  }
}

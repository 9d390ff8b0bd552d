// Notifications for changes that matter: the watches are read every webData.watch.refreshMinutes
// (and when the window gets the focus, ./model.ts); for each watch that ran a check since, its newest
// check's pages are read, and when a change matters (judged meaningful, or any change when the watch
// has no goal) one notification names the watch with Show Diff. One per check in all windows: the
// window that claims the check first (core/monitor/claim.ts) tells; a check run here is claimed by
// Check Now, whose own message says what it found. With the webhook receiver wired (issue 37), a
// watch's monitor.page and monitor.check.completed deliveries bring its check here at once
// (`reported`), through the same claim: the regular reading stays, and finds the check told.
import { join } from 'node:path';
import * as vscode from 'vscode';
import { CheckClaims } from '../../core/monitor/claim';
import { countsOf } from '../../core/monitor/present';
import type { Monitor } from '../../core/monitor/schemas';
import { Setting } from '../../core/ids';
import { inertNotification } from '../../core/text/inert';
import { Disposable, toDisposable } from '../../platform/disposable';
import { onDidChangeSetting } from '../../platform/settings';
import { watchRefreshMinutes } from '../../platform/feature-settings';
import type { WatchModel } from './model';
import { countsWords, words } from './words';

export interface WatchNotice {
  watchId: string;
  checkId: string;
  message: string;
}

/** A check's pages are delivered one by one before its end: its notification waits this long after the last page. */
const PAGE_SETTLE_MS = 3000;

export class WatchNotifier extends Disposable {
  readonly claims: CheckClaims;
  /** Checks told by webhook, waiting for their end (or for their pages to settle). */
  private readonly pending = new Map<string, NodeJS.Timeout>();
  /** Watches whose Check Now runs here: its own message tells of the check its webhook also reports. */
  readonly checkingNow = new Set<string>();
  private readonly noticed = this._register(new vscode.EventEmitter<WatchNotice>());
  /** Each notification shown (host tests count them). */
  readonly onDidNotify = this.noticed.event;
  private readonly heard = this._register(new vscode.EventEmitter<{ watchId: string; checkId: string }>());
  /** Each check a webhook told of, once it was considered (host tests wait for it). */
  readonly onDidHearCheck = this.heard.event;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly model: WatchModel, globalStorage: string, private readonly showDiff: (watchId: string, checkId: string) => unknown) {
    super();
    this.claims = new CheckClaims(join(globalStorage, 'watch-notified'));
    this._register(model.onDidRun((monitors) => { for (const monitor of monitors) void this.consider(monitor); }));
    this._register(onDidChangeSetting(Setting.watchRefreshMinutes, () => { this.schedule(); }));
    this._register(toDisposable(() => {
      if (this.timer) clearInterval(this.timer);
      for (const timer of this.pending.values()) clearTimeout(timer);
      this.pending.clear();
    }));
    this.schedule();
  }

  private schedule(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    const minutes = watchRefreshMinutes();
    // Read only once this profile has watches; a read with none costs a request and tells nothing.
    if (minutes > 0) this.timer = setInterval(() => { if (this.model.known) void this.model.refresh(); }, minutes * 60_000);
  }

  /**
   * A webhook told of a watch's check: a page of it (monitor.page) or its end
   * (monitor.check.completed). The Watches group is read again and the check considered once, at its
   * end or a moment after its last page.
   */
  reported(report: { monitorId: string; checkId: string; ended: boolean }): void {
    const key = report.checkId.toLowerCase();
    clearTimeout(this.pending.get(key));
    this.pending.set(key, setTimeout(() => {
      this.pending.delete(key);
      void this.considerReported(report.monitorId, key);
    }, report.ended ? 0 : PAGE_SETTLE_MS));
  }

  private async considerReported(monitorId: string, checkId: string): Promise<void> {
    if (this.isDisposed) return;
    try {
      if (this.checkingNow.has(monitorId)) return;
      this.model.forgetChecks(monitorId);
      // The check first, then the list: a read of the list that sees the watch's new run considers
      // it too, and the claim lets only the first tell.
      if (this.model.get(monitorId) === undefined) await this.model.refresh();
      const monitor = this.model.get(monitorId);
      if (monitor) await this.consider(monitor, checkId);
      await this.model.refresh();
    } finally {
      this.heard.fire({ watchId: monitorId, checkId });
    }
  }

  /** The watch's newest check, or the one named; one notification when a change in it matters. */
  private async consider(monitor: Monitor, checkId?: string): Promise<void> {
    try {
      const checks = await this.model.checksOf(monitor.id);
      const check = checkId === undefined ? checks[0] : checks.find((c) => c.id.toLowerCase() === checkId);
      if (check?.status !== 'completed' && check?.status !== 'partial') return;
      const pages = await this.model.pagesOf(monitor.id, check.id);
      const counts = countsOf(check.summary, pages, typeof monitor.goal === 'string');
      if (counts?.matters === undefined || counts.matters === 0) return;
      if (!(await this.claims.claim(check.id))) return;
      const message = inertNotification(words.noticed(monitor.name ?? monitor.id, countsWords(counts)));
      this.noticed.fire({ watchId: monitor.id, checkId: check.id, message });
      const show = words.showDiff();
      // Not awaited: the button stays the person's to press, and the check's handling ends now.
      void vscode.window.showInformationMessage(message, show).then((choice) => (choice === show ? this.showDiff(monitor.id, check.id) : undefined));
    } catch {
      // A watch that cannot be read now is read again at the next refresh; its check was not claimed.
    }
  }
}

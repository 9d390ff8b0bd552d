// Notifications for changes that matter: the watches are read every webData.watch.refreshMinutes
// (and when the window gets the focus, ./model.ts); for each watch that ran a check since, its newest
// check's pages are read, and when a change matters (judged meaningful, or any change when the watch
// has no goal) one notification names the watch with Show Diff. One per check in all windows: the
// window that claims the check first (core/monitor/claim.ts) tells; a check run here is claimed by
// Check Now, whose own message says what it found.
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

export class WatchNotifier extends Disposable {
  readonly claims: CheckClaims;
  private readonly noticed = this._register(new vscode.EventEmitter<WatchNotice>());
  /** Each notification shown (host tests count them). */
  readonly onDidNotify = this.noticed.event;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly model: WatchModel, globalStorage: string, private readonly showDiff: (watchId: string, checkId: string) => unknown) {
    super();
    this.claims = new CheckClaims(join(globalStorage, 'watch-notified'));
    this._register(model.onDidRun((monitors) => { for (const monitor of monitors) void this.consider(monitor); }));
    this._register(onDidChangeSetting(Setting.watchRefreshMinutes, () => { this.schedule(); }));
    this._register(toDisposable(() => { if (this.timer) clearInterval(this.timer); }));
    this.schedule();
  }

  private schedule(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    const minutes = watchRefreshMinutes();
    // Read only once this profile has watches; a read with none costs a request and tells nothing.
    if (minutes > 0) this.timer = setInterval(() => { if (this.model.known) void this.model.refresh(); }, minutes * 60_000);
  }

  private async consider(monitor: Monitor): Promise<void> {
    try {
      const [check] = await this.model.checksOf(monitor.id);
      if (check?.status !== 'completed' && check?.status !== 'partial') return;
      const pages = await this.model.pagesOf(monitor.id, check.id);
      const counts = countsOf(check.summary, pages, typeof monitor.goal === 'string');
      if (counts?.matters === undefined || counts.matters === 0) return;
      if (!(await this.claims.claim(check.id))) return;
      const message = inertNotification(words.noticed(monitor.name ?? monitor.id, countsWords(counts)));
      this.noticed.fire({ watchId: monitor.id, checkId: check.id, message });
      const show = words.showDiff();
      const choice = await vscode.window.showInformationMessage(message, show);
      if (choice === show) await this.showDiff(monitor.id, check.id);
    } catch {
      // A watch that cannot be read now is read again at the next refresh; its check was not claimed.
    }
  }
}

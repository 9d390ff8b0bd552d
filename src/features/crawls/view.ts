// The Active Crawls view: loads GET /v2/crawl/active through the shared Poller, polls only while
// the view is visible, and shows failures in the view itself (a notification only when a person
// asked for the refresh).
import * as vscode from 'vscode';
import type { ActiveCrawl } from '../../core/api';
import { CrawlList } from '../../core/crawls';
import { Setting, View } from '../../core/ids';
import { Poller, type PollOutcome } from '../../core/polling';
import { inertLabel } from '../../core/text/inert';
import { ConnectionFetch } from '../../platform/connection-fetch';
import { Disposable, toDisposable } from '../../platform/disposable';
import { describeError, showError } from '../../platform/notify';
import type { Services } from '../../platform/services';
import { crawlsRefreshInterval, onDidChangeSetting } from '../../platform/settings';
import { CrawlsTreeProvider, type CrawlTreeNode } from './rows';

// Polling faster than this only spends the rate limit.
const MIN_POLL_MS = 5000;

/** The view as the user sees it (its message, badge, visibility): read-only. */
export type ShownTreeView = Readonly<Pick<vscode.TreeView<CrawlTreeNode>, 'message' | 'badge' | 'visible'>>;

export class ActiveCrawlsView extends Disposable {
  private readonly list = new CrawlList();
  private readonly rows = this._register(new CrawlsTreeProvider(() => this.list.crawls));
  private readonly treeView: vscode.TreeView<CrawlTreeNode>;
  private readonly fetches: ConnectionFetch;
  private readonly poller: Poller;
  private readonly leftEmitter = this._register(new vscode.EventEmitter<string[]>());
  /** Fires with the ids of crawls a listing no longer has (not those a webhook took off). */
  readonly onDidLeave = this.leftEmitter.event;
  /** The next load was asked for by a person: a failure may notify. */
  private notifyNext = false;

  constructor(private readonly services: Services) {
    super();
    this.fetches = new ConnectionFetch(services.connection, () => this.isDisposed);
    this.poller = new Poller({ run: () => this.load(), intervalMs: () => crawlsRefreshInterval() * 1000, minIntervalMs: MIN_POLL_MS });
    this.treeView = this._register(vscode.window.createTreeView(View.activeCrawls, { treeDataProvider: this.rows, showCollapseAll: true }));
    this._register(toDisposable(() => {
      this.poller.dispose();
      this.fetches.invalidate();
    }));
    this._register(this.treeView.onDidChangeVisibility(() => this.updatePolling()));
    this._register(services.connection.onDidChange(() => this.connectionChanged()));
    this._register(onDidChangeSetting(Setting.activeCrawlsRefreshInterval, () => this.poller.reschedule()));
  }

  get crawls(): readonly ActiveCrawl[] {
    return this.list.crawls;
  }

  /** The rows as the view shows them. */
  get tree(): vscode.TreeDataProvider<CrawlTreeNode> {
    return this.rows;
  }

  /** Whether the next poll is waiting on its timer: never while the view is hidden or not connected. */
  get pollScheduled(): boolean {
    return this.poller.scheduled;
  }

  /** The view's message, badge and visibility as shown. */
  get view(): ShownTreeView {
    return this.treeView;
  }

  /**
   * Loads the listing. Calls while one runs coalesce into one more run after it. `notify` is for
   * refreshes a person asked for: only they may raise a notification on failure.
   */
  refresh(options: { notify?: boolean } = {}): Promise<void> {
    if (options.notify) this.notifyNext = true;
    return this.poller.refresh();
  }

  /** A crawl reported completed (the crawl.completed webhook): off the list at once, and for a while after. */
  removeCrawl(id: string): boolean {
    const removed = this.list.remove(id);
    if (removed) this.render();
    return removed;
  }

  private async load(): Promise<PollOutcome> {
    const notify = this.notifyNext;
    this.notifyNext = false;
    const outcome = await this.fetches.fetch((client, signal) => client.listActiveCrawls({ signal }));
    switch (outcome.kind) {
      case 'stale':
        return 'stale';
      case 'failed':
        this.failed(outcome.error, notify);
        return 'failed';
      case 'not-connected':
        this.list.clear();
        this.show();
        return 'stale';
      case 'done': {
        const before = this.list.crawls.map((crawl) => crawl.id);
        this.list.set(outcome.value);
        const after = new Set(this.list.crawls.map((crawl) => crawl.id));
        const left = before.filter((id) => !after.has(id));
        this.show();
        if (left.length > 0) this.leftEmitter.fire(left);
        return 'succeeded';
      }
    }
  }

  private show(): void {
    this.treeView.message = undefined;
    this.render();
  }

  private failed(err: unknown, notify: boolean): void {
    // The view's message is plain text; the service's words are still cleaned of controls and bidi.
    const why = inertLabel(describeError(err), 500);
    const shown = this.list.crawls.length > 0 ? vscode.l10n.t(' The list shows the last crawls loaded.') : '';
    // The message stays until a refresh succeeds: a failing poll changes nothing a person sees twice.
    if (this.treeView.message === undefined) this.services.log.warn(`Active crawls: ${why}`);
    this.treeView.message = vscode.l10n.t('Could not load the active crawls: {0}{1}', why, shown);
    if (notify) void showError(this.services.log, vscode.l10n.t('Could not load the active crawls'), err, { retry: () => this.refresh({ notify: true }) });
  }

  private render(): void {
    const count = this.list.crawls.length;
    this.treeView.badge = count > 0 ? { value: count, tooltip: count === 1 ? vscode.l10n.t('1 active crawl') : vscode.l10n.t('{0} active crawls', count) } : undefined;
    this.rows.changed();
  }

  /** Polls while the view is visible and a key is set; the poller catches up on a stale list. */
  private updatePolling(): void {
    this.poller.setActive(this.treeView.visible && this.services.connection.isConnected);
  }

  private connectionChanged(): void {
    this.fetches.invalidate();
    this.poller.invalidate();
    this.list.clear();
    this.treeView.message = undefined;
    this.render();
    // One load per connection even while hidden, so the badge on the activity bar counts the
    // crawls at a glance; polling itself waits until the view is visible.
    this.poller.setActive(false);
    this.updatePolling();
    if (this.services.connection.isConnected && !this.treeView.visible) void this.refresh();
  }
}

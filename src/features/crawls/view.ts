// The Active Crawls view: loads GET /v2/crawl/active, polls only while the view is visible, and
// shows failures in the view itself (a notification only when a person asked for the refresh).
import * as vscode from 'vscode';
import { CoalescingTask } from '../../core/coalesce';
import type { ActiveCrawl } from '../../core/api';
import { CrawlList } from '../../core/crawls';
import { inertLabel } from '../../core/text/inert';
import { ConnectionFetch } from '../../platform/connection-fetch';
import { Disposable, interval, toDisposable } from '../../platform/disposable';
import { describeError, showError } from '../../platform/notify';
import type { Services } from '../../platform/services';
import { crawlsRefreshInterval, onDidChangeSetting } from '../../platform/settings';
import { CrawlsTreeProvider, type CrawlTreeNode } from './rows';

export const ACTIVE_CRAWLS_VIEW = 'webData.activeCrawls';

// Polling faster than this only spends the rate limit.
const MIN_POLL_SECONDS = 5;

/** A row as the tests read it: what the tree shows, children included. */
export interface CrawlRowSnapshot {
  label: string;
  description?: string;
  tooltip?: string;
  contextValue?: string;
  children: CrawlRowSnapshot[];
}

export class ActiveCrawlsView extends Disposable {
  private readonly list = new CrawlList();
  private readonly tree = this._register(new CrawlsTreeProvider(() => this.list.crawls));
  private readonly treeView: vscode.TreeView<CrawlTreeNode>;
  private readonly loads = new CoalescingTask(() => this.load(), () => this.isDisposed);
  private readonly fetches: ConnectionFetch;
  private poll?: vscode.Disposable;
  /** When the list was last loaded (ms); 0 = stale, load on the next chance. */
  private loadedAt = 0;
  /** The next load was asked for by a person: a failure may notify. */
  private notifyNext = false;

  constructor(private readonly services: Services) {
    super();
    this.fetches = new ConnectionFetch(services.connection, () => this.isDisposed);
    this.treeView = this._register(vscode.window.createTreeView(ACTIVE_CRAWLS_VIEW, { treeDataProvider: this.tree, showCollapseAll: true }));
    this._register(toDisposable(() => {
      this.poll?.dispose();
      this.fetches.invalidate();
    }));
    this._register(this.treeView.onDidChangeVisibility(() => this.visibilityChanged()));
    this._register(services.connection.onDidChange(() => this.connectionChanged()));
    this._register(onDidChangeSetting('activeCrawls.refreshInterval', () => this.restartPoll()));
  }

  get crawls(): readonly ActiveCrawl[] {
    return this.list.crawls;
  }

  get message(): string | undefined {
    return this.treeView.message;
  }

  get badge(): vscode.ViewBadge | undefined {
    return this.treeView.badge;
  }

  get visible(): boolean {
    return this.treeView.visible;
  }

  /**
   * Loads the listing. Calls while one runs coalesce into one more run after it. `notify` is for
   * refreshes a person asked for: only they may raise a notification on failure.
   */
  refresh(options: { notify?: boolean } = {}): Promise<void> {
    if (options.notify) this.notifyNext = true;
    return this.loads.run();
  }

  /** A crawl reported completed (the crawl.completed webhook): off the list at once, and for a while after. */
  removeCrawl(id: string): boolean {
    const removed = this.list.remove(id);
    if (removed) this.render();
    return removed;
  }

  /** What the tree shows, read through the provider itself. */
  rows(): CrawlRowSnapshot[] {
    const snapshot = (node: CrawlTreeNode): CrawlRowSnapshot => {
      const item = this.tree.getTreeItem(node);
      const tooltip = item.tooltip;
      return {
        label: typeof item.label === 'string' ? item.label : (item.label?.label ?? ''),
        description: typeof item.description === 'string' ? item.description : undefined,
        tooltip: typeof tooltip === 'string' ? tooltip : tooltip?.value,
        contextValue: item.contextValue,
        children: this.tree.getChildren(node).map(snapshot),
      };
    };
    return this.tree.getChildren().map(snapshot);
  }

  private async load(): Promise<void> {
    const notify = this.notifyNext;
    this.notifyNext = false;
    const outcome = await this.fetches.fetch((client, signal) => client.listActiveCrawls({ signal }));
    switch (outcome.kind) {
      case 'stale':
        return;
      case 'failed':
        return this.failed(outcome.error, notify);
      case 'not-connected':
        this.list.clear();
        this.loadedAt = 0;
        break;
      case 'done':
        this.list.set(outcome.value);
        this.loadedAt = Date.now();
        break;
    }
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
    this.tree.changed();
  }

  private visibilityChanged(): void {
    this.restartPoll();
    if (this.treeView.visible && this.isStale()) void this.refresh();
  }

  private connectionChanged(): void {
    this.fetches.invalidate();
    this.list.clear();
    this.treeView.message = undefined;
    this.loadedAt = 0;
    this.render();
    this.restartPoll();
    // One load per connection even while hidden, so the badge on the activity bar counts the
    // crawls at a glance; polling itself waits until the view is visible.
    if (this.services.connection.isConnected) void this.refresh();
  }

  private isStale(): boolean {
    const seconds = crawlsRefreshInterval();
    return this.loadedAt === 0 || (seconds > 0 && Date.now() - this.loadedAt >= seconds * 1000);
  }

  private restartPoll(): void {
    this.poll?.dispose();
    this.poll = undefined;
    const seconds = crawlsRefreshInterval();
    if (seconds <= 0 || !this.treeView.visible || !this.services.connection.isConnected || this.isDisposed) return;
    this.poll = interval(Math.max(MIN_POLL_SECONDS, seconds) * 1000, () => void this.refresh());
  }
}

// The Jobs view (webData.activeCrawls): draws the active-crawls model (src/core/crawls/active.ts:
// the fetch, the poll, the connection), which polls only while the view is visible, and shows
// failures in the view itself (a notification only when a person asked for the refresh). The
// research runs, browser sessions and the crawls and batch scrapes opened here (with their pages)
// are drawn by their features through the sources they hand it.
import * as vscode from 'vscode';
import type { ActiveCrawl } from '../../core/api';
import { ActiveCrawlsModel } from '../../core/crawls';
import { Setting, View } from '../../core/ids';
import type { PolledChange } from '../../core/polled';
import { inertLabel } from '../../core/text/inert';
import { Disposable } from '../../platform/disposable';
import { describeError, showError } from '../../platform/notify';
import type { Services } from '../../platform/services';
import { crawlsRefreshInterval, onDidChangeSetting } from '../../platform/settings';
import type { JobRef } from '../../core/crawls/job';
import { CrawlsTreeProvider, type BrowserSessionSource, type CrawlTreeNode, type JobResultsSource } from './rows';
import type { ResearchRunRow } from '../../core/view-nodes';
import { createTreeView } from '../../platform/stand-ins';
import { queueWords, TeamJobsSource } from './team';
import { setTimeout as sleep } from 'node:timers/promises';

/** A reveal's tries, and the wait before the next (times the try): VS Code redraws a tree 200 ms after its rows change. */
const REVEAL_ATTEMPTS = 4;
const REVEAL_RETRY_MS = 250;

/** Whether two of the view's rows are the same row (rows are made afresh on each read). */
function sameRow(a: CrawlTreeNode, b: CrawlTreeNode): boolean {
  return a.kind === b.kind && 'id' in a && 'id' in b && a.id === b.id;
}

/** The research runs a window follows, for their rows. */
export interface ResearchRunSource {
  runs(): readonly ResearchRunRow[];
  readonly onDidChange: vscode.Event<void>;
}

/** The view as the user sees it (its message, badge, visibility, selected rows): read-only. */
export type ShownTreeView = Readonly<Pick<vscode.TreeView<CrawlTreeNode>, 'message' | 'badge' | 'visible' | 'selection'>>;

export class ActiveCrawlsView extends Disposable {
  /** The active crawls: this view draws it; the webhooks, chat tools and commands use its methods. */
  readonly model: ActiveCrawlsModel;
  private readonly rows: CrawlsTreeProvider;
  private readonly treeView: vscode.TreeView<CrawlTreeNode>;
  /** Fires with the ids of crawls a listing no longer has (not those a webhook took off). */
  readonly onDidLeave: ActiveCrawlsModel['onDidLeave'];

  constructor(private readonly services: Services) {
    super();
    this.model = this._register(new ActiveCrawlsModel({
      connection: services.connection,
      intervalMs: () => crawlsRefreshInterval() * 1000,
      wanted: false,
      onListenerError: (err) => services.log.error(`Active crawls: ${String(err)}`),
    }));
    this.onDidLeave = this.model.onDidLeave;
    this.team = new TeamJobsSource(services);
    const team = { shown: () => services.connection.state.hasApiKey, children: () => this.team.children() };
    this.rows = this._register(new CrawlsTreeProvider(() => this.model.crawls, undefined, () => this.research?.runs() ?? [], () => this.browser, () => this.results, team));
    // A new key is another team: its group is read afresh.
    this._register(services.connection.onDidChange(() => { this.team.forget(); this.rows.changed(); }));
    this.treeView = this._register(createTreeView(View.activeCrawls, { treeDataProvider: this.rows, showCollapseAll: true }));
    this._register(this.model.onDidChange((change) => this.changed(change)));
    this._register(this.treeView.onDidChangeVisibility(() => this.model.setWanted(this.treeView.visible)));
    // The view may be showing already: the feature loads when the view first draws its rows.
    if (this.treeView.visible) this.model.setWanted(true);
    this._register(onDidChangeSetting(Setting.activeCrawlsRefreshInterval, () => this.model.reschedule()));
  }

  /** The team's recent jobs and queue (issue 49). */
  private readonly team: TeamJobsSource;
  /** The queue read while jobs run: one read at a time, the latest answer shown. */
  private queueReads = 0;

  /** The research runs shown above the crawls (src/features/agent): one source, set when that feature loads. */
  private research: ResearchRunSource | undefined;

  showResearch(source: ResearchRunSource): vscode.Disposable {
    this.research = source;
    const listener = source.onDidChange(() => this.rows.changed());
    this.rows.changed();
    return new vscode.Disposable(() => {
      listener.dispose();
      if (this.research === source) this.research = undefined;
      this.rows.changed();
    });
  }

  /** The browser sessions' group, first in the view (src/features/browser): one source, set when that feature loads. */
  private browser: BrowserSessionSource | undefined;

  showBrowserSessions(source: BrowserSessionSource): vscode.Disposable {
    this.browser = source;
    const listener = source.onDidChange(() => this.rows.changed());
    this.rows.changed();
    return new vscode.Disposable(() => {
      listener.dispose();
      if (this.browser === source) this.browser = undefined;
      this.rows.changed();
    });
  }

  /** The crawls and batch scrapes opened here, after the running rows (src/features/crawl-results): one source, set when that feature loads. */
  private results: JobResultsSource | undefined;

  showJobResults(source: JobResultsSource): vscode.Disposable {
    this.results = source;
    const listener = source.onDidChange(() => this.rows.changed());
    this.rows.changed();
    return new vscode.Disposable(() => {
      listener.dispose();
      if (this.results === source) this.results = undefined;
      this.rows.changed();
    });
  }

  /** Bumped by each reveal, so that an older reveal's retry never takes the selection from a newer one. */
  private revealTurn = 0;

  /**
   * Shows the view with a job's row selected and expanded, its pages below it: its crawl's row
   * while the active list has it, else its own. VS Code draws a tree's new rows a moment after its
   * rows changed, and a reveal of a row it has not drawn yet does nothing: so the row is revealed
   * again, a few times, until it is selected, unless a person (or a newer reveal) chose another
   * row meanwhile. A row never shown is logged, not thrown: the job is open all the same.
   */
  async revealJob(ref: JobRef): Promise<void> {
    const turn = ++this.revealTurn;
    const chosen = { elsewhere: false };
    const watch = this.treeView.onDidChangeSelection((change) => {
      if (change.selection.length > 0 && !change.selection.some((node) => sameRow(node, this.rows.jobRow(ref)))) chosen.elsewhere = true;
    });
    const superseded = (): boolean => turn !== this.revealTurn || chosen.elsewhere;
    try {
      for (let attempt = 1; attempt <= REVEAL_ATTEMPTS; attempt++) {
        const row = this.rows.jobRow(ref);
        try {
          await this.treeView.reveal(row, { select: true, focus: true, expand: true });
        } catch (err) {
          this.services.log.warn(`Jobs: could not show the row of ${ref.kind} ${ref.id}: ${describeError(err)}`);
        }
        if (superseded() || this.treeView.selection.some((node) => sameRow(node, row))) return;
        await sleep(REVEAL_RETRY_MS * attempt);
        if (superseded()) return;
      }
    } finally {
      watch.dispose();
    }
    this.services.log.warn(`Jobs: the row of ${ref.kind} ${ref.id} was not shown after ${REVEAL_ATTEMPTS} tries`);
  }

  get crawls(): readonly ActiveCrawl[] {
    return this.model.crawls;
  }

  /** The rows as the view shows them. */
  get tree(): vscode.TreeDataProvider<CrawlTreeNode> {
    return this.rows;
  }

  /** Whether the next poll is waiting on its timer: never while the view is hidden or not connected. */
  get pollScheduled(): boolean {
    return this.model.pollScheduled;
  }

  /** The view's message, badge, visibility and selection as shown. */
  get view(): ShownTreeView {
    return this.treeView;
  }

  /**
   * Loads the listing. Calls while one runs coalesce into one more run after it. `notify` is for
   * refreshes a person asked for: only they may raise a notification on failure.
   */
  refresh(options: { notify?: boolean } = {}): Promise<void> {
    if (options.notify === true) this.team.forget();
    return this.model.refresh({ asked: options.notify === true });
  }

  /** A crawl reported completed: off the list at once, and for a while after (see the model's `remove`). */
  removeCrawl(id: string): boolean {
    return this.model.remove(id) !== undefined;
  }

  private changed(change: PolledChange): void {
    const failure = this.model.failure;
    // A failure keeps the last list loaded (nothing to draw but the message); a removed crawl
    // leaves a failure's message as it was; an answer, a new connection or none replaces it.
    if (change.cause === 'failure') {
      if (failure) this.failed(failure.error, change.asked);
      return;
    }
    if (change.cause !== 'edit') this.treeView.message = undefined;
    this.render();
  }

  private failed(err: unknown, notify: boolean): void {
    // The view's message is plain text; the service's words are still cleaned of controls and bidi.
    const why = inertLabel(describeError(err), 500);
    const shown = this.model.crawls.length > 0 ? vscode.l10n.t(' The list shows the last crawls loaded.') : '';
    // The message stays until a refresh succeeds: a failing poll changes nothing a person sees twice.
    if (this.treeView.message === undefined) this.services.log.warn(`Active crawls: ${why}`);
    this.treeView.message = vscode.l10n.t('Could not load the active crawls: {0}{1}', why, shown);
    if (notify) void showError(this.services.log, vscode.l10n.t('Could not load the active crawls'), err, { retry: () => this.refresh({ notify: true }) });
  }

  private render(): void {
    const count = this.model.crawls.length;
    this.treeView.badge = count > 0 ? { value: count, tooltip: count === 1 ? vscode.l10n.t('1 active crawl') : vscode.l10n.t('{0} active crawls', count) } : undefined;
    this.rows.changed();
    void this.showQueue(count > 0);
  }

  /** The queue's figures as the view's description while jobs run; nothing once none do. */
  private async showQueue(running: boolean): Promise<void> {
    const read = ++this.queueReads;
    const figures = running ? await this.team.queue() : undefined;
    if (read !== this.queueReads || this.isDisposed) return;
    this.treeView.description = figures ? queueWords(figures) : undefined;
  }

  /** The view's description: the queue's figures while jobs run. */
  get description(): string | undefined {
    return this.treeView.description;
  }
}

// Know when a page changes (issue 37): Watch for Changes… makes a watch on the service (a monitor)
// after steps with Back and a review that shows its bound; the Watches group of Search Results shows
// each watch with its next run and last check; Check Now (asked first with its price), Pause, Resume
// (its month named first, as the review names it),
// Delete (asks) and Open Changes act on its rows. A changed page opens in VS Code's diff editor
// (./changes.ts). Each check run from here, or found run on schedule when the watches are read,
// counts its `actualCredits` in today's spend (./check-spend.ts). The chat tools reach watches
// through `agent` (./agent.ts). Registering reads nothing and sends nothing.
import * as vscode from 'vscode';
import type { WebDataClient } from '../../core/api';
import { decodeChanges, decodeDeleteWatch, decodeWatchArgument, decodeWatchId, type ChangesArgument, type WatchArgument } from '../../core/commands/watch';
import { Command, View } from '../../core/ids';
import type { MonitorClient } from '../../core/monitor/api';
import { WatchFlow, type WatchDraft } from '../../core/monitor/flow';
import { countsOf, hasDiff } from '../../core/monitor/present';
import { asksBeforeCreating, watchMonth, type WatchMonth } from '../../core/monitor/month';
import { buildMonitorRequest, creditsPerPageOf, draftOf, pagesPerCheck, type MonitorCreateRequest, type WatchChoices, type WatchWhat } from '../../core/monitor/request';
import { parseSchedule } from '../../core/monitor/schedule';
import type { Monitor, MonitorCheck, MonitorCheckPage } from '../../core/monitor/schemas';
import { inertNotification, inertQuickPick } from '../../core/text/inert';
import { copyText } from '../../platform/clipboard';
import { noArgument, registerCommand } from '../../platform/commands';
import { loadCore } from '../../platform/core';
import { Disposable } from '../../platform/disposable';
import { offerConnect, showError } from '../../platform/notify';
import type { Services } from '../../platform/services';
import { watchConfirmAbove } from '../../platform/feature-settings';
import type { StepFrame } from '../../platform/step-inputs';
import { WebhookWirer, type ReceiverLink } from '../../platform/webhook-wiring';
import { WATCH_TOKENS_PREFIX } from '../../core/jobs/tokens';
import { GroupTree } from '../../platform/group-tree';
import { createTreeView } from '../../platform/stand-ins';
import { viewRows } from '../../core/view-nodes';
import { askBeforeSpending } from '../spend/confirm';
import { checkPriceOf } from '../../core/spend/repeat';
import { urlNearby } from '../scrape/url-input';
import { ChangeDocuments } from './changes';
import { WatchesGroup } from './group';
import { watchAgentApi, type WatchAgentApi } from './agent';
import { CheckSpend, type WatchCheckDone } from './check-spend';
import { WatchModel } from './model';
import { WatchNotifier } from './notifier';
import { checkWhat, confirmAbove, localZone, showResumeReview, showWatchReview, showWatchStep } from './steps';
import { countsWords, watchProblemWords, words } from './words';

export type { WatchCheckDone } from './check-spend';
export type { WatchAgentApi } from './agent';

/** What the feature needs of others: the kept pages to price a page by, a page tab's address, the receiver. */
export interface WatchLinks {
  keptPages(): Promise<ReadonlyArray<{ creditsUsed?: number }>>;
  /** A page tab's address (Watch for Changes… from its title bar). */
  addressOf(uri: vscode.Uri): Promise<string | undefined>;
  /** This window's webhook receiver: a watch made or edited while it is wired tells its checks by webhook. */
  webhooks: ReceiverLink;
}

/** What a watch's webhook hears: each page of a check that is not the same, then the check's end. */
const WATCH_EVENTS = ['monitor.page', 'monitor.check.completed'] as const;

/** What Watch for Changes… takes, and the document the editor's menus pass (its address, or the one under the cursor, fills the first step). */
type WatchCommandArgument = WatchArgument | { kind: 'document'; uri: vscode.Uri };

function decodeWatchCommand(argument: unknown): WatchCommandArgument {
  return argument instanceof vscode.Uri ? { kind: 'document', uri: argument } : decodeWatchArgument(argument);
}

/** A docs set's watch, unless the person edits it at the review: docs change by the release, not by the hour. */
const KEEP_FRESH_SCHEDULE = 'weekly on monday at 9am';

const STEP_NUMBER = { what: 1, schedule: 2, goal: 3, review: 4 } as const;

export class WatchFeature extends Disposable {
  readonly model: WatchModel;
  readonly group: WatchesGroup;
  /** The Watches view's rows. */
  readonly view: GroupTree;
  /** The diffs' sides (host tests read them again as a new start would). */
  readonly changes: ChangeDocuments;
  readonly notifier: WatchNotifier;
  private readonly wirer: WebhookWirer;
  private readonly checkSpend: CheckSpend;
  /** After each check's credits are known: run from this window, or found on schedule (today's spend follows it). */
  readonly onDidCheck: vscode.Event<WatchCheckDone>;
  /** What the chat tools ask of watches. */
  readonly agent: WatchAgentApi;
  private readonly createdEmitter = this._register(new vscode.EventEmitter<Monitor>());
  /** After the service made a watch the person asked for here (the walkthrough's watch step ticks). */
  readonly onDidCreate = this.createdEmitter.event;
  /**
   * Answers the modal confirmations instead of a person, when set: only host tests do (a modal
   * dialog cannot be clicked there). Returns the button chosen.
   */
  answerConfirmation?: (message: string, yes: string) => string | undefined;

  constructor(private readonly services: Services, private readonly links: WatchLinks) {
    super();
    this.wirer = new WebhookWirer(services, links.webhooks, WATCH_TOKENS_PREFIX);
    const api = (): Promise<MonitorClient | undefined> => this.api();
    this.model = this._register(new WatchModel(api, services.globalState, services.connection.onDidChange));
    this.group = this._register(new WatchesGroup(this.model));
    this.checkSpend = this._register(new CheckSpend(this.model));
    this.onDidCheck = this.checkSpend.onDidSpend;
    this.agent = watchAgentApi(this.model, api, () => links.keptPages());
    this.changes = this._register(new ChangeDocuments(api, { pagesOf: (watchId, checkId) => this.model.pagesOf(watchId, checkId), monitor: (watchId) => this.model.get(watchId) }));
    // The Watches view is this feature's: the group's rows at its top.
    this.view = this._register(new GroupTree({ rows: viewRows.watches, flat: true }));
    this._register(this.view.addGroup(this.group));
    this._register(createTreeView(View.watches, { treeDataProvider: this.view, showCollapseAll: true }));
    this.notifier = this._register(new WatchNotifier(this.model, services.context.globalStorageUri.fsPath, (watchId, checkId) => this.openChanges({ kind: 'check', watchId, checkId })));
  }

  /** Once the checks the reads so far found were counted (host tests wait on it rather than on time). */
  checksCounted(): Promise<void> {
    return this.checkSpend.settled();
  }

  private async api(): Promise<MonitorClient | undefined> {
    const client: WebDataClient | undefined = await this.services.connection.getClient();
    return client ? loadCore().monitorClient(client) : undefined;
  }

  /** The client, or undefined after saying how to connect. */
  private async connected(): Promise<MonitorClient | undefined> {
    const api = await this.api();
    if (api) return api;
    offerConnect(words.notConnected(), words.connect());
    return undefined;
  }

  /** webData.watch: the steps, the review with the bound, then the watch made. Resolves with it, or undefined. */
  async watch(argument: WatchCommandArgument): Promise<Monitor | undefined> {
    const given = argument.kind === 'prefill' ? argument : undefined;
    // Nothing given: the address the person points at (a page tab's, under the cursor, selected) fills the first step.
    const nearby = given ? undefined : (argument.kind === 'document' ? await this.links.addressOf(argument.uri) : undefined) ?? await urlNearby(argument.kind === 'document' ? argument.uri : undefined);
    const what: WatchWhat | undefined = given?.what ?? (nearby !== undefined ? { kind: 'urls', urls: [nearby] } : undefined);
    let draft: WatchDraft = { schedule: given?.schedule ?? 'daily at 9am', goal: given?.goal ?? '', ...(what ? { what } : {}) };
    const flow = new WatchFlow({ what: given !== undefined && checkWhat(given.what).ok, schedule: given?.schedule !== undefined && parseSchedule(given.schedule).ok });
    if (given && checkWhat(given.what).ok) {
      const checked = checkWhat(given.what);
      if (checked.ok) draft = { ...draft, what: checked.what };
    }
    const body = await this.steps(draft, flow, 'create');
    return body ? this.create(body) : undefined;
  }

  /**
   * Keep Fresh (a docs set's row): a watch of the set's pages through Watch for Changes…'s own review
   * with its month, weekly unless the person edits it there; undefined when declined.
   */
  keepFresh(urls: readonly string[]): Promise<Monitor | undefined> {
    return this.watch({ kind: 'prefill', what: { kind: 'urls', urls }, schedule: KEEP_FRESH_SCHEDULE, goal: '' });
  }

  /**
   * What a check found of its pages, for a docs set kept fresh: each new or changed page with its
   * kept scrape (a free read of what the check already scraped), and the addresses gone.
   */
  async checkedPages(watchId: string, checkId: string): Promise<{ changed: Array<{ url: string; title?: string; markdown: string }>; removed: string[] }> {
    const api = await this.api();
    if (!api) return { changed: [], removed: [] };
    const pages = await this.model.pagesOf(watchId, checkId);
    const changed: Array<{ url: string; title?: string; markdown: string }> = [];
    for (const page of pages) {
      if ((page.status !== 'new' && page.status !== 'changed') || typeof page.currentScrapeId !== 'string') continue;
      const scraped = await api.getScrape(page.currentScrapeId);
      if (typeof scraped.markdown !== 'string') continue;
      const title = scraped.metadata?.title;
      const first = typeof title === 'string' ? title : title?.[0];
      changed.push({ url: page.url, markdown: scraped.markdown, ...(first !== undefined ? { title: first } : {}) });
    }
    return { changed, removed: pages.filter((p) => p.status === 'removed').map((p) => p.url) };
  }

  /** webData.editWatch: the same steps filled with the watch's own, opened at the review; Save changes it. */
  async editWatch(id: string | undefined): Promise<Monitor | undefined> {
    if (id === undefined) { void vscode.window.showErrorMessage(words.noWatch()); return undefined; }
    const monitor = this.model.get(id) ?? await (await this.connected())?.getMonitor(id).catch(() => undefined);
    if (!monitor) { void vscode.window.showErrorMessage(words.noWatch()); return undefined; }
    const draft = draftOf(monitor);
    const body = await this.steps(draft, new WatchFlow({ what: draft.what !== undefined, schedule: parseSchedule(draft.schedule).ok }), 'save');
    if (!body) return undefined;
    const api = await this.connected();
    if (!api) return undefined;
    const name = inertNotification(monitor.name ?? id, 80);
    // Edited while the receiver is wired: the watch's webhook (and its token) are given again.
    const hook = await this.wirer.prepare(WATCH_EVENTS);
    try {
      const saved = await api.updateMonitor(id, { schedule: body.schedule, targets: body.targets, goal: body.goal ?? null, judgeEnabled: body.goal !== undefined, ...(hook.webhook ? { webhook: hook.webhook } : {}) });
      await hook.keep(saved.id);
      this.model.put(saved);
      vscode.window.setStatusBarMessage(words.saved(name), 5000);
      return saved;
    } catch (error) {
      void showError(this.services.log, words.updateFailed(name), error);
      return undefined;
    }
  }

  /** The steps and the review until Create (or Save) with a request the service would take; undefined when dismissed. */
  private async steps(start: WatchDraft, flow: WatchFlow, action: 'create' | 'save'): Promise<MonitorCreateRequest | undefined> {
    let draft = start;
    for (let shown = 0; shown < 1000; shown++) {
      const step = flow.current;
      const frame = this.frame(STEP_NUMBER[step], flow.canGoBack);
      if (step === 'review') {
        const choices = this.choicesOf(draft);
        const built = choices ? buildMonitorRequest(choices) : undefined;
        const month = choices ? await this.month(choices) : undefined;
        const problem = built && !built.ok ? watchProblemWords(built.problem) : undefined;
        const bound = month ? { credits: words.bound(month.credits), sum: words.boundSum(month) } : undefined;
        const outcome = await showWatchReview(draft, { action, ...(bound ? { bound } : {}), ...(problem !== undefined ? { problem } : {}) }, frame);
        if (outcome.kind === 'dismissed') return undefined;
        if (outcome.kind === 'back') { flow.back(); continue; }
        if (outcome.value.action === 'edit') { flow.edit(outcome.value.step); continue; }
        if (!built?.ok) continue;
        // Asked again at the review after No: nothing is sent until the person says yes or leaves.
        const threshold = watchConfirmAbove();
        if (month && asksBeforeCreating(month, threshold) && !(await confirmAbove(month, threshold, this.answerer()))) continue;
        return built.body;
      }
      const outcome = await showWatchStep(step, draft, frame);
      if (outcome.kind === 'dismissed') return undefined;
      if (outcome.kind === 'back') { flow.back(); continue; }
      draft = outcome.value;
      flow.next();
    }
    return undefined;
  }

  private choicesOf(draft: WatchDraft): WatchChoices | undefined {
    const schedule = parseSchedule(draft.schedule);
    if (!draft.what || !schedule.ok) return undefined;
    return { what: draft.what, schedule: schedule.schedule, timezone: localZone(), ...(draft.goal !== '' ? { goal: draft.goal } : {}) };
  }

  /** The watch's month before it exists, as the chat tool reads it too (src/core/monitor/month.ts). */
  private async month(choices: WatchChoices): Promise<WatchMonth> {
    return watchMonth(choices, choices.timezone, new Date(), await this.links.keptPages().catch(() => []));
  }

  /** Who answers the modals: a host test when it set `answerConfirmation`, else the person. */
  private answerer(): ((message: string, yes: string) => string | undefined) | undefined {
    return this.services.context.extensionMode === vscode.ExtensionMode.Test ? this.answerConfirmation : undefined;
  }

  private async create(body: MonitorCreateRequest): Promise<Monitor | undefined> {
    const api = await this.connected();
    if (!api) return undefined;
    const hook = await this.wirer.prepare(WATCH_EVENTS);
    try {
      const monitor = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: words.creating() }, () => api.createMonitor(hook.webhook ? { ...body, webhook: hook.webhook } : body));
      await hook.keep(monitor.id);
      this.model.put(monitor);
      this.createdEmitter.fire(monitor);
      void vscode.window.showInformationMessage(inertNotification(words.created(monitor.name ?? body.name, words.creditsAMonth(monitor.estimatedCreditsPerMonth))));
      return monitor;
    } catch (error) {
      // Retry goes through the review with the bound again, as the first Create did: a watch spends on every check.
      void showError(this.services.log, words.createFailed(), error, { retry: () => this.reviewAgain(body) });
      return undefined;
    }
  }

  /** A failed Create's Retry: the review with its bound, opened on the request that failed; then Create. */
  private async reviewAgain(body: MonitorCreateRequest): Promise<Monitor | undefined> {
    const again = await this.steps(draftOf(body), new WatchFlow({ what: true, schedule: true }), 'create');
    return again ? this.create(again) : undefined;
  }

  /** webData.checkWatchNow: asked first with the check's price (one click on a row spends), then run. */
  async checkNow(id: string | undefined): Promise<{ check: MonitorCheck; pages: readonly MonitorCheckPage[] } | undefined> {
    if (id === undefined) { void vscode.window.showErrorMessage(words.noWatch()); return undefined; }
    if (!(await this.askCheckPrice(id))) return undefined;
    return this.runCheck(id);
  }

  /**
   * The price from this watch's checks (a free read, kept once read), else its pages at this
   * person's price of a page, as the watch's bound reads it; else unknown.
   */
  private async askCheckPrice(id: string): Promise<boolean> {
    const checks = await this.model.checksOf(id).catch(() => []);
    const what = draftOf(this.model.get(id) ?? {}).what;
    const perPage = creditsPerPageOf(await this.links.keptPages().catch(() => []));
    const price = checkPriceOf(checks, what ? pagesPerCheck(what) : 0, perPage);
    return askBeforeSpending('checkNow', inertNotification(this.nameOf(id), 80), words.checkPrice(price));
  }

  /** A check now, once the person accepted its price; its pages kept for the rows and diffs, its credits counted as theirs. */
  private async runCheck(id: string): Promise<{ check: MonitorCheck; pages: readonly MonitorCheckPage[] } | undefined> {
    const api = await this.connected();
    if (!api) return undefined;
    const name = this.nameOf(id);
    this.notifier.checkingNow.add(id);
    try {
      const done = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: words.checking(name) }, async () => {
        const check = await api.runMonitor(id);
        const { pages } = await api.allCheckPages(id, check.id);
        return { check, pages };
      });
      // This message tells of the check: no other window's notification for it.
      await this.notifier.claims.claim(done.check.id);
      this.checkSpend.ran(done.check.id, id, done.check.actualCredits, 'person');
      this.model.keepPages(id, done.check.id, done.pages);
      await this.model.refresh();
      const hasGoal = typeof this.model.get(id)?.goal === 'string';
      const counts = countsWords(countsOf(done.check.summary, done.pages, hasGoal));
      const open = words.openChanges();
      const buttons = done.pages.some(hasDiff) ? [open] : [];
      void vscode.window.showInformationMessage(inertNotification(words.checked(name, counts)), ...buttons)
        .then((choice) => (choice === open ? this.openChanges({ kind: 'check', watchId: id, checkId: done.check.id }) : undefined));
      return done;
    } catch (error) {
      void showError(this.services.log, words.checkFailed(inertNotification(name, 80)), error, { retry: () => this.checkNow(id) });
      return undefined;
    } finally {
      this.notifier.checkingNow.delete(id);
    }
  }

  /**
   * webData.resumeWatch: the watch's month named first, as Watch for Changes… names it (its review,
   * and a modal above webData.watch.confirmAboveCreditsPerMonth); declined, nothing is sent.
   */
  async resume(id: string | undefined): Promise<Monitor | undefined> {
    if (id === undefined) { void vscode.window.showErrorMessage(words.noWatch()); return undefined; }
    const monitor = this.model.get(id) ?? await (await this.connected())?.getMonitor(id).catch(() => undefined);
    if (!monitor) { void vscode.window.showErrorMessage(words.noWatch()); return undefined; }
    const choices = this.choicesOf(draftOf(monitor));
    const month = choices ? await this.month(choices) : undefined;
    const bound = month ? { credits: words.bound(month.credits), sum: words.boundSum(month) } : { credits: words.serviceBound(monitor.estimatedCreditsPerMonth) };
    if (!(await showResumeReview(inertQuickPick(monitor.name ?? id, 80), bound, { ...this.frame(1, false), title: words.resumeTitle(), totalSteps: 1 }))) return undefined;
    const threshold = watchConfirmAbove();
    if (month && asksBeforeCreating(month, threshold) && !(await confirmAbove(month, threshold, this.answerer(), 'resume'))) return undefined;
    return this.setPaused(id, false);
  }

  /** webData.pauseWatch, and Resume once its month was accepted. */
  async setPaused(id: string | undefined, paused: boolean): Promise<Monitor | undefined> {
    if (id === undefined) { void vscode.window.showErrorMessage(words.noWatch()); return undefined; }
    const api = await this.connected();
    if (!api) return undefined;
    const name = inertNotification(this.nameOf(id), 80);
    try {
      const monitor = await api.updateMonitor(id, { status: paused ? 'paused' : 'active' });
      this.model.put(monitor);
      vscode.window.setStatusBarMessage(paused ? words.paused(name) : words.resumed(name, monitor.nextRunAt ?? ''), 5000);
      return monitor;
    } catch (error) {
      void showError(this.services.log, words.updateFailed(name), error);
      return undefined;
    }
  }

  /** webData.deleteWatch: asks first, unless `{ confirmed: true }`. */
  async delete(argument: { watchId: string | undefined; confirmed: boolean }): Promise<boolean> {
    const id = argument.watchId;
    if (id === undefined) { void vscode.window.showErrorMessage(words.noWatch()); return false; }
    const name = inertNotification(this.nameOf(id), 80);
    if (!argument.confirmed) {
      const remove = words.delete();
      if (await vscode.window.showWarningMessage(words.confirmDelete(name), { modal: true }, remove) !== remove) return false;
    }
    const api = await this.connected();
    if (!api) return false;
    try {
      await api.deleteMonitor(id);
      this.model.remove(id);
      vscode.window.setStatusBarMessage(words.deleted(name), 5000);
      return true;
    } catch (error) {
      void showError(this.services.log, words.deleteFailed(name), error);
      return false;
    }
  }

  /** webData.openWatchChanges: a page's diff; for a check or a watch, each changed page's (the newest check's for a watch). */
  async openChanges(argument: ChangesArgument): Promise<number> {
    if (argument.kind === 'none') { void vscode.window.showErrorMessage(words.noWatch()); return 0; }
    try {
      const checks = await this.model.checksOf(argument.watchId);
      const checkId = argument.checkId ?? checks[0]?.id;
      if (checkId === undefined) { void vscode.window.showInformationMessage(words.noChecks()); return 0; }
      const pages = await this.model.pagesOf(argument.watchId, checkId);
      const shown = argument.kind === 'page' ? pages.filter((p) => p.url === argument.url) : pages.filter(hasDiff).slice(0, 10);
      if (shown.length === 0) { void vscode.window.showInformationMessage(words.noChanges()); return 0; }
      const index = checks.findIndex((c) => c.id === checkId);
      const at = { current: checks[index]?.finishedAt ?? checks[index]?.createdAt, previous: index >= 0 ? checks[index + 1]?.finishedAt : undefined };
      for (const page of shown) await this.changes.open(argument.watchId, this.model.get(argument.watchId), checkId, page, at);
      return shown.length;
    } catch (error) {
      void showError(this.services.log, words.changesFailed(), error);
      return 0;
    }
  }

  /** A webhook told of a check of one of this profile's watches (monitor.page, monitor.check.completed). */
  reported(report: { monitorId: string; checkId: string; ended: boolean }): void {
    this.notifier.reported(report);
  }

  copyId(id: string | undefined): Promise<void> {
    if (id === undefined) { void vscode.window.showErrorMessage(words.noWatch()); return Promise.resolve(); }
    return copyText(id, words.watchId());
  }

  private nameOf(id: string): string {
    return this.model.get(id)?.name ?? id;
  }

  private frame(step: number, back: boolean): StepFrame {
    return { title: words.title(), step, totalSteps: 4, back, own: (d) => this._register(d) };
  }
}

export function registerWatch(services: Services, links: WatchLinks): WatchFeature {
  const feature = new WatchFeature(services, links);
  services.context.subscriptions.push(
    feature,
    registerCommand(Command.watch, decodeWatchCommand, (argument) => feature.watch(argument)),
    registerCommand(Command.checkWatchNow, decodeWatchId, (id) => feature.checkNow(id)),
    registerCommand(Command.pauseWatch, decodeWatchId, (id) => feature.setPaused(id, true)),
    registerCommand(Command.resumeWatch, decodeWatchId, (id) => feature.resume(id)),
    registerCommand(Command.deleteWatch, decodeDeleteWatch, (argument) => feature.delete(argument)),
    registerCommand(Command.openWatchChanges, decodeChanges, (argument) => feature.openChanges(argument)),
    registerCommand(Command.refreshWatches, noArgument, () => feature.model.refresh()),
    registerCommand(Command.copyWatchId, decodeWatchId, (id) => feature.copyId(id)),
    registerCommand(Command.editWatch, decodeWatchId, (id) => feature.editWatch(id)),
  );
  return feature;
}

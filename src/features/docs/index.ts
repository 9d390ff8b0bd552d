// Docs sets (issue 48): a documentation site crawled once within a bound, kept on this machine,
// indexed, and searched for free by the person (Search Docs…) and by chat agents (webData_docs, in
// the chat feature). Add Docs… asks the address and the bound and shows the price before anything is
// sent; the crawl goes through the jobs feature (so it shows in Jobs and counts in today's spend
// when it ends) and its pages are read through the crawl results service and indexed as they
// arrive (src/core/docs/crawl-follow.ts). The Docs Sets view lists the sets; Refresh crawls again
// within the same bound and says what changed. Registering reads nothing and sends nothing.
import * as vscode from 'vscode';
import { pickOne } from '../../platform/quick-inputs';
import { decodeAddDocs, decodeDocsSet, decodeRemoveDocs, decodeSearchDocs, type AddDocsArgument, type SearchDocsArgument } from '../../core/commands/docs';
import type { CrawlJobState, Outcome as ReadOutcome } from '../../core/crawls/results';
import type { JobRef } from '../../core/crawls/job';
import { followDocsCrawl, type DocsCrawlEnd } from '../../core/docs/crawl-follow';
import type { DocsHit, DocsSet } from '../../core/docs/docs-set';
import { docsCrawlRequest } from '../../core/docs/request';
import type { DocsSuggestion } from '../../core/docs/suggest';
import type { KeptDocsSet } from '../../core/docs/store';
import { Command, View } from '../../core/ids';
import { formatBytes } from '../../core/intl';
import type { JobToStart } from '../../core/jobs/bound';
import { checkUrl } from '../../core/scrape/url-check';
import type { JobBound } from '../../core/spend/job-bound';
import { inertQuickPick } from '../../core/text/inert';
import { registerCommand } from '../../platform/commands';
import { Disposable } from '../../platform/disposable';
import { docsMaxDiskMb, docsMaxPages } from '../../platform/feature-settings';
import { loadCore } from '../../platform/core';
import { showError } from '../../platform/notify';
import type { Services } from '../../platform/services';
import { createTreeView } from '../../platform/stand-ins';
import type { StepFrame } from '../../platform/step-inputs';
import { confirmUrl, urlNearby } from '../scrape/url-input';
import { DocsFresh, type DocsWatchLink, type FreshUpdate } from './fresh';
import { DocsPages } from './pages';
import { pickPassage } from './search-pick';
import { DocsSets } from './sets';
import { showDocsReview, showPagesStep, showSourceStep, showUrlStep, siteWords } from './steps';
import { DocsSuggestions } from './suggestions';
import { DocsTree } from './view';
import { words } from './words';

/** What the feature needs of others: the jobs feature to start (and price) the crawl, the crawl results service to read its pages. */
export interface DocsLinks {
  jobs: () => {
    bound(job: JobToStart): JobBound;
    start(job: JobToStart, options: { askedBy: 'person' | 'agent'; signal?: AbortSignal; spentOn?: 'docs' }): Promise<{ id: string }>;
  };
  results: () => {
    open(ref: JobRef, signal?: AbortSignal): Promise<ReadOutcome<CrawlJobState>>;
    pageText(ref: JobRef, index: number, signal?: AbortSignal): Promise<ReadOutcome<string>>;
    cancel(ref: JobRef, signal?: AbortSignal): Promise<unknown>;
  };
  /** The watches feature, for Keep Fresh. */
  watch: () => DocsWatchLink;
  /** Each watch check's end (run here, or found run on schedule), once the watches feature is loaded. */
  onDidCheckWatch: vscode.Event<{ watchId: string; checkId: string }>;
}

/** A crawl of a docs set under way: its set, its job, and how it ends. */
export interface DocsCrawl {
  setId: string;
  jobId: string;
  pages: number;
  done: Promise<DocsCrawlEnd>;
}

export interface DocsApi {
  readonly view: DocsTree;
  /** The kept sets (and those being crawled here). */
  list(): Promise<KeptDocsSet[]>;
  /** The sets to search: all, or the one named by its id or site. */
  sets(which?: string): Promise<DocsSet[]>;
  /** The bound of a crawl of `maxPages` pages, as Add Docs… shows it. */
  bound(url: string, maxPages: number): JobBound;
  /** Starts a set's crawl for a chat agent, with no UI but the window's progress: the caller asked first. */
  addForAgent(url: string, maxPages: number, signal?: AbortSignal): Promise<DocsCrawl>;
  /** The crawls under way in this window, by set id. */
  readonly crawls: ReadonlyMap<string, DocsCrawl>;
  /** Cancels a set's crawl under way (the progress notification's Cancel; host tests call it). */
  cancel(setId: string): void;
  /** A kept page's tab address (read from the set, never fetched): @webData /docs cites it. */
  pageUri(setId: string, url: string, title: string): vscode.Uri;
  /** The workspace's dependencies whose docs are not kept (read again after `forget`). */
  readonly suggestions: { list(): Promise<DocsSuggestion[]>; forget(): void };
  /** A watch's check was applied to the set it keeps fresh. */
  readonly onDidFreshen: vscode.Event<FreshUpdate>;
  /** Whether this window says that crawl's end itself (a person's set): its webhook's notification would say it twice. */
  tellsEndOf(jobId: string): boolean;
}

/** Between reads of a running crawl with no new page. */
const WAIT_MS = 1000;

class DocsFeature extends Disposable {
  readonly sets: DocsSets;
  readonly pages: DocsPages;
  readonly view: DocsTree;
  readonly fresh: DocsFresh;
  readonly suggestions: DocsSuggestions;
  readonly crawls = new Map<string, DocsCrawl & { controller: AbortController }>();
  /** The crawls of a person's sets started here, whose end `told` says (a few per session: kept for its length). */
  private readonly toldHere = new Set<string>();

  constructor(private readonly services: Services, private readonly links: DocsLinks) {
    super();
    this.sets = this._register(new DocsSets(services));
    this.pages = this._register(new DocsPages(this.sets));
    this.suggestions = this._register(new DocsSuggestions(this.sets));
    this.view = this._register(new DocsTree(this.sets, this.suggestions, (setId, url, title) => this.pages.address(setId, url, title)));
    this.view.show(this._register(createTreeView(View.docsSets, { treeDataProvider: this.view, showCollapseAll: true })));
    this.fresh = this._register(new DocsFresh(services, this.sets, links.watch, links.onDidCheckWatch));
  }

  private frame(title: string, step: number, totalSteps: number, back: boolean): StepFrame {
    return { title, step, totalSteps, back, own: (d) => this._register(d) };
  }

  bound(url: string, maxPages: number): JobBound {
    return this.links.jobs().bound({ kind: 'crawl', request: docsCrawlRequest(url, maxPages) });
  }

  /**
   * webData.docs.add: the steps the argument leaves open, the review, then the crawl. With no address
   * given or nearby, the first step lists the workspace's dependencies whose docs are not kept (read
   * here, nothing sent); one picked gives the address and the version the set is made for.
   */
  async add(argument: AddDocsArgument): Promise<DocsCrawlEnd | undefined> {
    const nearby = argument.url === undefined ? await urlNearby() : undefined;
    let url = argument.url ?? nearby ?? '';
    let version = argument.version;
    let pages = argument.maxPages ?? docsMaxPages();
    // Read again at each Add Docs…: a dependency installed since the window opened is offered.
    if (argument.url === undefined) this.suggestions.forget();
    const suggestions = argument.url === undefined ? await this.suggestions.list().catch(() => []) : [];
    const first = suggestions.length > 0 ? 'source' : 'url';
    let step: 'source' | 'url' | 'pages' | 'review' = first;
    if (argument.url !== undefined) {
      // An address the argument gave is confirmed (its flags shown) before the review.
      const checked = await confirmUrl(checkUrl(argument.url));
      if (checked === undefined) return undefined;
      url = checked;
      step = argument.maxPages !== undefined ? 'review' : 'pages';
    }
    for (let shown = 0; shown < 1000; shown++) {
      if (step === 'source') {
        const outcome = await showSourceStep(this.frame(words.addTitle(), 1, 3, false), suggestions, nearby);
        if (outcome.kind !== 'answer') return undefined;
        const answer = outcome.value;
        if (answer.kind === 'type') { step = 'url'; continue; }
        const checked = await confirmUrl(checkUrl(answer.kind === 'suggestion' ? answer.suggestion.docsUrl : answer.url));
        if (checked === undefined) continue;
        url = checked;
        version = answer.kind === 'suggestion' ? answer.suggestion.version : undefined;
        step = 'pages';
      } else if (step === 'url') {
        const outcome = await showUrlStep(this.frame(words.addTitle(), 1, 3, first === 'source'), url);
        if (outcome.kind === 'back') { step = 'source'; continue; }
        if (outcome.kind !== 'answer') return undefined;
        const checked = await confirmUrl(checkUrl(outcome.value));
        if (checked === undefined) continue;
        if (checked !== url) version = undefined;
        url = checked;
        step = 'pages';
      } else if (step === 'pages') {
        const outcome = await showPagesStep(this.frame(words.addTitle(), 2, 3, true), pages);
        if (outcome.kind === 'dismissed') return undefined;
        if (outcome.kind === 'back') { step = first; continue; }
        pages = outcome.value;
        step = 'review';
      } else {
        const outcome = await showDocsReview(this.frame(words.addTitle(), 3, 3, true), { url, bound: this.bound(url, pages), refresh: false });
        if (outcome.kind === 'dismissed') return undefined;
        if (outcome.kind === 'back') { step = 'pages'; continue; }
        if (outcome.value !== 'crawl') { step = outcome.value === 'url' ? first : outcome.value; continue; }
        const crawl = await this.start(url, pages, 'person', undefined, version);
        return crawl && this.told(crawl, false);
      }
    }
    return undefined;
  }

  /** webData.docs.refresh: the review with the set's own bound, then the crawl; what changed is said. */
  async refresh(setId: string | undefined): Promise<DocsCrawlEnd | undefined> {
    const kept = setId === undefined ? undefined : (await this.sets.list()).find((set) => set.meta.id === setId);
    if (!kept) {
      void vscode.window.showWarningMessage(words.setGone());
      return undefined;
    }
    const pages = kept.meta.maxPages ?? docsMaxPages();
    const url = kept.meta.siteUrl;
    const outcome = await showDocsReview(this.frame(words.refreshTitle(), 1, 1, false), { url, bound: this.bound(url, pages), refresh: true });
    if (outcome.kind !== 'answer' || outcome.value !== 'crawl') return undefined;
    const crawl = await this.start(url, pages, 'person');
    return crawl && this.told(crawl, true);
  }

  /** Starts the crawl (the jobs feature shows it in Jobs and counts it in today's spend when it ends) and follows it into the set. */
  async start(url: string, maxPages: number, askedBy: 'person' | 'agent', signal?: AbortSignal, version?: string): Promise<DocsCrawl | undefined> {
    const id = this.sets.idOf(url);
    const running = this.crawls.get(id);
    if (running) return running;
    let started: { id: string };
    try {
      started = await this.links.jobs().start({ kind: 'crawl', request: docsCrawlRequest(url, maxPages) }, { askedBy, spentOn: 'docs', ...(signal ? { signal } : {}) });
    } catch (error) {
      if (askedBy === 'agent') throw error;
      void showError(this.services.log, words.startFailed(), error);
      return undefined;
    }
    if (askedBy === 'person') this.toldHere.add(started.id.toLowerCase());
    const set = await this.sets.begin(url, maxPages, version);
    const controller = new AbortController();
    const ref: JobRef = { id: started.id, kind: 'crawl' };
    const crawl = { setId: id, jobId: started.id, pages: 0, controller, done: Promise.resolve<DocsCrawlEnd>({ status: 'failed', pages: 0, changed: 0, added: 0, gone: 0 }) };
    this.crawls.set(id, crawl);
    const title = askedBy === 'agent' || set.pageCount === 0 ? words.adding(siteWords(url)) : words.refreshing(siteWords(url));
    crawl.done = Promise.resolve(vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title, cancellable: true }, async (progress, token) => {
      const listening = token.onCancellationRequested(() => controller.abort());
      try {
        const end = await followDocsCrawl(ref, this.links.results(), set, {
          signal: controller.signal, waitMs: WAIT_MS,
          onProgress: (p) => {
            crawl.pages = p.pages;
            progress.report({ message: words.progress(p.pages, p.total) });
            this.sets.changed();
          },
        });
        // Cancelled here: the service stops too; the pages that arrived stay in the set.
        if (controller.signal.aborted) await this.links.results().cancel(ref).catch(() => undefined);
        await this.keep(set, ref, end);
        return end;
      } finally {
        listening.dispose();
        this.crawls.delete(id);
      }
    })).then(async (end) => {
      // After the progress closes: the bound on disk is asked about in a modal of its own.
      await this.fitDisk(id).catch((error: unknown) => { void showError(this.services.log, words.diskFailed(), error); });
      return end;
    });
    void crawl.done.catch((error: unknown) => { this.services.log.warn(`The docs crawl ${started.id} ended with an error: ${String(error)}`); });
    return crawl;
  }

  /** Writes what the crawl brought: the set's facts, its pages, its index. A new set that got no page is not kept. */
  private async keep(set: DocsSet, ref: JobRef, end: DocsCrawlEnd): Promise<void> {
    if (set.pageCount === 0) {
      this.sets.drop(set.meta.id);
      return;
    }
    set.meta = {
      ...set.meta, updatedAt: new Date().toISOString(),
      ...(end.creditsUsed !== undefined ? { creditsUsed: (set.meta.creditsUsed ?? 0) + end.creditsUsed } : {}),
      lastCrawl: { id: ref.id, status: end.status, pages: end.pages },
    };
    try {
      await this.sets.finish(set);
    } catch (error) {
      void showError(this.services.log, words.saveFailed(), error);
    }
  }

  /**
   * The bound on disk (webData.docs.maxDiskMB), after a set was written: the oldest other sets that
   * bring the total back within it are named in a modal, and removed only when the person agrees
   * (each cost credits to make). The set just written is never named.
   */
  async fitDisk(keptId: string): Promise<string[]> {
    const over = loadCore().overDiskBound(await this.sets.list(), docsMaxDiskMb(), [keptId, ...this.crawls.keys()]);
    if (!over || over.sets.length === 0) return [];
    const lang = vscode.env.language;
    const named = over.sets.map((set) => `${siteWords(set.meta.siteUrl)} (${formatBytes(set.bytes, lang)})`);
    const yes = words.removeOver(over.sets.length);
    const answer = await vscode.window.showWarningMessage(
      words.overDiskQuestion(formatBytes(over.totalBytes, lang), formatBytes(over.boundBytes, lang)),
      { modal: true, detail: words.overDiskDetail(named, over.stillOver) }, yes);
    if (answer !== yes) return [];
    for (const set of over.sets) await this.sets.remove(set.meta.id);
    return over.sets.map((set) => set.meta.id);
  }

  /** The end of a person's crawl, said once it comes. */
  private async told(crawl: DocsCrawl, refresh: boolean): Promise<DocsCrawlEnd> {
    const end = await crawl.done;
    const kept = (await this.sets.list()).find((set) => set.meta.id === crawl.setId);
    const site = siteWords(kept?.meta.siteUrl ?? crawl.setId);
    if (end.status === 'cancelled') void vscode.window.showWarningMessage(end.pages === 0 && !kept ? words.nothingArrived() : words.cancelled(end.pages));
    else if (end.status === 'failed') void vscode.window.showWarningMessage(end.pages === 0 && !kept ? words.nothingArrived() : words.failed(end.pages));
    else if (refresh) void vscode.window.showInformationMessage(words.refreshed(end.changed, end.added, end.gone));
    else void vscode.window.showInformationMessage(kept ? words.added(site, kept.pages) : words.nothingArrived());
    return end;
  }

  cancel(setId: string): void {
    this.crawls.get(setId)?.controller.abort();
  }

  tellsEndOf(jobId: string): boolean {
    return this.toldHere.has(jobId.toLowerCase());
  }

  /** webData.docs.search: passages as the person types; the one picked opens at its heading. */
  async search(argument: SearchDocsArgument): Promise<DocsHit | undefined> {
    const sets = await this.sets.search(argument.set);
    if (sets.length === 0) {
      const add = words.addDocs();
      if (await vscode.window.showInformationMessage(words.searchNoSets(), add) === add) await vscode.commands.executeCommand(Command.addDocs);
      return undefined;
    }
    const hit = await pickPassage(sets, argument.query ?? '', words.searchPlaceholder());
    if (hit) await this.pages.open(hit.setId, hit.url, hit.title, hit.line);
    return hit;
  }

  async openPage(page: { set: string; url: string; line: number }): Promise<void> {
    const set = await this.sets.get(page.set);
    const kept = set?.page(page.url);
    if (!kept) {
      void vscode.window.showWarningMessage(set ? words.pageGone() : words.setGone());
      return;
    }
    await this.pages.open(page.set, kept.url, kept.title, page.line);
  }

  /** webData.docs.openPageList: the set's pages in a list; the one picked opens. */
  async openPageList(setId: string | undefined): Promise<void> {
    const set = setId === undefined ? undefined : await this.sets.get(setId);
    if (!set) {
      void vscode.window.showWarningMessage(words.setGone());
      return;
    }
    const items = set.pages.sort((a, b) => a.title.localeCompare(b.title))
      .map((page) => ({ label: inertQuickPick(page.title, 120), description: inertQuickPick(page.url.replace(/^https?:\/\/[^/]+/, ''), 200), url: page.url }));
    const picked = await pickOne(items, { placeHolder: words.pagePickPlaceholder(siteWords(set.meta.siteUrl)), matchOnDescription: true });
    if (picked) await this.openPage({ set: set.meta.id, url: picked.url, line: 0 });
  }

  /**
   * webData.docs.remove: asks first (unless `{ confirmed: true }`), then deletes the set's file; a set
   * kept fresh offers to delete its watch too (`deleteWatch: true` when confirmed by argument).
   */
  async remove(argument: { set: string | undefined; confirmed: boolean; deleteWatch: boolean }): Promise<boolean> {
    const kept = argument.set === undefined ? undefined : (await this.sets.list()).find((set) => set.meta.id === argument.set);
    if (!kept) return false;
    const watchId = kept.meta.watchId;
    let deleteWatch = argument.deleteWatch && watchId !== undefined;
    if (!argument.confirmed) {
      const yes = words.remove();
      const withWatch = words.removeWithWatch();
      const buttons = watchId === undefined ? [yes] : [withWatch, yes];
      const detail = watchId === undefined ? words.removeDetail(kept.pages) : `${words.removeDetail(kept.pages)}\n\n${words.removeWatchDetail()}`;
      const answer = await vscode.window.showWarningMessage(words.removeQuestion(siteWords(kept.meta.siteUrl)), { modal: true, detail }, ...buttons);
      if (answer !== yes && answer !== withWatch) return false;
      deleteWatch = answer === withWatch;
    }
    // A crawl of the set under way is stopped first, and its end waited for: it would write the set again.
    const running = this.crawls.get(kept.meta.id);
    if (running) {
      running.controller.abort();
      await running.done.catch(() => undefined);
    }
    await this.sets.remove(kept.meta.id);
    // Asked already (above, or by the argument): the watch feature deletes without asking again.
    if (deleteWatch && watchId !== undefined) await this.links.watch().delete({ watchId, confirmed: true });
    return true;
  }
}

export function registerDocs(services: Services, links: DocsLinks): DocsApi {
  const feature = new DocsFeature(services, links);
  services.context.subscriptions.push(
    feature,
    registerCommand(Command.addDocs, decodeAddDocs, (argument) => feature.add(argument)),
    registerCommand(Command.searchDocs, decodeSearchDocs, (argument) => feature.search(argument)),
    registerCommand(Command.refreshDocs, decodeDocsSet, (id) => feature.refresh(id)),
    registerCommand(Command.removeDocs, decodeRemoveDocs, (argument) => feature.remove(argument)),
    registerCommand(Command.openDocsPageList, decodeDocsSet, (id) => feature.openPageList(id)),
    registerCommand(Command.keepDocsFresh, decodeDocsSet, (id) => feature.fresh.keepFresh(id)),
  );
  return {
    view: feature.view,
    list: () => feature.sets.list(),
    sets: (which) => feature.sets.search(which),
    bound: (url, maxPages) => feature.bound(url, maxPages),
    addForAgent: async (url, maxPages, signal) => {
      const crawl = await feature.start(url, maxPages, 'agent', signal);
      if (!crawl) throw new Error('The crawl did not start.');
      return crawl;
    },
    crawls: feature.crawls,
    cancel: (setId) => { feature.cancel(setId); },
    onDidFreshen: feature.fresh.onDidUpdate,
    suggestions: feature.suggestions,
    pageUri: (setId, url, title) => feature.pages.address(setId, url, title),
    tellsEndOf: (jobId) => feature.tellsEndOf(jobId),
  };
}

// Start Crawl… and Batch Scrape… (issue 28): the steps and the review with the bound before the
// job starts, the modal above the person's page threshold, the start (./starter: the webhook
// wired when the service can reach this editor), then the job in Jobs, with its pages.
// The feature's API starts jobs without any UI, for the chat tools.
import * as vscode from 'vscode';
import type { BatchScrapeRequest } from '../../core/api/job-request';
import { MAX_BATCH_URLS } from '../../core/jobs/limits';
import { decodeBatchScrape, decodeSearchToScrape, decodeStartCrawl, type BatchScrapeArgument, type StartCrawlArgument } from '../../core/commands/jobs';
import { Command } from '../../core/ids';
import { needsConfirmation, type JobToStart } from '../../core/jobs/bound';
import { crawlChoicesOf, crawlRequestOf } from '../../core/jobs/choices';
import { CRAWL_STEP_COUNT, CrawlFlow, crawlStepNumber } from '../../core/jobs/flow';
import { urlLinesOfText } from '../../core/jobs/urls';
import { pageLinks } from '../../core/scrape/page';
import type { WebhookWiring } from '../../core/jobs/wiring';
import { hostOf } from '../../core/search/present';
import { resultsOf, shownKinds, type SearchRecord } from '../../core/search/record';
import { checkUrl } from '../../core/scrape/url-check';
import type { JobBound } from '../../core/spend/job-bound';
import { inertNotification } from '../../core/text/inert';
import { registerCommand } from '../../platform/commands';
import { Disposable } from '../../platform/disposable';
import { showError } from '../../platform/notify';
import type { Services } from '../../platform/services';
import { jobSettings, scrapeSettings } from '../../platform/settings';
import type { StepFrame } from '../../platform/step-inputs';
import { confirmUrl, urlNearby } from '../scrape/url-input';
import { showJobReview } from './review';
import { JobStarter, type FinishedJob, type JobLinks, type StartedJob, type StartOptions } from './starter';
import { showCrawlStep } from './steps';
import { boundWords, words } from './words';


export interface JobsApi {
  /** Starts a job without any UI (the chat tools): wired, shown, followed. Rejects as the client does. */
  start(job: JobToStart, options: StartOptions): Promise<StartedJob>;
  /** The bound of a job before it starts. */
  bound(job: JobToStart): JobBound;
  /** Whether a job started now gets its webhook, and why not. */
  wiring(): WebhookWiring;
  /** Whether this window started the job (a start under way is waited for). */
  wasStartedHere(id: string): Promise<boolean>;
  /** How many started jobs are still followed to their end (host tests wait for none before the next suite). */
  readonly followed: number;
  /** A job started here ended with its cost read (today's spend counts it). */
  readonly onDidFinish: vscode.Event<FinishedJob>;
  /** The service accepted a job this window started. */
  readonly onDidStart: vscode.Event<unknown>;
  /**
   * Answers the modal confirmation above the page threshold instead of a person, when set: only
   * host tests do (a modal dialog cannot be clicked there). Returns the button chosen.
   */
  answerConfirmation?: (message: string, yes: string) => string | undefined;
}

export interface JobFeatureLinks extends JobLinks {
  /** The stored searches (Scrape All Results). */
  searches: { get(id: string): Promise<SearchRecord | undefined> };
  /** A scraped page tab's address (Start Crawl from the tab). */
  pages: { addressOf(uri: vscode.Uri): Promise<string | undefined> };
}

/** Start Crawl's argument: a document's Uri (the editor's menu) is read here, where VS Code is. */
type CrawlArgument = StartCrawlArgument | { kind: 'document'; uri: vscode.Uri };

function decodeCrawlArgument(argument: unknown): CrawlArgument {
  return argument instanceof vscode.Uri ? { kind: 'document', uri: argument } : decodeStartCrawl(argument);
}

class JobsFeature extends Disposable {
  readonly api: JobsApi;
  private readonly starter: JobStarter;

  constructor(private readonly services: Services, private readonly links: JobFeatureLinks) {
    super();
    this.starter = this._register(new JobStarter(services, links));
    const starter = this.starter;
    this.api = {
      start: (job, options) => starter.start(job, options),
      bound: (job) => starter.bound(job),
      wiring: () => starter.wiring(),
      wasStartedHere: (id) => starter.wasStartedHere(id),
      onDidFinish: starter.onDidFinish,
      onDidStart: starter.onDidStart,
      get followed() {
        return starter.followed;
      },
    };
  }

  /** webData.startCrawl: the steps the argument leaves open, the review, the start. */
  async startCrawl(argument: CrawlArgument): Promise<StartedJob | undefined> {
    const settings = jobSettings();
    const scrape = scrapeSettings();
    const defaults = { limit: settings.defaultLimit, formats: scrape.formats, onlyMainContent: scrape.onlyMainContent };
    let prefill: string | undefined;
    if (argument.kind === 'prefill') prefill = argument.url;
    else if (argument.kind === 'document') prefill = (await this.links.pages.addressOf(argument.uri)) ?? await urlNearby(argument.uri);
    else if (argument.kind === 'none') prefill = await urlNearby();
    const { choices, answered } = crawlChoicesOf(argument.kind === 'request' ? argument.request : {}, defaults, prefill);
    let c = choices;
    // An address the argument gave is confirmed (its flags shown) before anything else.
    if (answered.has('url')) {
      const check = checkUrl(c.url);
      if (check.ok) {
        const url = await confirmUrl(check);
        if (url === undefined) return undefined;
        c = { ...c, url };
      }
    }
    const flow = new CrawlFlow(answered);
    for (let shown = 0; shown < 1000; shown++) {
      const step = flow.current;
      const frame = this.frame(words.crawlTitle(), crawlStepNumber(step), CRAWL_STEP_COUNT, flow.canGoBack);
      if (step === 'review') {
        const job: JobToStart = { kind: 'crawl', request: crawlRequestOf(c) };
        const outcome = await showJobReview({ job, bound: this.starter.bound(job), wiring: this.starter.wiring() }, frame);
        if (outcome.kind === 'dismissed') return undefined;
        if (outcome.kind === 'back') { flow.back(); continue; }
        if (outcome.value.action === 'edit') { flow.edit(outcome.value.step); continue; }
        if (outcome.value.action === 'start-receiver') { await vscode.commands.executeCommand(Command.startWebhookReceiver); continue; }
        if (outcome.value.action === 'drop') continue;
        return this.startAsked(job);
      }
      const outcome = await showCrawlStep(step, c, frame);
      if (outcome.kind === 'dismissed') return undefined;
      if (outcome.kind === 'back') { flow.back(); continue; }
      if (step === 'url') {
        // The flags (credentials, secrets, a host the service cannot reach) before the next step.
        const check = checkUrl(outcome.value.url);
        const url = check.ok ? await confirmUrl(check) : undefined;
        if (url === undefined) continue;
        c = { ...outcome.value, url };
      } else c = outcome.value;
      flow.next();
    }
    return undefined;
  }

  /** webData.startBatchScrape: the addresses from the argument, a search, or the selection; the review; the start. */
  async startBatchScrape(argument: BatchScrapeArgument): Promise<StartedJob | undefined> {
    const given = await this.batchRequestOf(argument);
    if (given === undefined) return undefined;
    let { request, lines } = given;
    for (let shown = 0; shown < 1100; shown++) {
      const job: JobToStart = { kind: 'batch', request };
      const outcome = await showJobReview({ job, bound: this.starter.bound(job), wiring: this.starter.wiring(), ...(lines ? { lines } : {}) }, this.frame(words.batchTitle(), 1, 1, false));
      if (outcome.kind !== 'answer' || outcome.value.action === 'edit') return undefined;
      if (outcome.value.action === 'drop') {
        // The bad address picked in the review is left out; the review shows what is left.
        const drop = outcome.value.index;
        request = { ...request, urls: request.urls.filter((_, i) => i !== drop) };
        lines = lines?.filter((_, i) => i !== drop);
        continue;
      }
      if (outcome.value.action === 'start-receiver') { await vscode.commands.executeCommand(Command.startWebhookReceiver); continue; }
      return this.startAsked(job);
    }
    return undefined;
  }

  /** The request, and for a selection the editor line (from 1) of each address. */
  private async batchRequestOf(argument: BatchScrapeArgument): Promise<{ request: BatchScrapeRequest; lines?: number[] } | undefined> {
    const scrape = scrapeSettings();
    const options = { formats: scrape.formats, onlyMainContent: scrape.onlyMainContent };
    switch (argument.kind) {
      case 'request':
        // The options the argument gives win over the settings'; the review's check names a wrong one.
        return { request: { ...options, ...(argument.request as Partial<BatchScrapeRequest>), urls: argument.request.urls as string[] } };
      case 'search': {
        const record = await this.links.searches.get(argument.searchId);
        if (!record) {
          void vscode.window.showWarningMessage(words.searchGone());
          return undefined;
        }
        const urls = [...new Set(shownKinds(record).flatMap((kind) => resultsOf(record.response, kind))
          .flatMap((typed) => ('url' in typed.result && typeof typed.result.url === 'string' ? [typed.result.url] : [])))].slice(0, MAX_BATCH_URLS);
        if (urls.length === 0) {
          void vscode.window.showWarningMessage(words.searchWithoutUrls());
          return undefined;
        }
        return { request: { ...options, urls } };
      }
      case 'selection': {
        const editor = vscode.window.activeTextEditor;
        // No selection in a page's own tab: that page's links (its own address left out).
        const own = editor?.selection.isEmpty ? await this.links.pages.addressOf(editor.document.uri) : undefined;
        const text = editor && (own !== undefined || !editor.selection.isEmpty) ? editor.document.getText(own !== undefined ? undefined : editor.selection) : '';
        if (own !== undefined) {
          const links = pageLinks(text.slice(0, 1_000_000)).map((link) => link.url).filter((url) => url !== own).slice(0, MAX_BATCH_URLS);
          if (links.length === 0) {
            void vscode.window.showErrorMessage(words.noUrls());
            return undefined;
          }
          return { request: { ...options, urls: links } };
        }
        const { urls, lines } = urlLinesOfText(text.slice(0, 1_000_000));
        if (urls.length === 0) {
          void vscode.window.showErrorMessage(words.noUrls());
          return undefined;
        }
        // Lines in the editor: the selection's own count from its first line.
        const first = editor?.selection.start.line ?? 0;
        return { request: { ...options, urls }, lines: lines.map((line) => line + first) };
      }
      case 'invalid':
        void vscode.window.showErrorMessage(words.notAJobArgument());
        return undefined;
    }
  }

  /** The person pressed Start: the modal above the threshold, the start, and the job shown. */
  private async startAsked(job: JobToStart): Promise<StartedJob | undefined> {
    const bound = this.starter.bound(job);
    const { confirmAbovePages } = jobSettings();
    if (needsConfirmation(bound, confirmAbovePages)) {
      const yes = words.start();
      const question = words.confirmQuestion(job.kind, bound.pages);
      const answer = this.services.context.extensionMode === vscode.ExtensionMode.Test ? this.api.answerConfirmation : undefined;
      const detail = words.confirmDetail(boundWords(bound, job.kind), confirmAbovePages);
      const choice = answer ? answer(`${question} ${detail}`, yes) : await vscode.window.showWarningMessage(question, { modal: true, detail }, yes);
      if (choice !== yes) return undefined;
    }
    let started: StartedJob;
    try {
      // In the status bar: the "started" message below is the start's one notification.
      started = await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: job.kind === 'crawl' ? words.startCrawl() : words.startBatch() },
        () => this.starter.start(job, { askedBy: 'person' }));
    } catch (error) {
      // No Retry: a start the service may have taken (a timeout) must not be sent twice by a click.
      void showError(this.services.log, words.startFailed(job.kind), error);
      return undefined;
    }
    const where = job.kind === 'crawl' ? hostOf(job.request.url) || job.request.url : words.addresses(job.request.urls.length);
    if (started.invalidURLs) {
      void vscode.window.showWarningMessage(inertNotification(`${words.started(job.kind, where)} ${words.invalidUrls(started.invalidURLs.length, started.invalidURLs.slice(0, 20).join(', '))}`));
    } else {
      void vscode.window.showInformationMessage(inertNotification(words.started(job.kind, where)));
    }
    // Where it started names its row, as a running crawl's address does (issue 46).
    const start = job.kind === 'crawl' ? { url: job.request.url } : { url: job.request.urls[0], addresses: job.request.urls.length };
    await vscode.commands.executeCommand(Command.openCrawlResults, { id: started.id, kind: started.kind, ...start });
    return started;
  }

  private frame(title: string, step: number, totalSteps: number, back: boolean): StepFrame {
    return { title, step, totalSteps, back, own: (d) => this._register(d) };
  }
}

export function registerJobs(services: Services, links: JobFeatureLinks): JobsApi {
  const feature = new JobsFeature(services, links);
  services.context.subscriptions.push(
    feature,
    registerCommand(Command.startCrawl, decodeCrawlArgument, (argument) => feature.startCrawl(argument)),
    registerCommand(Command.startBatchScrape, decodeBatchScrape, (argument) => feature.startBatchScrape(argument)),
    registerCommand(Command.scrapeAllResults, decodeSearchToScrape, (argument) => feature.startBatchScrape(argument)),
  );
  return feature.api;
}

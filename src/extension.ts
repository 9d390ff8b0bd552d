// Web Data for VS Code (dist/shell.js, required by src/main.ts). activate() is a table of contents:
// the services every feature shares, a stand-in for every feature's entries (src/core/feature-table.ts),
// and the four features every start runs (the credits item, today's spend, the walkthrough, the
// problems' Code Action). Every
// other feature is a bundle of its own, loaded the first time one of its entries is used
// (src/platform/features.ts), so adding one adds rows to a table, not code to activation. Nothing
// here touches the network or loads the API client; that happens on first use.
import { SharedFolder } from './core/shared-folder';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type * as Agent from './features/agent';
import type * as Browser from './features/browser';
import type * as Chat from './features/chat';
import type * as Connect from './features/connect';
import type * as CrawlResults from './features/crawl-results';
import type * as Crawls from './features/crawls';
import type * as CreditsUsage from './features/credits-usage';
import type * as Docs from './features/docs';
import type * as Doctor from './features/doctor';
import type * as Entries from './features/entries';
import type * as Jobs from './features/jobs';
import type * as Parse from './features/parse';
import type * as Participant from './features/participant';
import type * as Scrape from './features/scrape';
import type * as Search from './features/search';
import type * as Watch from './features/watch';
import type * as Webhooks from './features/webhooks';
import { registerEditorMenuKeys } from './features/editor-menu';
import { registerProblemActions } from './features/problems';
import { registerSpend } from './features/spend';
import { registerUsage } from './features/usage';
import { registerWalkthrough } from './features/walkthrough';
import { anySessionRemembered, LIVE_VIEW_SHOWN_KEY, rememberedSessionsFolder } from './core/browser/remembered-folder';
import type { LazyFeature } from './core/feature-table';
import type { GroupTree } from './platform/group-tree';
import type { Bundles } from './platform/bundles';
import { loadFeatureBundle, useBundles } from './platform/core';
import { LazyFeatures } from './platform/features';
import { ProfileUse } from './platform/profile-use';
import { createServices } from './platform/services';
import { webhookSettings } from './platform/settings';
import { registerStandIns } from './platform/stand-ins';
import { openNotices } from './platform/notice';
import { onDidShowError } from './platform/notify';
import { onDidShowQuickInput } from './platform/quick-inputs';

/** Each feature loaded on first use, by its API. */
interface LazyApis {
  connect: undefined;
  search: Search.SearchApi;
  crawls: Crawls.ActiveCrawlsView;
  'crawl-results': CrawlResults.CrawlResultsApi;
  webhooks: Webhooks.WebhooksApi;
  scrape: Scrape.ScrapeFeature;
  jobs: Jobs.JobsApi;
  chat: Chat.ChatToolsApi;
  entries: Entries.EntriesApi;
  doctor: undefined;
  agent: Agent.AgentFeature;
  parse: Parse.ParseFeature;
  watch: Watch.WatchFeature;
  participant: Participant.ParticipantApi;
  browser: Browser.BrowserFeature;
  'credits-usage': CreditsUsage.CreditsUsageApi;
  docs: Docs.DocsApi;
}

/** Each lazy feature's module (src/features/<name>/index.ts, built into dist/feature-<name>.js). */
interface FeatureModules {
  connect: typeof Connect;
  search: typeof Search;
  crawls: typeof Crawls;
  'crawl-results': typeof CrawlResults;
  webhooks: typeof Webhooks;
  scrape: typeof Scrape;
  jobs: typeof Jobs;
  chat: typeof Chat;
  entries: typeof Entries;
  doctor: typeof Doctor;
  agent: typeof Agent;
  parse: typeof Parse;
  watch: typeof Watch;
  participant: typeof Participant;
  browser: typeof Browser;
  'credits-usage': typeof CreditsUsage;
  docs: typeof Docs;
}

/** A lazy feature's name as its handle in the API: 'crawl-results' → 'crawlResults'. */
type HandleName<Name extends string> = Name extends `${infer Head}-${infer Tail}` ? `${Head}${Capitalize<HandleName<Tail>>}` : Name;

/**
 * A handle per lazy feature that has an API (@webData's handler, the credits usage panel, …):
 * reading one loads its feature.
 */
type LazyHandles = { readonly [Name in keyof LazyApis as LazyApis[Name] extends undefined ? never : HandleName<Name>]: LazyApis[Name] };

/** What activate() returns: handles the host tests use. A lazy feature's handle loads it. */
export interface WebDataApi extends LazyHandles {
  usage: ReturnType<typeof registerUsage>;
  spend: ReturnType<typeof registerSpend>;
  walkthrough: ReturnType<typeof registerWalkthrough>;
  /** The features loaded so far, in order, and an event as each loads (host tests check what an entry loads). */
  features: { readonly loaded: readonly LazyFeature[]; readonly onDidLoad: vscode.Event<LazyFeature> };
  /** Fires as each of the extension's quick inputs is shown: host tests wait for a step with it. */
  onDidShowQuickInput: typeof onDidShowQuickInput;
  /** Fires as each error notification is shown, with its buttons: host tests check what was offered. */
  onDidShowError: typeof onDidShowError;
  /** The notices that close themselves (platform/notice.ts) shown now: host tests check one closed. */
  openNotices: typeof openNotices;
  /** The extension's log folder; the "Web Data" channel's file is under its parent (host tests read it). */
  logUri: vscode.Uri;
  /**
   * The extension's global and workspace state, handed out only when VS Code runs the extension
   * under test (ExtensionMode.Test), never to another extension in a user's window. The host
   * workbench keeps them in the browser's memory, out of reach of the tests' file search, so the
   * usage, onboarding and secrets suites read them here.
   */
  storage?: { globalState: vscode.Memento; workspaceState: vscode.Memento; globalStorageUri: vscode.Uri; shared: Pick<SharedFolder, 'keys' | 'get' | 'update' | 'refresh'>; windowId: string };
  /** Where V8's code cache of our bundles is kept (src/main.ts), handed out under test only, as `storage` is. */
  codeCacheDir?: string;
}

/** A feature's bundle, typed as its module. */
function bundle<K extends LazyFeature>(name: K): FeatureModules[K] {
  return loadFeatureBundle(name) as FeatureModules[K];
}

/** `bundles`: the loader src/main.ts made; every later bundle goes through it. */
export function activate(context: vscode.ExtensionContext, bundles: Bundles): WebDataApi {
  useBundles(bundles);
  const services = createServices(context);
  const rememberedSessions = rememberedSessionsFolder(context.globalStorageUri.fsPath);
  const features: LazyFeatures<LazyApis> = new LazyFeatures<LazyApis>({
    connect: () => { bundle('connect').registerConnect(services); return undefined; },
    search: () => bundle('search').registerSearch(services),
    crawls: () => {
      const crawls = bundle('crawls').registerCrawls(services);
      // A crawl that leaves the active list with no webhook is read once.
      context.subscriptions.push(crawls.model.onDidLeave((left) => void features.get('crawl-results').crawlsLeft(left)));
      return crawls;
    },
    // The jobs opened here are rows of the Jobs view, below the running ones; the palette's job
    // list takes the active crawls only when that view has read them.
    'crawl-results': () => bundle('crawl-results').registerCrawlResults(services, {
      refreshActive: () => features.ifMade('crawls')?.model.refresh(),
      activeCrawls: () => features.ifMade('crawls')?.model.crawls ?? [],
      showJobs: (rows) => features.get('crawls').showJobResults(rows),
      revealJob: (ref) => features.get('crawls').revealJob(ref),
      // The jobs kept across reloads, a folder of their own (src/core/crawls/open-jobs-store.ts), made
      // here: SharedFolder shared with a feature's bundle would cost the shell a chunk's wrapper.
      keptJobs: new SharedFolder(join(context.globalStorageUri.fsPath, 'open-jobs')),
    }),
    // Webhooks change the active crawls (when listed here) and the crawl results.
    webhooks: () => bundle('webhooks').registerWebhooks(services, {
      // The events list, one file per window (src/core/webhook-events/shared-list.ts), made here as keptJobs is.
      eventsFolder: new SharedFolder(join(context.globalStorageUri.fsPath, 'webhook-events')),
      crawls: { remove: (id) => features.ifMade('crawls')?.model.remove(id), refresh: async () => { await features.ifMade('crawls')?.model.refresh(); } },
      results: { markFinished: (ref, url) => features.get('crawl-results').markFinished(ref, url), pagesDelivered: (ref, data) => features.get('crawl-results').pagesDelivered(ref, data) },
      jobs: { wasStartedHere: async (id) => await features.ifMade('jobs')?.wasStartedHere(id) === true },
      docs: { tellsEndOf: (id) => features.ifMade('docs')?.tellsEndOf(id) === true },
      // A run is followed only where the agent feature runs; a watch's check loads the watches to tell it.
      research: { reportAction: (...a) => { features.ifMade('agent')?.runs.reportAction(...a); }, endReported: async (id) => { await features.ifMade('agent')?.runs.endReported(id); } },
      watches: { reported: (report) => { features.get('watch').reported(report); } },
    }),
    // Kept pages have their group in the Pages, Documents and Data view, which this feature owns; a crawled page's links open as markdown.
    scrape: () => bundle('scrape').registerScrape(services, { crawlPageText: (ref, index) => features.get('crawl-results').service.pageText(ref, index) }),
    // Start Crawl and Batch Scrape: their jobs show in Jobs with their pages, their webhooks come to the receiver.
    jobs: () => bundle('jobs').registerJobs(services, {
      crawls: { refresh: async () => { await features.ifMade('crawls')?.model.refresh(); } },
      results: { get service() { return features.get('crawl-results').service; } },
      webhooks: receiverOf(features),
      searches: { get: (id) => features.get('search').get(id) },
      pages: { addressOf: (uri) => features.get('scrape').addressOf(uri) },
    }),
    chat: () => bundle('chat').registerChatTools(services, {
      searches: features.get('search'), spend, crawlResults: features.get('crawl-results').service, credits: usage.model,
      crawls: features.get('crawls').model, scrape: features.get('scrape'), jobs: features.get('jobs'), documents: features.get('parse'),
      agent: () => features.get('agent'), watch: () => features.get('watch').agent,
      browser: () => features.get('browser'),
      docs: () => features.get('docs'),
    }),
    // The search feature loads when the box opens, not when the Code Action is looked up.
    entries: () => bundle('entries').registerEntries(services, { search: { ask: (...asked) => features.get('search').ask(...asked) } }),
    doctor: () => { bundle('doctor').registerDoctor(services, { webhooks: receiverOf(features) }); return undefined; },
    // Extract Data and Research: a research run's webhook comes to the receiver, its row shows in Jobs; kept results have their group in Pages, Documents and Data.
    agent: () => bundle('agent').registerAgent(services, { showRuns: (source) => features.get('crawls').showResearch(source), kept: keptView(features), webhooks: receiverOf(features) }),
    // Kept documents have their group in Pages, Documents and Data, after the pages.
    parse: () => bundle('parse').registerParse(services, { kept: keptView(features) }),
    // Watches have a view of their own; a page is priced by this person's kept scrapes.
    watch: () => bundle('watch').registerWatch(services, {
      keptPages: async () => (await features.get('scrape').pages.summaries()) ?? [],
      addressOf: (uri) => features.get('scrape').addressOf(uri),
      webhooks: receiverOf(features),
    }),
    // @webData searches through the search feature and reads pages through the scrape feature, so both count in today's spend.
    participant: () => {
      const search = features.get('search');
      const scrape = features.get('scrape');
      return bundle('participant').registerParticipant(services, {
        searches: search, scrape, spend,
        // /research: the agent feature loads on its first use.
        agent: () => features.get('agent'),
        // /docs: the docs feature loads on its first use.
        docs: () => features.get('docs'),
        tabs: { resultUri: (record, index) => search.resultUri(record, index), pageUri: (record) => scrape.documents.address(record) },
      });
    },
    // Browser sessions have their group in Active Crawls; Continue in a Browser reads a scraped page tab's scrape.
    browser: () => bundle('browser').registerBrowser(services, {
      showSessions: (source) => features.get('crawls').showBrowserSessions(source),
      scrapeOf: (uri) => features.get('scrape').scrapeOf(uri),
      rememberedSessions, liveViewKey: LIVE_VIEW_SHOWN_KEY,
    }),
    // Show Credits Usage: the usage ledger kept by today's spend, the credits item's balance; a job's link opens its row in Jobs, a research run's its result.
    'credits-usage': () => bundle('credits-usage').registerCreditsUsage(services, {
      usage: spend.usage,
      credits: () => usage.model.state,
      revealJob: (ref) => features.get('crawls').revealJob(ref),
      openResult: async (result) => { await features.get('agent').documents.open(result); },
      jobAddress: (id) => features.ifMade('crawl-results')?.startUrl(id),
    }),
    // Docs sets: their crawls start through the jobs feature (Jobs shows them, today's spend counts them) and are read through the crawl results service.
    // Keep Fresh makes its watch through the watches feature and follows that feature's checks.
    docs: () => bundle('docs').registerDocs(services, {
      jobs: () => features.get('jobs'), results: () => features.get('crawl-results').service,
      watch: () => features.get('watch'), onDidCheckWatch: features.event('watch', (watch) => watch.onDidCheck),
    }),
  }, services.log);
  // Whether the person used the extension in this profile: the credits item waits for it or a key.
  const profileUse = new ProfileUse(services.globalState);
  context.subscriptions.push(profileUse, registerStandIns((name) => features.get(name), () => { profileUse.mark(); }));

  // Today's spend by who asked, in every window: the credits tooltip shows it, the chat tools cap it.
  const spend = registerSpend(services, { onDidSearch: features.event('search', (search) => search.onDidSearch) });
  const usage = registerUsage(services, spend, profileUse);
  // Each search spends credits: the status bar follows the search feature's event.
  context.subscriptions.push(features.event('search', (search) => search.onDidSearch)(() => void usage.model.refreshNow()));
  // A job's credits count in today's spend once it ends (a job's id is a spend entry of its own).
  // Each spending operation's end reads the credits again (at most once every few seconds), so the
  // status bar shows what it cost without a refresh: a crawl's, a research run's, a parse's, a
  // check's, a browser session's (a search and a scrape read them at once, as before).
  context.subscriptions.push(features.event('jobs', (jobs) => jobs.onDidFinish)((job) => {
    void spend.record({ id: `job:${job.id}`, credits: job.creditsUsed, askedBy: job.askedBy }, { kind: job.spentOn, subject: job.id });
    usage.spendEnded();
  }));
  // A scrape's credits count in today's spend, as a search's do, and the status bar follows.
  context.subscriptions.push(features.event('scrape', (scrape) => scrape.onDidScrape)((page) => {
    if (page.creditsUsed !== undefined) void spend.record({ id: page.id, credits: page.creditsUsed, askedBy: page.askedBy }, { kind: 'page' });
    void usage.model.refreshNow();
  }));
  // Extracted data and research runs count in today's spend, as scrapes do.
  context.subscriptions.push(features.event('agent', (agent) => agent.onDidSpend)((result) => {
    if (result.creditsUsed !== undefined) void spend.record({ id: `${result.kind}:${result.id}`, credits: result.creditsUsed, askedBy: result.askedBy }, { kind: result.kind, ...(result.kind === 'research' ? { subject: result.id } : {}) });
    usage.spendEnded();
  }));
  // A parse's credits count in today's spend, as a scrape's do, and the status bar follows.
  context.subscriptions.push(features.event('parse', (parse) => parse.onDidParse)((document) => {
    if (document.creditsUsed !== undefined) void spend.record({ id: `parse:${document.id}`, credits: document.creditsUsed, askedBy: document.askedBy }, { kind: 'document' });
    usage.spendEnded();
  }));
  // A check run here counts its credits in today's spend, as a job's do, and the status bar follows.
  context.subscriptions.push(features.event('watch', (watch) => watch.onDidCheck)((check) => {
    void spend.record({ id: check.id, credits: check.credits, askedBy: check.askedBy }, { kind: 'watch', subject: check.watchId });
    usage.spendEnded();
  }));
  // A browser session's bill counts in today's spend once it is stopped here.
  context.subscriptions.push(features.event('browser', (browser) => browser.onDidStop)(({ session, stopped }) => {
    if (typeof stopped.creditsBilled === 'number') void spend.record({ id: `browser:${session.id}`, credits: stopped.creditsBilled, askedBy: session.askedBy }, { kind: 'browser' });
    usage.spendEnded();
  }));
  // "Search the Web for This Problem" on every diagnostic: the lightbulb asks before anything is used.
  registerProblemActions(services);
  // The editor's Web Data submenu: its entries show only where an address is.
  registerEditorMenuKeys(services);
  // Shown on the first start; each step ticked as the person does it.
  const walkthrough = registerWalkthrough(services, {
    onDidSearch: features.event('search', (search) => search.onDidSearch),
    onDidConvert: features.event('parse', (parse) => parse.onDidParse),
    onDidStartJob: features.event('jobs', (jobs) => jobs.onDidStart),
    onDidMakeWatch: features.event('watch', (watch) => watch.onDidCreate),
    onDidChangeEvents: features.event('webhooks', (webhooks) => webhooks.onDidChangeEvents),
    webhookEventCount: () => features.ifMade('webhooks')?.events.length ?? 0,
  });
  // The receiver starts with the window when the person asked for it (user settings only).
  if (webhookSettings().autoStart) setTimeout(() => { features.get('webhooks'); }, 0);
  // A browser session a window of this profile started and did not see end (a reload, a crash) is
  // shown again and stopped at its bound, and a live view tab VS Code restored is closed when its
  // session has ended: the feature loads now, not when someone looks.
  const liveViewShown = context.workspaceState.get(LIVE_VIEW_SHOWN_KEY) !== undefined;
  void anySessionRemembered(rememberedSessions).then((any) => (any || liveViewShown) && features.get('browser')).catch((e: unknown) => { services.log.warn(String(e)); });

  const underTest = context.extensionMode === vscode.ExtensionMode.Test;
  return {
    usage, spend, walkthrough, onDidShowQuickInput, onDidShowError, openNotices, logUri: context.logUri,
    get crawls() { return features.get('crawls'); },
    get search() { return features.get('search'); },
    get webhooks() { return features.get('webhooks'); },
    get chat() { return features.get('chat'); },
    get crawlResults() { return features.get('crawl-results'); },
    get entries() { return features.get('entries'); },
    get scrape() { return features.get('scrape'); },
    get jobs() { return features.get('jobs'); },
    get agent() { return features.get('agent'); },
    get parse() { return features.get('parse'); },
    get watch() { return features.get('watch'); },
    get participant() { return features.get('participant'); },
    get browser() { return features.get('browser'); },
    get creditsUsage() { return features.get('credits-usage'); },
    get docs() { return features.get('docs'); },
    features: { get loaded() { return features.names; }, onDidLoad: features.onDidLoad },
    ...(underTest ? { storage: { globalState: context.globalState, workspaceState: context.workspaceState, globalStorageUri: context.globalStorageUri, shared: services.shared, windowId: services.windowId }, codeCacheDir: bundles.cacheDirectory } : {}),
  };
}

/** The Pages, Documents and Data view (the scrape feature's), where the parse and agent features add their groups. */
function keptView(features: LazyFeatures<LazyApis>): GroupTree {
  const { kept } = features.get('scrape');
  if (!kept) throw new Error('The scrape feature did not make the Pages, Documents and Data view');
  return kept;
}

/** The receiver as the webhook feature runs it: none while that feature is not loaded, since only it starts one. */
function receiverOf(features: LazyFeatures<LazyApis>): Pick<Webhooks.WebhooksApi, 'receiver' | 'hasSecret'> {
  return {
    get receiver() { return features.ifMade('webhooks')?.receiver; },
    get hasSecret() { return features.ifMade('webhooks')?.hasSecret === true; },
  };
}
export type { Extracted, ResearchRun, RunEnd } from './features/agent';

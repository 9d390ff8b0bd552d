// Which feature answers each of the extension's entries: a command of the palette or a menu, a view,
// a chat tool, a file-system scheme whose tabs come back after a reload. Activation registers a
// stand-in for every entry here (src/platform/stand-ins.ts) and reads no feature's code; the first
// use of an entry loads its feature's bundle (dist/feature-<name>.js), which then answers it. So
// a new feature adds a row here, and activation reads a few more ids, not its code.
//
// Plain data, no VS Code. test/unit/feature-table.test.ts holds it against package.json (every
// contributed command, view and tool has one owner) and against the features' sources (each
// registers exactly the entries it owns). The features activation runs anyway (the credits item,
// today's spend, the walkthrough, the problems' Code Action, the editor menu's keys) are imported by src/extension.ts and own no row.
import { Command, Participant, Tool, View, type CommandId, type ParticipantId, type ToolName, type ViewId } from './ids';
import { Schemes } from './schemes';

/** The features loaded on first use: each a folder of src/features/ and a bundle dist/feature-<name>.js. */
export const LAZY_FEATURES = ['connect', 'search', 'crawls', 'crawl-results', 'webhooks', 'scrape', 'jobs', 'chat', 'entries', 'doctor', 'parse', 'agent', 'watch', 'participant', 'browser', 'credits-usage', 'docs'] as const;

export type LazyFeature = (typeof LAZY_FEATURES)[number];

export interface FeatureEntries {
  readonly commands: readonly CommandId[];
  /** A view whose rows it draws; the view's `draws` lists other features whose rows it shows too. */
  readonly views?: readonly ViewId[];
  readonly tools?: readonly ToolName[];
  /** Chat participants (@webData): registered at activation where VS Code has chat, answered by the feature. */
  readonly participants?: readonly ParticipantId[];
}

export const FEATURE_TABLE: Readonly<Record<LazyFeature, FeatureEntries>> = {
  connect: { commands: [Command.connect, Command.setApiKey, Command.clearApiKey, Command.showLog] },
  search: {
    commands: [
      Command.search, Command.searchAdvanced, Command.insertOperator, Command.searchAgain, Command.removeSearch, Command.clearSearches,
      Command.pinSearch, Command.unpinSearch, Command.editSearch, Command.filterSearches, Command.clearSearchFilter, Command.openAllResults,
      Command.exportSearch, Command.openMarkdown, Command.openSummary, Command.enableMarkdown, Command.openInBrowser, Command.copyUrl,
    ],
    views: [View.searchResults],
  },
  crawls: { commands: [Command.refreshCrawls, Command.copyCrawlId], views: [View.activeCrawls] },
  'crawl-results': {
    commands: [Command.openCrawlResults, Command.cancelCrawl, Command.openCrawlPage, Command.openAllCrawlPages, Command.exportCrawlPages, Command.loadMoreCrawlResults],
  },
  webhooks: {
    commands: [
      Command.startWebhookReceiver, Command.stopWebhookReceiver, Command.copyWebhookUrl, Command.setWebhookSecret, Command.clearWebhookSecret,
      Command.copyJobId, Command.openWebhookPayload, Command.clearWebhookEvents,
    ],
    views: [View.webhookEvents],
  },
  scrape: {
    commands: [
      Command.scrapeUrl, Command.scrapeFresh, Command.scrapeResult, Command.mapSite, Command.scrapeWithOptions, Command.scrapeAgain,
      Command.pinPage, Command.unpinPage, Command.removePage, Command.exportPage, Command.clearPages, Command.openCrawlPageLink,
    ],
    views: [View.pages],
  },
  jobs: { commands: [Command.startCrawl, Command.startBatchScrape, Command.scrapeAllResults] },
  chat: { commands: [], tools: Object.values(Tool) },
  entries: { commands: [Command.searchSelection, Command.searchTerminalSelection, Command.searchProblem] },
  'credits-usage': { commands: [Command.showCreditsUsage] },
  doctor: { commands: [Command.checkConnection, Command.copyConnectionReport] },
  parse: {
    commands: [
      Command.openAsMarkdown, Command.openDocumentAsMarkdown, Command.parseWithOptions, Command.parseAgain,
      Command.pinDocument, Command.unpinDocument, Command.removeDocument,
    ],
  },
  agent: {
    commands: [
      Command.extractData, Command.research, Command.cancelResearch, Command.openStructuredResult, Command.extractAgain,
      Command.removeStructuredResult, Command.copyStructuredResult,
    ],
  },
  watch: {
    commands: [
      Command.watch, Command.checkWatchNow, Command.pauseWatch, Command.resumeWatch, Command.deleteWatch, Command.openWatchChanges,
      Command.refreshWatches, Command.copyWatchId, Command.editWatch,
    ],
    views: [View.watches],
  },
  participant: { commands: [Command.answerInChat], participants: [Participant.webData] },
  browser: {
    commands: [
      Command.startBrowserSession, Command.continueInBrowser, Command.runInBrowserSession, Command.stopBrowserSession,
      Command.openLiveView, Command.openInteractiveLiveView, Command.copyBrowserSessionId,
    ],
  },
  docs: {
    commands: [Command.addDocs, Command.searchDocs, Command.refreshDocs, Command.removeDocs, Command.openDocsPageList, Command.keepDocsFresh],
    views: [View.docsSets],
  },
};

/**
 * What a view shows besides its owner's rows: Pages, Documents and Data (the scrape feature's) lists
 * the documents kept by the parse feature and the results kept by the agent feature in groups of
 * their own, and Jobs (the crawls feature's) the crawls and batch scrapes the crawl-results feature
 * opened, so drawing it loads them.
 */
export const VIEW_DRAWS: Readonly<Partial<Record<ViewId, readonly LazyFeature[]>>> = {
  [View.pages]: ['parse', 'agent'],
  // The crawls and batch scrapes opened before a reload are Jobs rows: they come back as the view draws.
  [View.activeCrawls]: ['crawl-results'],
};

function isLazyFeature(name: string): name is LazyFeature {
  return LAZY_FEATURES.some((feature) => feature === name);
}

/** The features that serve a file-system scheme (src/core/schemes.ts names each scheme's owner), by scheme. */
export function fileSystemOwners(): ReadonlyMap<string, LazyFeature> {
  const owners = new Map<string, LazyFeature>();
  for (const own of Object.values(Schemes)) {
    if (own.served === 'file-system' && isLazyFeature(own.owner)) owners.set(own.scheme, own.owner);
  }
  return owners;
}

/** Every entry with its owner, for the stand-ins. */
export function entryOwners(): { commands: Map<CommandId, LazyFeature>; views: Map<ViewId, LazyFeature>; tools: Map<ToolName, LazyFeature>; participants: Map<ParticipantId, LazyFeature> } {
  const commands = new Map<CommandId, LazyFeature>();
  const views = new Map<ViewId, LazyFeature>();
  const tools = new Map<ToolName, LazyFeature>();
  const participants = new Map<ParticipantId, LazyFeature>();
  for (const feature of LAZY_FEATURES) {
    const entries = FEATURE_TABLE[feature];
    for (const id of entries.commands) commands.set(id, feature);
    for (const id of entries.views ?? []) views.set(id, feature);
    for (const name of entries.tools ?? []) tools.set(name, feature);
    for (const id of entries.participants ?? []) participants.set(id, feature);
  }
  return { commands, views, tools, participants };
}

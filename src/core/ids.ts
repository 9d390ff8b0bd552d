// The names VS Code knows this extension by: command ids, context keys, view ids, setting keys and
// status bar item ids. They live here once, as plain constants with no VS Code import, so that the
// code never spells one twice and test/unit/manifest-ids.test.ts can hold them against package.json
// in both directions (a constant nothing contributes, or a contribution with no constant, fails).
// In src/core because the core names commands too (the credits item's click, usage/present.ts).

export const Command = {
  answerInChat: 'webData.answerInChat',
  connect: 'webData.connect',
  setApiKey: 'webData.setApiKey',
  clearApiKey: 'webData.clearApiKey',
  showLog: 'webData.showLog',
  search: 'webData.search',
  searchAdvanced: 'webData.searchAdvanced',
  insertOperator: 'webData.insertOperator',
  searchAgain: 'webData.searchAgain',
  removeSearch: 'webData.removeSearch',
  clearSearches: 'webData.clearSearches',
  pinSearch: 'webData.pinSearch',
  unpinSearch: 'webData.unpinSearch',
  editSearch: 'webData.editSearch',
  filterSearches: 'webData.filterSearches',
  clearSearchFilter: 'webData.clearSearchFilter',
  openAllResults: 'webData.openAllResults',
  exportSearch: 'webData.exportSearch',
  openMarkdown: 'webData.openMarkdown',
  openSummary: 'webData.openSummary',
  enableMarkdown: 'webData.enableMarkdown',
  openInBrowser: 'webData.openInBrowser',
  copyUrl: 'webData.copyUrl',
  refreshCrawls: 'webData.refreshCrawls',
  copyCrawlId: 'webData.copyCrawlId',
  refreshUsage: 'webData.refreshUsage',
  showUsage: 'webData.showUsage',
  showCreditsUsage: 'webData.showCreditsUsage',
  startWebhookReceiver: 'webData.startWebhookReceiver',
  stopWebhookReceiver: 'webData.stopWebhookReceiver',
  copyWebhookUrl: 'webData.copyWebhookUrl',
  setWebhookSecret: 'webData.setWebhookSecret',
  clearWebhookSecret: 'webData.clearWebhookSecret',
  copyJobId: 'webData.copyJobId',
  openWebhookPayload: 'webData.openWebhookPayload',
  clearWebhookEvents: 'webData.clearWebhookEvents',
  // Entries where the work is (src/features/entries).
  searchSelection: 'webData.searchSelection',
  searchTerminalSelection: 'webData.searchTerminalSelection',
  searchProblem: 'webData.searchProblem',
  checkConnection: 'webData.checkConnection',
  copyConnectionReport: 'webData.copyConnectionReport',
  openCrawlResults: 'webData.openCrawlResults',
  cancelCrawl: 'webData.cancelCrawl',
  openCrawlPage: 'webData.openCrawlPage',
  // Any page as markdown (src/features/scrape).
  scrapeUrl: 'webData.scrapeUrl',
  scrapeFresh: 'webData.scrapeFresh',
  scrapeResult: 'webData.scrapeResult',
  mapSite: 'webData.mapSite',
  scrapeWithOptions: 'webData.scrapeWithOptions',
  scrapeAgain: 'webData.scrapeAgain',
  pinPage: 'webData.pinPage',
  unpinPage: 'webData.unpinPage',
  removePage: 'webData.removePage',
  exportPage: 'webData.exportPage',
  clearPages: 'webData.clearPages',
  openCrawlPageLink: 'webData.openCrawlPageLink',
  openAllCrawlPages: 'webData.openAllCrawlPages',
  exportCrawlPages: 'webData.exportCrawlPages',
  loadMoreCrawlResults: 'webData.loadMoreCrawlResults',
  // Starting jobs (src/features/jobs).
  startCrawl: 'webData.startCrawl',
  startBatchScrape: 'webData.startBatchScrape',
  scrapeAllResults: 'webData.scrapeAllResults',
  // Structured data and research (src/features/agent).
  extractData: 'webData.extractData',
  research: 'webData.research',
  cancelResearch: 'webData.cancelResearch',
  openStructuredResult: 'webData.openStructuredResult',
  extractAgain: 'webData.extractAgain',
  removeStructuredResult: 'webData.removeStructuredResult',
  copyStructuredResult: 'webData.copyStructuredResult',
  // Documents as markdown (src/features/parse).
  openAsMarkdown: 'webData.openAsMarkdown',
  openDocumentAsMarkdown: 'webData.openDocumentAsMarkdown',
  parseWithOptions: 'webData.parseWithOptions',
  parseAgain: 'webData.parseAgain',
  pinDocument: 'webData.pinDocument',
  unpinDocument: 'webData.unpinDocument',
  removeDocument: 'webData.removeDocument',
  // Watches (src/features/watch).
  watch: 'webData.watch',
  checkWatchNow: 'webData.checkWatchNow',
  pauseWatch: 'webData.pauseWatch',
  resumeWatch: 'webData.resumeWatch',
  deleteWatch: 'webData.deleteWatch',
  openWatchChanges: 'webData.openWatchChanges',
  refreshWatches: 'webData.refreshWatches',
  copyWatchId: 'webData.copyWatchId',
  editWatch: 'webData.editWatch',
  // Browser sessions (src/features/browser).
  startBrowserSession: 'webData.startBrowserSession',
  continueInBrowser: 'webData.continueInBrowser',
  runInBrowserSession: 'webData.runInBrowserSession',
  stopBrowserSession: 'webData.stopBrowserSession',
  openLiveView: 'webData.openLiveView',
  openInteractiveLiveView: 'webData.openInteractiveLiveView',
  copyBrowserSessionId: 'webData.copyBrowserSessionId',
  // Docs sets (src/features/docs).
  addDocs: 'webData.docs.add',
  searchDocs: 'webData.docs.search',
  refreshDocs: 'webData.docs.refresh',
  removeDocs: 'webData.docs.remove',
  openDocsPageList: 'webData.docs.openPageList',
  keepDocsFresh: 'webData.docs.keepFresh',
} as const;

export type CommandId = (typeof Command)[keyof typeof Command];

/** Keys the code sets with `setContext` for the when-clauses of package.json. */
export const ContextKey = {
  connected: 'webData.connected',
  // Connected in a trusted workspace: one key for the chat tools that touch files or run code, since
  // VS Code 1.100 cannot send a tool whose `when` has an && to extensions (see src/platform/connection.ts).
  connectedAndTrusted: 'webData.connectedAndTrusted',
  hasSearches: 'webData.hasSearches',
  searchFilterActive: 'webData.searchFilterActive',
  queryBoxOpen: 'webData.queryBoxOpen',
  hasWebhookEvents: 'webData.hasWebhookEvents',
  hasPages: 'webData.hasPages',
  // Clear Webhook Secret is in the palette only when there is one to clear (issue 46).
  hasWebhookSecret: 'webData.hasWebhookSecret',
  // The editor's Web Data submenu (src/features/editor-menu): an address under the cursor or selected; addresses selected.
  editorUrlAtCursor: 'webData.editorUrlAtCursor',
  editorSelectionHasUrls: 'webData.editorSelectionHasUrls',
  webhookReceiverRunning: 'webData.webhookReceiverRunning',
  webhookUnsignedAccepted: 'webData.webhookUnsignedAccepted',
  chatToolUsed: 'webData.chatToolUsed',
  // The walkthrough's steps (src/features/walkthrough): each is true for a moment as the person does it.
  // The Docs Sets view's welcome names the workspace's dependencies whose docs are not kept (src/features/docs).
  docsSuggested: 'webData.docsSuggested',
  walkthroughConnected: 'webData.walkthrough.connected',
  walkthroughSearched: 'webData.walkthrough.searched',
  walkthroughRead: 'webData.walkthrough.read',
  walkthroughWebhookReceived: 'webData.walkthrough.webhookReceived',
  walkthroughConverted: 'webData.walkthrough.converted',
  walkthroughJobStarted: 'webData.walkthrough.jobStarted',
  walkthroughWatchMade: 'webData.walkthrough.watchMade',
} as const;

/** The walkthrough of contributes.walkthroughs, as workbench.action.openWalkthrough names it: `<publisher>.<name>#<id>`. */
export const WALKTHROUGH_ID = 'web-data.web-data#webData.gettingStarted';

/** The chat participants of contributes.chatParticipants (src/features/participant): @webData. */
export const Participant = {
  webData: 'webData.participant',
} as const;

export type ParticipantId = (typeof Participant)[keyof typeof Participant];

/** The language model tools of contributes.languageModelTools (src/features/chat). */
export const Tool = {
  search: 'webData_search',
  credits: 'webData_credits',
  activeCrawls: 'webData_activeCrawls',
  /** The one read-back tool (issue 46): kept pages and results, a job's pages, a research result, watches' changes. */
  read: 'webData_read',
  scrape: 'webData_scrape',
  map: 'webData_map',
  startCrawl: 'webData_startCrawl',
  batchScrape: 'webData_batchScrape',
  extract: 'webData_extract',
  research: 'webData_research',
  readDocument: 'webData_readDocument',
  watch: 'webData_watch',
  browser: 'webData_browser',
  /** Docs sets (issue 48): passages of the kept docs, free; and a new set, crawled within its bound. */
  docs: 'webData_docs',
  addDocs: 'webData_addDocs',
} as const;

export type ToolName = (typeof Tool)[keyof typeof Tool];

/** The webview panels' types (VS Code restores a panel by its type). */
export const WebviewPanel = {
  creditsUsage: 'webData.creditsUsage',
} as const;

/** The views of contributes.views. */
export const View = {
  searchResults: 'webData.searchResults',
  pages: 'webData.pages',
  activeCrawls: 'webData.activeCrawls',
  watches: 'webData.watches',
  docsSets: 'webData.docsSets',
  webhookEvents: 'webData.webhookEvents',
} as const;

export type ViewId = (typeof View)[keyof typeof View];

/** The command VS Code itself makes for every view, which shows and focuses it. */
export function focusViewCommand<V extends ViewId>(view: V): `${V}.focus` {
  return `${view}.focus`;
}

/** The section every setting is under: `getConfiguration(SETTINGS_SECTION).get(Setting.x)`. */
export const SETTINGS_SECTION = 'webData';

/** Setting keys as the code reads them, relative to SETTINGS_SECTION; fullSettingKey() adds it. */
export const Setting = {
  baseUrl: 'baseUrl',
  searchLimit: 'search.limit',
  searchSources: 'search.sources',
  searchScrapeFormats: 'search.scrapeFormats',
  searchCountry: 'search.country',
  searchLocation: 'search.location',
  searchTimeout: 'search.timeout',
  searchHistorySize: 'search.historySize',
  searchPreviewImages: 'search.previewImages',
  creditsLowThreshold: 'credits.lowThreshold',
  creditsRefreshInterval: 'credits.refreshInterval',
  creditsForecastWarning: 'credits.forecastWarning',
  activeCrawlsRefreshInterval: 'activeCrawls.refreshInterval',
  webhooksPort: 'webhooks.port',
  webhooksPath: 'webhooks.path',
  webhooksBindAddress: 'webhooks.bindAddress',
  webhooksRequireSignature: 'webhooks.requireSignature',
  webhooksAutoStart: 'webhooks.autoStart',
  webhooksNotifications: 'webhooks.notifications',
  webhooksMaxEvents: 'webhooks.maxEvents',
  searchProblemActions: 'search.problemActions',
  searchProblemActionSeverity: 'search.problemActionSeverity',
  chatReuseMinutes: 'chat.reuseMinutes',
  chatDailyCreditLimit: 'chat.dailyCreditLimit',
  chatMaxCrawlPages: 'chat.maxCrawlPages',
  chatConfirmAboveCredits: 'chat.confirmAboveCredits',
  crawlResultsStorageLimit: 'crawlResults.storageLimit',
  scrapeFormats: 'scrape.formats',
  scrapeOnlyMainContent: 'scrape.onlyMainContent',
  scrapeMaxAgeMinutes: 'scrape.maxAgeMinutes',
  scrapeHistorySize: 'scrape.historySize',
  crawlDefaultLimit: 'crawl.defaultLimit',
  crawlConfirmAbovePages: 'crawl.confirmAbovePages',
  agentMaxCredits: 'agent.maxCredits',
  agentConfirmAboveCredits: 'agent.confirmAboveCredits',
  chatMaxResearchCredits: 'chat.maxResearchCredits',
  webhooksPublicUrl: 'webhooks.publicUrl',
  parseMaxFileSizeMB: 'parse.maxFileSizeMB',
  parsePdfMode: 'parse.pdfMode',
  parseMaxPages: 'parse.maxPages',
  watchConfirmAboveCreditsPerMonth: 'watch.confirmAboveCreditsPerMonth',
  watchRefreshMinutes: 'watch.refreshMinutes',
  chatMaxWatchCreditsPerMonth: 'chat.maxWatchCreditsPerMonth',
  browserLiveView: 'browser.liveView',
  chatMaxBrowserMinutes: 'chat.maxBrowserMinutes',
  chatBrowserIdleSeconds: 'chat.browserIdleSeconds',
  docsMaxPages: 'docs.maxPages',
  docsMaxDiskMB: 'docs.maxDiskMB',
  chatMaxDocsPages: 'chat.maxDocsPages',
} as const;

export type SettingKey = (typeof Setting)[keyof typeof Setting];

/**
 * Settings that had another name before (issue 34: each setting in its area, and "credits", not
 * "usage"). The old key is still read when the new one is set nowhere, so no one loses a setting.
 */
export const RenamedSetting: Partial<Record<SettingKey, string>> = {
  [Setting.searchPreviewImages]: 'previewImages',
  [Setting.creditsLowThreshold]: 'lowCreditsThreshold',
  [Setting.creditsRefreshInterval]: 'usage.refreshInterval',
};

/** The key to read for `key`: its old one only while the new one is set nowhere and the old one is. */
export function keyToRead(key: SettingKey, isSet: (key: string) => boolean): string {
  const old = RenamedSetting[key];
  return old !== undefined && !isSet(key) && isSet(old) ? old : key;
}

/** Prefixes that group settings, for the Settings editor's search box. */
export const SettingGroup = {
  search: 'search',
} as const;

export type SettingGroupKey = (typeof SettingGroup)[keyof typeof SettingGroup];

/** The key as the user writes it in settings.json, and as the Settings editor finds it. */
export function fullSettingKey<K extends SettingKey | SettingGroupKey>(key: K): `${typeof SETTINGS_SECTION}.${K}` {
  return `${SETTINGS_SECTION}.${key}`;
}

/** Status bar items' ids: VS Code remembers by these whether the user hid an item. */
export const StatusBarItem = {
  credits: 'webData.credits',
  webhookReceiver: 'webData.webhookReceiver',
} as const;

// Language-model tools for chat agents, every one registered here: web search, a page as markdown,
// a workspace document as markdown (confirmed: it uploads the file and spends credits), a site's
// map, starting a crawl, a batch scrape or a research run, extracting a page's data, watching pages
// and running code in the service's browser (each confirmed with its price or bound), the team's
// credits and its active crawls (free), and webData_read (free), which reads back everything the
// others fetched or keep: pages in parts, a job's pages, a research result, what changed on the
// watches; webData_docs (free, local) searches the kept docs sets and webData_addDocs makes one. Each is a definition given to one base (tool.ts, over src/core/chat/tool.ts).
// Registering reads nothing and sends nothing. The manifest's contributes.languageModelTools
// describes them, each offered only when connected (its `when`).
import type { Services } from '../../platform/services';
import { ACTIVE_CRAWLS_TOOL, activeCrawlsTool, type ActiveCrawlsReader } from './crawls-tool';
import { crawlResultsTool } from './crawl-results-tool';
import { CREDITS_TOOL, creditsTool, type CreditsReader } from './credits-tool';
import { searchThrough, type SearchRunner } from './run-search';
import { SEARCH_TOOL, SearchTool } from './search-tool';
import { SearchSpend } from './search-spend';
import type { SpendApi } from '../spend';
import { PageReadTool } from './page-read-tool';
import { READ_TOOL, ReadTool, readRoute } from './read-tool';
import { chatTool, type ChatTool } from './tool';
import { searchResultPage, type PageSource } from '../../core/chat/read-result';
import { scrapedPageLookup } from '../../core/chat/page-text';
import { SCRAPE_TOOL, ScrapeTool, type PageFetcher } from './scrape-tool';
import { MAP_TOOL, MapTool } from './map-tool';
import { BATCH_SCRAPE_TOOL, JobTool, START_CRAWL_TOOL, type JobStarter } from './job-tool';
import { crawlPageSource, type CrawlPageService } from '../../core/crawls/read-page';
import { registerTool } from '../../platform/stand-ins';
import { EXTRACT_TOOL, ExtractTool, type Extractor } from './extract-tool';
import { RESEARCH_TOOL, ResearchResultTool, ResearchTool, type ResearchStarter } from './research-tool';
import { documentLookup } from '../../core/chat/document-text';
import { structuredResultLookup } from '../../core/chat/structured-text';
import type { StructuredResult } from '../../core/agent/store';
import { READ_DOCUMENT_TOOL, DocumentTool, type DocumentReader } from './document-tool';
import { WATCH_TOOL, WatchTool } from './watch-tool';
import { ChangesTool } from './changes-tool';
import { watchDiffPage } from '../../core/monitor/diff-page';
import type { WatchAgentApi } from '../watch';
import { BROWSER_TOOL, BrowserTool } from './browser-tool';
import type { BrowserFeature } from '../browser';
import { DOCS_TOOL, DocsTool, type DocsReader } from './docs-tool';
import { ADD_DOCS_TOOL, AddDocsTool, type DocsAdder } from './add-docs-tool';


export interface ChatToolsApi {
  readonly search: ChatTool;
  readonly credits: ChatTool;
  readonly activeCrawls: ChatTool;
  /** webData_read: every read-back, by its source. */
  readonly read: ChatTool;
  readonly scrape: ChatTool;
  readonly map: ChatTool;
  readonly startCrawl: ChatTool;
  readonly batchScrape: ChatTool;
  readonly extract: ChatTool;
  readonly research: ChatTool;
  readonly readDocument: ChatTool;
  readonly watch: ChatTool;
  readonly browser: ChatTool;
  /** webData_browser's definition: host tests stand in for the workspace's trust through it. */
  readonly browserTool: BrowserTool;
  readonly docs: ChatTool;
  readonly addDocs: ChatTool;
}

export interface ChatToolDeps {
  /** The search feature: the tools' searches run and are stored through it. */
  searches: SearchRunner;
  /** Today's spend in every window, for the agents' daily limit. */
  spend: SpendApi;
  /** The crawl results service (whose jobs the Jobs view lists): webData_read reads jobs through it. */
  crawlResults: CrawlPageService;
  /** The credits (the status bar's model): webData_credits reads through it. */
  credits: CreditsReader;
  /** The active crawls (the Active Crawls view's model): webData_activeCrawls reads through it. */
  crawls: ActiveCrawlsReader;
  /** The scrape feature: webData_scrape fetches and keeps pages through it, webData_read reads them. */
  scrape: PageFetcher;
  /** The jobs feature: webData_startCrawl and webData_batchScrape bound and start jobs through it. */
  jobs: JobStarter;
  /** The agent feature: webData_research starts runs through it (loaded on the tools' first call), webData_read reads them and the results it keeps. */
  agent: () => ResearchStarter & Extractor & KeptResults;
  /** The parse feature: webData_readDocument uploads and keeps documents through it, webData_read reads them. */
  documents: DocumentReader;
  /** The watch feature: webData_watch makes watches and webData_read reads their changes and diffs through it (loaded on the tools' first call). */
  watch: () => WatchAgentApi;
  /** The browser feature: webData_browser opens sessions and runs code through it (loaded on the tool's first call). */
  browser: () => BrowserFeature;
  /** The docs feature: webData_docs searches the kept sets and webData_addDocs makes one through it (loaded on the tools' first call). */
  docs: () => DocsReader & DocsAdder;
}

export function registerChatTools(services: Services, deps: ChatToolDeps): ChatToolsApi {
  const { log } = services;
  const browserTool = new BrowserTool(services, deps.browser);
  const tools: ChatToolsApi = {
    search: chatTool(new SearchTool(services, searchThrough(deps.searches), new SearchSpend(deps.searches, deps.spend)), log),
    credits: chatTool(creditsTool(deps.credits, deps.spend.usage), log),
    activeCrawls: chatTool(activeCrawlsTool(deps.crawls), log),
    read: chatTool(readTool(deps), log),
    scrape: chatTool(new ScrapeTool(services, deps.scrape, deps.spend), log),
    map: chatTool(new MapTool(services, deps.spend), log),
    startCrawl: chatTool(new JobTool('crawl', services, deps.jobs, deps.spend), log),
    batchScrape: chatTool(new JobTool('batch', services, deps.jobs, deps.spend), log),
    extract: chatTool(new ExtractTool(services, deps.agent, deps.spend), log),
    research: chatTool(new ResearchTool(services, deps.agent, deps.spend), log),
    readDocument: chatTool(new DocumentTool(services, deps.documents, deps.spend), log),
    watch: chatTool(new WatchTool(services, deps.watch), log),
    browser: chatTool(browserTool, log),
    browserTool,
    docs: chatTool(new DocsTool(deps.docs), log),
    addDocs: chatTool(new AddDocsTool(services, deps.docs, deps.spend), log),
  };
  services.context.subscriptions.push(
    registerTool(SEARCH_TOOL, tools.search),
    registerTool(CREDITS_TOOL, tools.credits),
    registerTool(ACTIVE_CRAWLS_TOOL, tools.activeCrawls),
    registerTool(READ_TOOL, tools.read),
    registerTool(SCRAPE_TOOL, tools.scrape),
    registerTool(MAP_TOOL, tools.map),
    registerTool(START_CRAWL_TOOL, tools.startCrawl),
    registerTool(BATCH_SCRAPE_TOOL, tools.batchScrape),
    registerTool(EXTRACT_TOOL, tools.extract),
    registerTool(RESEARCH_TOOL, tools.research),
    registerTool(READ_DOCUMENT_TOOL, tools.readDocument),
    registerTool(WATCH_TOOL, tools.watch),
    registerTool(BROWSER_TOOL, tools.browser),
    registerTool(DOCS_TOOL, tools.docs),
    registerTool(ADD_DOCS_TOOL, tools.addDocs),
  );
  return tools;
}

/** webData_read: each source to the definition that reads it; the page reader's own names for two of them. */
function readTool(deps: ChatToolDeps): ReadTool {
  const pages = new PageReadTool([searchPages(deps.searches), crawlPageSource(deps.crawlResults, 'crawl'), crawlPageSource(deps.crawlResults, 'batch'), scrapedPages(deps.scrape), keptDocuments(deps.documents), keptResults(deps.agent), watchDiffs(deps.watch)]);
  const page = (source: string) => readRoute(pages, (fields) => ({ ...fields, source }));
  return new ReadTool({
    search: page('search'), scraped: page('scraped'), document: page('document'), result: page('result'), jobPage: page('job'), diff: page('watch'),
    job: readRoute(crawlResultsTool(deps.crawlResults)),
    research: readRoute(new ResearchResultTool(deps.agent)),
    changes: readRoute(new ChangesTool(deps.watch)),
  });
}

/** The search history as a source of pages to read in parts. */
function searchPages(searches: SearchRunner): PageSource {
  return { kind: 'search', find: async (id, page) => searchResultPage(await searches.get(id), id, page) };
}

/** The documents webData_readDocument kept, as a source of pages to read in parts (by document id). */
function keptDocuments(reader: DocumentReader): PageSource {
  return { kind: 'document', find: async (id) => documentLookup(await reader.documents.read(id), id) };
}

/** What webData_read needs of the agent feature: its kept results. */
interface KeptResults {
  readonly results: { read(id: string): Promise<StructuredResult | undefined> };
}

/** The extractions and research results the agent feature kept, as a source of pages to read in parts (by result id); the feature loads on the first such read. */
function keptResults(agent: () => KeptResults): PageSource {
  return { kind: 'result', find: async (id) => structuredResultLookup(await agent().results.read(id), id) };
}

/** The pages webData_scrape kept, as a source of pages to read in parts (by page id). */
function scrapedPages(scrape: PageFetcher): PageSource {
  return { kind: 'scrape', find: async (id) => scrapedPageLookup(await scrape.pages.read(id), id) };
}

/** The watches' changed pages, as a source of whole diffs to read in parts (by "<watchId>/<checkId>" and the page's address). */
function watchDiffs(watch: () => WatchAgentApi): PageSource {
  return {
    kind: 'watch',
    find: async (id, page) => {
      if (!('address' in page)) return { ok: false, problem: 'Give the changed page\'s url, as the changes answer did.' };
      const [watchId = '', checkId = ''] = id.split('/');
      return watchDiffPage(await watch().checkPages(watchId, checkId), id, page.address);
    },
  };
}

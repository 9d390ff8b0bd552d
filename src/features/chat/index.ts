// Language-model tools for chat agents: web search (confirmed, it spends credits), the team's
// credits and its active crawls (free), and reading a stored page in parts (free). Registering reads nothing and sends nothing. The manifest's
// contributes.languageModelTools describes them.
import * as vscode from 'vscode';
import type { Services } from '../../platform/services';
import { ACTIVE_CRAWLS_TOOL, ActiveCrawlsTool } from './crawls-tool';
import { CREDITS_TOOL, CreditsTool } from './credits-tool';
import { searchThrough, type SearchRunner } from './run-search';
import { SEARCH_TOOL, SearchTool } from './search-tool';
import { SearchSpend } from './search-spend';
import type { SpendApi } from '../spend';
import { READ_RESULT_TOOL, ReadResultTool } from './read-tool';
import { searchResultPage, type PageSource } from '../../core/chat/read-result';
import { crawlPageSource, type CrawlPageService } from '../../core/crawls/read-page';

type Tool = vscode.LanguageModelTool<unknown>;

/** A registered tool, with both methods always there (for host tests that call them directly). */
interface ChatTool extends Tool {
  prepareInvocation(options: vscode.LanguageModelToolInvocationPrepareOptions<unknown>, token: vscode.CancellationToken): Promise<vscode.PreparedToolInvocation | undefined>;
  invoke(options: vscode.LanguageModelToolInvocationOptions<unknown>, token: vscode.CancellationToken): Promise<vscode.LanguageModelToolResult>;
}

export interface ChatToolsApi {
  readonly search: ChatTool;
  readonly credits: ChatTool;
  readonly activeCrawls: ChatTool;
  readonly readResult: ChatTool;
}

export interface ChatToolDeps {
  /** The search feature: the tools' searches run and are stored through it. */
  searches: SearchRunner;
  /** Today's spend in every window, for the agents' daily limit. */
  spend: SpendApi;
  /** The crawl results service (the Crawl Results view's): webData_readResult reads crawls' pages through it. */
  crawlResults: CrawlPageService;
}

/** Both methods always there, so host tests can call them directly. */
function asChatTool(tool: Tool): ChatTool {
  return {
    prepareInvocation: async (options, token) => (await tool.prepareInvocation?.(options, token)) ?? undefined,
    invoke: async (options, token) => (await tool.invoke(options, token)) ?? new vscode.LanguageModelToolResult([]),
  };
}

export function registerChatTools(services: Services, deps: ChatToolDeps): ChatToolsApi {
  const tools: ChatToolsApi = {
    search: asChatTool(new SearchTool(services, searchThrough(deps.searches), new SearchSpend(deps.searches, deps.spend))),
    credits: asChatTool(new CreditsTool(services)),
    activeCrawls: asChatTool(new ActiveCrawlsTool(services)),
    readResult: asChatTool(new ReadResultTool(services, [searchPages(deps.searches), crawlPageSource(deps.crawlResults, 'crawl'), crawlPageSource(deps.crawlResults, 'batch')])),
  };
  services.context.subscriptions.push(
    vscode.lm.registerTool(SEARCH_TOOL, tools.search),
    vscode.lm.registerTool(CREDITS_TOOL, tools.credits),
    vscode.lm.registerTool(ACTIVE_CRAWLS_TOOL, tools.activeCrawls),
    vscode.lm.registerTool(READ_RESULT_TOOL, tools.readResult),
  );
  return tools;
}

/** The search history as a source of pages to read in parts. */
function searchPages(searches: SearchRunner): PageSource {
  return { kind: 'search', find: async (id, page) => searchResultPage(await searches.get(id), id, page) };
}

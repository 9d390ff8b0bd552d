// Language-model tools for chat agents: web search (confirmed, it spends credits), the team's
// credits and its active crawls (free). Registering reads nothing and sends nothing; the tools
// load the client on first use. The manifest's contributes.languageModelTools describes them.
import * as vscode from 'vscode';
import type { Services } from '../../platform/services';
import { ACTIVE_CRAWLS_TOOL, ActiveCrawlsTool } from './crawls-tool';
import { CREDITS_TOOL, CreditsTool } from './credits-tool';
import { runSearch, type RunSearch } from './run-search';
import { SEARCH_TOOL, SearchTool } from './search-tool';

export type { RunSearch, SearchOutcome } from './run-search';

/** The tools themselves, for host tests that call prepareInvocation and invoke directly. */
export interface ChatToolsApi {
  readonly search: SearchTool;
  readonly credits: CreditsTool;
  readonly activeCrawls: ActiveCrawlsTool;
}

export interface ChatToolDeps {
  /** How a search runs; by default the search command in quiet mode (see run-search.ts). */
  runSearch?: RunSearch;
}

export function registerChatTools(services: Services, deps: ChatToolDeps = {}): ChatToolsApi {
  const tools = {
    search: new SearchTool(services, deps.runSearch ?? runSearch),
    credits: new CreditsTool(services),
    activeCrawls: new ActiveCrawlsTool(services),
  };
  services.context.subscriptions.push(
    vscode.lm.registerTool(SEARCH_TOOL, tools.search),
    vscode.lm.registerTool(CREDITS_TOOL, tools.credits),
    vscode.lm.registerTool(ACTIVE_CRAWLS_TOOL, tools.activeCrawls),
  );
  return tools;
}

// Language-model tools for chat agents: web search (confirmed, it spends credits), the team's
// credits and its active crawls (free). Registering reads nothing and sends nothing: each tool's
// body (with its text and budget code, about 22 KiB) loads with dist/ui.js on its first call, so
// activation only pays for these wrappers. The manifest's contributes.languageModelTools describes them.
import * as vscode from 'vscode';
import type { Services } from '../../platform/services';
import { loadUi } from '../../platform/ui';
import type { RunSearch } from './run-search';

export type { RunSearch, SearchOutcome } from './run-search';

type Tool = vscode.LanguageModelTool<unknown>;

/** A registered tool, with both methods always there (for host tests that call them directly). */
export interface ChatTool extends Tool {
  prepareInvocation(options: vscode.LanguageModelToolInvocationPrepareOptions<unknown>, token: vscode.CancellationToken): Promise<vscode.PreparedToolInvocation | undefined>;
  invoke(options: vscode.LanguageModelToolInvocationOptions<unknown>, token: vscode.CancellationToken): Promise<vscode.LanguageModelToolResult>;
}

export interface ChatToolsApi {
  readonly search: ChatTool;
  readonly credits: ChatTool;
  readonly activeCrawls: ChatTool;
}

export interface ChatToolDeps {
  /** How a search runs; by default the search command in quiet mode (see run-search.ts). */
  runSearch?: RunSearch;
}

/** A tool whose body is created on the first call. */
function lazyTool(create: () => Tool): ChatTool {
  let tool: Tool | undefined;
  const get = (): Tool => (tool ??= create());
  return {
    prepareInvocation: async (options, token) => (await get().prepareInvocation?.(options, token)) ?? undefined,
    invoke: async (options, token) => (await get().invoke(options, token)) ?? new vscode.LanguageModelToolResult([]),
  };
}

export function registerChatTools(services: Services, deps: ChatToolDeps = {}): ChatToolsApi {
  const tools: ChatToolsApi = {
    search: lazyTool(() => { const ui = loadUi().chatTools; return new ui.SearchTool(services, deps.runSearch ?? ui.runSearch); }),
    credits: lazyTool(() => new (loadUi().chatTools.CreditsTool)(services)),
    activeCrawls: lazyTool(() => new (loadUi().chatTools.ActiveCrawlsTool)(services)),
  };
  // The names are the tool files' *_TOOL constants, repeated here so this file loads none of them.
  services.context.subscriptions.push(
    vscode.lm.registerTool('webData_search', tools.search),
    vscode.lm.registerTool('webData_credits', tools.credits),
    vscode.lm.registerTool('webData_activeCrawls', tools.activeCrawls),
  );
  return tools;
}

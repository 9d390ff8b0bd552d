// webData_activeCrawls: the team's running crawls (GET /v2/crawl/active), cut to the budget.
// Costs nothing, so no confirmation; a failure is a text result (the base, tool.ts).
import { Tool } from '../../core/ids';
import type { ActiveCrawl } from '../../core/api';
import { activeCrawlsText } from '../../core/chat/account-text';
import { noInput, type ToolOutcome } from '../../core/chat/tool';
import type { ActiveCrawlsModel } from '../../core/crawls';
import { fromPolled, type ChatToolDefinition } from './tool';
import { activeCrawlsInvocationWords } from './words';

export const ACTIVE_CRAWLS_TOOL = Tool.activeCrawls;

/** Where the tool reads the crawls: the active-crawls model (the Active Crawls view's). */
export type ActiveCrawlsReader = Pick<ActiveCrawlsModel, 'list'>;

export const activeCrawlsTool = (crawls: ActiveCrawlsReader): ChatToolDefinition<undefined, readonly ActiveCrawl[]> => ({
  name: ACTIVE_CRAWLS_TOOL, what: 'The active crawls request', decode: noInput,
  prepare: () => ({ invocationMessage: activeCrawlsInvocationWords() }),
  run: (_none, call) => readActiveCrawls(crawls, call.signal),
  // Cut by characters to the budget, counted by the model's own counter.
  render: (crawls, call) => call.fitCharacters((maxChars, label) => activeCrawlsText(crawls, maxChars, label).text),
});

/** Where the active crawls come from: the model's one read outside its schedule, once per call. */
async function readActiveCrawls(crawls: ActiveCrawlsReader, signal: AbortSignal): Promise<ToolOutcome<readonly ActiveCrawl[]>> {
  return fromPolled(await crawls.list({ signal }));
}

// webData_activeCrawls: the team's running crawls (GET /v2/crawl/active), cut to the budget.
// Costs nothing, so no confirmation; a failure is a text result (the base, tool.ts).
import type { ActiveCrawl } from '../../core/api';
import { activeCrawlsText } from '../../core/chat/account-text';
import { noInput, type ToolOutcome } from '../../core/chat/tool';
import type { Services } from '../../platform/services';
import { throughClient, type ChatToolDefinition } from './tool';
import { activeCrawlsInvocationWords } from './words';

export const ACTIVE_CRAWLS_TOOL = 'webData_activeCrawls';

export const activeCrawlsTool = (services: Services): ChatToolDefinition<undefined, readonly ActiveCrawl[]> => ({
  name: ACTIVE_CRAWLS_TOOL, what: 'The active crawls request', decode: noInput,
  prepare: () => ({ invocationMessage: activeCrawlsInvocationWords() }),
  run: (_none, call) => readActiveCrawls(services, call.signal),
  // Cut by characters to the budget, counted by the model's own counter.
  render: (crawls, call) => call.fitCharacters((maxChars, label) => activeCrawlsText(crawls, maxChars, label).text),
});

/** Where the active crawls come from: the service, asked once per call. */
function readActiveCrawls(services: Services, signal: AbortSignal): Promise<ToolOutcome<readonly ActiveCrawl[]>> {
  return throughClient(services, (client) => client.listActiveCrawls({ signal }));
}

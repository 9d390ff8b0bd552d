// webData_credits: the team's remaining credits, plan and billing period (GET /v2/team/token-usage).
// Costs nothing, so no confirmation; a failure is a text result (the base, tool.ts).
import type { TokenUsage } from '../../core/api';
import { creditsText } from '../../core/chat/account-text';
import { noInput, type ToolOutcome } from '../../core/chat/tool';
import type { Services } from '../../platform/services';
import { throughClient, type ChatToolDefinition } from './tool';
import { creditsInvocationWords } from './words';

export const CREDITS_TOOL = 'webData_credits';

export const creditsTool = (services: Services): ChatToolDefinition<undefined, TokenUsage> => ({
  name: CREDITS_TOOL, what: 'The credits request', decode: noInput,
  prepare: () => ({ invocationMessage: creditsInvocationWords() }),
  run: (_none, call) => readCredits(services, call.signal),
  render: (usage) => creditsText(usage, new Date()),
});

/** Where the credits come from: the service, asked once per call. */
function readCredits(services: Services, signal: AbortSignal): Promise<ToolOutcome<TokenUsage>> {
  return throughClient(services, (client) => client.getTokenUsage({ signal }));
}

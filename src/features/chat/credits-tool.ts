// webData_credits: the team's remaining credits, plan and billing period (GET /v2/team/token-usage).
// Costs nothing, so no confirmation; a failure is a text result (the base, tool.ts).
import { Tool } from '../../core/ids';
import type { TokenUsage } from '../../core/api';
import { creditsText } from '../../core/chat/account-text';
import { noInput, type ToolOutcome } from '../../core/chat/tool';
import type { CreditsModel } from '../../core/usage';
import { fromPolled, type ChatToolDefinition } from './tool';
import { creditsInvocationWords } from './words';

export const CREDITS_TOOL = Tool.credits;

/** Where the tool reads the credits: the credits model (the status bar's). */
export type CreditsReader = Pick<CreditsModel, 'read'>;

export const creditsTool = (credits: CreditsReader): ChatToolDefinition<undefined, TokenUsage> => ({
  name: CREDITS_TOOL, what: 'The credits request', decode: noInput,
  prepare: () => ({ invocationMessage: creditsInvocationWords() }),
  run: (_none, call) => readCredits(credits, call.signal),
  render: (usage) => creditsText(usage, new Date()),
});

/** Where the credits come from: the model's one read outside its schedule, once per call. */
async function readCredits(credits: CreditsReader, signal: AbortSignal): Promise<ToolOutcome<TokenUsage>> {
  return fromPolled(await credits.read({ signal }));
}

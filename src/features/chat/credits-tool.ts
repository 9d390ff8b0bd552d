// webData_credits: the team's remaining credits, plan and billing period (GET /v2/team/token-usage),
// and this machine's spending from the usage ledger (issue 49): the last 14 and 30 days by kind, the
// last 14 days' totals and the forecast at this machine's rate, fitted to the call's token budget.
// Costs nothing, so no confirmation; a failure is a text result (the base, tool.ts). The ledger read
// failing leaves the credits whole: the tool says the record could not be read.
import { Tool } from '../../core/ids';
import type { TokenUsage } from '../../core/api';
import { tokensToCredits } from '../../core/billing';
import { creditsText, machineSpendText, type MachineSpend } from '../../core/chat/account-text';
import { noInput, type ToolOutcome } from '../../core/chat/tool';
import type { CreditsModel } from '../../core/usage';
import type { UsageHistory } from '../../core/usage-ledger/ledger';
import { creditsByKind, recentForecast, recentUsage } from '../../core/usage-ledger/recent';
import { fromPolled, type ChatToolDefinition } from './tool';
import { creditsInvocationWords } from './words';

export const CREDITS_TOOL = Tool.credits;

/** Where the tool reads the credits: the credits model (the status bar's). */
export type CreditsReader = Pick<CreditsModel, 'read'>;

/** Where the tool reads this machine's spending: the usage ledger (read when first asked). */
export interface UsageReader {
  history(days: number): Promise<UsageHistory>;
}

interface CreditsAnswer {
  usage: TokenUsage;
  machine: MachineSpend | undefined;
}

export const creditsTool = (credits: CreditsReader, ledger: UsageReader): ChatToolDefinition<undefined, CreditsAnswer> => ({
  name: CREDITS_TOOL, what: 'The credits request', decode: noInput,
  prepare: () => ({ invocationMessage: creditsInvocationWords() }),
  run: (_none, call) => readCredits(credits, ledger, call.signal),
  render: (answer, call) => {
    const head = creditsText(answer.usage, new Date());
    return call.fitCharacters((max) => `${head}\n\n${machineSpendText(answer.machine, Math.max(0, max - head.length - 2))}`);
  },
});

/** Where the credits come from: the model's one read outside its schedule, once per call; the ledger beside it. */
async function readCredits(credits: CreditsReader, ledger: UsageReader, signal: AbortSignal): Promise<ToolOutcome<CreditsAnswer>> {
  const [read, history] = await Promise.all([credits.read({ signal }), ledger.history(30).catch(() => undefined)]);
  const outcome = fromPolled(read);
  if (!outcome.ok) return outcome;
  const usage = outcome.value;
  return { ok: true, value: { usage, machine: history && machineSpend(history, usage, new Date()) } };
}

function machineSpend(history: UsageHistory, usage: TokenUsage, now: Date): MachineSpend {
  const recent = recentUsage(history);
  const f = recentForecast(recent.days, { now, remainingCredits: tokensToCredits(usage.remainingTokens), periodEnd: usage.billingPeriodEnd ?? null });
  return { last14: creditsByKind(history, 14), last30: creditsByKind(history, 30), days14: recent.days, forecast: f };
}

// What the credits item shows in each state, as structure: an icon, what the text counts, the
// command behind a click, and the tooltip as paragraphs of typed lines with their numbers and
// dates. src/features/usage/words.ts puts it into words (vscode.l10n, Intl); nothing here is
// English, so nothing downstream re-parses it.
import type { TokenUsage } from '../api/schemas';
import type { FailureOffer } from '../failure-table';
import { TOKENS_PER_CREDIT, tokensToCredits } from '../billing';
import { Command } from '../ids';
import { billingPeriod, planShare, type BillingPeriod, type PlanShare } from './format';
import type { UsageState, UsageStateKind } from './state';
import type { TooltipForecast } from '../usage-ledger/recent';

export const USAGE_COMMANDS = {
  connect: Command.connect,
  refresh: Command.refreshUsage,
  show: Command.showUsage,
} as const;

type UsageCommand = (typeof USAGE_COMMANDS)[keyof typeof USAGE_COMMANDS];

/** A codicon id: the item's text is `$(icon) …`. */
type UsageIcon = 'plug' | 'sync~spin' | 'credit-card' | 'warning';

/** What the item's text says after the icon. */
export type UsageLabel = { kind: 'name' } | { kind: 'credits'; credits: number } | { kind: 'no-usage' };

export type UsageLine =
  /** The plan's size in credits: the tooltip speaks credits first (its heading counts those left). */
  | { kind: 'plan-credits'; credits: number }
  /** Heads the tokens paragraph, the detail under the credits: 1 credit = 15 tokens. */
  | { kind: 'tokens-detail'; tokensPerCredit: number }
  | { kind: 'remaining-tokens'; tokens: number }
  | { kind: 'plan-tokens'; tokens: number }
  | { kind: 'plan-share'; share: PlanShare }
  | { kind: 'billing-period'; period: BillingPeriod }
  | { kind: 'below-threshold'; threshold: number }
  | { kind: 'no-usage-info' }
  | { kind: 'service-said'; message: string }
  | { kind: 'error-message'; message?: string }
  /** Credits spent today (local time) in every window: by chat agents, by the person, by other extensions. */
  | { kind: 'spent-today'; agent: number; person: number; extension: number }
  /** This machine's last days from the usage ledger: one bar character a day, today last, and their total. */
  | { kind: 'recent-days'; bars: string; days: number; total: number }
  /** When the credits run out at this machine's recent rate, against the period's end. */
  | { kind: 'forecast'; forecast: TooltipForecast }
  /** When the shown answer arrived; `lastKnown` when an earlier session stored it. */
  | { kind: 'updated'; at: Date; lastKnown: boolean }
  /** What a click does: a hint, left out where the click already happened (the details dialog). */
  | { kind: 'click'; action: 'connect' | 'refresh' | 'details' | 'retry' };

export interface UsagePresentation {
  kind: UsageStateKind;
  icon: UsageIcon;
  label: UsageLabel;
  /** Credits left (ok, low): the tooltip's heading counts them too. */
  credits?: number;
  /** The balance is an earlier session's, shown until the first answer arrives. */
  lastKnown: boolean;
  command: UsageCommand;
  /** Warning colours (statusBarItem.warningBackground). */
  warning: boolean;
  /** Paragraphs of lines; the caller makes each line's words and escapes them into markdown. */
  tooltip: UsageLine[][];
}

/**
 * The balance facts of ok and low, in credits (the unit the item and the heading speak): the
 * plan, the share left, the billing period. The tokens behind them are the detail, in
 * usageTokenLines, a paragraph of their own under these.
 */
function usageLines(usage: TokenUsage, now: Date): UsageLine[] {
  const lines: UsageLine[] = [];
  if (typeof usage.planTokens === 'number') lines.push({ kind: 'plan-credits', credits: tokensToCredits(usage.planTokens) });
  const share = planShare(usage);
  if (share) lines.push({ kind: 'plan-share', share });
  lines.push({ kind: 'billing-period', period: billingPeriod(usage, now) });
  return lines;
}

/** The same balance in the service's own unit: the remaining and plan tokens, under a line that says the rate. */
function usageTokenLines(usage: TokenUsage): UsageLine[] {
  const lines: UsageLine[] = [{ kind: 'tokens-detail', tokensPerCredit: TOKENS_PER_CREDIT }, { kind: 'remaining-tokens', tokens: usage.remainingTokens }];
  if (typeof usage.planTokens === 'number') lines.push({ kind: 'plan-tokens', tokens: usage.planTokens });
  return lines;
}

/**
 * This machine's recent spending (src/core/usage-ledger/recent.ts), once the ledger was read: the
 * bar line and, with a balance, the forecast; `warnForecast` (webData.credits.forecastWarning) puts
 * the item in warning colours when the forecast ends before the billing period does.
 */
export interface RecentSpending {
  bars: string;
  days: number;
  total: number;
  forecast?: TooltipForecast;
  warnForecast: boolean;
}

/** `spent`: today's spend by who asked (src/core/spend/ledger.ts), shown with a balance; `recent`, the ledger's last days. */
export function presentUsage(state: UsageState, now: Date, spent?: { agent: number; person: number; extension: number }, recent?: RecentSpending): UsagePresentation {
  const base = { kind: state.kind, lastKnown: false, warning: false };
  switch (state.kind) {
    case 'not-connected':
      return { ...base, icon: 'plug', label: { kind: 'name' }, command: USAGE_COMMANDS.connect, tooltip: [[{ kind: 'click', action: 'connect' }]] };
    case 'loading':
      return { ...base, icon: 'sync~spin', label: { kind: 'name' }, command: USAGE_COMMANDS.show, tooltip: [] };
    case 'ok':
    case 'low': {
      const lastKnown = state.lastKnown === true;
      const facts = usageLines(state.usage, now);
      if (spent) facts.push({ kind: 'spent-today', ...spent });
      const footer: UsageLine[] = [{ kind: 'updated', at: state.at, lastKnown }, { kind: 'click', action: 'refresh' }];
      const warning: UsageLine[][] = state.kind === 'low' ? [[{ kind: 'below-threshold', threshold: state.threshold }]] : [];
      const lately: UsageLine[][] = recent ? [[
        { kind: 'recent-days', bars: recent.bars, days: recent.days, total: recent.total },
        ...(recent.forecast ? [{ kind: 'forecast', forecast: recent.forecast } as const] : []),
      ]] : [];
      const runsShort = recent?.warnForecast === true && recent.forecast?.endsBeforePeriod === true;
      return {
        ...base,
        // A last known balance spins: it is being refreshed.
        icon: lastKnown ? 'sync~spin' : 'credit-card',
        label: { kind: 'credits', credits: state.credits },
        credits: state.credits,
        lastKnown,
        command: USAGE_COMMANDS.refresh,
        warning: state.kind === 'low' || runsShort,
        tooltip: [...warning, facts, ...lately, usageTokenLines(state.usage), footer],
      };
    }
    case 'no-usage':
      return {
        ...base,
        icon: 'credit-card',
        label: { kind: 'no-usage' },
        command: USAGE_COMMANDS.show,
        tooltip: [
          [{ kind: 'no-usage-info' }],
          ...(state.serviceMessage ? [[{ kind: 'service-said', message: state.serviceMessage } as const]] : []),
          [{ kind: 'updated', at: state.at, lastKnown: false }, { kind: 'click', action: 'details' }],
        ],
      };
    case 'error':
      return {
        ...base,
        icon: 'warning',
        label: { kind: 'name' },
        command: USAGE_COMMANDS.show,
        tooltip: [[{ kind: 'error-message', message: state.message }], [{ kind: 'updated', at: state.at, lastKnown: false }, { kind: 'click', action: 'retry' }]],
      };
  }
}

/**
 * What the credits item's error offers, from its state: the same fix as a notification of that
 * failure, and always Retry, which here reads the balance again (it may have changed elsewhere).
 */
export function usageErrorOffer(state: Extract<UsageState, { kind: 'error' }>): FailureOffer {
  return { fix: state.unauthorized ? { button: 'set-key' } : state.opens, checkConnection: state.network === true, transient: true };
}

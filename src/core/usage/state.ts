// The credits status bar item as a small state machine: which state a token-usage answer (or a
// failure) puts it in, and what each state shows. Plain data, so every case is unit-tested; the
// VS Code side only copies `text`, `tooltip` and `command` onto the item.
import { isWebDataError, type WebDataError } from '../api/errors';
import type { TokenUsage } from '../api/schemas';
import { creditsOf, describeBillingPeriod, describePlanShare, formatCredits, formatNumber, safeLocale, type FormatOptions } from './format';

export type UsageState =
  | { kind: 'not-connected' }
  | { kind: 'loading' }
  | { kind: 'ok'; usage: TokenUsage; credits: number; at: Date }
  | { kind: 'low'; usage: TokenUsage; credits: number; threshold: number; at: Date }
  | { kind: 'no-usage'; serviceMessage?: string; at: Date }
  | { kind: 'error'; message: string; unauthorized: boolean; at: Date };

export type UsageStateKind = UsageState['kind'];

/** ok, or low when fewer credits remain than the threshold (a negative balance is always low). */
export function stateForUsage(usage: TokenUsage, threshold: number, at: Date): UsageState {
  const credits = creditsOf(usage);
  if (credits < threshold || credits < 0) return { kind: 'low', usage, credits, threshold, at };
  return { kind: 'ok', usage, credits, at };
}

// These two check the client's error by instanceof, so they run in dist/core.js, which defines the
// class: the extension reaches them through loadCore() (src/core/entry.ts).
function asWebDataError(err: unknown): WebDataError | undefined {
  return isWebDataError(err) ? err : undefined;
}

/**
 * A 404 with the service's JSON error body means "no usage information for the team" (spec 4.1):
 * the key works, there is just nothing to show. A 404 without one (an HTML page from a proxy, a
 * wrong address) is an error like any other.
 */
export function isNoUsageError(err: unknown): boolean {
  const e = asWebDataError(err);
  return e !== undefined && e.kind === 'not-found' && e.status === 404 && e.serviceMessage !== undefined;
}

export function stateForError(err: unknown, at: Date): UsageState {
  const e = asWebDataError(err);
  if (e && isNoUsageError(e)) return { kind: 'no-usage', serviceMessage: e.serviceMessage, at };
  // 403 is a plan feature the team lacks, not a bad key: no "Set API Key" for it.
  const unauthorized = e !== undefined && (e.kind === 'unauthorized' || e.status === 401);
  const message = e?.message || (err instanceof Error && err.message ? err.message : 'The credits could not be loaded.');
  return { kind: 'error', message, unauthorized, at };
}

export const USAGE_COMMANDS = {
  connect: 'webData.connect',
  refresh: 'webData.refreshUsage',
  show: 'webData.showUsage',
} as const;

export interface UsagePresentation {
  text: string;
  /** Heading, then plain-text lines; the caller escapes them into a MarkdownString. */
  tooltip: { heading: string; lines: string[] };
  command: string;
  /** Warning colours (statusBarItem.warningBackground). */
  warning: boolean;
  /** For screen readers: the text without codicons. */
  accessibilityLabel: string;
}

export interface PresentOptions extends FormatOptions {
  now: Date;
}

function updatedAt(at: Date, options: PresentOptions): string {
  const time = new Intl.DateTimeFormat(safeLocale(options.locale), { timeStyle: 'short', timeZone: options.timeZone });
  return `Updated ${time.format(at)}`;
}

/** The tooltip lines shared by ok and low: tokens, plan, share, billing period. */
export function usageLines(usage: TokenUsage, options: PresentOptions): string[] {
  const lines = [`Remaining tokens: ${formatNumber(usage.remainingTokens, options.locale)}`];
  if (typeof usage.planTokens === 'number') lines.push(`Plan tokens: ${formatNumber(usage.planTokens, options.locale)} (coupons excluded)`);
  const share = describePlanShare(usage, options.locale);
  if (share) lines.push(share);
  lines.push(describeBillingPeriod(usage, options.now, options));
  return lines;
}

export function presentUsage(state: UsageState, options: PresentOptions): UsagePresentation {
  switch (state.kind) {
    case 'not-connected':
      return {
        text: '$(plug) Web Data',
        tooltip: { heading: 'Web Data: not connected', lines: ['Click to connect: the service address and an API key.'] },
        command: USAGE_COMMANDS.connect,
        warning: false,
        accessibilityLabel: 'Web Data: not connected. Click to connect.',
      };
    case 'loading':
      return {
        text: '$(sync~spin) Web Data',
        tooltip: { heading: 'Web Data: loading the credits…', lines: [] },
        command: USAGE_COMMANDS.show,
        warning: false,
        accessibilityLabel: 'Web Data: loading the credits',
      };
    case 'ok':
    case 'low': {
      const credits = formatCredits(state.credits, options.locale);
      const lines = usageLines(state.usage, options);
      if (state.kind === 'low') lines.unshift(`Fewer than ${formatCredits(state.threshold, options.locale)} left (setting webData.lowCreditsThreshold).`);
      lines.push(updatedAt(state.at, options), 'Click to refresh.');
      return {
        text: `$(credit-card) ${credits}`,
        tooltip: { heading: `Web Data: ${credits} left`, lines },
        command: USAGE_COMMANDS.refresh,
        warning: state.kind === 'low',
        accessibilityLabel: `Web Data: ${credits} left${state.kind === 'low' ? ', running low' : ''}`,
      };
    }
    case 'no-usage':
      return {
        text: '$(credit-card) No usage information',
        tooltip: {
          heading: 'Web Data: no usage information',
          lines: [
            'The service has no token usage information for this team. The API key works; searches can still be made.',
            ...(state.serviceMessage ? [`The service said: ${state.serviceMessage}`] : []),
            updatedAt(state.at, options),
            'Click for details.',
          ],
        },
        command: USAGE_COMMANDS.show,
        warning: false,
        accessibilityLabel: 'Web Data: no usage information',
      };
    case 'error':
      return {
        text: '$(warning) Web Data',
        tooltip: {
          heading: 'Web Data: the credits could not be loaded',
          lines: [state.message, updatedAt(state.at, options), 'Click for details and to retry.'],
        },
        command: USAGE_COMMANDS.show,
        warning: false,
        accessibilityLabel: 'Web Data: the credits could not be loaded. Click for details.',
      };
  }
}

// This machine's recent spending as the credits tooltip and the webData_credits tool show it (issue
// 49): the last days' totals as a small bar line, the credits by kind over the last days, and the
// forecast at this machine's rate. In dist/core.js with the ledger's store (loaded by the first read
// of the ledger, never at activation). Structure only: numbers, dates and the bar's characters.
import { forecast } from './forecast';
import { USAGE_KINDS, type UsageHistory, type UsageKind } from './ledger';

/** Days the tooltip's bar line shows, today last. */
export const TOOLTIP_DAYS = 14;

/**
 * One character per value, as high as its share of the largest: U+2581 (lower one eighth block) for
 * a day with nothing spent, U+2582 to U+2588 for the rest, so that a day that spent little still
 * shows above one that spent nothing. Written as code points: the bundles stay ASCII.
 */
export function barLine(values: readonly number[]): string {
  const max = Math.max(0, ...values);
  return values.map((value) => {
    if (!(value > 0) || max <= 0) return String.fromCharCode(0x2581);
    return String.fromCharCode(0x2582 + Math.min(6, Math.round((value / max) * 6)));
  }).join('');
}

export interface RecentUsage {
  /** Each day's total, oldest first, today last. */
  days: number[];
  bars: string;
  total: number;
}

/** The last `days` days of the history read (fewer when it holds fewer). */
export function recentUsage(history: UsageHistory, days = TOOLTIP_DAYS): RecentUsage {
  const totals = history.days.slice(-days).map((d) => d.total);
  return { days: totals, bars: barLine(totals), total: totals.reduce((a, b) => a + b, 0) };
}

export interface TooltipForecast {
  perDay: number;
  runsOutAt: Date | undefined;
  periodEnd: Date | undefined;
  daysShort: number | undefined;
  endsBeforePeriod: boolean;
}

/**
 * The forecast at this machine's rate over its last days (the tooltip reads no team history: it
 * asks the service nothing), against the balance and the period's end the credits item holds.
 */
export function recentForecast(recentDays: readonly number[], balance: { now: Date; remainingCredits: number; periodEnd: string | null }): TooltipForecast {
  const f = forecast({ ...balance, recentDays, watches: [] });
  return { perDay: f.perDay, runsOutAt: f.runsOutAt, periodEnd: f.periodEnd, daysShort: f.daysShort, endsBeforePeriod: f.endsBeforePeriod };
}

/** Credits by kind over the last `days` days of the history, the kinds with none left out, most first. */
export function creditsByKind(history: UsageHistory, days: number): { kind: UsageKind; credits: number }[] {
  const read = history.days.slice(-days);
  return USAGE_KINDS.map((kind) => ({ kind, credits: read.reduce((sum, d) => sum + d.byKind[kind], 0) }))
    .filter((k) => k.credits > 0)
    .sort((a, b) => b.credits - a.credits);
}

/** The tooltip's read of the ledger: its last TOOLTIP_DAYS days. */
export async function readRecentUsage(ledger: { history(days: number): Promise<UsageHistory> }): Promise<RecentUsage> {
  return recentUsage(await ledger.history(TOOLTIP_DAYS));
}

// Numbers and dates of the token-usage record (spec 2.1) in words for the status bar: credits
// with the UI language's separators, the share of the plan left, and the billing period.
import { tokensToCredits } from '../billing';
import type { TokenUsage } from '../api/schemas';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface FormatOptions {
  /** A BCP 47 tag such as `en` or `de-CH` (VS Code's `env.language`). */
  locale: string;
  /** Pinned in tests; the user's own zone otherwise. */
  timeZone?: string;
}

/** An Intl locale that does not throw: VS Code may report tags Intl does not know ("qps-ploc"). */
export function safeLocale(locale: string): string {
  try {
    return Intl.NumberFormat.supportedLocalesOf([locale]).length > 0 ? locale : 'en';
  } catch {
    return 'en';
  }
}

export function formatNumber(value: number, locale: string): string {
  return new Intl.NumberFormat(safeLocale(locale), { maximumFractionDigits: 0 }).format(value);
}

/** "12,345 credits", "1 credit", "-3 credits". */
export function formatCredits(credits: number, locale: string): string {
  return `${formatNumber(credits, locale)} ${credits === 1 ? 'credit' : 'credits'}`;
}

export function creditsOf(usage: TokenUsage): number {
  return tokensToCredits(usage.remainingTokens);
}

/**
 * The share of the plan's tokens still left, in whole percent rounded down (so 100% means the
 * plan is really untouched). Undefined when the plan has no tokens: no share can be computed.
 */
export function planShareLeft(usage: TokenUsage): number | undefined {
  const plan = usage.planTokens;
  if (typeof plan !== 'number' || !(plan > 0) || !Number.isFinite(usage.remainingTokens)) return undefined;
  return Math.floor((usage.remainingTokens / plan) * 100);
}

/** A sentence for the share: top-ups can lift the remainder above the plan, overdraft below zero. */
export function describePlanShare(usage: TokenUsage, locale: string): string | undefined {
  const share = planShareLeft(usage);
  if (share === undefined) return undefined;
  const percent = `${formatNumber(share, locale)}%`;
  if (usage.remainingTokens < 0) return 'None of the plan left (the balance is overdrawn)';
  if (usage.remainingTokens > (usage.planTokens ?? Infinity)) return `${percent} of the plan (top-ups included)`;
  return `${percent} of the plan left`;
}

function parseDate(value: string | null | undefined): Date | undefined {
  if (!value) return undefined;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? undefined : at;
}

export type PeriodEnd =
  | { kind: 'days-left'; days: number }
  | { kind: 'ends-today' }
  | { kind: 'ended'; daysAgo: number };

/**
 * Whole days until the period ends, rounded down: "3 days left" is never more than is true.
 * Under a day left is "ends today"; an end in the past (a stale record) says so.
 */
export function periodEnd(end: Date, now: Date): PeriodEnd {
  const ms = end.getTime() - now.getTime();
  if (ms <= 0) return { kind: 'ended', daysAgo: Math.floor((now.getTime() - end.getTime()) / DAY_MS) };
  const days = Math.floor(ms / DAY_MS);
  return days === 0 ? { kind: 'ends-today' } : { kind: 'days-left', days };
}

function describePeriodEnd(end: PeriodEnd): string {
  switch (end.kind) {
    case 'days-left':
      return `${end.days} ${end.days === 1 ? 'day' : 'days'} left`;
    case 'ends-today':
      return 'ends within a day';
    case 'ended':
      return end.daysAgo === 0 ? 'ended less than a day ago' : `ended ${end.daysAgo} ${end.daysAgo === 1 ? 'day' : 'days'} ago`;
  }
}

/** "Billing period: 1 Nov 2026 – 1 Dec 2026 (9 days left)", or "Free plan" without dates. */
export function describeBillingPeriod(usage: TokenUsage, now: Date, options: FormatOptions): string {
  const start = parseDate(usage.billingPeriodStart);
  const end = parseDate(usage.billingPeriodEnd);
  const dates = new Intl.DateTimeFormat(safeLocale(options.locale), { dateStyle: 'medium', timeZone: options.timeZone });
  if (start && end) return `Billing period: ${dates.format(start)} – ${dates.format(end)} (${describePeriodEnd(periodEnd(end, now))})`;
  if (end) return `Billing period ends ${dates.format(end)} (${describePeriodEnd(periodEnd(end, now))})`;
  if (start) return `Billing period started ${dates.format(start)}`;
  return 'Free plan (no billing period)';
}

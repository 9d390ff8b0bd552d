// The numbers and dates of the token-usage record (spec 2.1) the status bar shows: credits, the
// share of the plan left, and the billing period, as values and kinds. The words around them are
// made in src/features/usage/words.ts.
import { tokensToCredits } from '../billing';
import type { TokenUsage } from '../api/schemas';

const DAY_MS = 24 * 60 * 60 * 1000;

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

/** Top-ups can lift the remainder above the plan, an overdraft below zero: each reads differently. */
export type PlanShare =
  | { kind: 'left'; percent: number }
  | { kind: 'top-ups'; percent: number }
  | { kind: 'overdrawn' };

export function planShare(usage: TokenUsage): PlanShare | undefined {
  const percent = planShareLeft(usage);
  if (percent === undefined) return undefined;
  if (usage.remainingTokens < 0) return { kind: 'overdrawn' };
  if (usage.remainingTokens > (usage.planTokens ?? Infinity)) return { kind: 'top-ups', percent };
  return { kind: 'left', percent };
}

function parseDate(value: string | null | undefined): Date | undefined {
  if (!value) return undefined;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? undefined : at;
}

/**
 * Whole days from now to the period's end, rounded towards "less time left": 3.9 days is 3, and
 * under a day is 0 (today). An end in the past is negative: -2 is "ended 2 days ago".
 */
export function daysUntil(end: Date, now: Date): number {
  const ms = end.getTime() - now.getTime();
  if (ms <= 0) return -Math.floor(-ms / DAY_MS) || 0;
  return Math.floor(ms / DAY_MS);
}

/** When the period ends: `days` from now (see daysUntil); `ended` once the end is past. */
export interface PeriodEnd {
  end: Date;
  days: number;
  ended: boolean;
}

/** The billing period as far as the record gives it; `free` when it gives no dates (free plan). */
export type BillingPeriod =
  | ({ kind: 'range'; start: Date } & PeriodEnd)
  | ({ kind: 'ends' } & PeriodEnd)
  | { kind: 'started'; start: Date }
  | { kind: 'free' };

export function billingPeriod(usage: TokenUsage, now: Date): BillingPeriod {
  const start = parseDate(usage.billingPeriodStart);
  const end = parseDate(usage.billingPeriodEnd);
  const until = (at: Date): PeriodEnd => ({ end: at, days: daysUntil(at, now), ended: at.getTime() <= now.getTime() });
  if (start && end) return { kind: 'range', start, ...until(end) };
  if (end) return { kind: 'ends', ...until(end) };
  if (start) return { kind: 'started', start };
  return { kind: 'free' };
}

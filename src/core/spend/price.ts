// What a search will cost, said before it is sent, from facts only: the spec's price for zero
// data retention (estimate.ts), else what searches of the same shape (sources, limit, scraped
// formats) cost this person before, from the history; else unknown. Never a number made up.
// And which earlier answer an agent's search can reuse instead of paying again.
import type { SearchRequestBody } from '../api/request-types';
import { estimateCredits } from '../search/estimate';
import { shapeKey, type SearchSummary } from '../search/record';

/** How many earlier searches of the shape the price reads. */
const PRICE_HISTORY = 5;

export type Price =
  /** The spec's price: at most this many credits. */
  | { kind: 'spec'; mode: 'anon' | 'zdr'; maxCredits: number }
  /** What the last `times` searches of this shape cost: from `min` to `max` credits. */
  | { kind: 'history'; min: number; max: number; times: number }
  | { kind: 'unknown' };

/** `body`: the request, or its shape alone (the query prices nothing); `summaries` newest first, as the history lists them. */
export function priceOf(body: Partial<SearchRequestBody>, summaries: readonly SearchSummary[]): Price {
  const estimate = estimateCredits(body);
  if (estimate.priced) return { kind: 'spec', mode: estimate.mode, maxCredits: estimate.maxCredits };
  const key = shapeKey(body);
  const costs = summaries
    .filter((s) => s.shape === key && typeof s.creditsUsed === 'number' && Number.isFinite(s.creditsUsed))
    .slice(0, PRICE_HISTORY)
    .map((s) => s.creditsUsed as number);
  if (costs.length === 0) return { kind: 'unknown' };
  return { kind: 'history', min: Math.min(...costs), max: Math.max(...costs), times: costs.length };
}

/** The most the price says the search may cost; undefined when unknown. */
export function mostCredits(price: Price): number | undefined {
  switch (price.kind) {
    case 'spec': return price.maxCredits;
    case 'history': return price.max;
    case 'unknown': return undefined;
  }
}

/** Keys in one order, so two bodies that say the same compare equal as text. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (v !== null && typeof v === 'object' && !Array.isArray(v)
    ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
    : v));
}

/**
 * Agent searches of the same query and shape made within `minutes` before `now`, newest first:
 * the candidates whose stored body the caller compares with canonicalJson.
 */
export function reuseCandidates(summaries: readonly SearchSummary[], body: SearchRequestBody, now: Date, minutes: number): SearchSummary[] {
  if (!(minutes > 0)) return [];
  const since = now.getTime() - minutes * 60_000;
  const key = shapeKey(body);
  return summaries.filter((s) => s.askedBy === 'agent' && s.query === body.query && s.shape === key && Date.parse(s.createdAt) >= since && Date.parse(s.createdAt) <= now.getTime() + 60_000);
}

/** Whole minutes since `createdAt`. */
export function minutesAgo(createdAt: string, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - Date.parse(createdAt)) / 60_000));
}

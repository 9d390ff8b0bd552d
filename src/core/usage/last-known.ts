// The last balance the service gave, kept (in globalState) so the next start shows it at once,
// marked as last known, while the first refresh runs. Stored per service address: another
// address's balance is never shown. No key, nor anything derived from one, is stored; the
// feature forgets the record when the key goes.
//
// Read by hand, not with zod: this runs at startup, and zod would load dist/core.js before any
// request needs it.
import type { TokenUsage } from '../api/schemas';

export const LAST_KNOWN_KEY = 'webData.usage.lastKnown';

export interface LastKnownUsage {
  baseUrl: string;
  usage: TokenUsage;
  at: Date;
}

export function toStoredUsage(record: LastKnownUsage): unknown {
  return { baseUrl: record.baseUrl, usage: record.usage, at: record.at.getTime() };
}

const optionalNumber = (value: unknown): value is number | null | undefined =>
  value === undefined || value === null || (typeof value === 'number' && Number.isFinite(value));
const optionalText = (value: unknown): value is string | null | undefined =>
  value === undefined || value === null || typeof value === 'string';

function parseUsage(value: unknown): TokenUsage | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const o = value as Record<string, unknown>;
  const { remainingTokens, planTokens, billingPeriodStart, billingPeriodEnd } = o;
  if (typeof remainingTokens !== 'number' || !Number.isFinite(remainingTokens)) return undefined;
  if (!optionalNumber(planTokens) || !optionalText(billingPeriodStart) || !optionalText(billingPeriodEnd)) return undefined;
  return { remainingTokens, planTokens, billingPeriodStart, billingPeriodEnd };
}

/** The stored record for this address, or undefined: absent, another address's, or not one we wrote. */
export function parseStoredUsage(value: unknown, baseUrl: string | undefined, now: Date): LastKnownUsage | undefined {
  if (baseUrl === undefined || typeof value !== 'object' || value === null) return undefined;
  const o = value as Record<string, unknown>;
  if (o.baseUrl !== baseUrl || typeof o.at !== 'number' || !Number.isFinite(o.at)) return undefined;
  // A time in the future is a clock gone wrong or a record not ours: not worth showing.
  if (o.at > now.getTime()) return undefined;
  const usage = parseUsage(o.usage);
  return usage && { baseUrl, usage, at: new Date(o.at) };
}

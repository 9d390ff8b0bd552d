// The credits status bar item as a small state machine: which state a token-usage answer (or a
// failure) puts it in. Plain data, so every case is unit-tested; present.ts says what each state
// shows, as structure the feature puts into words.
import { isWebDataError, type WebDataError } from '../api/errors';
import type { TokenUsage } from '../api/schemas';
import { creditsOf } from './format';
import { offerFor, type FixAction } from '../failure-table';

export type UsageState =
  | { kind: 'not-connected' }
  | { kind: 'loading' }
  // `lastKnown`: the balance an earlier session stored, shown at startup until the first answer.
  | { kind: 'ok'; usage: TokenUsage; credits: number; at: Date; lastKnown?: boolean }
  | { kind: 'low'; usage: TokenUsage; credits: number; threshold: number; at: Date; lastKnown?: boolean }
  | { kind: 'no-usage'; serviceMessage?: string; at: Date }
  /**
   * What helps, from the table of what failures mean (core/failure-table.ts): `unauthorized`, a new
   * key; `network`, the network may be at fault (Check Connection); `opens`, the setting or the page
   * where the fix is made (VS Code's network settings, the dashboard).
   */
  | { kind: 'error'; message?: string; unauthorized: boolean; network?: true; opens?: Exclude<FixAction, { button: 'set-key' }>; at: Date };

export type UsageStateKind = UsageState['kind'];

/** ok, or low when fewer credits remain than the threshold (a negative balance is always low). */
export function stateForUsage(usage: TokenUsage, threshold: number, at: Date, lastKnown = false): UsageState {
  const credits = creditsOf(usage);
  const known = lastKnown ? { lastKnown } : {};
  if (credits < threshold || credits < 0) return { kind: 'low', usage, credits, threshold, at, ...known };
  return { kind: 'ok', usage, credits, at, ...known };
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
  const offer = offerFor(e);
  // 403 is a plan feature the team lacks, not a bad key: no "Set API Key" for it.
  const unauthorized = offer.fix?.button === 'set-key' || e?.status === 401;
  const opens = offer.fix !== undefined && offer.fix.button !== 'set-key' ? offer.fix : undefined;
  // No message at all (a bare throw): the feature says "could not be loaded" in its own words.
  const message = e?.message || (err instanceof Error && err.message ? err.message : undefined);
  return { kind: 'error', message, unauthorized, ...(offer.checkConnection ? { network: true as const } : {}), ...(opens ? { opens } : {}), at };
}

/**
 * Whether the credits item is in the status bar: always once there is a key; not connected, only
 * once the person used the extension in this profile (a window of someone who never did shows no
 * plug; the welcome view and the walkthrough offer to connect).
 */
export function creditsItemShown(kind: UsageStateKind, usedInProfile: boolean): boolean {
  return kind !== 'not-connected' || usedInProfile;
}

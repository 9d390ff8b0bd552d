// The per-job tokens of jobs started from the editor without a webhook secret (../webhooks/job-token),
// kept in global state so that the window running the receiver takes the deliveries of a job
// another window started. One key per window (./window-state); a token is kept a week, long
// after any job started here has ended.
import { isJobId } from '../crawls/job';
import { allEntries, arrayOf, isRecord, staleKeys, type KeyedState } from './window-state';

export const JOB_TOKENS_PREFIX = 'webData.jobTokens:';
const KEEP_MS = 7 * 24 * 60 * 60 * 1000;
/** Most tokens one window keeps (the oldest go first). */
const KEEP_COUNT = 200;

export interface StoredJobToken {
  id: string;
  token: string;
  savedAt: number;
}

export function readJobTokens(value: unknown): StoredJobToken[] {
  return arrayOf(value, (item) => (isRecord(item) && isJobId(item.id) && typeof item.token === 'string' && item.token !== '' && typeof item.savedAt === 'number'
    ? { id: item.id.toLowerCase(), token: item.token, savedAt: item.savedAt } : undefined));
}

/** This window's tokens with one more, newest first, the old ones gone. */
export function withJobToken(own: readonly StoredJobToken[], entry: StoredJobToken, now: number): StoredJobToken[] {
  const id = entry.id.toLowerCase();
  return [{ ...entry, id }, ...own.filter((t) => t.id !== id && now - t.savedAt <= KEEP_MS)].slice(0, KEEP_COUNT);
}

/** The token of a job, from any window's key; undefined for a job not started from here. */
export function jobTokenIn(state: KeyedState, jobId: string): string | undefined {
  const id = jobId.toLowerCase();
  return allEntries(state, JOB_TOKENS_PREFIX, readJobTokens).find((entry) => entry.id === id)?.token;
}

/** Closed windows' keys whose tokens are all past their week. */
export function staleTokenKeys(state: KeyedState, ownKey: string, now: number): string[] {
  return staleKeys(state, JOB_TOKENS_PREFIX, ownKey, readJobTokens, now, KEEP_MS);
}

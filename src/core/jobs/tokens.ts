// The per-job tokens of jobs started from the editor without a webhook secret (../webhooks/job-token),
// kept in global state so that the window running the receiver takes the deliveries of a job
// another window started. One key per window (./window-state); a token is kept a week, long
// after any job started here has ended. A research run's and a watch's tokens (issues 36, 37) are
// kept the same way under keys of their own (each key has one writer in a window), a watch's for
// as long as a watch may live.
import { isJobId } from '../crawls/job';
import { jobTokenMatches } from '../webhooks/job-token';
import { allEntries, arrayOf, isRecord, staleKeys, type KeyedState } from './window-state';

import { JOB_TOKENS_PREFIX, RESEARCH_TOKENS_PREFIX, WATCH_TOKENS_PREFIX } from '../shared-keys';

export { JOB_TOKENS_PREFIX, RESEARCH_TOKENS_PREFIX, WATCH_TOKENS_PREFIX };
const DAY_MS = 24 * 60 * 60 * 1000;
const KEEP_MS = 7 * DAY_MS;
/** How long each kind's tokens are kept: a watch checks for months; Edit gives it a new token. */
const KEEP_MS_BY_PREFIX: Readonly<Record<string, number>> = { [JOB_TOKENS_PREFIX]: KEEP_MS, [RESEARCH_TOKENS_PREFIX]: KEEP_MS, [WATCH_TOKENS_PREFIX]: 400 * DAY_MS };
export type TokenPrefix = typeof JOB_TOKENS_PREFIX | typeof RESEARCH_TOKENS_PREFIX | typeof WATCH_TOKENS_PREFIX;
/** Most tokens one window keeps (the oldest go first). */
const KEEP_COUNT = 200;

export interface StoredJobToken {
  id: string;
  token: string;
  savedAt: number;
}

/**
 * A token kept before its start is sent, under this id until the service answers with the job's:
 * the service may deliver the job's first event (a research run's `started`) before that answer is
 * read, and a delivery carrying a token this profile gave is the service's, whatever job it names.
 */
const PENDING = 'pending:';
/** How long a pending token is taken without its id: a start's answer comes well within it. */
const PENDING_MS = 10 * 60 * 1000;

export function pendingTokenId(token: string): string {
  return `${PENDING}${token.slice(0, 16).toLowerCase()}`;
}

export function readJobTokens(value: unknown): StoredJobToken[] {
  return arrayOf(value, (item) => (isRecord(item) && (isJobId(item.id) || (typeof item.id === 'string' && item.id.startsWith(PENDING))) && typeof item.token === 'string' && item.token !== '' && typeof item.savedAt === 'number'
    ? { id: item.id.toLowerCase(), token: item.token, savedAt: item.savedAt } : undefined));
}

/** This window's tokens with one more, newest first, the old ones gone. */
export function withJobToken(own: readonly StoredJobToken[], entry: StoredJobToken, now: number, prefix: TokenPrefix = JOB_TOKENS_PREFIX): StoredJobToken[] {
  const id = entry.id.toLowerCase();
  const keep = KEEP_MS_BY_PREFIX[prefix] ?? KEEP_MS;
  // The job's id replaces its pending entry (the same token).
  return [{ ...entry, id }, ...own.filter((t) => t.id !== id && !(t.id.startsWith(PENDING) && t.token === entry.token) && now - t.savedAt <= keep)].slice(0, KEEP_COUNT);
}

/**
 * The token of a job, research run or watch, from any window's key; undefined for one not started
 * from here. The newest wins: a watch edited in another window was given a new token.
 */
export function jobTokenIn(state: KeyedState, jobId: string): string | undefined {
  const id = jobId.toLowerCase();
  let newest: StoredJobToken | undefined;
  for (const prefix of [JOB_TOKENS_PREFIX, RESEARCH_TOKENS_PREFIX, WATCH_TOKENS_PREFIX]) {
    for (const entry of allEntries(state, prefix, readJobTokens)) if (entry.id === id && (newest === undefined || entry.savedAt > newest.savedAt)) newest = entry;
  }
  return newest?.token;
}

/** Whether `header` carries a token some window kept for a start whose job's id it has not read yet. */
export function pendingTokenIn(state: KeyedState, header: string | string[] | undefined, now: number): boolean {
  for (const prefix of [JOB_TOKENS_PREFIX, RESEARCH_TOKENS_PREFIX, WATCH_TOKENS_PREFIX]) {
    for (const entry of allEntries(state, prefix, readJobTokens)) {
      if (entry.id.startsWith(PENDING) && now - entry.savedAt <= PENDING_MS && jobTokenMatches(header, entry.token)) return true;
    }
  }
  return false;
}

/** Closed windows' keys whose tokens are all past their keeping time. */
export function staleTokenKeys(state: KeyedState, ownKey: string, now: number, prefix: TokenPrefix = JOB_TOKENS_PREFIX): string[] {
  return staleKeys(state, prefix, ownKey, readJobTokens, now, KEEP_MS_BY_PREFIX[prefix] ?? KEEP_MS);
}

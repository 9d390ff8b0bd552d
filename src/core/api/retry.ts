// When to try again: Retry-After (seconds or an HTTP date), `retry_after_seconds` in the body, a
// wait given only in the service's error text, or exponential backoff with full jitter; and a
// sleep that an AbortSignal cancels.
import { RateLimitBodySchema } from './schemas';

export interface RetryOptions {
  /** Attempts in all, the first one included. Default 4. */
  maxAttempts?: number;
  /** Most time spent waiting between attempts, in all. Default 30000 ms. */
  maxWaitMs?: number;
}

export const DEFAULT_MAX_ATTEMPTS = 4;
export const DEFAULT_MAX_WAIT_MS = 30000;
const BACKOFF_BASE_MS = 500;
const BACKOFF_CAP_MS = 8000;

/** Milliseconds a Retry-After header asks for, or undefined when it is absent or unreadable. */
export function parseRetryAfter(header: string | string[] | undefined, now: number = Date.now()): number | undefined {
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Math.round(Number(value) * 1000);
  // HTTP dates always name a weekday or month; this keeps odd numbers from parsing as a date.
  if (!/[a-z]/i.test(value)) return undefined;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** Milliseconds a 429 body asks for in `retry_after_seconds`, or undefined when it names none. */
export function parseWaitFromBody(body: unknown): number | undefined {
  const parsed = RateLimitBodySchema.safeParse(body);
  if (!parsed.success) return undefined;
  const seconds = parsed.data.retry_after_seconds;
  return Number.isFinite(seconds) && seconds >= 0 ? Math.round(seconds * 1000) : undefined;
}

const UNIT_MS: Record<string, number> = { ms: 1, millisecond: 1, milliseconds: 1, s: 1000, sec: 1000, secs: 1000, second: 1000, seconds: 1000, m: 60000, min: 60000, mins: 60000, minute: 60000, minutes: 60000, h: 3600000, hr: 3600000, hrs: 3600000, hour: 3600000, hours: 3600000 };
const DURATION = String.raw`\s+(\d+(?:\.\d+)?)\s*(ms|milliseconds?|s|secs?|seconds?|m|mins?|minutes?|h|hrs?|hours?)\b`;
// "after"/"wait" name the wait itself; "in" may name the window the limit counts over ("100
// requests in 1 minute"), so it is read only when the text has nothing better.
const WAIT_IN_TEXT = [new RegExp(String.raw`\b(?:after|wait)${DURATION}`, 'i'), new RegExp(String.raw`\bin${DURATION}`, 'i')];

/** A wait the service gave only in words: "please retry after 12s", "retry after 1.5 seconds", "in 30 seconds". */
export function parseWaitFromText(text: string | undefined): number | undefined {
  if (!text) return undefined;
  const match = WAIT_IN_TEXT.map((pattern) => pattern.exec(text)).find((found) => found !== null);
  if (!match) return undefined;
  const unit = UNIT_MS[(match[2] ?? '').toLowerCase()];
  return unit === undefined ? undefined : Math.round(Number(match[1]) * unit);
}

/**
 * The backoff base that fits a whole schedule into the wait budget: with n attempts the waits'
 * ceilings are base·(1 + 2 + … + 2^(n-2)), so a small maxWaitMs still allows every attempt.
 */
export function backoffBaseMs(maxAttempts: number, maxWaitMs: number): number {
  const steps = 2 ** Math.max(1, maxAttempts - 1) - 1;
  return Math.max(1, Math.min(BACKOFF_BASE_MS, maxWaitMs / steps));
}

/** Full jitter: a random wait between 0 and min(cap, base·2^retry). */
export function backoffMs(retry: number, baseMs: number = BACKOFF_BASE_MS, random: () => number = Math.random): number {
  return Math.round(random() * backoffCeilingMs(retry, baseMs));
}

/** Resolves after `ms`, or rejects with the signal's reason as soon as it aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    // The reason is passed on as given, as fetch does: callers tell cancellation by it.
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- AbortSignal.reason is whatever abort() was given
    const abort = (): void => reject(signal?.reason);
    if (signal?.aborted) {
      abort();
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      abort();
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}


/** The longest the next backoff could be: what to tell a person when the service named no wait. */
export function backoffCeilingMs(retry: number, baseMs: number = BACKOFF_BASE_MS): number {
  return Math.min(BACKOFF_CAP_MS, baseMs * 2 ** retry);
}

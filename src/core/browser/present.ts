// What the browser feature decides without VS Code (issue 39): which language a file runs as, how
// long a session has left and whether it was used lately, the review rule (every run is reviewed
// unless the person said "don't ask again" for that one session), a run's output as text, and what
// is known of a session's cost. Structure only; the words are the feature's.
import type { BrowserLanguage } from './request';

/** VS Code's language ids that run as each of the service's languages; anything else is asked. */
const LANGUAGE_IDS: ReadonlyMap<string, BrowserLanguage> = new Map([
  ['javascript', 'node'], ['javascriptreact', 'node'], ['typescript', 'node'], ['typescriptreact', 'node'],
  ['python', 'python'],
  ['shellscript', 'bash'],
]);

export function languageForId(languageId: string): BrowserLanguage | undefined {
  return LANGUAGE_IDS.get(languageId);
}

/** Whole seconds a session has left at `now`; 0 once its time ran out; undefined when its end is not known. */
export function secondsLeft(expiresAt: string | number | undefined, now: number): number | undefined {
  const end = typeof expiresAt === 'string' ? Date.parse(expiresAt) : expiresAt;
  if (end === undefined || !Number.isFinite(end)) return undefined;
  return Math.max(0, Math.ceil((end - now) / 1000));
}

/** A row's name for a scraped page's browser: its address without the scheme or a last slash (the tooltip has it whole). */
export function pageRowName(address: string): string {
  return address.replace(/^https?:\/\//i, '').replace(/\/$/, '');
}

/**
 * A session as a person reads its name (its run output's channel and tab, issue 46): its profile or
 * start time, or its page's address for a scraped page's browser; never the service's id.
 */
export function sessionName(session: { kind: 'session' | 'scrape'; label: string }): string {
  return session.kind === 'scrape' ? pageRowName(session.label) : session.label;
}

/** How recently counts as "in use": Stop asks first when the session ran something within it. */
const RECENT_USE_MS = 60_000;

export function usedRecently(lastActivity: number | undefined, now: number): boolean {
  return lastActivity !== undefined && now - lastActivity < RECENT_USE_MS;
}

/**
 * The sessions whose runs go without the review, by id: only those the person named with "don't
 * ask again for this session", only for this window's life. Chat agents' runs never consult it.
 */
export class ReviewRule {
  private readonly skipped = new Set<string>();

  needsReview(sessionId: string): boolean {
    return !this.skipped.has(sessionId);
  }

  dontAskAgain(sessionId: string): void {
    this.skipped.add(sessionId);
  }

  /** A stopped session's rule goes with it: a new session with another id is reviewed again. */
  forget(sessionId: string): void {
    this.skipped.delete(sessionId);
  }
}

/**
 * Characters that make code read differently from how it runs (bidirectional overrides and
 * isolates, as in "Trojan Source"): a review of such code would not show what is sent, so it is refused.
 */
const HIDING = /[\u202a-\u202e\u2066-\u2069]/;

export function hidesText(code: string): boolean {
  return HIDING.test(code);
}

/** The review shows at most this many lines of the code, then how many more there are. */
const REVIEW_LINES = 40;

export function codePreview(code: string, lines = REVIEW_LINES): { shown: string; moreLines: number } {
  const all = code.replace(/\r\n/g, '\n').split('\n');
  return { shown: all.slice(0, lines).join('\n'), moreLines: Math.max(0, all.length - lines) };
}

/** A run's outcome as the output shows it: its parts, in the service's fields. */
export interface RunOutput {
  stdout: string;
  stderr: string;
  exitCode: number | null;
  killed: boolean;
  error: string | null;
}

export function runOutputOf(answer: { stdout?: string | null; output?: string | null; stderr?: string | null; exitCode?: number | null; killed?: boolean | null; error?: string | null }): RunOutput {
  return {
    stdout: answer.stdout ?? answer.output ?? '',
    stderr: answer.stderr ?? '',
    exitCode: typeof answer.exitCode === 'number' ? answer.exitCode : null,
    killed: answer.killed === true,
    error: typeof answer.error === 'string' && answer.error.trim() !== '' ? answer.error : null,
  };
}

/** What is known of a session's price: the service publishes none per minute, so the last bill seen here. */
export interface ObservedRate {
  credits: number;
  durationMs: number;
}

/** Credits a minute, from the last bill seen; undefined without one (or a bill of no length). */
export function creditsPerMinute(rate: ObservedRate | undefined): number | undefined {
  if (!rate || !(rate.durationMs > 0) || !Number.isFinite(rate.credits)) return undefined;
  return rate.credits / Math.max(1, Math.ceil(rate.durationMs / 60_000));
}

/** The most a session of `ttlSeconds` would cost at the rate seen last: undefined when none was seen. */
export function boundAtRate(ttlSeconds: number, rate: ObservedRate | undefined): number | undefined {
  const perMinute = creditsPerMinute(rate);
  return perMinute === undefined ? undefined : Math.ceil(perMinute * Math.ceil(ttlSeconds / 60));
}

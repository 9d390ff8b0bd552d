// The bodies of the browser calls, checked before anything is sent: the published bounds (ttl 30–3600
// s, activityTtl 10–3600 s, a profile name of 1–128 characters, code of 1–100,000 characters, a run's
// timeout 1–300 s) and the three languages, each refusal in plain words.
import { WebDataError } from '../api/errors';

export const BROWSER_LANGUAGES = ['node', 'python', 'bash'] as const;
export type BrowserLanguage = (typeof BROWSER_LANGUAGES)[number];

export const MIN_TTL_S = 30;
export const MAX_TTL_S = 3600;
const MAX_CODE_LENGTH = 100_000;
const MAX_RUN_TIMEOUT_S = 300;
/** The service's run timeout when none is sent (its scrape-interact default). */
export const SERVICE_DEFAULT_RUN_TIMEOUT_S = 30;

export interface SessionRequest {
  ttl?: number;
  activityTtl?: number;
  streamWebView?: boolean;
  profile?: { name: string; saveChanges?: boolean };
}

export interface RunRequest {
  code: string;
  language?: BrowserLanguage;
  timeout?: number;
}

const invalid = (message: string): WebDataError => new WebDataError('invalid-request', message);

function wholeBetween(value: number | undefined, min: number, max: number): boolean {
  return value === undefined || (Number.isInteger(value) && value >= min && value <= max);
}

export function checkSessionRequest(request: SessionRequest): SessionRequest {
  if (!wholeBetween(request.ttl, MIN_TTL_S, MAX_TTL_S)) throw invalid(`A session's time to live is a whole number of seconds from ${MIN_TTL_S} to ${MAX_TTL_S}.`);
  if (!wholeBetween(request.activityTtl, 10, MAX_TTL_S)) throw invalid(`A session's idle time is a whole number of seconds from 10 to ${MAX_TTL_S}.`);
  const name = request.profile?.name;
  if (name !== undefined && (name.trim().length < 1 || name.length > 128)) throw invalid('A profile name has 1 to 128 characters.');
  return { ...request, ...(name === undefined ? {} : { profile: { ...request.profile, name: name.trim() } }) };
}

export function isBrowserLanguage(value: unknown): value is BrowserLanguage {
  return BROWSER_LANGUAGES.some((language) => language === value);
}

export function checkRunRequest(request: RunRequest): RunRequest {
  if (request.code.trim() === '') throw invalid('There is no code to run: the selection or file is empty.');
  if (request.code.length > MAX_CODE_LENGTH) throw invalid(`The code is ${request.code.length.toLocaleString('en-US')} characters; a run takes at most ${MAX_CODE_LENGTH.toLocaleString('en-US')}.`);
  if (request.language !== undefined && !isBrowserLanguage(request.language)) throw invalid('A run is in node, python or bash.');
  if (!wholeBetween(request.timeout, 1, MAX_RUN_TIMEOUT_S)) throw invalid(`A run's timeout is a whole number of seconds from 1 to ${MAX_RUN_TIMEOUT_S}.`);
  return request;
}

const SESSION_ID = /^[A-Za-z0-9_-]{1,128}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A session id fit for a path: the service's ids are letters, digits, '-' and '_'. */
export function isSessionId(value: unknown): value is string {
  return typeof value === 'string' && SESSION_ID.test(value);
}

export function isScrapeId(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

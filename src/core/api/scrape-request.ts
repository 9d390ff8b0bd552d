// Checks a scrape or map request before it is sent (POST /v2/scrape, POST /v2/map), as
// validateSearchRequest does a search: every problem at once, each with its field. The spec names
// these operations without their bodies; the fields are the service's published v2 OpenAPI's, and
// as its server does, an unknown key is refused rather than sent to be refused there.
import { describe } from './domains';
import { checkFormats } from './request';
import type { RequestProblem, ScrapeFormat } from './request-types';
import { checkUrl, type UrlRefusal } from '../scrape/url-check';

/** The scrape options (the same object as a search's `scrapeOptions`): the published names. */
export const SCRAPE_OPTION_FIELDS = [
  'formats', 'onlyMainContent', 'onlyCleanContent', 'includeTags', 'excludeTags', 'maxAge', 'minAge',
  'headers', 'waitFor', 'mobile', 'skipTlsVerification', 'timeout', 'parsers', 'actions', 'location',
  'removeBase64Images', 'blockAds', 'proxy', 'storeInCache', 'lockdown', 'redactPII', 'profile',
  'threatProtection', 'auditMetadata',
] as const;
const SCRAPE_FIELDS: readonly string[] = ['url', ...SCRAPE_OPTION_FIELDS, 'zeroDataRetention'];

export const MAP_FIELDS = [
  'url', 'search', 'sitemap', 'includeSubdomains', 'ignoreQueryParameters', 'ignoreCache', 'limit',
  'timeout', 'location', 'auditMetadata', 'threatProtection',
] as const;
export const SITEMAP_MODES = ['skip', 'include', 'only'] as const;
export type SitemapMode = (typeof SITEMAP_MODES)[number];
/** The map's page limit: the service's default and its most (published OpenAPI). */
export const DEFAULT_MAP_LIMIT = 5000;
export const MAX_MAP_LIMIT = 100_000;
/** What the client waits for a scrape or a map that names no timeout of its own. */
export const DEFAULT_SCRAPE_TIMEOUT_MS = 60_000;

export interface ScrapeOptions {
  formats?: Array<ScrapeFormat | string>;
  onlyMainContent?: boolean;
  includeTags?: string[];
  excludeTags?: string[];
  /** Accept a cached copy up to this old (ms); 0 scrapes fresh. */
  maxAge?: number;
  waitFor?: number;
  mobile?: boolean;
  timeout?: number;
  location?: { country?: string; languages?: string[] };
  removeBase64Images?: boolean;
  blockAds?: boolean;
  proxy?: string;
  storeInCache?: boolean;
  [option: string]: unknown;
}

export interface ScrapeRequest extends ScrapeOptions {
  url: string;
  zeroDataRetention?: boolean;
}

export interface MapRequest {
  url: string;
  search?: string;
  sitemap?: SitemapMode;
  includeSubdomains?: boolean;
  ignoreQueryParameters?: boolean;
  ignoreCache?: boolean;
  limit?: number;
  timeout?: number;
  location?: { country?: string; languages?: string[] };
}

export type Checked<T> = { ok: true; body: T } | { ok: false; problems: RequestProblem[] };

type Add = (field: string, message: string) => void;

/** The refusal of a URL in words (the client's errors are English, as its other messages). */
export function urlRefusalText(refusal: UrlRefusal): string {
  switch (refusal.kind) {
    case 'empty': return 'A URL is required, such as https://example.com/page.';
    case 'not-a-url': return 'This is not a web address; give one such as https://example.com/page.';
    case 'scheme': return `Only http: and https: addresses can be fetched; this one is ${refusal.scheme}:.`;
    case 'too-long': return `The URL is ${refusal.length} characters long; at most ${refusal.max} are sent.`;
  }
}

function notAnObject(request: unknown, what: string): Checked<never> | undefined {
  if (typeof request === 'object' && request !== null && !Array.isArray(request)) return undefined;
  return { ok: false, problems: [{ field: 'request', message: `A ${what} request is an object with at least a url; got ${describe(request)}.` }] };
}

function checkKeys(input: Record<string, unknown>, known: readonly string[], what: string, add: Add): void {
  for (const key of Object.keys(input)) {
    if (input[key] !== undefined && !known.includes(key)) add(key, `The service has no ${what} option called "${key.slice(0, 40)}"; the options are ${known.join(', ')}.`);
  }
}

function checkUrlField(value: unknown, add: Add): string | undefined {
  if (typeof value !== 'string') {
    add('url', value === undefined ? 'A URL is required, such as https://example.com/page.' : `The URL must be text; got ${describe(value)}.`);
    return undefined;
  }
  const check = checkUrl(value);
  if (!check.ok) {
    add('url', urlRefusalText(check.refusal));
    return undefined;
  }
  return check.url;
}

function wholeNumber(input: Record<string, unknown>, field: string, min: number, max: number, unit: string, add: Add): void {
  const value = input[field];
  if (value === undefined) return;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    const got = typeof value === 'number' && Number.isFinite(value) ? String(value) : describe(value);
    add(field, `${field} must be a whole number from ${min.toLocaleString('en-US')} to ${max.toLocaleString('en-US')}${unit}; got ${got}.`);
  }
}

function flag(input: Record<string, unknown>, field: string, add: Add): void {
  const value = input[field];
  if (value !== undefined && typeof value !== 'boolean') add(field, `${field} is true or false; got ${describe(value)}.`);
}

function stringList(input: Record<string, unknown>, field: string, add: Add): void {
  const value = input[field];
  if (value === undefined) return;
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) add(field, `${field} is a list of text, such as ["nav", ".ads"]; got ${describe(value)}.`);
}

/** What both checks start with: the body's fields, its problems so far (unknown keys, the URL) and the checked URL. */
function opening(request: unknown, what: string, known: readonly string[]): Checked<never> | { fields: Record<string, unknown>; problems: RequestProblem[]; add: Add; url: string | undefined } {
  const refused = notAnObject(request, what);
  if (refused) return refused;
  const fields = request as Record<string, unknown>;
  const problems: RequestProblem[] = [];
  const add: Add = (field, message) => { problems.push({ field, message }); };
  checkKeys(fields, known, what, add);
  return { fields, problems, add, url: checkUrlField(fields.url, add) };
}

/** POST /v2/scrape's body, checked; formats in object form. */
export function validateScrapeRequest(request: unknown): Checked<ScrapeRequest> {
  const opened = opening(request, 'scrape', SCRAPE_FIELDS);
  if ('ok' in opened) return opened;
  const { fields, problems, add, url } = opened;
  const formats = fields.formats === undefined ? undefined : checkFormats(fields.formats, 'formats', add);
  for (const field of ['onlyMainContent', 'onlyCleanContent', 'mobile', 'skipTlsVerification', 'removeBase64Images', 'blockAds', 'storeInCache', 'zeroDataRetention']) flag(fields, field, add);
  for (const field of ['includeTags', 'excludeTags']) stringList(fields, field, add);
  wholeNumber(fields, 'maxAge', 0, Number.MAX_SAFE_INTEGER, ' milliseconds (0 scrapes fresh)', add);
  wholeNumber(fields, 'waitFor', 0, 60_000, ' milliseconds', add);
  wholeNumber(fields, 'timeout', 1_000, 300_000, ' milliseconds', add);
  if (problems.length > 0 || url === undefined) return { ok: false, problems };
  return { ok: true, body: { ...fields, url, ...(formats ? { formats } : {}) } };
}

/** POST /v2/map's body, checked. */
export function validateMapRequest(request: unknown): Checked<MapRequest> {
  const opened = opening(request, 'map', MAP_FIELDS);
  if ('ok' in opened) return opened;
  const { fields, problems, add, url } = opened;
  if (fields.search !== undefined && typeof fields.search !== 'string') add('search', `search is text that ranks the site's addresses; got ${describe(fields.search)}.`);
  if (fields.sitemap !== undefined && !(SITEMAP_MODES as readonly unknown[]).includes(fields.sitemap)) add('sitemap', `sitemap is one of ${SITEMAP_MODES.join(', ')}; got ${typeof fields.sitemap === 'string' ? JSON.stringify(fields.sitemap.slice(0, 20)) : describe(fields.sitemap)}.`);
  for (const field of ['includeSubdomains', 'ignoreQueryParameters', 'ignoreCache']) flag(fields, field, add);
  wholeNumber(fields, 'limit', 1, MAX_MAP_LIMIT, ' addresses', add);
  wholeNumber(fields, 'timeout', 1_000, 300_000, ' milliseconds', add);
  if (problems.length > 0 || url === undefined) return { ok: false, problems };
  return { ok: true, body: { ...(fields as Partial<MapRequest>), url } };
}

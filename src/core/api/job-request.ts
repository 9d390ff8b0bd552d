// Checks a crawl start (POST /v2/crawl) or a batch scrape start (POST /v2/batch/scrape) before it
// is sent. The spec names both operations without their bodies; the fields are the service's
// published v2 OpenAPI's, and its server refuses unknown keys, so this does too, before sending,
// with each problem's field. The regexes of includePaths and excludePaths are compiled here, so a
// bad one is caught as it is typed rather than after a round trip.
import { describe } from './domains';
import type { RequestProblem } from './request-types';
import { SCRAPE_OPTION_FIELDS, SITEMAP_MODES, urlRefusalText, validateScrapeRequest, type Checked, type ScrapeOptions, type SitemapMode } from './scrape-request';
import { checkUrl } from '../scrape/url-check';
import { MAX_BATCH_URLS, MAX_CRAWL_LIMIT, pathPatternProblem, WEBHOOK_EVENTS, type JobWebhookEvent } from './job-fields';

export { MAX_BATCH_URLS, MAX_CRAWL_LIMIT, SERVICE_DEFAULT_CRAWL_LIMIT, pathPatternProblem, WEBHOOK_EVENTS, type JobWebhookEvent } from './job-fields';

export const CRAWL_FIELDS = [
  'url', 'prompt', 'excludePaths', 'includePaths', 'maxDiscoveryDepth', 'sitemap', 'ignoreQueryParameters',
  'regexOnFullURL', 'limit', 'crawlEntireDomain', 'allowExternalLinks', 'allowSubdomains', 'ignoreRobotsTxt',
  'robotsUserAgent', 'delay', 'maxConcurrency', 'webhook', 'scrapeOptions', 'zeroDataRetention',
] as const;
const BATCH_FIELDS: readonly string[] = ['urls', 'webhook', 'maxConcurrency', 'ignoreInvalidURLs', ...SCRAPE_OPTION_FIELDS, 'zeroDataRetention'];

export interface JobWebhook {
  url: string;
  headers?: Record<string, string>;
  metadata?: Record<string, unknown>;
  events?: JobWebhookEvent[];
}

export interface CrawlRequest {
  url: string;
  prompt?: string;
  includePaths?: string[];
  excludePaths?: string[];
  regexOnFullURL?: boolean;
  maxDiscoveryDepth?: number;
  sitemap?: SitemapMode;
  ignoreQueryParameters?: boolean;
  limit?: number;
  crawlEntireDomain?: boolean;
  allowExternalLinks?: boolean;
  allowSubdomains?: boolean;
  ignoreRobotsTxt?: boolean;
  robotsUserAgent?: string;
  delay?: number;
  maxConcurrency?: number;
  webhook?: JobWebhook;
  scrapeOptions?: ScrapeOptions;
  zeroDataRetention?: boolean;
}

export interface BatchScrapeRequest extends ScrapeOptions {
  urls: string[];
  webhook?: JobWebhook;
  maxConcurrency?: number;
  ignoreInvalidURLs?: boolean;
  zeroDataRetention?: boolean;
}

type Add = (field: string, message: string) => void;
type Fields = Record<string, unknown>;

function isObject(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isTextList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

function isSitemapMode(value: unknown): value is SitemapMode {
  return SITEMAP_MODES.some((mode) => mode === value);
}

function isWebhookEvent(value: unknown): value is JobWebhookEvent {
  return WEBHOOK_EVENTS.some((event) => event === value);
}

/** Puts a checked value in the body; a field not given, or refused, stays out of it. */
function put<T, K extends keyof T>(body: T, key: K, value: T[K] | undefined): void {
  if (value !== undefined) body[key] = value;
}

function unknownKeys(fields: Fields, known: readonly string[], what: string, add: Add): void {
  for (const key of Object.keys(fields)) {
    if (fields[key] !== undefined && !known.includes(key)) add(key, `The service has no ${what} option called "${key.slice(0, 40)}"; the options are ${known.join(', ')}.`);
  }
}

function whole(fields: Fields, field: string, min: number, max: number, add: Add): number | undefined {
  const value = fields[field];
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    add(field, `${field} must be a whole number from ${min.toLocaleString('en-US')} to ${max.toLocaleString('en-US')}; got ${typeof value === 'number' && Number.isFinite(value) ? String(value) : describe(value)}.`);
    return undefined;
  }
  return value;
}

function flag(fields: Fields, name: string, add: Add): boolean | undefined {
  const value = fields[name];
  if (value === undefined || typeof value === 'boolean') return value;
  add(name, `${name} is true or false; got ${describe(value)}.`);
  return undefined;
}

function text(fields: Fields, name: string, add: Add): string | undefined {
  const value = fields[name];
  if (value === undefined || typeof value === 'string') return value;
  add(name, `${name} is text; got ${describe(value)}.`);
  return undefined;
}

function patterns(fields: Fields, field: string, add: Add): string[] | undefined {
  const value = fields[field];
  if (value === undefined) return undefined;
  if (!isTextList(value)) {
    add(field, `${field} is a list of regular expressions such as ["^/docs/"]; got ${describe(value)}.`);
    return undefined;
  }
  value.forEach((pattern, index) => {
    const problem = pathPatternProblem(pattern);
    if (problem) add(`${field}[${index}]`, problem);
  });
  return [...value];
}

function webhook(value: unknown, add: Add): JobWebhook | undefined {
  if (value === undefined) return undefined;
  if (!isObject(value)) {
    add('webhook', `webhook is an object such as { url: "https://…" }; got ${describe(value)}.`);
    return undefined;
  }
  unknownKeys(value, ['url', 'headers', 'metadata', 'events'], 'webhook', (field, message) => add(`webhook.${field}`, message));
  const url = typeof value.url === 'string' ? checkUrl(value.url) : undefined;
  if (url === undefined) add('webhook.url', 'The webhook needs a url: the address the service delivers its events to.');
  else if (!url.ok) add('webhook.url', urlRefusalText(url.refusal));
  const { headers, metadata, events } = value;
  const textHeaders = headers === undefined ? undefined : textValues(headers);
  if (headers !== undefined && textHeaders === undefined) add('webhook.headers', 'webhook.headers maps header names to text values.');
  if (metadata !== undefined && !isObject(metadata)) add('webhook.metadata', 'webhook.metadata is an object; the service echoes it in every delivery.');
  const eventsOk = events === undefined || (Array.isArray(events) && events.every(isWebhookEvent));
  if (!eventsOk) add('webhook.events', `webhook.events lists some of ${WEBHOOK_EVENTS.join(', ')}.`);
  if (!url?.ok) return undefined;
  const checked: JobWebhook = { url: url.url };
  put(checked, 'headers', textHeaders);
  if (isObject(metadata)) put(checked, 'metadata', { ...metadata });
  if (Array.isArray(events)) put(checked, 'events', events.filter(isWebhookEvent));
  return checked;
}

/** The object's values when every one is text, else undefined. */
function textValues(value: unknown): Record<string, string> | undefined {
  if (!isObject(value)) return undefined;
  const values: Record<string, string> = {};
  for (const [name, item] of Object.entries(value)) {
    if (typeof item !== 'string') return undefined;
    values[name] = item;
  }
  return values;
}

/** The scrape options, as the scrape's own check gives them back (formats in object form). */
function scrapeOptions(value: unknown, add: Add): ScrapeOptions | undefined {
  if (value === undefined) return undefined;
  if (!isObject(value)) {
    add('scrapeOptions', `scrapeOptions is an object such as { formats: ["markdown"] }; got ${describe(value)}.`);
    return undefined;
  }
  // The scrape's own check, given a stand-in address: its problems other than the address are these options'.
  const check = validateScrapeRequest({ ...value, url: 'https://example.com/' });
  if (!check.ok) {
    for (const problem of check.problems) add(`scrapeOptions.${problem.field}`, problem.message);
    return undefined;
  }
  const { url: _standIn, ...options } = check.body;
  return options;
}

const CRAWL_FLAGS = [
  'regexOnFullURL', 'ignoreQueryParameters', 'crawlEntireDomain', 'allowExternalLinks', 'allowSubdomains', 'ignoreRobotsTxt', 'zeroDataRetention',
] as const satisfies ReadonlyArray<keyof CrawlRequest>;

/** POST /v2/crawl's body, checked: made of the checked fields (the start URL in its normal form), never the input itself. */
export function validateCrawlRequest(request: unknown): Checked<CrawlRequest> {
  if (!isObject(request)) return { ok: false, problems: [{ field: 'request', message: `A crawl request is an object with at least a url; got ${describe(request)}.` }] };
  const problems: RequestProblem[] = [];
  const add: Add = (field, message) => { problems.push({ field, message }); };
  unknownKeys(request, CRAWL_FIELDS, 'crawl', add);
  let url: string | undefined;
  if (typeof request.url !== 'string') add('url', 'A start URL is required, such as https://docs.example.com.');
  else {
    const check = checkUrl(request.url);
    if (check.ok) url = check.url;
    else add('url', urlRefusalText(check.refusal));
  }
  const body: CrawlRequest = { url: url ?? '' };
  put(body, 'limit', whole(request, 'limit', 1, MAX_CRAWL_LIMIT, add));
  put(body, 'maxDiscoveryDepth', whole(request, 'maxDiscoveryDepth', 0, 100, add));
  put(body, 'maxConcurrency', whole(request, 'maxConcurrency', 1, 1000, add));
  const { delay, sitemap } = request;
  if (delay !== undefined && (typeof delay !== 'number' || !(delay >= 0) || delay > 3600)) add('delay', 'delay is the seconds to wait between pages, from 0 to 3600.');
  else put(body, 'delay', delay);
  if (sitemap !== undefined && !isSitemapMode(sitemap)) add('sitemap', `sitemap is one of ${SITEMAP_MODES.join(', ')}.`);
  else put(body, 'sitemap', sitemap);
  put(body, 'prompt', text(request, 'prompt', add));
  for (const name of CRAWL_FLAGS) put(body, name, flag(request, name, add));
  put(body, 'robotsUserAgent', text(request, 'robotsUserAgent', add));
  put(body, 'includePaths', patterns(request, 'includePaths', add));
  put(body, 'excludePaths', patterns(request, 'excludePaths', add));
  put(body, 'webhook', webhook(request.webhook, add));
  put(body, 'scrapeOptions', scrapeOptions(request.scrapeOptions, add));
  return problems.length > 0 ? { ok: false, problems } : { ok: true, body };
}

/**
 * POST /v2/batch/scrape's body, checked: made of the checked fields (each address in its normal
 * form), never the input itself. Addresses the check refuses are named by position.
 */
export function validateBatchScrapeRequest(request: unknown): Checked<BatchScrapeRequest> {
  if (!isObject(request)) return { ok: false, problems: [{ field: 'request', message: `A batch scrape request is an object with a list of urls; got ${describe(request)}.` }] };
  const problems: RequestProblem[] = [];
  const add: Add = (field, message) => { problems.push({ field, message }); };
  unknownKeys(request, BATCH_FIELDS, 'batch scrape', add);
  const { urls: given, webhook: hook, maxConcurrency: _max, ignoreInvalidURLs: _ignore, zeroDataRetention: _zdr, ...options } = request;
  const urls: string[] = [];
  if (!Array.isArray(given) || given.length === 0) add('urls', 'A batch scrape needs at least one URL.');
  else if (given.length > MAX_BATCH_URLS) add('urls', `A batch scrape here takes at most ${MAX_BATCH_URLS.toLocaleString('en-US')} URLs; got ${given.length.toLocaleString('en-US')}.`);
  else {
    given.forEach((item: unknown, index) => {
      if (typeof item !== 'string') add(`urls[${index}]`, `A URL is text; got ${describe(item)}.`);
      else {
        const check = checkUrl(item);
        if (check.ok) urls.push(check.url);
        else add(`urls[${index}]`, urlRefusalText(check.refusal));
      }
    });
  }
  const body: BatchScrapeRequest = { urls };
  put(body, 'maxConcurrency', whole(request, 'maxConcurrency', 1, 1000, add));
  put(body, 'ignoreInvalidURLs', flag(request, 'ignoreInvalidURLs', add));
  put(body, 'zeroDataRetention', flag(request, 'zeroDataRetention', add));
  put(body, 'webhook', webhook(hook, add));
  Object.assign(body, scrapeOptions(options, (field, message) => add(field.replace(/^scrapeOptions\./, ''), message)));
  return problems.length > 0 ? { ok: false, problems } : { ok: true, body };
}

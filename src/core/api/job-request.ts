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

function unknownKeys(fields: Fields, known: readonly string[], what: string, add: Add): void {
  for (const key of Object.keys(fields)) {
    if (fields[key] !== undefined && !known.includes(key)) add(key, `The service has no ${what} option called "${key.slice(0, 40)}"; the options are ${known.join(', ')}.`);
  }
}

function whole(fields: Fields, field: string, min: number, max: number, add: Add): void {
  const value = fields[field];
  if (value === undefined) return;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    add(field, `${field} must be a whole number from ${min.toLocaleString('en-US')} to ${max.toLocaleString('en-US')}; got ${typeof value === 'number' && Number.isFinite(value) ? String(value) : describe(value)}.`);
  }
}

function flags(fields: Fields, names: readonly string[], add: Add): void {
  for (const name of names) if (fields[name] !== undefined && typeof fields[name] !== 'boolean') add(name, `${name} is true or false; got ${describe(fields[name])}.`);
}

function patterns(fields: Fields, field: string, add: Add): void {
  const value = fields[field];
  if (value === undefined) return;
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) {
    add(field, `${field} is a list of regular expressions such as ["^/docs/"]; got ${describe(value)}.`);
    return;
  }
  value.forEach((pattern: string, index) => {
    const problem = pathPatternProblem(pattern);
    if (problem) add(`${field}[${index}]`, problem);
  });
}

function webhook(value: unknown, add: Add): void {
  if (value === undefined) return;
  if (!isObject(value)) {
    add('webhook', `webhook is an object such as { url: "https://…" }; got ${describe(value)}.`);
    return;
  }
  unknownKeys(value, ['url', 'headers', 'metadata', 'events'], 'webhook', (field, message) => add(`webhook.${field}`, message));
  const url = typeof value.url === 'string' ? checkUrl(value.url) : undefined;
  if (url === undefined) add('webhook.url', 'The webhook needs a url: the address the service delivers its events to.');
  else if (!url.ok) add('webhook.url', urlRefusalText(url.refusal));
  if (value.headers !== undefined && (!isObject(value.headers) || Object.values(value.headers).some((v) => typeof v !== 'string'))) add('webhook.headers', 'webhook.headers maps header names to text values.');
  if (value.metadata !== undefined && !isObject(value.metadata)) add('webhook.metadata', 'webhook.metadata is an object; the service echoes it in every delivery.');
  const events = value.events;
  if (events !== undefined && (!Array.isArray(events) || events.some((e) => !(WEBHOOK_EVENTS as readonly unknown[]).includes(e)))) {
    add('webhook.events', `webhook.events lists some of ${WEBHOOK_EVENTS.join(', ')}.`);
  }
}

function scrapeOptions(value: unknown, add: Add): void {
  if (value === undefined) return;
  if (!isObject(value)) {
    add('scrapeOptions', `scrapeOptions is an object such as { formats: ["markdown"] }; got ${describe(value)}.`);
    return;
  }
  // The scrape's own check, given a stand-in address: its problems other than the address are these options'.
  const check = validateScrapeRequest({ ...value, url: 'https://example.com/' });
  if (!check.ok) for (const problem of check.problems) add(`scrapeOptions.${problem.field}`, problem.message);
}

function finish<T>(problems: RequestProblem[], body: T): Checked<T> {
  return problems.length > 0 ? { ok: false, problems } : { ok: true, body };
}

/** POST /v2/crawl's body, checked. */
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
  whole(request, 'limit', 1, MAX_CRAWL_LIMIT, add);
  whole(request, 'maxDiscoveryDepth', 0, 100, add);
  whole(request, 'maxConcurrency', 1, 1000, add);
  if (request.delay !== undefined && (typeof request.delay !== 'number' || !(request.delay >= 0) || request.delay > 3600)) add('delay', 'delay is the seconds to wait between pages, from 0 to 3600.');
  if (request.sitemap !== undefined && !(SITEMAP_MODES as readonly unknown[]).includes(request.sitemap)) add('sitemap', `sitemap is one of ${SITEMAP_MODES.join(', ')}.`);
  if (request.prompt !== undefined && typeof request.prompt !== 'string') add('prompt', `prompt is text; got ${describe(request.prompt)}.`);
  flags(request, ['regexOnFullURL', 'ignoreQueryParameters', 'crawlEntireDomain', 'allowExternalLinks', 'allowSubdomains', 'ignoreRobotsTxt', 'zeroDataRetention'], add);
  patterns(request, 'includePaths', add);
  patterns(request, 'excludePaths', add);
  webhook(request.webhook, add);
  scrapeOptions(request.scrapeOptions, add);
  return finish(problems, { ...(request as unknown as CrawlRequest), url: url ?? '' });
}

/** POST /v2/batch/scrape's body, checked. Addresses the check refuses are named by position. */
export function validateBatchScrapeRequest(request: unknown): Checked<BatchScrapeRequest> {
  if (!isObject(request)) return { ok: false, problems: [{ field: 'request', message: `A batch scrape request is an object with a list of urls; got ${describe(request)}.` }] };
  const problems: RequestProblem[] = [];
  const add: Add = (field, message) => { problems.push({ field, message }); };
  unknownKeys(request, BATCH_FIELDS, 'batch scrape', add);
  const urls = request.urls;
  if (!Array.isArray(urls) || urls.length === 0) add('urls', 'A batch scrape needs at least one URL.');
  else if (urls.length > MAX_BATCH_URLS) add('urls', `A batch scrape here takes at most ${MAX_BATCH_URLS.toLocaleString('en-US')} URLs; got ${urls.length.toLocaleString('en-US')}.`);
  else {
    urls.forEach((item: unknown, index) => {
      if (typeof item !== 'string') add(`urls[${index}]`, `A URL is text; got ${describe(item)}.`);
      else {
        const check = checkUrl(item);
        if (!check.ok) add(`urls[${index}]`, urlRefusalText(check.refusal));
      }
    });
  }
  whole(request, 'maxConcurrency', 1, 1000, add);
  flags(request, ['ignoreInvalidURLs', 'zeroDataRetention'], add);
  webhook(request.webhook, add);
  const { urls: _urls, webhook: _webhook, maxConcurrency: _max, ignoreInvalidURLs: _ignore, zeroDataRetention: _zdr, ...options } = request;
  scrapeOptions(options, (field, message) => add(field.replace(/^scrapeOptions\./, ''), message));
  return finish(problems, request as unknown as BatchScrapeRequest);
}

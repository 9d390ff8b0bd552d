// What the steps of Start Crawl choose, and the crawl request made of it. The argument is a
// partial request: the fields it gives answer their steps (skipped, listed on the review), the
// fields no step asks (prompt, delay, …) are sent as given. No VS Code: the unit tests build
// requests from steps here.
import type { CrawlRequest } from '../api/job-request';
import type { SitemapMode } from '../api/scrape-request';
import { isPlainObject } from '../plain-object';
import type { AskedStep } from './flow';

/** What each page of a crawl keeps (the scrape settings' words: Any page as markdown). */
export type ContentChoice = 'markdown' | 'markdown+links' | 'markdown+summary';

export interface CrawlChoices {
  url: string;
  limit: number;
  includePaths: string[];
  excludePaths: string[];
  /** Undefined: not sent (the service's default). */
  maxDiscoveryDepth: number | undefined;
  sitemap: SitemapMode | undefined;
  allowSubdomains: boolean;
  allowExternalLinks: boolean;
  content: ContentChoice;
  onlyMainContent: boolean;
  zeroDataRetention: boolean;
  /** The argument's fields no step asks, sent as given (the check says if one is wrong). */
  rest: Record<string, unknown>;
}

export interface CrawlDefaults {
  limit: number;
  formats: readonly string[];
  onlyMainContent: boolean;
}

/** Each step, and the request fields it sets, in the order of the steps. */
export const STEP_FIELDS: ReadonlyArray<readonly [AskedStep, readonly string[]]> = [
  ['url', ['url']], ['limit', ['limit']], ['include', ['includePaths']], ['exclude', ['excludePaths']],
  ['depth', ['maxDiscoveryDepth']], ['sitemap', ['sitemap']], ['reach', ['allowSubdomains', 'allowExternalLinks']],
  ['content', ['scrapeOptions']], ['retention', ['zeroDataRetention']],
];

function contentOf(formats: readonly unknown[]): ContentChoice {
  if (formats.includes('links')) return 'markdown+links';
  if (formats.includes('summary')) return 'markdown+summary';
  return 'markdown';
}

function formatsOf(content: ContentChoice): string[] {
  return content === 'markdown+links' ? ['markdown', 'links'] : content === 'markdown+summary' ? ['markdown', 'summary'] : ['markdown'];
}

/**
 * The choices to start from: the defaults under the argument's fields, and the steps the argument
 * answered. A value of the wrong type is kept in `rest` as given, so the review's check names it
 * (never silently replaced by a default).
 */
export function crawlChoicesOf(argument: Readonly<Record<string, unknown>>, defaults: CrawlDefaults, prefill?: string): { choices: CrawlChoices; answered: Set<AskedStep> } {
  const answered = new Set<AskedStep>();
  const rest: Record<string, unknown> = {};
  const choices: CrawlChoices = {
    url: prefill ?? '', limit: defaults.limit, includePaths: [], excludePaths: [], maxDiscoveryDepth: undefined, sitemap: undefined,
    allowSubdomains: false, allowExternalLinks: false, content: contentOf(defaults.formats), onlyMainContent: defaults.onlyMainContent,
    zeroDataRetention: false, rest,
  };
  const strings = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string');
  for (const [field, value] of Object.entries(argument)) {
    if (value === undefined) continue;
    const step = STEP_FIELDS.find(([, fields]) => fields.includes(field))?.[0];
    if (step) answered.add(step);
    if (field === 'url' && typeof value === 'string') choices.url = value;
    else if (field === 'limit' && typeof value === 'number') choices.limit = value;
    else if (field === 'includePaths' && strings(value)) choices.includePaths = value;
    else if (field === 'excludePaths' && strings(value)) choices.excludePaths = value;
    else if (field === 'maxDiscoveryDepth' && typeof value === 'number') choices.maxDiscoveryDepth = value;
    else if (field === 'sitemap' && (value === 'skip' || value === 'include' || value === 'only')) choices.sitemap = value;
    else if ((field === 'allowSubdomains' || field === 'allowExternalLinks') && typeof value === 'boolean') choices[field] = value;
    else if (field === 'zeroDataRetention' && typeof value === 'boolean') choices.zeroDataRetention = value;
    else if (field === 'scrapeOptions' && isPlainObject(value) && Object.keys(value).every((key) => key === 'formats' || key === 'onlyMainContent')
      && (value.formats === undefined || (Array.isArray(value.formats) && value.formats.every((f) => f === 'markdown' || f === 'links' || f === 'summary'))) && (value.onlyMainContent === undefined || typeof value.onlyMainContent === 'boolean')) {
      if (Array.isArray(value.formats)) choices.content = contentOf(value.formats);
      if (typeof value.onlyMainContent === 'boolean') choices.onlyMainContent = value.onlyMainContent;
    } else rest[field] = value;
  }
  return { choices, answered };
}

/** The choices with a step answered: what the argument gave for its fields, as given, goes. */
export function answeredStep(c: CrawlChoices, step: AskedStep, patch: Partial<Omit<CrawlChoices, 'rest'>>): CrawlChoices {
  const fields = STEP_FIELDS.find(([s]) => s === step)?.[1] ?? [];
  const rest = Object.fromEntries(Object.entries(c.rest).filter(([field]) => !fields.includes(field)));
  return { ...c, ...patch, rest };
}

/**
 * POST /v2/crawl's body as the steps chose it, with no webhook yet (the start adds it). A field
 * the argument gave in a form no step reads is sent as given, so the check names it.
 */
export function crawlRequestOf(c: CrawlChoices): CrawlRequest {
  return {
    url: c.url.trim(),
    limit: c.limit,
    ...(c.includePaths.length > 0 ? { includePaths: c.includePaths } : {}),
    ...(c.excludePaths.length > 0 ? { excludePaths: c.excludePaths } : {}),
    ...(c.maxDiscoveryDepth !== undefined ? { maxDiscoveryDepth: c.maxDiscoveryDepth } : {}),
    ...(c.sitemap !== undefined ? { sitemap: c.sitemap } : {}),
    ...(c.allowSubdomains ? { allowSubdomains: true } : {}),
    ...(c.allowExternalLinks ? { allowExternalLinks: true } : {}),
    scrapeOptions: { formats: formatsOf(c.content), onlyMainContent: c.onlyMainContent },
    ...(c.zeroDataRetention ? { zeroDataRetention: true } : {}),
    ...(c.rest as Partial<CrawlRequest>),
  };
}

/**
 * Path patterns as typed in a step: regular expressions separated by spaces (a path holds none;
 * a pattern that needs one writes \s).
 */
export function patternsOf(text: string): string[] {
  return text.split(/\s+/).filter((pattern) => pattern !== '');
}

/** A page limit or a depth as typed: a whole number in range, or the problem. */
export function wholeIn(text: string, min: number, max: number): { ok: true; value: number } | { ok: false; problem: 'not-a-number' | 'range' } {
  const trimmed = text.trim().replace(/[,_\s]/g, '');
  if (!/^\d+$/.test(trimmed)) return { ok: false, problem: 'not-a-number' };
  const value = Number(trimmed);
  return value >= min && value <= max ? { ok: true, value } : { ok: false, problem: 'range' };
}

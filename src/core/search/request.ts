// The request a search sends: the user's settings as defaults, and the command's argument over
// them field by field (the argument wins). Checking it is the client's validateSearchRequest.
import type { SearchRequestBody, SourceType } from '../api/request-types';
import { isPlainObject } from '../plain-object';

export type ScrapeFormatsChoice = 'none' | 'markdown' | 'summary' | 'markdown+summary';

/** The search settings (webData.search.*) that feed a request. */
export interface SearchDefaults {
  limit: number;
  sources: readonly SourceType[];
  scrapeFormats: ScrapeFormatsChoice;
  country: string;
  location: string;
  timeout: number;
}

/** The `scrapeOptions.formats` the scrapeFormats setting stands for; none for "none". */
export function formatsFor(choice: ScrapeFormatsChoice): Array<{ type: string }> {
  switch (choice) {
    case 'markdown': return [{ type: 'markdown' }];
    case 'summary': return [{ type: 'summary' }];
    case 'markdown+summary': return [{ type: 'markdown' }, { type: 'summary' }];
    default: return [];
  }
}

/** Request fields from settings. Empty text settings are left out, so the service's defaults apply. */
export function requestDefaults(settings: SearchDefaults): Record<string, unknown> {
  const defaults: Record<string, unknown> = { limit: settings.limit, timeout: settings.timeout };
  if (settings.sources.length > 0) defaults.sources = settings.sources.map((type) => ({ type }));
  if (settings.country.trim() !== '') defaults.country = settings.country.trim();
  if (settings.location.trim() !== '') defaults.location = settings.location.trim();
  const formats = formatsFor(settings.scrapeFormats);
  if (formats.length > 0) defaults.scrapeOptions = { formats };
  return defaults;
}

/**
 * What prices a search typed in the query box (src/core/spend/price.ts): the sources, results per
 * source and scraped formats the settings add under the query. The query itself prices nothing, so
 * the box can say the price before a word is typed.
 */
export function settingsShape(settings: Pick<SearchDefaults, 'limit' | 'sources' | 'scrapeFormats'>): Pick<SearchRequestBody, 'sources' | 'limit' | 'scrapeOptions'> {
  const formats = formatsFor(settings.scrapeFormats);
  return {
    limit: settings.limit,
    ...(settings.sources.length > 0 ? { sources: settings.sources.map((type) => ({ type })) } : {}),
    ...(formats.length > 0 ? { scrapeOptions: { formats } } : {}),
  };
}

/** A request with the settings under the argument, and which of its fields the settings gave. */
export interface MergedRequest {
  request: Record<string, unknown>;
  /** The fields that came from settings rather than the argument: their problems point at Settings. */
  fromSettings: ReadonlySet<string>;
}

/**
 * The settings' defaults with the argument over them. A field the argument sets replaces the
 * default whole (scrapeOptions included: merging halves of two option objects would surprise).
 */
export function mergeWithSettings(settings: SearchDefaults, argument: Readonly<Record<string, unknown>>): MergedRequest {
  const request = requestDefaults(settings);
  const fromSettings = new Set(Object.keys(request));
  for (const [key, value] of Object.entries(argument)) {
    if (value === undefined) continue;
    request[key] = value;
    fromSettings.delete(key);
  }
  return { request, fromSettings };
}

export type SearchArgument =
  | { kind: 'none' }
  | { kind: 'request'; request: Record<string, unknown> }
  | { kind: 'invalid'; message: string };

/**
 * What the command was given: nothing (prompt for a query), a query string (a keybinding's
 * shorthand), or a request object (plain data). Anything else is refused with a sentence saying why.
 */
export function readSearchArgument(argument: unknown): SearchArgument {
  if (argument === undefined || argument === null) return { kind: 'none' };
  if (typeof argument === 'string') return { kind: 'request', request: { query: argument } };
  // Plain objects only: a menu's Uri spread into a request would lend it its own `query`.
  if (isPlainObject(argument)) return { kind: 'request', request: { ...argument } };
  const got = Array.isArray(argument) ? 'a list' : typeof argument === 'object' ? 'an object that is not plain data (such as a Uri)' : typeof argument;
  return { kind: 'invalid', message: `The search command takes a request object such as { "query": "..." }; it was given ${got}.` };
}

/** "sources[1]" and "scrapeOptions.formats[0]" belong to the request fields sources and scrapeOptions. */
export function requestField(problemField: string): string {
  return problemField.split(/[.[]/, 1)[0] ?? problemField;
}

/** The scrapeFormats setting once markdown is turned on: a summary already asked for is kept. */
export function withMarkdown(choice: ScrapeFormatsChoice): ScrapeFormatsChoice {
  return choice === 'summary' || choice === 'markdown+summary' ? 'markdown+summary' : 'markdown';
}

/**
 * Whether a result page shown without content should offer to fetch markdown with searches: only
 * when the search asked for no scraping at all (a page the service failed to scrape would not
 * be helped) and the setting does not fetch markdown already.
 */
export function offersMarkdown(request: { scrapeOptions?: { formats?: readonly unknown[] } }, choice: ScrapeFormatsChoice): boolean {
  const asked = request.scrapeOptions?.formats?.length ?? 0;
  return asked === 0 && withMarkdown(choice) !== choice;
}

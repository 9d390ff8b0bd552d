// Checks a search request against every rule of spec 2.2, 2.3, 2.4 and 8 before anything is sent,
// and normalises it to the wire form. All problems are reported at once, each with its field.
import { COUNTRY_ALIASES, COUNTRY_CODES } from './countries';
import { checkHostname, describe } from './domains';
import { checkQueryOperators } from './operators';
import {
  CATEGORY_TYPES, ENTERPRISE_MODES, SOURCE_TYPES,
  type CategoryType, type EnterpriseMode, type RequestProblem, type ScrapeFormat, type SearchRequestBody, type SourceType,
} from './request-types';
import { checkTbs } from './tbs';

export const MAX_QUERY_LENGTH = 500;
export const MIN_LIMIT = 1;
export const MAX_LIMIT = 100;
export const DEFAULT_SEARCH_TIMEOUT_MS = 60000;

const KNOWN_FIELDS = [
  'query', 'limit', 'sources', 'categories', 'includeDomains', 'excludeDomains', 'tbs', 'location',
  'country', 'timeout', 'ignoreInvalidURLs', 'enterprise', 'scrapeOptions',
];

declare const checkedBrand: unique symbol;

/**
 * A body validateSearchRequest made: frozen, so what was checked is what is sent, and remembered,
 * so the client sends it without checking it a second time. The brand alone proves nothing (a
 * cast can forge it); isCheckedSearchRequest asks the record of bodies this module made.
 */
export type CheckedSearchRequest = Readonly<SearchRequestBody> & { readonly [checkedBrand]: true };

export type SearchRequestCheck =
  | { ok: true; body: CheckedSearchRequest }
  | { ok: false; problems: RequestProblem[] };

/**
 * The record of checked bodies is a private field stamped on each body this module makes: only
 * this class can add it or see it (a spread copy or a forged brand does not carry it), and it goes
 * with the body. A WeakSet did the same, but its adds cost from a few to 25 µs per search in
 * loopback search loops (bench/client.ts), in garbage collection of the weak table rather than in
 * the add itself. The field is added to an object this class did not
 * construct by the base class's `return`, so the body keeps its plain prototype.
 */
// eslint-disable-next-line @typescript-eslint/no-extraneous-class -- only a base whose constructor returns its argument
class Returns {
  constructor(body: object) {
    return body;
  }
}

class CheckedStamp extends Returns {
  #checked = true;

  static stamp(body: object): void {
    new CheckedStamp(body);
  }

  static has(value: object): boolean {
    return #checked in value;
  }
}

/** True only for a body validateSearchRequest returned (from this copy of the module). */
export function isCheckedSearchRequest(value: unknown): value is CheckedSearchRequest {
  return typeof value === 'object' && value !== null && CheckedStamp.has(value);
}

/**
 * Freezes every part the check looked at (the body, its lists, scrapeOptions and each format), so
 * no field can change between the check and the send. Unchecked pass-through options below
 * scrapeOptions belong to the caller and are left as they are.
 */
function seal(body: SearchRequestBody): CheckedSearchRequest {
  for (const list of [body.sources, body.categories, body.includeDomains, body.excludeDomains, body.enterprise]) {
    if (list) Object.freeze(list);
  }
  const formats = body.scrapeOptions?.formats;
  if (formats) {
    for (const format of formats) Object.freeze(format);
    Object.freeze(formats);
  }
  if (body.scrapeOptions) Object.freeze(body.scrapeOptions);
  // Stamped before the freeze: a frozen object takes no new field in engines that enforce it.
  CheckedStamp.stamp(body);
  Object.freeze(body);
  return body as CheckedSearchRequest;
}

/**
 * Checks a search request (any value: the editor checks what a person is typing) and gives
 * either the normalised body for POST /v2/search, or every problem found.
 */
export function validateSearchRequest(request: unknown): SearchRequestCheck {
  const problems: RequestProblem[] = [];
  const add = (field: string, message: string): void => { problems.push({ field, message }); };
  if (typeof request !== 'object' || request === null || Array.isArray(request)) {
    return { ok: false, problems: [{ field: 'request', message: `A search request is an object with at least a query; got ${describe(request)}.` }] };
  }
  const input = request as Record<string, unknown>;
  const body: SearchRequestBody = { query: '' };

  for (const key of Object.keys(input)) {
    if (input[key] !== undefined && !KNOWN_FIELDS.includes(key)) {
      add(key, `The service has no search option called "${key}"; the options are ${KNOWN_FIELDS.join(', ')}.`);
    }
  }

  const query = input.query;
  if (typeof query !== 'string') {
    add('query', query === undefined ? 'A query is required.' : `The query must be text; got ${describe(query)}.`);
  } else if (query.trim() === '') {
    add('query', 'The query is empty; type what to search for.');
  } else if (query.length > MAX_QUERY_LENGTH) {
    add('query', `The query is ${query.length} characters long; the service allows at most ${MAX_QUERY_LENGTH}.`);
  } else {
    for (const message of checkQueryOperators(query)) add('query', message);
    body.query = query;
  }

  const limit = input.limit;
  if (limit !== undefined) {
    if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < MIN_LIMIT || limit > MAX_LIMIT) {
      const got = typeof limit === 'number' && Number.isFinite(limit) ? String(limit) : describe(limit);
      add('limit', `The limit must be a whole number from ${MIN_LIMIT} to ${MAX_LIMIT} (results per source); got ${got}.`);
    } else body.limit = limit;
  }

  const sources = typedList<SourceType>(input.sources, 'sources', SOURCE_TYPES, 'source', add);
  if (sources) body.sources = sources.map((type) => ({ type }));
  const categories = typedList<CategoryType>(input.categories, 'categories', CATEGORY_TYPES, 'category', add);
  if (categories) body.categories = categories.map((type) => ({ type }));

  const include = domainList(input.includeDomains, 'includeDomains', add);
  const exclude = domainList(input.excludeDomains, 'excludeDomains', add);
  const given = (list: unknown): boolean => Array.isArray(list) && list.length > 0;
  if (given(input.includeDomains) && given(input.excludeDomains)) {
    add('includeDomains', 'includeDomains and excludeDomains cannot be used together; keep one of them.');
  } else {
    if (include) body.includeDomains = include;
    if (exclude) body.excludeDomains = exclude;
  }

  const tbs = input.tbs;
  if (tbs !== undefined) {
    if (typeof tbs !== 'string') add('tbs', `The time filter must be text such as "qdr:w"; got ${describe(tbs)}.`);
    else if (tbs.trim() !== '') {
      const checked = checkTbs(tbs);
      if (checked.ok) body.tbs = checked.tbs;
      else for (const message of checked.problems) add('tbs', message);
    }
  }

  const location = input.location;
  if (location !== undefined) {
    if (typeof location !== 'string') add('location', `The location must be text such as "Berlin,Germany"; got ${describe(location)}.`);
    else if (location.trim() !== '') body.location = location.trim();
  }

  const country = input.country;
  if (country !== undefined) {
    const code = typeof country === 'string' ? country.trim().toUpperCase() : '';
    if (COUNTRY_CODES.has(code)) body.country = code;
    else if (typeof country !== 'string') add('country', `The country must be a two-letter ISO code such as "US"; got ${describe(country)}.`);
    else {
      const alias = COUNTRY_ALIASES[code];
      add('country', `"${country.slice(0, 20)}" is not an ISO country code; ${alias ? `use "${alias}"` : 'use two letters such as "US", "DE" or "JP"'}.`);
    }
  }

  const timeout = input.timeout;
  if (timeout !== undefined) {
    if (typeof timeout !== 'number' || !Number.isInteger(timeout) || timeout <= 0) {
      const got = typeof timeout === 'number' && Number.isFinite(timeout) ? String(timeout) : describe(timeout);
      add('timeout', `The timeout must be a whole number of milliseconds above 0, such as 60000; got ${got}.`);
    } else body.timeout = timeout;
  }

  const ignoreInvalidURLs = input.ignoreInvalidURLs;
  if (ignoreInvalidURLs !== undefined) {
    if (typeof ignoreInvalidURLs !== 'boolean') add('ignoreInvalidURLs', `ignoreInvalidURLs must be true or false; got ${describe(ignoreInvalidURLs)}.`);
    else body.ignoreInvalidURLs = ignoreInvalidURLs;
  }

  const enterprise = input.enterprise;
  if (enterprise !== undefined) {
    if (!Array.isArray(enterprise)) add('enterprise', `enterprise must be a list of "anon" and/or "zdr"; got ${describe(enterprise)}.`);
    else {
      const modes = new Set<EnterpriseMode>();
      enterprise.forEach((mode: unknown, index) => {
        if (typeof mode === 'string' && (ENTERPRISE_MODES as readonly string[]).includes(mode)) modes.add(mode as EnterpriseMode);
        else add(`enterprise[${index}]`, `${shown(mode)} is not an enterprise mode; use "anon" (anonymized zero data retention) or "zdr" (zero data retention).`);
      });
      if (modes.size > 0) body.enterprise = [...modes];
    }
  }

  const scrapeOptions = checkScrapeOptions(input.scrapeOptions, add);
  if (scrapeOptions) body.scrapeOptions = scrapeOptions;

  return problems.length > 0 ? { ok: false, problems } : { ok: true, body: seal(body) };
}

type Add = (field: string, message: string) => void;

/** sources / categories: items in string or `{ type }` form; gives the distinct types. */
function typedList<T extends string>(value: unknown, field: string, allowed: readonly T[], noun: string, add: Add): T[] | undefined {
  if (value === undefined) return undefined;
  // Worded only when a problem is found: a search that passes makes no message text.
  const choices = (): string => allowed.map((type) => `"${type}"`).join(', ');
  if (!Array.isArray(value)) {
    add(field, `${field} must be a list of ${noun} types (${choices()}); got ${describe(value)}.`);
    return undefined;
  }
  // An empty list means the service's default (web results; no category filtering).
  if (value.length === 0) return undefined;
  const types = new Set<T>();
  value.forEach((item: unknown, index) => {
    const type = typeof item === 'object' && item !== null && !Array.isArray(item) ? (item as { type?: unknown }).type : item;
    if (typeof type === 'string' && (allowed as readonly string[]).includes(type)) types.add(type as T);
    else add(`${field}[${index}]`, `${shown(type)} is not a ${noun} type; use one of ${choices()}.`);
  });
  return types.size > 0 ? [...types] : undefined;
}

function domainList(value: unknown, field: string, add: Add): string[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) {
    add(field, `${field} must be a list of hostnames such as ["example.com"]; got ${describe(value)}.`);
    return undefined;
  }
  const hostnames: string[] = [];
  value.forEach((item: unknown, index) => {
    const checked = checkHostname(item);
    if (checked.ok) hostnames.push(checked.hostname);
    else add(`${field}[${index}]`, checked.message);
  });
  return hostnames.length > 0 ? hostnames : undefined;
}

function checkScrapeOptions(value: unknown, add: Add): SearchRequestBody['scrapeOptions'] {
  if (value === undefined) return undefined;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    add('scrapeOptions', `scrapeOptions must be an object such as { formats: ["markdown"] }; got ${describe(value)}.`);
    return undefined;
  }
  const options: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  if (options.formats === undefined) return options;
  const formats = checkFormats(options.formats, 'scrapeOptions.formats', add);
  return formats ? { ...options, formats } : undefined;
}

/**
 * A list of scrape formats in object form (`"markdown"` becomes `{ type: "markdown" }`), each
 * problem added with its field under `field`; undefined when it is not a list. A search's
 * scrapeOptions and a scrape's own body take the same list.
 */
export function checkFormats(formats: unknown, field: string, add: Add): ScrapeFormat[] | undefined {
  if (!Array.isArray(formats)) {
    add(field, `formats must be a list such as [{ type: "markdown" }]; got ${describe(formats)}.`);
    return undefined;
  }
  const normalised: ScrapeFormat[] = [];
  formats.forEach((item: unknown, index) => {
    const at = `${field}[${index}]`;
    if (typeof item === 'string' && item !== '') normalised.push({ type: item });
    else if (typeof item === 'object' && item !== null && !Array.isArray(item)) {
      const type = (item as { type?: unknown }).type;
      if (typeof type === 'string' && type !== '') normalised.push({ ...(item as Record<string, unknown>), type });
      else add(at, 'A format needs a type, such as { type: "markdown" } or { type: "summary" }.');
    } else add(at, `${shown(item)} is not a format; use { type: "markdown" } or { type: "summary" }.`);
  });
  return normalised;
}

function shown(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value) : describe(value);
}

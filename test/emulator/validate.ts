// Checks a POST /v2/search body against spec 2.2, 2.3, 2.4 and 8, the way the service would.
// Written independently of src/core/api's validator: a property test compares the two.
import { domainToASCII } from 'node:url';
import { isIsoCountry } from './countries';
import { parseQuery } from './query';
import type { Term } from './query';
import { checkUnusedFields, UNUSED_FIELDS } from './search-fields';
import { parseTbs } from './tbs';
import type { TbsFilter } from './tbs';

/** alexandria: the service's catalogue of data tools, which its MCP server 3.26 asks for by default
 * beside web; the emulator has no tools, so it answers with an empty `tools` list. */
export type Source = 'web' | 'images' | 'news' | 'alexandria';
export type Category = 'code_hosting' | 'research' | 'pdf';
export type Enterprise = 'anon' | 'zdr';

/** The live service's 403 words for an enterprise mode the team's plan does not include. */
export const ENTERPRISE_NOT_ENABLED: Record<Enterprise, string> = {
  zdr: 'Zero data retention (zdr) is not enabled for your team. Contact support to enable this feature.',
  anon: 'Anonymized zero data retention (anon) is not enabled for your team. Contact support to enable this feature.',
};

export interface SearchInput {
  terms: Term[];
  limit: number;
  sources: Source[];
  categories: Category[];
  includeDomains: string[];
  excludeDomains: string[];
  tbs: TbsFilter;
  /** The scrape format types asked for (markdown, summary, links, ...). */
  formats: string[];
  enterprise: Enterprise[];
  /** The service's data tools were asked for (sources alexandria or domainTools): `data.tools`, empty here. */
  tools: boolean;
}

export interface Problem {
  field: string;
  message: string;
}

/**
 * `forbidden`: a valid request asking for an enterprise mode the team's plan lacks, which the live
 * service refuses with 403 (not 400) once the body itself is fine.
 */
export type Checked =
  | { ok: true; input: SearchInput; unused: string[] }
  | { ok: false; problems: Problem[]; unknownKeys: string[] }
  | { ok: false; problems: []; forbidden: Enterprise };

const SOURCES: readonly string[] = ['web', 'images', 'news', 'alexandria'];
const CATEGORIES: readonly string[] = ['code_hosting', 'research', 'pdf'];
const ENTERPRISE: readonly string[] = ['anon', 'zdr'];
/** The body fields of spec 2.2; with UNUSED_FIELDS, what the service's strict schema has. Like the
 * service, anything else is refused rather than ignored. */
const FIELDS: readonly string[] = [
  'query', 'limit', 'sources', 'categories', 'includeDomains', 'excludeDomains', 'tbs', 'location', 'country', 'timeout',
  'ignoreInvalidURLs', 'enterprise', 'scrapeOptions',
];
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function shown(value: unknown): string {
  // undefined for undefined, functions and symbols, whatever lib.d.ts says.
  const json = JSON.stringify(value) as string | undefined;
  const text = json ?? String(value);
  return text.length > 60 ? text.slice(0, 60) + '…' : text;
}

/** A hostname: letters, digits, hyphens and dots only; no scheme, path, port or spaces. */
function hostname(value: unknown): string | undefined {
  if (typeof value !== 'string' || /[\s/:?#@*[\]]/.test(value)) return undefined;
  const ascii = domainToASCII(value);
  const name = ascii.endsWith('.') ? ascii.slice(0, -1) : ascii;
  if (name === '' || name.length > 253 || !name.split('.').every((l) => LABEL.test(l))) return undefined;
  return name;
}

/** A list field whose items are names from `allowed`, as {type} objects or plain strings. */
function typeList(body: Record<string, unknown>, field: string, allowed: readonly string[], problems: Problem[]): string[] {
  const value = body[field];
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    problems.push({ field, message: `${field} must be a list of {type} objects; got ${shown(value)}` });
    return [];
  }
  const out: string[] = [];
  value.forEach((item: unknown, i) => {
    const type = isObject(item) ? item.type : item;
    if (typeof type === 'string' && allowed.includes(type)) {
      if (!out.includes(type)) out.push(type);
    } else {
      problems.push({ field: `${field}[${i}]`, message: `${field}[${i}] must be one of ${allowed.map((a) => `{type:"${a}"}`).join(', ')}; got ${shown(item)}` });
    }
  });
  return out;
}

function domains(body: Record<string, unknown>, field: string, problems: Problem[]): string[] {
  const value = body[field];
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    problems.push({ field, message: `${field} must be a list of hostnames such as "example.com"; got ${shown(value)}` });
    return [];
  }
  const out: string[] = [];
  value.forEach((item: unknown, i) => {
    const name = hostname(item);
    if (name === undefined) problems.push({ field: `${field}[${i}]`, message: `${field}[${i}] must be a hostname only (no scheme, path or port), such as "example.com"; got ${shown(item)}` });
    else out.push(name);
  });
  return out;
}

function formatTypes(body: Record<string, unknown>, problems: Problem[]): string[] {
  const options = body.scrapeOptions;
  if (options === undefined) return [];
  if (!isObject(options)) {
    problems.push({ field: 'scrapeOptions', message: `scrapeOptions must be an object; got ${shown(options)}` });
    return [];
  }
  const formats = options.formats;
  if (formats === undefined) return [];
  if (!Array.isArray(formats)) {
    problems.push({ field: 'scrapeOptions.formats', message: `scrapeOptions.formats must be a list of {type} objects; got ${shown(formats)}` });
    return [];
  }
  const out: string[] = [];
  formats.forEach((item: unknown, i) => {
    // The service takes "markdown" for {type:"markdown"}, as its SDK and MCP server send it.
    if (typeof item === 'string' && item !== '') out.push(item);
    else if (isObject(item) && typeof item.type === 'string' && item.type !== '') out.push(item.type);
    else problems.push({ field: `scrapeOptions.formats[${i}]`, message: `scrapeOptions.formats[${i}] must be an object with a type, such as {type:"markdown"}; got ${shown(item)}` });
  });
  return out;
}

export function checkSearch(body: unknown, enabledEnterprise: readonly string[]): Checked {
  if (!isObject(body)) return { ok: false, problems: [{ field: 'body', message: 'the body must be a JSON object such as {"query":"..."}' }], unknownKeys: [] };
  const problems: Problem[] = [];
  const add = (field: string, message: string): void => void problems.push({ field, message });
  const unknownKeys = Object.keys(body).filter((key) => !FIELDS.includes(key) && !Object.hasOwn(UNUSED_FIELDS, key));
  const unused = checkUnusedFields(body, problems);

  let terms: Term[] = [];
  const query = body.query;
  if (typeof query !== 'string') add('query', query === undefined ? 'query is required' : `query must be a string; got ${shown(query)}`);
  else if (query.trim() === '') add('query', 'query must not be empty');
  else if (query.length > 500) add('query', `query must be at most 500 characters; got ${query.length}`);
  else {
    const parsed = parseQuery(query);
    if (parsed.ok) terms = parsed.terms;
    else for (const message of parsed.problems) add('query', message);
  }

  const limit = body.limit === undefined ? 10 : body.limit;
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > 100) add('limit', `limit must be an integer from 1 to 100; got ${shown(body.limit)}`);

  const sources = typeList(body, 'sources', SOURCES, problems) as Source[];
  const categories = typeList(body, 'categories', CATEGORIES, problems) as Category[];
  const includeDomains = domains(body, 'includeDomains', problems);
  const excludeDomains = domains(body, 'excludeDomains', problems);
  if (includeDomains.length > 0 && excludeDomains.length > 0) add('includeDomains', 'includeDomains and excludeDomains cannot be combined; give only one of them');

  let tbs: TbsFilter = { sortByDate: false };
  if (body.tbs !== undefined) {
    if (typeof body.tbs !== 'string') add('tbs', `tbs must be a string such as "qdr:d"; got ${shown(body.tbs)}`);
    else {
      const parsed = parseTbs(body.tbs);
      if (parsed.ok) tbs = parsed.filter;
      else add('tbs', `tbs ${parsed.message}`);
    }
  }

  if (body.location !== undefined && typeof body.location !== 'string') add('location', `location must be a string such as "Berlin,Germany"; got ${shown(body.location)}`);
  if (body.country !== undefined && !isIsoCountry(body.country)) {
    add('country', `country must be an ISO 3166-1 alpha-2 country code such as "US"; got ${shown(body.country)}`);
  }
  const timeout = body.timeout;
  if (timeout !== undefined && (typeof timeout !== 'number' || !Number.isInteger(timeout) || timeout <= 0)) add('timeout', `timeout must be a positive whole number of milliseconds; got ${shown(timeout)}`);
  if (body.ignoreInvalidURLs !== undefined && typeof body.ignoreInvalidURLs !== 'boolean') add('ignoreInvalidURLs', `ignoreInvalidURLs must be true or false; got ${shown(body.ignoreInvalidURLs)}`);

  const enterprise: Enterprise[] = [];
  if (body.enterprise !== undefined) {
    if (!Array.isArray(body.enterprise)) add('enterprise', `enterprise must be a list of "anon" and "zdr"; got ${shown(body.enterprise)}`);
    else body.enterprise.forEach((mode: unknown, i) => {
      if (typeof mode !== 'string' || !ENTERPRISE.includes(mode)) add(`enterprise[${i}]`, `enterprise[${i}] must be "anon" or "zdr"; got ${shown(mode)}`);
      else if (!enterprise.includes(mode as Enterprise)) enterprise.push(mode as Enterprise);
    });
  }
  const formats = formatTypes(body, problems);

  if (problems.length > 0 || unknownKeys.length > 0) return { ok: false, problems, unknownKeys };
  const forbidden = enterprise.find((mode) => !enabledEnterprise.includes(mode));
  if (forbidden !== undefined) return { ok: false, problems: [], forbidden };
  return {
    ok: true,
    input: {
      terms, limit: limit as number, sources: sources.length > 0 ? sources : ['web'], categories, includeDomains, excludeDomains, tbs, formats, enterprise,
      tools: sources.includes('alexandria') || body.domainTools === true,
    },
    unused,
  };
}

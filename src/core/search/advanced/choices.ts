// What advanced search asks for, as plain data, and the request it stands for. A request maps
// back to choices (the command's partial argument, the last search remembered), and a request
// field the argument sets answers the step that asks for it.
import { CATEGORY_TYPES, SOURCE_TYPES, type CategoryType, type SourceType } from '../../api/request-types';
import { formatsFor, type ScrapeFormatsChoice, type SearchDefaults } from '../request';
import { buildTbs, parseTbs, type TimeChoice } from './time';

type DomainChoice = { mode: 'none' } | { mode: 'include' | 'exclude'; hostnames: string[] };
export type RetentionChoice = 'none' | 'anon' | 'zdr';

export interface AdvancedChoices {
  query: string;
  sources: SourceType[];
  limit: number;
  categories: CategoryType[];
  time: TimeChoice;
  domains: DomainChoice;
  /** '' for none. */
  location: string;
  country: string;
  content: ScrapeFormatsChoice;
  retention: RetentionChoice;
  ignoreInvalidURLs: boolean;
  /** Request fields no step asks for (timeout), carried through unchanged. */
  extra: Record<string, unknown>;
}

/** Steps a request field can answer (sub-steps are answered with their step). */
export type AnswerableStep = 'query' | 'sources' | 'limit' | 'categories' | 'time' | 'domains' | 'location' | 'country' | 'content' | 'retention' | 'invalidUrls';

/** Choices when nothing is remembered: the search settings. */
export function defaultChoices(settings: SearchDefaults): AdvancedChoices {
  return {
    query: '',
    sources: settings.sources.length > 0 ? [...settings.sources] : ['web'],
    limit: settings.limit,
    categories: [],
    time: { range: { kind: 'any' }, sortByDate: false },
    domains: { mode: 'none' },
    location: settings.location,
    country: settings.country !== '' ? settings.country.toUpperCase() : 'US',
    content: settings.scrapeFormats,
    retention: 'none',
    ignoreInvalidURLs: false,
    extra: {},
  };
}

/**
 * The argument for webData.search. Every field a step decides is given, so the settings' defaults
 * under the argument change nothing a person chose (location '' keeps a location setting out,
 * formats [] a scrapeFormats setting); fields left at the service's default are left out.
 */
export function choicesToRequest(choices: AdvancedChoices): Record<string, unknown> {
  const request: Record<string, unknown> = { ...choices.extra, query: choices.query, limit: choices.limit };
  request.sources = choices.sources.map((type) => ({ type }));
  if (choices.categories.length > 0) request.categories = choices.categories.map((type) => ({ type }));
  const tbs = buildTbs(choices.time);
  if (tbs !== undefined) request.tbs = tbs;
  if (choices.domains.mode === 'include') request.includeDomains = [...choices.domains.hostnames];
  if (choices.domains.mode === 'exclude') request.excludeDomains = [...choices.domains.hostnames];
  request.location = choices.location;
  request.country = choices.country;
  request.scrapeOptions = { formats: formatsFor(choices.content) };
  if (choices.retention !== 'none') request.enterprise = [choices.retention];
  if (choices.ignoreInvalidURLs) request.ignoreInvalidURLs = true;
  return request;
}

/**
 * `request` over `base`: each field it sets in a form the steps can show replaces that choice and
 * answers its step. A field in a form they cannot show (a tbs with two ranges) is left to its
 * step, which opens with the base's choice; webData.search checks the final request anyway.
 */
export function applyRequest(base: AdvancedChoices, request: Readonly<Record<string, unknown>>): { choices: AdvancedChoices; answered: Set<AnswerableStep> } {
  const choices: AdvancedChoices = { ...base, extra: { ...base.extra } };
  const answered = new Set<AnswerableStep>();
  const { query, sources, limit, categories, tbs, location, country, scrapeOptions, enterprise, ignoreInvalidURLs } = request;
  if (typeof query === 'string' && query.trim() !== '') { choices.query = query; answered.add('query'); }
  const sourceList = typedList(sources, SOURCE_TYPES);
  if (sourceList && sourceList.length > 0) { choices.sources = sourceList; answered.add('sources'); }
  if (typeof limit === 'number' && Number.isInteger(limit) && limit >= 1 && limit <= 100) { choices.limit = limit; answered.add('limit'); }
  const categoryList = typedList(categories, CATEGORY_TYPES);
  if (categoryList) { choices.categories = categoryList; answered.add('categories'); }
  const time = typeof tbs === 'string' ? parseTbs(tbs) : undefined;
  if (time) { choices.time = time; answered.add('time'); }
  const domains = domainChoice(request.includeDomains, request.excludeDomains);
  if (domains) { choices.domains = domains; answered.add('domains'); }
  if (typeof location === 'string') { choices.location = location.trim(); answered.add('location'); }
  if (typeof country === 'string' && /^[a-z]{2}$/i.test(country.trim())) { choices.country = country.trim().toUpperCase(); answered.add('country'); }
  const content = contentChoice(scrapeOptions);
  if (content) { choices.content = content; answered.add('content'); }
  if (Array.isArray(enterprise)) {
    choices.retention = enterprise.includes('zdr') ? 'zdr' : enterprise.includes('anon') ? 'anon' : 'none';
    answered.add('retention');
  }
  if (typeof ignoreInvalidURLs === 'boolean') { choices.ignoreInvalidURLs = ignoreInvalidURLs; answered.add('invalidUrls'); }
  if (request.timeout !== undefined) choices.extra.timeout = request.timeout;
  return { choices, answered };
}

/** sources/categories in string or { type } form; undefined when not a list of known types. */
function typedList<T extends string>(value: unknown, allowed: readonly T[]): T[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const types = value.map((item: unknown) => (typeof item === 'object' && item !== null ? (item as { type?: unknown }).type : item));
  if (!types.every((type): type is T => typeof type === 'string' && (allowed as readonly string[]).includes(type))) return undefined;
  return [...new Set(types)];
}

function domainChoice(include: unknown, exclude: unknown): DomainChoice | undefined {
  const list = (value: unknown): string[] | undefined =>
    Array.isArray(value) && value.every((item): item is string => typeof item === 'string') ? value : undefined;
  const inc = list(include);
  const exc = list(exclude);
  if (inc && inc.length > 0 && exc && exc.length > 0) return undefined;   // both: the steps cannot show it
  if (inc && inc.length > 0) return { mode: 'include', hostnames: inc };
  if (exc && exc.length > 0) return { mode: 'exclude', hostnames: exc };
  if (inc || exc) return { mode: 'none' };
  return undefined;
}

function contentChoice(scrapeOptions: unknown): ScrapeFormatsChoice | undefined {
  if (typeof scrapeOptions !== 'object' || scrapeOptions === null) return undefined;
  const formats: unknown = (scrapeOptions as { formats?: unknown }).formats;
  if (formats === undefined) return 'none';
  if (!Array.isArray(formats)) return undefined;
  const types = new Set(formats.map((f: unknown) => (typeof f === 'object' && f !== null ? (f as { type?: unknown }).type : f)));
  const markdown = types.delete('markdown');
  const summary = types.delete('summary');
  if (types.size > 0) return undefined;   // other formats: not one of the four choices
  return markdown && summary ? 'markdown+summary' : markdown ? 'markdown' : summary ? 'summary' : 'none';
}

/**
 * A stored search's request as the argument of an edit: it is the body that was sent, so a field
 * it leaves out was chosen as "none". Saying so lets the edit open on the review (every step
 * answered) instead of walking the steps again.
 */
export function answeredRequest(request: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const hasDomains = request.includeDomains !== undefined || request.excludeDomains !== undefined;
  return {
    categories: [], tbs: '', enterprise: [], ignoreInvalidURLs: false, location: '', scrapeOptions: { formats: [] },
    ...(hasDomains ? {} : { includeDomains: [] }),
    ...request,
  };
}

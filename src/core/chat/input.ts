// The webData_search tool's input, as a model sends it, checked with zod and turned into a search
// request. The shape is the manifest's inputSchema (package.json), kept flat and plain for models:
// sources and categories as plain strings, scraping as a list of formats. This checks types and
// ranges only; the request's own rules (tbs grammar, hostnames, one domain filter, countries) are
// validateSearchRequest's, run on the request this returns, so no rule lives twice.
import * as z from 'zod/mini';
import { describe } from '../api/domains';
import { CATEGORY_TYPES, SOURCE_TYPES, type RequestProblem } from '../api/request-types';
import { MAX_LIMIT, MAX_QUERY_LENGTH, MIN_LIMIT } from '../api/request';

const SCRAPE_FORMATS = ['markdown', 'summary'] as const;

const hostnames = () => z.optional(z.array(z.string()));

// A `z.lazy`, built on the tool's first call rather than when dist/core.js loads (see ../api/schemas.ts).
export const SearchToolInputSchema = z.lazy(() => z.object({
  query: z.string().check(z.minLength(1), z.maxLength(MAX_QUERY_LENGTH)),
  limit: z.optional(z.int().check(z.gte(MIN_LIMIT), z.lte(MAX_LIMIT))),
  sources: z.optional(z.array(z.enum(SOURCE_TYPES))),
  categories: z.optional(z.array(z.enum(CATEGORY_TYPES))),
  tbs: z.optional(z.string()),
  includeDomains: hostnames(),
  excludeDomains: hostnames(),
  country: z.optional(z.string()),
  location: z.optional(z.string()),
  scrapeFormats: z.optional(z.array(z.enum(SCRAPE_FORMATS))),
  fresh: z.optional(z.boolean()),
}));

export type SearchToolInput = z.infer<typeof SearchToolInputSchema>;

/** The tool's input fields (the manifest's inputSchema properties; test/unit/manifest.test.ts compares them). */
export const INPUT_FIELDS = ['query', 'limit', 'sources', 'categories', 'tbs', 'includeDomains', 'excludeDomains', 'country', 'location', 'scrapeFormats', 'fresh'] as const satisfies readonly (keyof SearchToolInput)[];

/** What each input must be, in the words a model can act on. */
const EXPECTED: Readonly<Record<string, string>> = {
  query: `text of 1 to ${MAX_QUERY_LENGTH} characters`,
  limit: `a whole number from ${MIN_LIMIT} to ${MAX_LIMIT} (results per source)`,
  sources: `a list of ${SOURCE_TYPES.map((s) => `"${s}"`).join(', ')}`,
  categories: `a list of ${CATEGORY_TYPES.map((c) => `"${c}"`).join(', ')}`,
  tbs: 'text such as "qdr:w" or "sbd:1,qdr:m"',
  includeDomains: 'a list of hostnames such as "example.com"',
  excludeDomains: 'a list of hostnames such as "example.com"',
  country: 'an ISO country code such as "US" or "DE"',
  location: 'text such as "Berlin,Germany"',
  scrapeFormats: `a list of ${SCRAPE_FORMATS.map((f) => `"${f}"`).join(', ')} (or an empty list for none)`,
  fresh: 'true or false',
};

export type SearchToolInputCheck =
  | { ok: true; input: SearchToolInput; request: Record<string, unknown>; ignored: string[] }
  | { ok: false; problems: RequestProblem[] };

/**
 * The input checked, and the request it stands for. Inputs the tool does not know are left out
 * and named in `ignored` (models add fields; refusing them would only cost a turn).
 */
export function readSearchToolInput(value: unknown): SearchToolInputCheck {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, problems: [{ field: 'input', message: `The input must be an object such as { "query": "..." }; got ${describe(value)}.` }] };
  }
  const parsed = SearchToolInputSchema.safeParse(value);
  if (!parsed.success) {
    const raw = value as Record<string, unknown>;
    const problems: RequestProblem[] = [];
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'input');
      if (problems.some((p) => p.field === field)) continue;
      const got = raw[field];
      const expected = EXPECTED[field];
      problems.push({ field, message: got === undefined ? `${field} is required: ${expected ?? 'give it'}.` : `${field} must be ${expected ?? 'valid'}; got ${describeInput(got)}.` });
    }
    return { ok: false, problems };
  }
  const ignored = Object.keys(value).filter((key) => !(INPUT_FIELDS as readonly string[]).includes(key));
  return { ok: true, input: parsed.data, request: requestOf(parsed.data), ignored };
}

/** The search request for a checked input; fields left out are the settings' (webData.search.*). */
function requestOf(input: SearchToolInput): Record<string, unknown> {
  const request: Record<string, unknown> = { query: input.query };
  if (input.limit !== undefined) request.limit = input.limit;
  if (input.sources !== undefined && input.sources.length > 0) request.sources = [...new Set(input.sources)].map((type) => ({ type }));
  if (input.categories !== undefined && input.categories.length > 0) request.categories = [...new Set(input.categories)].map((type) => ({ type }));
  for (const key of ['tbs', 'country', 'location'] as const) {
    const text = input[key]?.trim();
    if (text) request[key] = text;
  }
  if (input.includeDomains !== undefined && input.includeDomains.length > 0) request.includeDomains = input.includeDomains;
  if (input.excludeDomains !== undefined && input.excludeDomains.length > 0) request.excludeDomains = input.excludeDomains;
  // An empty list is an answer ("no scraping"), unlike a missing one (the setting decides).
  if (input.scrapeFormats !== undefined) request.scrapeOptions = { formats: [...new Set(input.scrapeFormats)].map((type) => ({ type })) };
  return request;
}

/** A value a model sent, described briefly (the number itself, short text quoted). */
function describeInput(value: unknown): string {
  if (typeof value === 'string') return value.length <= 40 ? JSON.stringify(value) : `text of ${value.length} characters`;
  return describe(value);
}

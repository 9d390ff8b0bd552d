// The inputs of webData_scrape and webData_map as a model sends them, checked with zod: types and
// ranges only. The address itself is agent-url.ts's to check, and the request's own rules the
// client's (validateScrapeRequest, validateMapRequest), so no rule lives twice. The shapes are the
// manifest's inputSchema (test/unit/manifest.test.ts compares the field lists). Fields a tool does
// not know are ignored, as the search tool does: refusing them would only cost a turn.
import * as z from 'zod/mini';
import { describe } from '../api/domains';
import type { RequestProblem } from '../api/request-types';
import { DEFAULT_MAP_LIMIT } from '../api/scrape-request';
import { MAX_URL_LENGTH } from '../scrape/url-check';

/** The longest `search` a map takes from a model: a few words rank the site's addresses. */
const MAX_MAP_SEARCH = 500;

// `z.lazy`s, built on a tool's first call rather than when dist/core.js loads (see ../api/schemas.ts).
const url = () => z.string().check(z.minLength(1), z.maxLength(MAX_URL_LENGTH * 2));

const ScrapeInputSchema = z.lazy(() => z.looseObject({
  url: url(),
  fresh: z.optional(z.boolean()),
  onlyMainContent: z.optional(z.boolean()),
}));

const MapInputSchema = z.lazy(() => z.looseObject({
  url: url(),
  search: z.optional(z.string().check(z.maxLength(MAX_MAP_SEARCH))),
  limit: z.optional(z.int().check(z.gte(1), z.lte(DEFAULT_MAP_LIMIT))),
  from: z.optional(z.int().check(z.gte(1))),
  fresh: z.optional(z.boolean()),
}));

export type ScrapeToolInput = z.infer<typeof ScrapeInputSchema>;
export type MapToolInput = z.infer<typeof MapInputSchema>;

/** The tools' input fields, as the manifest's inputSchemas list them. */
export const SCRAPE_INPUT_FIELDS = ['url', 'fresh', 'onlyMainContent'] as const satisfies readonly (keyof ScrapeToolInput)[];
export const MAP_INPUT_FIELDS = ['url', 'search', 'limit', 'from', 'fresh'] as const satisfies readonly (keyof MapToolInput)[];

const EXPECTED: Readonly<Record<string, string>> = {
  url: 'the page\'s address, such as "https://docs.example.com/guide"',
  fresh: 'true or false',
  onlyMainContent: 'true or false',
  search: `text of at most ${MAX_MAP_SEARCH} characters`,
  limit: `a whole number from 1 to ${DEFAULT_MAP_LIMIT}`,
  from: 'a whole number from 1 (the first address to list)',
};

export type InputCheck<T> = { ok: true; input: T } | { ok: false; problems: RequestProblem[] };

interface SafeParsing<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey> }> } };
}

/** `example` shows the input's shape when it is not an object. */
function read<T>(schema: SafeParsing<T>, value: unknown, example: string, expected: Readonly<Record<string, string>>): InputCheck<T> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, problems: [{ field: 'input', message: `The input must be an object such as ${example}; got ${describe(value)}.` }] };
  }
  const parsed = schema.safeParse(value);
  if (parsed.success) return { ok: true, input: parsed.data };
  const raw = value as Record<string, unknown>;
  const fields = [...new Set(parsed.error.issues.map((issue) => String(issue.path[0] ?? 'input')))];
  return { ok: false, problems: fields.map((field) => ({
    field,
    message: raw[field] === undefined ? `${field} is required: ${expected[field] ?? 'give it'}.` : `${field} must be ${expected[field] ?? 'valid'}; got ${describeInput(raw[field])}.`,
  })) };
}

export function readScrapeToolInput(value: unknown): InputCheck<ScrapeToolInput> {
  return read(ScrapeInputSchema, value, '{ "url": "https://…" }', EXPECTED);
}

export function readMapToolInput(value: unknown): InputCheck<MapToolInput> {
  return read(MapInputSchema, value, '{ "url": "https://…", "search": "…" }', EXPECTED);
}

/** A value a model sent, described briefly (the number itself, short text quoted). */
function describeInput(value: unknown): string {
  if (typeof value === 'string') return value.length <= 40 ? JSON.stringify(value) : `text of ${value.length} characters`;
  return describe(value);
}

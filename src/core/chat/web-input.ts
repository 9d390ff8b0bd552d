// The inputs of webData_scrape, webData_map, webData_startCrawl and webData_batchScrape as a model
// sends them, checked with zod: types and ranges only. The addresses are agent-url.ts's to check,
// and the request's own rules the client's (validateScrapeRequest, validateMapRequest,
// validateCrawlRequest, validateBatchScrapeRequest), so no rule lives twice. The shapes are the
// manifest's inputSchema (test/unit/manifest.test.ts compares the field lists). Fields a tool does
// not know are ignored, as the search tool does: refusing them would only cost a turn.
import * as z from 'zod/mini';
import { describe } from '../api/domains';
import type { RequestProblem } from '../api/request-types';
import { MAX_BATCH_URLS } from '../api/job-request';
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

const DocumentInputSchema = z.lazy(() => z.looseObject({
  path: z.string().check(z.minLength(1), z.maxLength(4096)),
  fresh: z.optional(z.boolean()),
  pages: z.optional(z.int().check(z.gte(1), z.lte(10_000))),
}));

const MapInputSchema = z.lazy(() => z.looseObject({
  url: url(),
  search: z.optional(z.string().check(z.maxLength(MAX_MAP_SEARCH))),
  limit: z.optional(z.int().check(z.gte(1), z.lte(DEFAULT_MAP_LIMIT))),
  from: z.optional(z.int().check(z.gte(1))),
  fresh: z.optional(z.boolean()),
}));

const paths = () => z.optional(z.array(z.string().check(z.maxLength(500))).check(z.maxLength(50)));

const CrawlInputSchema = z.lazy(() => z.looseObject({
  url: url(),
  limit: z.optional(z.int().check(z.gte(1))),
  includePaths: paths(),
  excludePaths: paths(),
  maxDiscoveryDepth: z.optional(z.int().check(z.gte(0), z.lte(100))),
  onlyMainContent: z.optional(z.boolean()),
}));

const BatchInputSchema = z.lazy(() => z.looseObject({
  urls: z.array(url()).check(z.minLength(1), z.maxLength(MAX_BATCH_URLS)),
  onlyMainContent: z.optional(z.boolean()),
}));

export type ScrapeToolInput = z.infer<typeof ScrapeInputSchema>;
export type CrawlToolInput = z.infer<typeof CrawlInputSchema>;
export type BatchToolInput = z.infer<typeof BatchInputSchema>;
export type MapToolInput = z.infer<typeof MapInputSchema>;

/** The tools' input fields, as the manifest's inputSchemas list them. */
export const SCRAPE_INPUT_FIELDS = ['url', 'fresh', 'onlyMainContent'] as const satisfies readonly (keyof ScrapeToolInput)[];
export const MAP_INPUT_FIELDS = ['url', 'search', 'limit', 'from', 'fresh'] as const satisfies readonly (keyof MapToolInput)[];
export const CRAWL_INPUT_FIELDS = ['url', 'limit', 'includePaths', 'excludePaths', 'maxDiscoveryDepth', 'onlyMainContent'] as const satisfies readonly (keyof CrawlToolInput)[];
export const BATCH_INPUT_FIELDS = ['urls', 'onlyMainContent'] as const satisfies readonly (keyof BatchToolInput)[];

const EXPECTED: Readonly<Record<string, string>> = {
  url: 'the page\'s address, such as "https://docs.example.com/guide"',
  fresh: 'true or false',
  onlyMainContent: 'true or false',
  search: `text of at most ${MAX_MAP_SEARCH} characters`,
  limit: `a whole number from 1 to ${DEFAULT_MAP_LIMIT}`,
  from: 'a whole number from 1 (the first address to list)',
  includePaths: 'a list of regular expressions over the path, such as ["^/docs/"]',
  excludePaths: 'a list of regular expressions over the path, such as ["^/blog/"]',
  maxDiscoveryDepth: 'a whole number from 0 to 100 (how many links deep from the start page)',
  urls: `a list of 1 to ${MAX_BATCH_URLS} page addresses`,
};

/** `limit` means pages for a crawl. */
const CRAWL_EXPECTED: Readonly<Record<string, string>> = { ...EXPECTED, limit: 'a whole number of pages from 1' };

export type InputCheck<T> = { ok: true; input: T } | { ok: false; problems: RequestProblem[] };

interface SafeParsing<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey> }> } };
}

/** `example` shows the input's shape when it is not an object. */
export function readToolInput<T>(schema: SafeParsing<T>, value: unknown, example: string, expected: Readonly<Record<string, string>>): InputCheck<T> {
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

type DocumentToolInput = z.infer<typeof DocumentInputSchema>;

const DOCUMENT_EXPECTED: Readonly<Record<string, string>> = {
  path: 'the file\'s path, relative to the first workspace folder (docs/spec.pdf) or absolute inside an open folder',
  fresh: 'true or false',
  pages: 'a whole number from 1 to 10000 (the most pages of a PDF to read)',
};

/** webData_readDocument's input: a path, and whether to parse again, and how many PDF pages. */
export function readDocumentToolInput(value: unknown): InputCheck<DocumentToolInput> {
  return readToolInput(DocumentInputSchema, value, '{ "path": "docs/spec.pdf" }', DOCUMENT_EXPECTED);
}

export function readScrapeToolInput(value: unknown): InputCheck<ScrapeToolInput> {
  return readToolInput(ScrapeInputSchema, value, '{ "url": "https://…" }', EXPECTED);
}

export function readMapToolInput(value: unknown): InputCheck<MapToolInput> {
  return readToolInput(MapInputSchema, value, '{ "url": "https://…", "search": "…" }', EXPECTED);
}

export function readCrawlToolInput(value: unknown): InputCheck<CrawlToolInput> {
  return readToolInput(CrawlInputSchema, value, '{ "url": "https://…", "limit": 10 }', CRAWL_EXPECTED);
}

export function readBatchToolInput(value: unknown): InputCheck<BatchToolInput> {
  return readToolInput(BatchInputSchema, value, '{ "urls": ["https://…", "https://…"] }', EXPECTED);
}

/** A value a model sent, described briefly (the number itself, short text quoted). */
function describeInput(value: unknown): string {
  if (typeof value === 'string') return value.length <= 40 ? JSON.stringify(value) : `text of ${value.length} characters`;
  return describe(value);
}

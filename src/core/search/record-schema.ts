// Reading stored searches back: files on disk may be from an older version, half-written or
// edited by hand. Each is checked with zod; one that does not fit is skipped, never a crash.
// Lives in the lazily loaded bundle (it needs zod): reach it through loadCore(). Each schema is a
// `z.lazy`, built on first use rather than when that bundle loads (see ../api/schemas.ts).
import * as z from 'zod/mini';
import { SearchResponseSchema } from '../api/schemas';
import { readSearchOrigin, type SearchOrigin } from '../entries/origin';
import { RECORD_VERSION, SEARCH_ASKERS, isResultKind, isSearchId, summarize, type SearchRecord, type SearchSummary } from './record';

const storedRequest = () => z.looseObject({
  query: z.string(),
  // Anything else passes through untouched: it was valid when it was sent.
});

const SearchRecordSchema = z.lazy(() => z.object({
  version: z.literal(RECORD_VERSION),
  id: z.string().check(z.refine(isSearchId)),
  createdAt: z.string().check(z.refine((value) => !Number.isNaN(Date.parse(value)))),
  request: storedRequest(),
  response: SearchResponseSchema,
  pinned: z.optional(z.boolean()),
  // Checked by readSearchOrigin: an origin that does not fit is dropped, the search kept.
  origin: z.optional(z.unknown()),
  askedBy: z.optional(z.enum(SEARCH_ASKERS)),
  raw: z.optional(z.unknown()),
}));

const count = () => z.int().check(z.nonnegative());

const SearchSummarySchema = z.lazy(() => z.object({
  id: z.string().check(z.refine(isSearchId)),
  createdAt: z.string().check(z.refine((value) => !Number.isNaN(Date.parse(value)))),
  query: z.string(),
  sources: z.pipe(z.array(z.string()), z.transform((kinds: string[]) => kinds.filter(isResultKind))),
  counts: z.object({ web: z.optional(count()), images: z.optional(count()), news: z.optional(count()) }),
  creditsUsed: z.nullish(z.number()),
  warning: z.nullish(z.string()),
  bytes: count(),
  pinned: z.optional(z.boolean()),
  origin: z.optional(z.unknown()),
  askedBy: z.optional(z.enum(SEARCH_ASKERS)),
  shape: z.optional(z.string()),
}));

/** `value` with its origin checked: kept when it is one, else left out. */
function withOrigin<T extends { origin?: unknown }>(value: T): Omit<T, 'origin'> & { origin?: SearchOrigin } {
  const { origin, ...rest } = value;
  const read = readSearchOrigin(origin);
  return read !== undefined ? { ...rest, origin: read } : rest;
}

const SearchIndexSchema = z.lazy(() => z.object({
  version: z.literal(RECORD_VERSION),
  searches: z.array(z.unknown()),
}));

/** A stored search, or undefined when the value is not one (wrong version, missing fields, bad id). */
export function parseSearchRecord(value: unknown): SearchRecord | undefined {
  const parsed = SearchRecordSchema.safeParse(value);
  if (!parsed.success) return undefined;
  const { request, ...rest } = withOrigin(parsed.data);
  return { ...rest, request };
}

/** The searches listed in an index file; bad entries are dropped one by one, not the whole list. */
export function parseSearchIndex(value: unknown): SearchSummary[] | undefined {
  const parsed = SearchIndexSchema.safeParse(value);
  if (!parsed.success) return undefined;
  const summaries: SearchSummary[] = [];
  for (const entry of parsed.data.searches) {
    const summary = SearchSummarySchema.safeParse(entry);
    if (summary.success) summaries.push(withOrigin(summary.data));
  }
  return summaries;
}

/** Parses a record file's text; gives the record and its summary, or undefined when unreadable. */
export function readSearchRecordText(text: string, bytes: number): { record: SearchRecord; summary: SearchSummary } | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  const record = parseSearchRecord(value);
  return record ? { record, summary: summarize(record, bytes) } : undefined;
}

export function serializeSearchIndex(searches: readonly SearchSummary[]): string {
  return JSON.stringify({ version: RECORD_VERSION, searches });
}

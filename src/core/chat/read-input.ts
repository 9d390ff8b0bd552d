// How webData_read names one page to read in parts, checked with zod: a search id and a result (its
// number, or its address in `url`), a crawl's or batch scrape's job id (with its kind) and a page
// (its number, or its address), a page webData_scrape kept (its page id: the whole page is the one
// page), a kept document or extraction or research result (its id), or a watched page's diff.
// webData_read's own sources (read-back.ts) reach here with this module's names: "jobPage" as "job",
// "diff" as "watch"; each is one entry in READ_SOURCES and one PageSource in the tool. An input
// without `source` is read by the id it gives.
import * as z from 'zod/mini';
import type { RequestProblem } from '../api/request-types';
import { isJobId } from '../crawls/job';

/**
 * Where a page is read from, and the input fields that name it: a search (searchId, and result or
 * url), a crawl or a batch scrape (jobId, and page or url; the job's kind is its own field, `kind`,
 * as a job's listing takes it), a page kept by webData_scrape (pageId).
 */
export type PageSourceKind = 'search' | 'crawl' | 'batch' | 'scrape' | 'document' | 'result' | 'watch';

/** A page within a source: its 1-based number, or its address. */
export type PageKey = { number: number } | { address: string };

export interface ReadRequest {
  source: PageSourceKind;
  id: string;
  page: PageKey;
  /** 1-based. */
  part: number;
}

/** A kept page's id: the UUID its webData_scrape answer named. */
const PAGE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The mode field: which kind of page the other fields name. */
const READ_SOURCES = ['search', 'job', 'scraped', 'document', 'result', 'watch'] as const;

// A `z.lazy`, built on the tool's first call rather than when dist/core.js loads.
const ReadInputSchema = z.lazy(() => z.looseObject({
  source: z.optional(z.enum(READ_SOURCES)),
  searchId: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
  // A model may send the number as text: "3" is read as 3.
  result: z.optional(z.union([z.int().check(z.gte(1)), z.string().check(z.regex(/^\s*[1-9]\d{0,5}\s*$/))])),
  url: z.optional(z.string().check(z.minLength(1), z.maxLength(2000))),
  jobId: z.optional(z.string().check(z.refine(isJobId))),
  pageId: z.optional(z.string().check(z.regex(PAGE_ID))),
  documentId: z.optional(z.string().check(z.regex(PAGE_ID))),
  resultId: z.optional(z.string().check(z.regex(PAGE_ID))),
  kind: z.optional(z.enum(['crawl', 'batch'])),
  watchId: z.optional(z.string().check(z.regex(PAGE_ID))),
  checkId: z.optional(z.string().check(z.regex(PAGE_ID))),
  page: z.optional(z.union([z.int().check(z.gte(1)), z.string().check(z.regex(/^\s*[1-9]\d{0,8}\s*$/))])),
  part: z.optional(z.union([z.int().check(z.gte(1)), z.string().check(z.regex(/^\s*[1-9]\d{0,5}\s*$/))])),
}));

export type ReadInputCheck = { ok: true; request: ReadRequest } | { ok: false; problems: RequestProblem[] };

const EXPECTED: Readonly<Record<string, string>> = {
  source: '"search" (with searchId), "jobPage" (with jobId), "scraped" (with pageId), "document" (with documentId), "result" (with resultId) or "diff" (with watchId, checkId and url)',
  searchId: 'the search id a webData_search answer named, such as "lz0abc-xyz123"',
  result: 'the result\'s number in that answer, a whole number from 1',
  url: 'the result\'s URL exactly as the answer gave it',
  part: 'a whole number from 1 (the first part when left out)',
  jobId: 'the job id of a crawl or batch scrape (a UUID) that an answer named',
  kind: '"crawl" (the default) or "batch"',
  page: 'the page\'s number in that crawl or batch scrape, a whole number from 1',
  pageId: 'the page id (a UUID) a webData_scrape answer named',
  documentId: 'the document id (a UUID) a webData_readDocument answer named',
  resultId: 'the result id (a UUID) a webData_extract or research result answer named',
  watchId: 'the watch id (a UUID) a changes answer named',
  checkId: 'the check id (a UUID) a changes answer named',
};

export function readReadInput(value: unknown): ReadInputCheck {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, problems: [{ field: 'input', message: 'The input must be an object such as { "source": "search", "searchId": "...", "result": 1, "part": 1 }.' }] };
  }
  const parsed = ReadInputSchema.safeParse(value);
  if (!parsed.success) {
    const fields = [...new Set(parsed.error.issues.map((issue) => String(issue.path[0] ?? 'input')))];
    return { ok: false, problems: fields.map((field) => ({ field, message: `${field} must be ${EXPECTED[field] ?? 'valid'}.` })) };
  }
  const input = parsed.data;
  const part = input.part === undefined ? 1 : Number(input.part);
  if (input.source === 'watch' || (input.source === undefined && input.watchId !== undefined)) return watchDiffRequest(input, part);
  const idField = { search: 'searchId', job: 'jobId', scraped: 'pageId', document: 'documentId', result: 'resultId' } as const;
  if (input.source !== undefined && input[idField[input.source]] === undefined) {
    return { ok: false, problems: [{ field: idField[input.source], message: `With source "${input.source}", give ${idField[input.source]}: ${EXPECTED[idField[input.source]] ?? ''}.` }] };
  }
  const given = (['search', 'job', 'scraped', 'document', 'result'] as const).filter((source) => input[idField[source]] !== undefined);
  if (input.source !== undefined && given.some((source) => source !== input.source)) {
    return { ok: false, problems: [{ field: 'source', message: `With source "${input.source}", give ${idField[input.source]} alone, not ${given.filter((s) => s !== input.source).map((s) => idField[s]).join(' or ')}.` }] };
  }
  if (input.resultId !== undefined) {
    if (given.length > 1) return { ok: false, problems: [{ field: 'resultId', message: 'Give resultId (a kept result) alone, without searchId, jobId, pageId or documentId.' }] };
    return { ok: true, request: { source: 'result', id: input.resultId.toLowerCase(), page: { number: 1 }, part } };
  }
  if (input.documentId !== undefined) {
    if (given.length > 1) return { ok: false, problems: [{ field: 'documentId', message: 'Give documentId (a document) alone, without searchId, jobId or pageId.' }] };
    return { ok: true, request: { source: 'document', id: input.documentId.toLowerCase(), page: { number: 1 }, part } };
  }
  if (input.pageId !== undefined) {
    if (input.searchId !== undefined || input.jobId !== undefined) return { ok: false, problems: [{ field: 'pageId', message: 'Give pageId (a scraped page) alone, without searchId or jobId.' }] };
    return { ok: true, request: { source: 'scrape', id: input.pageId.toLowerCase(), page: { number: 1 }, part } };
  }
  if (input.jobId !== undefined) {
    if (input.searchId !== undefined) return { ok: false, problems: [{ field: 'searchId', message: 'Give searchId (a search\'s result) or jobId (a crawl\'s page), not both.' }] };
    const job = { source: input.kind ?? 'crawl', id: input.jobId.toLowerCase() } as const;
    if (input.page !== undefined) return { ok: true, request: { ...job, page: { number: Number(input.page) }, part } };
    if (input.url !== undefined) return { ok: true, request: { ...job, page: { address: input.url.trim() }, part } };
    return { ok: false, problems: [{ field: 'page', message: `Give page (${EXPECTED.page}) or url (the page's URL exactly as the answer gave it).` }] };
  }
  if (input.searchId === undefined) {
    return { ok: false, problems: [{ field: 'searchId', message: `searchId is required: ${EXPECTED.searchId}; or, for a crawl's page, jobId: ${EXPECTED.jobId}; or, for a scraped page, pageId: ${EXPECTED.pageId}.` }] };
  }
  if (input.result !== undefined) return { ok: true, request: { source: 'search', id: input.searchId, page: { number: Number(input.result) }, part } };
  if (input.url !== undefined) return { ok: true, request: { source: 'search', id: input.searchId, page: { address: input.url.trim() }, part } };
  return { ok: false, problems: [{ field: 'result', message: `Give result (${EXPECTED.result}) or url (${EXPECTED.url}).` }] };
}

/** A watched page's whole diff: the watch, its check and the page's address, all three needed. */
function watchDiffRequest(input: { watchId?: string; checkId?: string; url?: string; searchId?: string; jobId?: string; pageId?: string; documentId?: string; resultId?: string }, part: number): ReadInputCheck {
  if (input.searchId !== undefined || input.jobId !== undefined || input.pageId !== undefined || input.documentId !== undefined || input.resultId !== undefined) {
    return { ok: false, problems: [{ field: 'source', message: 'With source "watch", give watchId, checkId and url alone.' }] };
  }
  const missing = (['watchId', 'checkId', 'url'] as const).filter((field) => input[field] === undefined);
  if (missing.length > 0 || input.watchId === undefined || input.checkId === undefined || input.url === undefined) {
    return { ok: false, problems: missing.map((field) => ({ field, message: `With source "watch", give ${field}: ${EXPECTED[field] ?? ''}.` })) };
  }
  return { ok: true, request: { source: 'watch', id: `${input.watchId.toLowerCase()}/${input.checkId.toLowerCase()}`, page: { address: input.url.trim() }, part } };
}

// webData_read's input for source "job" (a job's status and pages): the job (`jobId`, with its `kind`) and the number of the
// first page to give (`from`), the names every tool uses for these (the job page's jobId,
// webData_map's from). The names it had before, `id` and `fromPage`, are still read: an agent that
// learned them, or a conversation that holds them, still works.
import { readJobArgument, type JobRef } from '../crawls/job';

/** The input fields, as the manifest's inputSchema lists them (test/unit/manifest.test.ts compares). */
export const CRAWL_RESULTS_INPUT_FIELDS = ['jobId', 'kind', 'from'] as const;

export interface CrawlResultsInput {
  ref: JobRef;
  /** 1-based: the first page whose markdown to give. */
  from: number;
}

export function readCrawlResultsInput(input: unknown): CrawlResultsInput | undefined {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return undefined;
  const fields = input as Record<string, unknown>;
  const ref = readJobArgument({ jobId: fields.jobId ?? fields.id, kind: fields.kind });
  if (!ref) return undefined;
  return { ref, from: pageNumber(fields.from ?? fields.fromPage) ?? 1 };
}

/** A whole number from 1; a model may send it as text ("3"). */
function pageNumber(value: unknown): number | undefined {
  const number = typeof value === 'string' && /^\s*[1-9]\d{0,8}\s*$/.test(value) ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) && number >= 1 ? number : undefined;
}

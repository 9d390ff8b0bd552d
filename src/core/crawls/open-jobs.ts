// The crawls and batch scrapes opened in the Jobs view, kept across reloads (as searches are): a snapshot of
// each job's rows and status (no page text: that is on disk, in the page store), with its service
// address, in a file per window that every window reads (./open-jobs-store.ts). Merged job by job,
// the newer snapshot winning. What is read back is checked field by field: an older or damaged
// entry is skipped.
import { isJobId, jobKey, type JobRef } from './job';
import type { CrawlJobState, CrawlPageRow } from './results';

/** The open jobs' key: in global state before issue 47, now each window's file's key begins with it. */
export const OPEN_JOBS_KEY = 'webData.crawlResults.openJobs';
/** Jobs kept, the most recently changed first. */
export const MAX_OPEN_JOBS = 10;
/** Rows kept per job: the view reads on from the service past them (Load More). */
export const MAX_ROWS = 2000;

/** What is kept of a job. */
export type JobSnapshot = Omit<CrawlJobState, 'lastFailure'>;

export interface StoredJob {
  /** The service address the job belongs to (one key per address). */
  address: string;
  /** The job's start address, when the Active Crawls list or its start here named it (the row's label). */
  url?: string;
  /** A batch scrape started here: how many addresses it was given (its row's label when more than one). */
  addresses?: number;
  savedAt: number;
  job: JobSnapshot;
}

/** A job as it is kept: its state without the last failure (a failure is this window's), rows capped. */
export function snapshotOf(job: CrawlJobState): JobSnapshot {
  // Failed pages and robots-blocked addresses are read again when the job is next opened.
  const { lastFailure: _failure, failures: _failures, robotsBlocked: _blocked, ...rest } = job;
  const pages = job.pages.slice(0, MAX_ROWS).map((row) => ({ ...row }));
  // Rows past the cap are read again from the service: the cursor goes back to where they stop.
  const cursor = job.pages.length > MAX_ROWS ? { skip: pages.length } : job.cursor;
  return { ...rest, pages, ...(cursor ? { cursor: { ...cursor } } : {}), ref: { ...job.ref } };
}

/** `stored` with `mine` written in: each job's newer snapshot wins; the newest MAX_OPEN_JOBS stay. */
export function mergeOpenJobs(stored: readonly StoredJob[], mine: readonly StoredJob[]): StoredJob[] {
  const byKey = new Map<string, StoredJob>();
  for (const entry of [...stored, ...mine]) {
    const key = `${entry.address} ${jobKey(entry.job.ref)}`;
    const known = byKey.get(key);
    if (!known || entry.savedAt >= known.savedAt) byKey.set(key, entry);
  }
  return [...byKey.values()].sort((a, b) => b.savedAt - a.savedAt).slice(0, MAX_OPEN_JOBS);
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const optionalString = (value: unknown): value is string | undefined => value === undefined || typeof value === 'string';
const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
const optionalNumber = (value: unknown): value is number | undefined => value === undefined || (typeof value === 'number' && Number.isFinite(value));

function readRow(value: unknown): CrawlPageRow | undefined {
  if (!isObject(value)) return undefined;
  const { index, title, url, statusCode, stored } = value;
  if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || typeof stored !== 'boolean') return undefined;
  if (!optionalString(title) || !optionalString(url) || !optionalNumber(statusCode)) return undefined;
  return { index, stored, ...(title !== undefined ? { title } : {}), ...(url !== undefined ? { url } : {}), ...(statusCode !== undefined ? { statusCode } : {}) };
}

function readRef(value: unknown): JobRef | undefined {
  if (!isObject(value)) return undefined;
  const { id, kind } = value;
  if (!isJobId(id) || (kind !== 'crawl' && kind !== 'batch')) return undefined;
  return { id: id.toLowerCase(), kind };
}

function readSnapshot(value: unknown): JobSnapshot | undefined {
  if (!isObject(value)) return undefined;
  const ref = readRef(value.ref);
  const { status, failed, completed, total, creditsUsed, expiresAt, error, warning, cursor, pagingRefused, noWebhook, finishedVia, delivered, endedAt } = value;
  if (!ref || typeof status !== 'string' || typeof failed !== 'boolean' || typeof noWebhook !== 'boolean' || typeof delivered !== 'number') return undefined;
  if (!optionalNumber(completed) || !optionalNumber(total) || !optionalNumber(creditsUsed) || !optionalString(expiresAt)) return undefined;
  if (!optionalString(error) || !optionalString(warning) || !optionalString(pagingRefused) || !optionalNumber(endedAt)) return undefined;
  if (finishedVia !== undefined && finishedVia !== 'webhook' && finishedVia !== 'read') return undefined;
  if (!Array.isArray(value.pages)) return undefined;
  const pages = value.pages.map(readRow);
  if (pages.some((row) => row === undefined)) return undefined;
  let next: JobSnapshot['cursor'];
  if (cursor !== undefined) {
    if (!isObject(cursor) || typeof cursor.skip !== 'number' || !optionalNumber(cursor.limit)) return undefined;
    next = { skip: cursor.skip, ...(cursor.limit !== undefined ? { limit: cursor.limit } : {}) };
  }
  const snapshot: JobSnapshot = {
    ref, status, failed, noWebhook, delivered, pages: pages.filter((row): row is CrawlPageRow => row !== undefined),
    ...(completed !== undefined ? { completed } : {}), ...(total !== undefined ? { total } : {}),
    ...(creditsUsed !== undefined ? { creditsUsed } : {}), ...(expiresAt !== undefined ? { expiresAt } : {}),
    ...(error !== undefined ? { error } : {}), ...(warning !== undefined ? { warning } : {}),
    ...(next ? { cursor: next } : {}), ...(pagingRefused !== undefined ? { pagingRefused } : {}),
    ...(finishedVia !== undefined ? { finishedVia } : {}), ...(endedAt !== undefined ? { endedAt } : {}),
  };
  return snapshot;
}

/** A window's kept jobs (or the old global-state key's), the entries that read back whole; anything else is skipped. */
export function readOpenJobs(value: unknown): StoredJob[] {
  if (!Array.isArray(value)) return [];
  const jobs: StoredJob[] = [];
  for (const entry of value) {
    if (!isObject(entry) || typeof entry.address !== 'string' || typeof entry.savedAt !== 'number' || !optionalString(entry.url)) continue;
    const addresses = isCount(entry.addresses) ? entry.addresses : undefined;
    const job = readSnapshot(entry.job);
    if (job) jobs.push({ address: entry.address, savedAt: entry.savedAt, job, ...(entry.url !== undefined ? { url: entry.url } : {}), ...(addresses !== undefined ? { addresses } : {}) });
  }
  return jobs;
}

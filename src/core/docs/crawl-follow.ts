// A docs set filled from a crawl as its pages arrive: each page the crawl results service has
// read (or a webhook delivered) is kept and indexed at once, so the set can be searched before the
// crawl ends and a cancelled or failed crawl keeps what arrived. For a refresh it counts what
// changed: a page whose markdown differs, a page new to the set, and (only after a completed
// crawl, which saw the whole site within its bound) a kept page the crawl no longer found. No VS
// Code; the reads go through the same service the Jobs view uses, so a page is read once.
import type { CrawlJobState, Outcome } from '../crawls/results';
import { FINISHED } from '../crawls/results';
import type { JobRef } from '../crawls/job';
import type { DocsSet } from './docs-set';

/** What is read of the crawl: the crawl results service's own methods. */
export interface DocsCrawlSource {
  open(ref: JobRef, signal?: AbortSignal): Promise<Outcome<CrawlJobState>>;
  pageText(ref: JobRef, index: number, signal?: AbortSignal): Promise<Outcome<string>>;
}

interface DocsCrawlProgress {
  /** Pages kept so far. */
  pages: number;
  /** The crawl's own count of the pages it found, when it says. */
  total?: number;
}

export interface DocsCrawlEnd {
  status: 'completed' | 'cancelled' | 'failed';
  /** Pages this crawl brought. */
  pages: number;
  changed: number;
  added: number;
  gone: number;
  creditsUsed?: number;
  /** Why it failed: the service's error, or the last read's failure. */
  failure?: string;
}

export interface FollowOptions {
  signal: AbortSignal;
  /** Between reads of a running crawl with nothing more to read yet. */
  waitMs: number;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  onProgress?: (progress: DocsCrawlProgress) => void;
  /** Reads at most (a crawl that never ends is given up as failed). */
  maxReads?: number;
}

/** Reads failing in a row before the crawl is given up: what arrived is kept. */
const FAILED_READS = 3;

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) { resolve(); return; }
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

export async function followDocsCrawl(ref: JobRef, source: DocsCrawlSource, set: DocsSet, options: FollowOptions): Promise<DocsCrawlEnd> {
  const sleep = options.sleep ?? pause;
  const before = new Set(set.pages.map((page) => page.url));
  const taken = new Set<number>();
  const found = new Set<string>();
  let changed = 0;
  let added = 0;
  let failedReads = 0;
  let lastFailure: string | undefined;
  let creditsUsed: number | undefined;
  const end = (status: DocsCrawlEnd['status'], failure?: string): DocsCrawlEnd => {
    let gone = 0;
    // Only a completed crawl saw every page within its bound: a page it did not find is gone.
    if (status === 'completed') for (const url of before) if (!found.has(url) && set.removePage(url)) gone++;
    return { status, pages: found.size, changed, added, gone, ...(creditsUsed !== undefined ? { creditsUsed } : {}), ...(failure !== undefined ? { failure } : {}) };
  };
  const maxReads = options.maxReads ?? 10_000;
  // A function, not the field: the signal is aborted while a read is awaited.
  const cancelled = (): boolean => options.signal.aborted;
  for (let reads = 0; reads < maxReads; reads++) {
    if (cancelled()) return end('cancelled');
    const read = await source.open(ref, options.signal);
    if (cancelled()) return end('cancelled');
    if (!read.ok) {
      lastFailure = read.failure.message;
      if (++failedReads >= FAILED_READS) return end('failed', lastFailure);
      await sleep(options.waitMs, options.signal);
      continue;
    }
    failedReads = 0;
    const job = read.value;
    // The service says -1 before it has counted anything.
    if (typeof job.creditsUsed === 'number' && job.creditsUsed >= 0) creditsUsed = job.creditsUsed;
    let newRows = 0;
    for (const row of [...job.pages]) {
      if (taken.has(row.index)) continue;
      taken.add(row.index);
      newRows++;
      // A page the site answered with an error is not documentation.
      if (row.url === undefined || (row.statusCode ?? 200) >= 400) continue;
      const text = await source.pageText(ref, row.index, options.signal);
      if (!text.ok || text.value.trim() === '') continue;
      found.add(row.url);
      const had = set.page(row.url) !== undefined;
      if (set.setPage({ url: row.url, title: row.title ?? row.url, markdown: text.value })) {
        if (had) changed++;
        else added++;
      }
    }
    options.onProgress?.({ pages: found.size, ...(typeof job.total === 'number' ? { total: job.total } : {}) });
    if (FINISHED.has(job.status) && job.cursor === undefined) {
      const status = job.status === 'completed' ? 'completed' : job.status === 'cancelled' ? 'cancelled' : 'failed';
      return end(status, status === 'failed' ? (job.error ?? undefined) ?? lastFailure : undefined);
    }
    // More to read now (this read brought pages and names the next): read it; else wait for the crawl to find more.
    if (newRows === 0 || job.cursor === undefined) await sleep(options.waitMs, options.signal);
  }
  return end('failed', lastFailure);
}

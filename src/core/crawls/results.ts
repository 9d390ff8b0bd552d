// The crawl results service: the one owner of what the editor knows about crawls' and batch
// scrapes' results, beside the search service and, like it, free of VS Code. The Jobs
// view (its jobs and their pages), the page documents, the webhook feature and the chat tool all go
// through it. Rows are kept in memory; page markdown goes to disk (./page-store). Paging follows
// the client's judged cursor, one page per request a person or a delivery makes: a running crawl
// is never read through in a loop. Failures are values.
import type { CancelOutcome, CrawlDocument, CrawlError, CrawlStatusPage, WebDataClient } from '../api';
import { Emitter } from '../emitter';
import { jobKey, type JobRef } from './job';
import type { PageStore } from './page-store';
import { crawlProgress, type CrawlProgressBook } from './progress';

type ResultsClient = Pick<WebDataClient, 'getCrawlStatus' | 'getCrawlErrors' | 'cancelCrawl'>;

export interface CrawlPageRow {
  /** Position in the job (the service's skip). */
  index: number;
  title?: string;
  url?: string;
  statusCode?: number;
  /** The markdown is on disk (false: over the budget, read again on open). */
  stored: boolean;
}

/** `error` is what was thrown, when something was: the notification's buttons are chosen from it. */
export type Failure = { kind: string; message: string; error?: unknown };
export type Outcome<T> = { ok: true; value: T } | { ok: false; failure: Failure };

/** What the view keeps of the service's answer: the job's fields as the last page read gave them. */
type JobFields = Pick<CrawlStatusPage, 'status' | 'failed' | 'completed' | 'total' | 'creditsUsed' | 'expiresAt' | 'error' | 'warning'>;

export interface CrawlJobState extends JobFields {
  readonly ref: JobRef;
  pages: CrawlPageRow[];
  /** Failed pages and robots-blocked addresses, read once the job has finished. */
  failures?: CrawlError[];
  robotsBlocked?: string[];
  /** Where the next page of results is; absent when every page is read. */
  cursor?: { skip: number; limit?: number };
  /** The service's `next` named another address: paging stopped there. */
  pagingRefused?: string;
  /** Finished while no crawl.completed came: its status was read once. */
  noWebhook: boolean;
  /** How the end of the job became known, once it is. */
  finishedVia?: 'webhook' | 'read';
  /** Documents a delivery brought, beyond those read (a running crawl filling in). */
  delivered: number;
  /** When this window first saw it ended (ms since the epoch): the Jobs row's time. */
  endedAt?: number;
  lastFailure?: Failure;
}

export const FINISHED = new Set(['completed', 'cancelled', 'failed']);

/**
 * Whether the job is over: its status says so, or its end became known another way (a crawl that
 * left the active list, whose one read failed, keeps the status it had: it is not running).
 */
export function hasEnded(job: Pick<CrawlJobState, 'status' | 'finishedVia'>): boolean {
  return FINISHED.has(job.status) || job.finishedVia !== undefined;
}

/** Why the service's `next` was not followed (src/core/api/crawl-paging.ts). */
export type RefusedNext = 'not-a-url' | 'elsewhere' | 'other-path' | 'no-cursor';

/**
 * The pages that cannot be read because the service's `next` was not followed: from the page
 * after the last one loaded (1-based) to the job's total when the service gave it. Known from the
 * first answer that holds such a `next`: said at once, never offered as a page to read on to.
 */
export function unreadablePages(job: Pick<CrawlJobState, 'pages' | 'total' | 'pagingRefused' | 'cursor'>): { from: number; to?: number; reason: RefusedNext } | undefined {
  const reason = job.pagingRefused;
  if (job.cursor !== undefined || (reason !== 'not-a-url' && reason !== 'elsewhere' && reason !== 'other-path' && reason !== 'no-cursor')) return undefined;
  const from = job.pages.reduce((last, row) => Math.max(last, row.index + 1), 0) + 1;
  if (job.total !== undefined && job.total < from) return undefined;
  return job.total !== undefined ? { from, to: job.total, reason } : { from, reason };
}

/** Pages requested at most by one Open All or Export of a finished job. */
const MAX_PAGE_REQUESTS = 200;

export interface CrawlResultsOptions {
  client: () => Promise<ResultsClient | undefined>;
  store: PageStore;
  /** Where each crawl's progress, as read, is noted for the Active Crawls rows (the window's book by default). */
  progress?: CrawlProgressBook;
  /** How a thrown client error becomes a failure value (kind and message). */
  describe: (error: unknown) => Failure;
  /** The clock of a job's end (Date.now; a test's own). */
  now?: () => number;
}

export class CrawlResultsService {
  private readonly jobs = new Map<string, CrawlJobState>();
  /** Per job: the pages' keys (scrapeId or address), so a delivery and a read do not list one page twice. */
  private readonly seen = new Map<string, Set<string>>();
  /** Per job: the documents being added now (addDocuments takes one call at a time). */
  private readonly adding = new Map<string, Promise<void>>();
  private readonly changes = new Emitter<JobRef | undefined>();
  /** Fires with the job whose results changed. */
  readonly onDidChange = this.changes.event;

  constructor(private readonly options: CrawlResultsOptions) {
    // Each status read is the crawl's progress for the Active Crawls rows (a batch scrape has no row there).
    const progress = options.progress ?? crawlProgress;
    const now = options.now ?? Date.now;
    this.changes.event((ref) => {
      const job = ref ? this.get(ref) : undefined;
      // The first listener: every change that ends a job (a read, a webhook, a cancel) passes here
      // before anyone reads the job, so the time is set once, where the end became known.
      if (job && hasEnded(job)) job.endedAt ??= now();
      if (job && job.ref.kind === 'crawl') progress.note(job.ref.id, job);
    });
  }

  /** The jobs known, most recently opened first. */
  get all(): readonly CrawlJobState[] {
    return [...this.jobs.values()].reverse();
  }

  get(ref: JobRef): CrawlJobState | undefined {
    return this.jobs.get(jobKey(ref));
  }

  /**
   * Takes back jobs an earlier window kept (src/core/crawls/open-jobs.ts), newest first, with no
   * request: each as it was, unless this window already has it. Their pages' text is on disk.
   */
  restore(snapshots: ReadonlyArray<Omit<CrawlJobState, 'lastFailure'>>): void {
    for (const snapshot of [...snapshots].reverse()) {
      const key = jobKey(snapshot.ref);
      if (this.jobs.has(key)) continue;
      this.jobs.set(key, { ...snapshot, ref: { ...snapshot.ref }, pages: snapshot.pages.map((row) => ({ ...row })) });
      this.seen.set(key, new Set(snapshot.pages.flatMap((row) => (row.url ? [row.url] : []))));
    }
    this.changes.fire(undefined);
  }

  private track(ref: JobRef): CrawlJobState {
    const key = jobKey(ref);
    let job = this.jobs.get(key);
    if (!job) {
      job = { ref: { id: ref.id.toLowerCase(), kind: ref.kind }, status: 'scraping', failed: false, pages: [], noWebhook: false, delivered: 0 };
      this.jobs.set(key, job);
      this.seen.set(key, new Set());
    } else {
      // Most recently used last in the map's order.
      this.jobs.delete(key);
      this.jobs.set(key, job);
    }
    return job;
  }

  /**
   * Opens a job: its first page when nothing is known of it, else the next page (or, at the end
   * of a running job's pages, its status again). One request for the page, one for the errors
   * of a finished job the first time.
   */
  async open(ref: JobRef, signal?: AbortSignal): Promise<Outcome<CrawlJobState>> {
    const job = this.track(ref);
    const skip = job.cursor?.skip ?? job.pages.length;
    const read = await this.read(job, { skip, limit: job.cursor?.limit }, signal);
    if (!read.ok) return read;
    return { ok: true, value: job };
  }

  /** Reads every page of a finished job (bounded, cancellable): for Open All, Export and reading all. */
  async readAll(ref: JobRef, options: { signal?: AbortSignal; onPage?: (job: CrawlJobState) => void } = {}): Promise<Outcome<CrawlJobState>> {
    const job = this.track(ref);
    if (job.pages.length === 0 && job.cursor === undefined) {
      const first = await this.read(job, { skip: 0 }, options.signal);
      if (!first.ok) return first;
    }
    if (!FINISHED.has(job.status)) return { ok: true, value: job };
    for (let requests = 1; job.cursor !== undefined && requests < MAX_PAGE_REQUESTS; requests++) {
      if (options.signal?.aborted) return { ok: false, failure: { kind: 'cancelled', message: 'cancelled' } };
      const page = await this.read(job, job.cursor, options.signal);
      if (!page.ok) return page;
      options.onPage?.(job);
    }
    return { ok: true, value: job };
  }

  private async read(job: CrawlJobState, cursor: { skip: number; limit?: number }, signal?: AbortSignal): Promise<Outcome<CrawlStatusPage>> {
    const client = await this.options.client();
    if (!client) return this.failed(job, { kind: 'not-connected', message: 'not connected' });
    let page: CrawlStatusPage;
    try {
      page = await client.getCrawlStatus(job.ref, cursor, { signal });
    } catch (error) {
      return this.failed(job, this.options.describe(error));
    }
    const wasFinished = FINISHED.has(job.status);
    await this.take(job, page);
    if (FINISHED.has(job.status) && !wasFinished) job.finishedVia ??= 'read';
    if (FINISHED.has(job.status) && job.failures === undefined && !page.failed) {
      try {
        const errors = await client.getCrawlErrors(job.ref, { signal });
        job.failures = errors.errors;
        job.robotsBlocked = errors.robotsBlocked;
      } catch (error) {
        // The pages stand without the errors list; the next open asks again.
        job.lastFailure = this.options.describe(error);
      }
    }
    this.changes.fire(job.ref);
    return { ok: true, value: page };
  }

  private failed<T>(job: CrawlJobState, failure: Failure): Outcome<T> {
    job.lastFailure = failure;
    this.changes.fire(job.ref);
    return { ok: false, failure };
  }

  private async take(job: CrawlJobState, page: CrawlStatusPage): Promise<void> {
    // The pages first (their markdown goes to disk, which takes a while), then the status: whoever
    // reads the job meanwhile never sees it completed without the pages that came with that answer.
    await this.addDocuments(job, page.documents, page.skip);
    Object.assign(job, {
      status: page.status, failed: page.failed, completed: page.completed, total: page.total,
      creditsUsed: page.creditsUsed, expiresAt: page.expiresAt, error: page.error, warning: page.warning,
    });
    job.lastFailure = undefined;
    job.cursor = page.next?.kind === 'cursor' ? { skip: page.next.skip, ...(page.next.limit !== undefined ? { limit: page.next.limit } : {}) } : undefined;
    job.pagingRefused = page.next?.kind === 'refused' ? page.next.reason : undefined;
  }

  /**
   * Adds documents at their positions (or after the last row when a delivery has none), one call
   * after another per job: each document's markdown is written before its row is added, so a
   * delivery let in during a read's write would take the position the read was filling, and one
   * of the two pages would be lost (a docs set under load kept 20 of a crawl's 21 pages).
   */
  private addDocuments(job: CrawlJobState, documents: readonly CrawlDocument[], skip: number | undefined): Promise<number> {
    const key = jobKey(job.ref);
    const added = (this.adding.get(key) ?? Promise.resolve()).then(() => this.addInTurn(job, documents, skip));
    const settled = added.then(() => undefined, () => undefined);
    this.adding.set(key, settled);
    // Forgotten once done, unless another call queued behind it meanwhile.
    void settled.then(() => { if (this.adding.get(key) === settled) this.adding.delete(key); });
    return added;
  }

  private async addInTurn(job: CrawlJobState, documents: readonly CrawlDocument[], skip: number | undefined): Promise<number> {
    const seen = this.seen.get(jobKey(job.ref)) ?? new Set<string>();
    let added = 0;
    for (const [offset, doc] of documents.entries()) {
      const meta = doc.metadata;
      const url = meta?.sourceURL ?? meta?.url ?? undefined;
      const identity = meta?.scrapeId ?? url;
      if (identity && seen.has(identity)) continue;
      if (identity) seen.add(identity);
      const index = skip !== undefined ? skip + offset : job.pages.length;
      if (job.pages.some((row) => row.index === index)) continue;
      const title = Array.isArray(meta?.title) ? meta.title[0] : meta?.title ?? undefined;
      const stored = await this.options.store.put(job.ref, index, doc.markdown ?? doc.summary ?? '');
      job.pages.push({ index, title: title ?? undefined, url, statusCode: meta?.statusCode ?? undefined, stored });
      added++;
    }
    job.pages.sort((a, b) => a.index - b.index);
    return added;
  }

  /**
   * Documents a crawl.page (batch_scrape.page) delivery carried: added to a job being followed,
   * not counted twice when a read brings them again. Returns how many were new.
   */
  async addDelivered(ref: JobRef, documents: readonly CrawlDocument[]): Promise<number> {
    const job = this.track(ref);
    const added = await this.addDocuments(job, documents, undefined);
    job.delivered += added;
    // The next read starts after what is known, so delivered pages are not read twice.
    if (job.cursor === undefined && !FINISHED.has(job.status)) job.cursor = { skip: job.pages.length };
    if (added > 0) this.changes.fire(job.ref);
    return added;
  }

  /**
   * A completed event arrived (crawl.completed, batch_scrape.completed). True the first time the
   * job's end becomes known this way; false for a repeat, or when it was read already (the
   * "no webhook received" job is not counted twice).
   */
  markFinished(ref: JobRef): boolean {
    const job = this.jobs.get(jobKey(ref));
    if (job?.finishedVia !== undefined) return false;
    const state = this.track(ref);
    state.finishedVia = 'webhook';
    if (!FINISHED.has(state.status)) state.status = 'completed';
    this.changes.fire(state.ref);
    return true;
  }

  /**
   * Crawls that left the active list with no completed event: each is read once and kept as
   * completed, failed or cancelled, marked "no webhook received". Returns the jobs it read.
   */
  async reconcile(ids: readonly string[], signal?: AbortSignal): Promise<CrawlJobState[]> {
    const read: CrawlJobState[] = [];
    for (const id of ids) {
      const existing = this.jobs.get(jobKey({ id, kind: 'crawl' }));
      if (existing?.finishedVia !== undefined) continue;
      const job = this.track({ id, kind: 'crawl' });
      job.noWebhook = true;
      job.finishedVia = 'read';
      await this.read(job, { skip: job.cursor?.skip ?? job.pages.length, limit: job.cursor?.limit }, signal);
      read.push(job);
    }
    return read;
  }

  /** DELETE /v2/crawl/{id} or /v2/batch/scrape/{id}; a cancelled job shows as cancelled at once. */
  async cancel(ref: JobRef, signal?: AbortSignal): Promise<Outcome<CancelOutcome>> {
    const client = await this.options.client();
    if (!client) return { ok: false, failure: { kind: 'not-connected', message: 'not connected' } };
    try {
      const outcome = await client.cancelCrawl(ref, { signal });
      const job = this.jobs.get(jobKey(ref));
      if (job && outcome.kind === 'cancelled') {
        job.status = 'cancelled';
        this.changes.fire(job.ref);
      }
      return { ok: true, value: outcome };
    } catch (error) {
      return { ok: false, failure: this.options.describe(error) };
    }
  }

  /** A page's markdown: from disk, else read again from the service (one document). */
  async pageText(ref: JobRef, index: number, signal?: AbortSignal): Promise<Outcome<string>> {
    const kept = await this.options.store.get(ref, index);
    if (kept !== undefined) return { ok: true, value: kept };
    const client = await this.options.client();
    if (!client) return { ok: false, failure: { kind: 'not-connected', message: 'not connected' } };
    try {
      const page = await client.getCrawlStatus(ref, { skip: index, limit: 1 }, { signal });
      const doc = page.documents[0];
      return doc ? { ok: true, value: doc.markdown ?? doc.summary ?? '' } : { ok: false, failure: { kind: 'not-found', message: 'gone' } };
    } catch (error) {
      return { ok: false, failure: this.options.describe(error) };
    }
  }

  /** Forgets every job (a connection change: another key's jobs are not this one's). */
  clear(): void {
    this.jobs.clear();
    this.seen.clear();
    this.changes.fire(undefined);
  }

  dispose(): void {
    this.changes.dispose();
  }
}

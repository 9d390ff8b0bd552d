// Reading a results answer into what the editor uses: documents one by one (a document of an
// unexpected shape is counted and skipped, never fails the page), the `next` judged at once, the
// errors list and the robots-blocked addresses.
import type { ServiceAddress } from '../service-address';
import { CrawlDocumentSchema, CrawlErrorSchema, CrawlErrorsSchema, CrawlStatusPageSchema, type CrawlDocument, type CrawlError } from './crawl-schemas';
import { judgeNext, type JobRef, type NextPage } from './crawl-paging';
import { validateBody } from './response';

export interface CrawlStatusPage {
  /** scraping, completed, cancelled or failed (or a status this client does not know yet, as sent). */
  status: string;
  /** The service said `success: false` (a job that failed at its start). */
  failed: boolean;
  completed?: number;
  total?: number;
  /** -1 while billing is not known yet. */
  creditsUsed?: number;
  expiresAt?: string;
  createdAt?: string;
  completedAt?: string;
  warning?: string;
  error?: string;
  /** The skip this page was asked with: its first document's position in the job. */
  skip: number;
  documents: CrawlDocument[];
  /** Documents of a shape this client cannot read, left out. */
  unreadable: number;
  /** Absent after the last page of a finished job. */
  next?: NextPage;
}

export interface CrawlErrors {
  errors: CrawlError[];
  robotsBlocked: string[];
}

export type CancelOutcome = { kind: 'cancelled' } | { kind: 'already-finished'; serviceMessage?: string };

const present = <T>(value: T | null | undefined): T | undefined => value ?? undefined;

export function readStatusPage(value: unknown, status: number, what: string, address: ServiceAddress, job: JobRef, skip: number): CrawlStatusPage {
  const body = validateBody(CrawlStatusPageSchema, value, what, status);
  const documents: CrawlDocument[] = [];
  let unreadable = 0;
  for (const item of body.data ?? []) {
    const parsed = CrawlDocumentSchema.safeParse(item);
    if (parsed.success) documents.push(parsed.data);
    else unreadable++;
  }
  const page: CrawlStatusPage = {
    status: body.status, failed: body.success === false, skip, documents, unreadable,
    completed: present(body.completed), total: present(body.total), creditsUsed: present(body.creditsUsed),
    expiresAt: present(body.expiresAt), createdAt: present(body.createdAt), completedAt: present(body.completedAt),
    warning: present(body.warning), error: present(body.error),
  };
  if (typeof body.next === 'string' && body.next !== '') page.next = judgeNext(address, job, body.next);
  return page;
}

export function readErrors(value: unknown, status: number, what: string): CrawlErrors {
  const body = validateBody(CrawlErrorsSchema, value, what, status);
  const errors: CrawlError[] = [];
  for (const item of body.errors ?? []) {
    const parsed = CrawlErrorSchema.safeParse(item);
    if (parsed.success) errors.push(parsed.data);
  }
  const robotsBlocked = (body.robotsBlocked ?? []).filter((url): url is string => typeof url === 'string');
  return { errors, robotsBlocked };
}

/** The Documents of a crawl.page / batch_scrape.page delivery; any of another shape is left out. */
export function readDeliveredDocuments(data: readonly unknown[]): CrawlDocument[] {
  const documents: CrawlDocument[] = [];
  for (const item of data) {
    const parsed = CrawlDocumentSchema.safeParse(item);
    if (parsed.success) documents.push(parsed.data);
  }
  return documents;
}

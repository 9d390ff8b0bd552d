// The results endpoints as the real service answers them (issue 18): GET /v2/crawl/{id} and
// /v2/batch/scrape/{id} with skip/limit paging, `next` and the 10 MiB cut, their /errors, and
// DELETE /v2/crawl/{id} and /v2/batch/scrape/{id}. No I/O here; server.ts writes what this returns.
import type { Answer, ReadRequest } from './routes';
import type { EmulatorState, TeamState } from './state';
import { cancelJob, jobCredits, jobDocument, jobErrors, jobStatus, pagesDone, RETENTION_MS, type JobKind } from './jobs';

/** A page of results holds at most this much JSON, as the service's does. */
export const MAX_PAGE_BYTES = 10 * 1024 * 1024;
export const DEFAULT_PAGE_LIMIT = 100;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface JobRoute {
  kind: JobKind;
  id: string;
  errors: boolean;
  /** The methods this path answers. */
  allowed: string[];
}

/** The results paths; undefined for any other path. */
export function matchJobRoute(path: string): JobRoute | undefined {
  const m = /^\/v2\/(crawl|batch\/scrape)\/([^/]+)(\/errors)?$/.exec(path);
  if (m?.[2] === undefined || m[2] === 'active') return undefined;
  const kind: JobKind = m[1] === 'crawl' ? 'crawl' : 'batch';
  const errors = m[3] !== undefined;
  return { kind, id: decodeURIComponent(m[2]), errors, allowed: !errors ? ['GET', 'DELETE'] : ['GET'] };
}

const fail = (status: number, error: string): Answer => ({ status, body: { success: false, error } });

export function answerJob(state: EmulatorState, team: TeamState, route: JobRoute, req: ReadRequest): Answer {
  if (!UUID.test(route.id)) return fail(400, 'Invalid job ID format. Job ID must be a valid UUID.');
  const job = state.jobs.get(route.id.toLowerCase());
  const now = state.now().getTime();
  // Another team's job, or one past retention, is as unknown as one that never was.
  if (job === undefined || job.kind !== route.kind || job.apiKey !== team.apiKey || now - job.createdAt > RETENTION_MS) return fail(404, 'Job not found');
  if (req.method === 'DELETE') {
    if (jobStatus(job, now) !== 'scraping') return fail(409, 'Crawl is already completed');
    cancelJob(job, now);
    return { status: 200, body: { status: 'cancelled' } };
  }
  if (route.errors) return { status: 200, body: jobErrors(job) };
  const status = jobStatus(job, now);
  const created = new Date(job.createdAt).toISOString();
  const expiresAt = new Date(job.createdAt + RETENTION_MS).toISOString();
  if (status === 'failed') {
    return { status: 200, body: { success: false, error: 'The start URL could not be reached: DNS lookup failed.', status, completed: 0, total: 0, creditsUsed: 0, expiresAt, data: [] } };
  }
  const params = new URLSearchParams(req.query);
  const skip = Math.max(0, Number.parseInt(params.get('skip') ?? '0', 10) || 0);
  const limit = Math.min(1000, Math.max(1, Number.parseInt(params.get('limit') ?? String(DEFAULT_PAGE_LIMIT), 10) || DEFAULT_PAGE_LIMIT));
  const done = pagesDone(job, now);
  const data: unknown[] = [];
  let bytes = 2;
  for (let i = skip; i < Math.min(done, skip + limit); i++) {
    const doc = jobDocument(job, i);
    const size = Buffer.byteLength(JSON.stringify(doc)) + 1;
    // The cut leaves a document whole for the next page; a page holds at least one.
    if (data.length > 0 && bytes + size > MAX_PAGE_BYTES - 4096) break;
    data.push(doc);
    bytes += size;
  }
  const after = skip + data.length;
  const body: Record<string, unknown> = {
    success: true, status, completed: done, total: job.total, creditsUsed: done === 0 ? -1 : jobCredits(job, now), expiresAt, createdAt: created, data,
  };
  if (status !== 'scraping') body.completedAt = new Date(job.createdAt + 60_000).toISOString();
  if (after < done || status === 'scraping') {
    const base = `${req.scheme ?? 'http'}://${req.host ?? '127.0.0.1'}/v2/${route.kind === 'crawl' ? 'crawl' : 'batch/scrape'}/${job.id}`;
    body.next = `${base}?skip=${after}${params.has('limit') ? `&limit=${limit}` : ''}`;
  }
  return { status: 200, body };
}

// The monitor endpoints of the service (spec: service-v2-beyond-the-seed.json, /monitor…) over the
// project's client: each request built here from checked ids only (no text from elsewhere becomes a
// path), each answer read through its schema. In dist/core.js with the client and zod.
import { WebDataError } from '../api/errors';
import type { CallOptions, WebDataClient } from '../api/client';
import { validateBody } from '../api/response';
import { ScrapeResponseSchema, type ScrapedPage } from '../api/scrape-schemas';
import type { MonitorCreateRequest } from './request';
import {
  MonitorCheckDetailResponseSchema, MonitorCheckListResponseSchema, MonitorListResponseSchema, MonitorResponseSchema, MonitorRunResponseSchema, SuccessResponseSchema,
  type Monitor, type MonitorCheck, type MonitorCheckPage,
} from './schemas';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function isMonitorId(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

/** One page of a check's pages, and where the next starts (a `skip` this client asks for itself). */
export interface CheckPagesPage {
  check: MonitorCheck;
  pages: MonitorCheckPage[];
  nextSkip?: number;
}

const NOT_FOUND = 'The service does not know this watch (404): it may have been deleted, or belong to another team';

function checked(...ids: string[]): void {
  for (const id of ids) {
    if (!isMonitorId(id)) throw new WebDataError('invalid-request', 'A watch, check or scrape id is a UUID such as 3f0c9a52-6a3e-4d7b-9c1e-2b8f4e7a1d01; the id given is not one.');
  }
}

/** The skip of a `next` link, when it is a link to the same check's pages; never followed as it is. */
function skipOf(next: string | null | undefined, checkId: string): number | undefined {
  if (typeof next !== 'string') return undefined;
  try {
    const url = new URL(next, 'http://service.invalid');
    if (!url.pathname.toLowerCase().endsWith(`/checks/${checkId.toLowerCase()}`)) return undefined;
    const skip = url.searchParams.get('skip');
    return skip !== null && /^\d{1,9}$/.test(skip) ? Number(skip) : undefined;
  } catch {
    return undefined;
  }
}

export class MonitorClient {
  constructor(private readonly client: WebDataClient) {}

  createMonitor(request: MonitorCreateRequest, options: CallOptions = {}): Promise<Monitor> {
    return this.client.serviceCall({
      method: 'POST', below: '/monitor', body: request, what: 'the watch creation', notFound: 'The service answered 404 to the watch creation; check the service address',
      read: (value, status) => validateBody(MonitorResponseSchema, value, 'the watch creation', status).data,
    }, options);
  }

  listMonitors(page: { limit?: number; offset?: number } = {}, options: CallOptions = {}): Promise<Monitor[]> {
    const limit = Math.min(100, Math.max(1, Math.floor(page.limit ?? 100)));
    const offset = Math.max(0, Math.floor(page.offset ?? 0));
    return this.client.serviceCall({
      method: 'GET', below: '/monitor', query: `?limit=${limit}${offset > 0 ? `&offset=${offset}` : ''}`, what: 'the watches list', notFound: 'The service answered 404 to the watches list; check the service address',
      read: (value, status) => validateBody(MonitorListResponseSchema, value, 'the watches list', status).data,
    }, options);
  }

  async getMonitor(id: string, options: CallOptions = {}): Promise<Monitor> {
    checked(id);
    return this.client.serviceCall({
      method: 'GET', below: `/monitor/${id.toLowerCase()}`, what: 'the watch request', notFound: NOT_FOUND,
      read: (value, status) => validateBody(MonitorResponseSchema, value, 'the watch request', status).data,
    }, options);
  }

  /** PATCH /v2/monitor/{id}: `status` pauses or resumes it; the request's fields change it. */
  async updateMonitor(id: string, patch: Partial<Omit<MonitorCreateRequest, 'goal'>> & { status?: 'active' | 'paused'; goal?: string | null }, options: CallOptions = {}): Promise<Monitor> {
    checked(id);
    return this.client.serviceCall({
      method: 'PATCH', below: `/monitor/${id.toLowerCase()}`, body: patch, what: 'the watch update', notFound: NOT_FOUND,
      read: (value, status) => validateBody(MonitorResponseSchema, value, 'the watch update', status).data,
    }, options);
  }

  async deleteMonitor(id: string, options: CallOptions = {}): Promise<void> {
    checked(id);
    await this.client.serviceCall({
      method: 'DELETE', below: `/monitor/${id.toLowerCase()}`, what: 'the watch deletion', notFound: NOT_FOUND,
      read: (value, status) => validateBody(SuccessResponseSchema, value, 'the watch deletion', status),
    }, options);
  }

  /** POST /v2/monitor/{id}/run: a check now; never retried (a second would spend twice). */
  async runMonitor(id: string, options: CallOptions = {}): Promise<MonitorCheck> {
    checked(id);
    return this.client.serviceCall({
      method: 'POST', below: `/monitor/${id.toLowerCase()}/run`, what: 'the check', notFound: NOT_FOUND,
      read: (value, status) => validateBody(MonitorRunResponseSchema, value, 'the check', status).data,
    }, options);
  }

  async listMonitorChecks(id: string, page: { limit?: number } = {}, options: CallOptions = {}): Promise<MonitorCheck[]> {
    checked(id);
    const limit = Math.min(100, Math.max(1, Math.floor(page.limit ?? 25)));
    return this.client.serviceCall({
      method: 'GET', below: `/monitor/${id.toLowerCase()}/checks`, query: `?limit=${limit}`, what: 'the checks list', notFound: NOT_FOUND,
      read: (value, status) => validateBody(MonitorCheckListResponseSchema, value, 'the checks list', status).data,
    }, options);
  }

  /** One page of a check's pages; `nextSkip` when there are more. */
  async getMonitorCheck(id: string, checkId: string, page: { skip?: number; limit?: number } = {}, options: CallOptions = {}): Promise<CheckPagesPage> {
    checked(id, checkId);
    const skip = Math.max(0, Math.floor(page.skip ?? 0));
    const limit = Math.min(100, Math.max(1, Math.floor(page.limit ?? 100)));
    return this.client.serviceCall({
      method: 'GET', below: `/monitor/${id.toLowerCase()}/checks/${checkId.toLowerCase()}`, query: `?limit=${limit}${skip > 0 ? `&skip=${skip}` : ''}`,
      what: 'the check request', notFound: NOT_FOUND,
      read: (value, status) => {
        const { data, next } = validateBody(MonitorCheckDetailResponseSchema, value, 'the check request', status);
        const { pages, next: innerNext, ...check } = data;
        const nextSkip = skipOf(next ?? innerNext, checkId);
        return { check, pages: pages ?? [], ...(nextSkip !== undefined && nextSkip > skip ? { nextSkip } : {}) };
      },
    }, options);
  }

  /** Every page of a check, following `next` (bounded: at most `maxPages` requests). */
  async allCheckPages(id: string, checkId: string, options: CallOptions = {}, maxPages = 50): Promise<CheckPagesPage> {
    const first = await this.getMonitorCheck(id, checkId, {}, options);
    const pages = [...first.pages];
    let skip = first.nextSkip;
    for (let n = 1; skip !== undefined && n < maxPages; n++) {
      const more = await this.getMonitorCheck(id, checkId, { skip }, options);
      pages.push(...more.pages);
      skip = more.nextSkip;
    }
    return { check: first.check, pages };
  }

  /** GET /v2/scrape/{jobId}: a kept scrape (one side of a diff). */
  async getScrape(scrapeId: string, options: CallOptions = {}): Promise<ScrapedPage> {
    checked(scrapeId);
    return this.client.serviceCall({
      method: 'GET', below: `/scrape/${scrapeId.toLowerCase()}`, what: 'the kept page request', notFound: 'The service no longer keeps this page (404): its watch may keep pages for fewer days',
      read: (value, status) => validateBody(ScrapeResponseSchema, value, 'the kept page request', status).data,
    }, options);
  }
}

export function monitorClient(client: WebDataClient): MonitorClient {
  return new MonitorClient(client);
}

// The browser endpoints of the service (issue 39; the published OpenAPI's /v2/interact names, which
// the service's SDK calls /v2/browser) over the project's client: each path built here from checked
// ids only, each answer read through a schema that leaves `cdpUrl` out. In dist/core.js with the client.
import { WebDataError } from '../api/errors';
import type { CallOptions, WebDataClient } from '../api/client';
import { validateBody } from '../api/response';
import { checkRunRequest, checkSessionRequest, isScrapeId, isSessionId, SERVICE_DEFAULT_RUN_TIMEOUT_S, type RunRequest, type SessionRequest } from './request';
import {
  ExecutedSchema, SessionListSchema, SessionStartedSchema, SessionStoppedSchema,
  type Executed, type ListedSession, type SessionStarted, type SessionStopped,
} from './schemas';

/** Past a run's own timeout, how long the answer may take to come back. */
const RUN_MARGIN_MS = 15_000;
const NOT_FOUND = 'The service does not know this browser session (404): it may have ended, or belong to another team';

function sessionPath(id: string, rest = ''): string {
  if (!isSessionId(id)) throw new WebDataError('invalid-request', 'A browser session id is letters, digits, "-" and "_"; the id given is not one.');
  return `/interact/${id}${rest}`;
}

function scrapePath(scrapeId: string): string {
  if (!isScrapeId(scrapeId)) throw new WebDataError('invalid-request', 'A scrape id is a UUID such as 3f0c9a52-6a3e-4d7b-9c1e-2b8f4e7a1d01; the id given is not one.');
  return `/scrape/${scrapeId.toLowerCase()}/interact`;
}

const runTimeoutMs = (run: RunRequest): number => (run.timeout ?? SERVICE_DEFAULT_RUN_TIMEOUT_S) * 1000 + RUN_MARGIN_MS;

export class BrowserClient {
  constructor(private readonly client: WebDataClient) {}

  /** POST /v2/interact: starts a session. Never retried: a second start is a second session, billed. */
  async startSession(request: SessionRequest, options: CallOptions = {}): Promise<SessionStarted> {
    const body = checkSessionRequest(request);
    return await this.client.serviceCall({
      method: 'POST', below: '/interact', body, what: 'the browser session start', notFound: 'The service answered 404 to the browser session start; check the service address',
      read: (value, status) => validateBody(SessionStartedSchema, value, 'the browser session start', status),
    }, options);
  }

  /** GET /v2/interact: the team's sessions, all or of one status. */
  async listSessions(status?: 'active' | 'destroyed', options: CallOptions = {}): Promise<ListedSession[]> {
    return await this.client.serviceCall({
      method: 'GET', below: '/interact', ...(status ? { query: `?status=${status}` } : {}), what: 'the browser sessions list', notFound: 'The service answered 404 to the browser sessions list; check the service address',
      read: (value, status) => validateBody(SessionListSchema, value, 'the browser sessions list', status).sessions ?? [],
    }, options);
  }

  /** POST /v2/interact/{id}/execute: runs code in the session's browser. Never retried: a run acts on the live site. */
  async execute(id: string, run: RunRequest, options: CallOptions = {}): Promise<Executed> {
    const below = sessionPath(id, '/execute');
    const body = checkRunRequest(run);
    return await this.client.serviceCall({
      method: 'POST', below, body, what: 'the browser run', notFound: NOT_FOUND, timeoutMs: runTimeoutMs(body),
      read: (value, status) => validateBody(ExecutedSchema, value, 'the browser run', status),
    }, options);
  }

  /** DELETE /v2/interact/{id}: stops a session; answers how long it lived and the credits billed. */
  async stopSession(id: string, options: CallOptions = {}): Promise<SessionStopped> {
    const below = sessionPath(id);
    return await this.client.serviceCall({
      method: 'DELETE', below, what: 'the browser session stop', notFound: NOT_FOUND,
      read: (value, status) => validateBody(SessionStoppedSchema, value, 'the browser session stop', status),
    }, options);
  }

  /** POST /v2/scrape/{scrapeId}/interact: runs code in a scraped page's own browser, opened at the page. */
  async interactWithScrape(scrapeId: string, run: RunRequest, options: CallOptions = {}): Promise<Executed> {
    const below = scrapePath(scrapeId);
    const body = checkRunRequest(run);
    return await this.client.serviceCall({
      method: 'POST', below, body, what: 'the run in the page\'s browser', notFound: 'The service does not know this scrape (404): it may be past the time the service keeps it; scrape the page again', timeoutMs: runTimeoutMs(body),
      read: (value, status) => validateBody(ExecutedSchema, value, 'the run in the page\'s browser', status),
    }, options);
  }

  /** DELETE /v2/scrape/{scrapeId}/interact: stops a scraped page's browser. */
  async stopScrapeInteraction(scrapeId: string, options: CallOptions = {}): Promise<SessionStopped> {
    const below = scrapePath(scrapeId);
    return await this.client.serviceCall({
      method: 'DELETE', below, what: 'the page\'s browser stop', notFound: 'The service has no browser open for this scrape (404)',
      read: (value, status) => validateBody(SessionStoppedSchema, value, 'the page\'s browser stop', status),
    }, options);
  }
}

/** The browser endpoints over a connected client (dist/core.js's export). */
export function browserClient(client: WebDataClient): BrowserClient {
  return new BrowserClient(client);
}

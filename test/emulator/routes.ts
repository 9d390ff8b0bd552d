// The service's answers, once a request is read: routing (404/405), auth (401), the rate limit
// (429), the three endpoints of spec 4, and the credit usage the service's MCP server reads. No
// I/O here; server.ts writes what this returns.
import { tokensToCredits } from '../../src/core/billing';
import { answerAgent, answerAgentStart, chargeAgentRuns, matchAgentRoute } from './agent';
import { answerBrowser, billExpiredSessions, matchBrowserRoute, rememberScrape } from './browser';
import { answerJob, matchJobRoute } from './job-routes';
import { answerStart } from './job-start';
import { answerParse, type ParseSeen } from './parse';
import { answerMonitor, matchMonitorRoute, runDueChecks } from './monitors';
import { answerMap, answerScrape } from './scrape';
import { runSearch } from './search';
import { unrecognizedKeysBody } from './search-fields';
import { answerActivity, answerHistorical, answerQueueStatus } from './usage-history';
import { jobStatus } from './jobs';
import type { EmulatorState, TeamState } from './state';
import { checkSearch, ENTERPRISE_NOT_ENABLED } from './validate';

export interface Answer {
  status: number;
  body: unknown;
  headers?: Record<string, string | number>;
  /** An upload as the emulator read it, for the request log (POST /v2/parse). */
  seen?: ParseSeen;
  /** Wall-clock ms to wait before answering: a browser run's waits (./browser.ts). */
  delayMs?: number;
}

/** The request as read off the wire; `json` is set when the body parsed as JSON. */
export interface ReadRequest {
  method: string;
  path: string;
  apiKey: string | undefined;
  contentType: string;
  json: { value: unknown } | undefined;
  jsonError: string | undefined;
  /** The query string without its "?" (results paging); empty when none. */
  query?: string;
  /** The Host header, for the absolute `next` links of results pages. */
  host?: string;
  /** How the request came (the HTTPS emulator answers on https), for the same links. */
  scheme?: 'http' | 'https';
  /** An upload's bytes (POST /v2/parse), read as they came. */
  bytes?: Buffer;
}

const ROUTES: Record<string, string> = {
  '/v2/search': 'POST',
  '/v2/scrape': 'POST',
  '/v2/map': 'POST',
  '/v2/parse': 'POST',
  '/v2/crawl': 'POST',
  '/v2/batch/scrape': 'POST',
  '/v2/agent': 'POST',
  '/v2/crawl/active': 'GET',
  '/v2/team/token-usage': 'GET',
  '/v2/team/credit-usage': 'GET',
  '/v2/team/credit-usage/historical': 'GET',
  '/v2/team/activity': 'GET',
  '/v2/team/queue-status': 'GET',
};

const fail = (status: number, error: string, extra: Record<string, unknown> = {}): Answer => ({ status, body: { success: false, error, ...extra } });

export function answer(state: EmulatorState, req: ReadRequest): Answer {
  const job = matchJobRoute(req.path);
  const agent = matchAgentRoute(req.path);
  const browser = job || agent ? undefined : matchBrowserRoute(req.path);
  const monitor = job || agent || browser ? undefined : matchMonitorRoute(req.path);
  const methods = job ? job.allowed : agent ? ['GET', 'DELETE'] : (browser ?? monitor)?.allowed;
  const allowed = methods ? (methods.includes(req.method) ? req.method : methods.join(', ')) : ROUTES[req.path];
  if (allowed === undefined) {
    return fail(404, `Not found: ${req.method} ${req.path} is not an endpoint of this service. It answers POST /v2/search, POST /v2/scrape, POST /v2/map, POST /v2/parse, POST /v2/crawl, POST /v2/batch/scrape, POST /v2/agent, GET /v2/crawl/active, GET /v2/team/token-usage, GET /v2/team/credit-usage (and /historical), GET /v2/team/activity, GET /v2/team/queue-status and the monitor endpoints under /v2/monitor, the browser sessions under /v2/interact.`);
  }
  if (req.method !== allowed) {
    return { ...fail(405, `Method not allowed: ${req.path} answers ${allowed} only, not ${req.method}.`), headers: { allow: allowed } };
  }
  if (req.apiKey === undefined) return fail(401, 'Unauthorized: missing API key. Send the header "Authorization: Bearer <your API key>".');
  const team = state.teams.get(req.apiKey);
  if (team === undefined) return fail(401, 'Unauthorized: invalid API key. Check the key in your dashboard.');
  const wait = state.rateLimiter.check(req.apiKey, state.now().getTime());
  if (wait !== undefined) {
    const limit = state.rateLimiter.limit;
    return {
      ...fail(429, `Rate limit exceeded. Consumed (req/window): ${limit?.requests ?? 0}, window ${limit?.windowMs ?? 0} ms. Please retry after ${wait}s.`),
      headers: { 'retry-after': wait },
    };
  }
  // A research run's actions are billed as they are done, whatever the team asks next.
  chargeAgentRuns(state, team);
  if (job) return answerJob(state, team, job, req);
  if (agent) return answerAgent(state, team, agent.id, req.method);
  if (req.path === '/v2/agent') {
    const body = jsonBody(req);
    return 'status' in body ? body : answerAgentStart(state, team, body.value);
  }
  if (browser) return answerBrowser(state, team, browser, req);
  if (monitor) return answerMonitor(state, team, monitor, req);
  if (req.path === '/v2/search') return search(state, team, req);
  if (req.path === '/v2/scrape' || req.path === '/v2/map') return scrapeOrMap(state, team, req);
  if (req.path === '/v2/parse') {
    const { credits, ...answered } = answerParse(req.contentType, req.bytes ?? Buffer.alloc(0));
    state.charge(team, credits, { endpoint: 'scrape' });
    return answered;
  }
  if (req.path === '/v2/crawl' || req.path === '/v2/batch/scrape') {
    const body = jsonBody(req);
    if ('status' in body) return body;
    const started = answerStart(state, team, req.path === '/v2/crawl' ? 'crawl' : 'batch', body.value, req);
    // Its pages are not billed here; its start is the team's activity all the same.
    const id = started.status === 200 ? (started.body as { id?: unknown }).id : undefined;
    if (typeof id === 'string') state.charge(team, 0, { endpoint: req.path === '/v2/crawl' ? 'crawl' : 'batch_scrape', id, target: targetOf(body.value) });
    return started;
  }
  if (req.path === '/v2/crawl/active') return { status: 200, body: { success: true, crawls: state.activeCrawls(team) } };
  if (req.path === '/v2/team/activity') return answerActivity(team, new URLSearchParams(req.query ?? ''));
  if (req.path === '/v2/team/queue-status') return { status: 200, body: queueStatus(state, team) };
  const credits = req.path.startsWith('/v2/team/credit-usage');
  // The balance counts what ran without a request: browser sessions whose ttl ran out, checks due on schedule.
  billExpiredSessions(state);
  runDueChecks(state, team);
  if (team.usage === null) return fail(404, `No ${credits ? 'credit' : 'token'} usage information found for this team.`);
  if (req.path === '/v2/team/credit-usage/historical') {
    return { status: 200, body: answerHistorical(team, new URLSearchParams(req.query ?? '').get('byApiKey') === 'true', state.now()) };
  }
  if (!credits) return { status: 200, body: { success: true, data: team.usage } };
  // One balance, counted in tokens here (spec 1: a credit is 15 tokens), as the service's two views of it.
  const { remainingTokens, planTokens, billingPeriodStart, billingPeriodEnd } = team.usage;
  return { status: 200, body: { success: true, data: { remainingCredits: tokensToCredits(remainingTokens), planCredits: typeof planTokens === 'number' ? tokensToCredits(planTokens) : planTokens, billingPeriodStart, billingPeriodEnd } } };
}

/** The body of a POST as JSON, or the 400 the service gives for one it cannot read. */
function jsonBody(req: ReadRequest): { value: unknown } | Answer {
  if (!/^application\/json\s*(;|$)/i.test(req.contentType)) {
    return fail(400, `Bad request: the body must be sent with "Content-Type: application/json"; got ${JSON.stringify(req.contentType || 'none')}.`);
  }
  return req.json ?? fail(400, `Bad request: the body is not valid JSON (${req.jsonError ?? 'empty body'}).`);
}

function scrapeOrMap(state: EmulatorState, team: TeamState, req: ReadRequest): Answer {
  const body = jsonBody(req);
  if ('status' in body) return body;
  const { credits, ...answered } = req.path === '/v2/scrape' ? answerScrape(state.corpus, state.now(), body.value, state.demoPages) : answerMap(state.corpus, body.value);
  state.charge(team, credits, { endpoint: req.path === '/v2/scrape' ? 'scrape' : 'map', target: targetOf(body.value) });
  if (req.path === '/v2/scrape' && answered.status === 200) rememberScrape(state, team, answered.body);
  return answered;
}

function search(state: EmulatorState, team: TeamState, req: ReadRequest): Answer {
  const json = jsonBody(req);
  if ('status' in json) return json;
  const checked = checkSearch(json.value, team.enterprise);
  if (!checked.ok && 'forbidden' in checked) return fail(403, ENTERPRISE_NOT_ENABLED[checked.forbidden]);
  if (!checked.ok && checked.unknownKeys.length > 0) return { status: 400, body: unrecognizedKeysBody(checked.unknownKeys, checked.problems) };
  if (!checked.ok) {
    const list = checked.problems.map((p) => (p.message.startsWith(p.field) ? p.message : `${p.field}: ${p.message}`)).join('; ');
    return fail(400, `Bad request: ${list}.`, { details: checked.problems });
  }
  state.noteUnused(checked.unused);
  const response = runSearch(state.corpus, checked.input, state.now());
  state.charge(team, response.creditsUsed, { endpoint: 'search', id: response.id });
  return { status: 200, body: response };
}

/** The address a scrape or map asked for, as the activity's target. */
function targetOf(body: unknown): string | null {
  const url = typeof body === 'object' && body !== null ? (body as { url?: unknown }).url : undefined;
  return typeof url === 'string' ? url : null;
}

/** The team's crawls and batch scrapes running now, and when the last one finished. */
function queueStatus(state: EmulatorState, team: TeamState): unknown {
  const now = state.now().getTime();
  const mine = [...state.jobs.values()].filter((job) => job.apiKey === team.apiKey);
  const running = mine.filter((job) => jobStatus(job, now) === 'scraping').length;
  const done = mine.filter((job) => jobStatus(job, now) === 'completed').map((job) => job.createdAt);
  return answerQueueStatus(running, done.length > 0 ? Math.max(...done) : undefined);
}

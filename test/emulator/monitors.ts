// The service's monitors over the demo corpus (issue 37): POST|GET /v2/monitor, GET|PATCH|DELETE
// /v2/monitor/{id}, POST /v2/monitor/{id}/run, GET /v2/monitor/{id}/checks and …/checks/{checkId}
// (pages paged with `next`), and GET /v2/scrape/{id} for the kept sides of a diff. A check runs at
// once: each page read at its version for that check (./monitor-diff.ts), compared with the last,
// judged against the goal, charged a credit a page read. Checks that fall due on the emulator's
// clock (moved with POST /_emulator/clock) run when the team next asks about its monitors.
// Deliveries `monitor.page` and `monitor.check.completed` go to a monitor's own webhook, signed as
// every other delivery. No I/O here but those deliveries; server.ts writes what this returns.
import { randomUUID } from 'node:crypto';
import { checksPerMonth, isTimeZone, nextRuns, parseSchedule, type Schedule } from '../../src/core/monitor/schedule';
import { plausiblePage } from './demo-pages';
import { docsSitePage } from './docs-site';
import { fieldDiff, isJsonTarget, jsonVersion, judge, pageVersion, unifiedDiff, type FieldDiff } from './monitor-diff';
import type { Answer, ReadRequest } from './routes';
import type { EmulatorState, TeamState } from './state';
import { makeEvent } from './webhook-sender';
import { senderOf } from './webhooks';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// `origin` and `integration` are accepted and not acted on, as on every other route: the service's JS
// SDK adds `origin` to every body it sends (create, update and run alike).
const CREATE_KEYS = new Set(['name', 'schedule', 'webhook', 'notification', 'targets', 'retentionDays', 'goal', 'judgeEnabled', 'origin', 'integration']);
const UPDATE_KEYS = new Set([...CREATE_KEYS, 'status']);
const EVENTS = ['monitor.page', 'monitor.check.completed'] as const;
/** Scheduled checks run at most this many at a time when the clock jumped far. */
const MAX_CATCH_UP = 3;
export const MONITOR_PAGE_CREDITS = 1;

interface Hook { url: string; headers?: Record<string, string>; metadata?: Record<string, string>; events: ReadonlyArray<(typeof EVENTS)[number]> }
interface Target { id: string; type: 'scrape' | 'search'; urls?: string[]; queries?: string[]; maxResults?: number; scrapeOptions?: { formats: unknown[] } }
interface CheckPage {
  id: string; targetId: string; url: string; status: 'same' | 'new' | 'changed' | 'removed' | 'error';
  previousScrapeId: string | null; currentScrapeId: string | null; statusCode: number | null; error: null;
  judgment: ReturnType<typeof judge> | null; diff: { text: string; json?: FieldDiff } | null; createdAt: string;
}
interface Check {
  id: string; monitorId: string; status: 'completed'; trigger: 'scheduled' | 'manual'; scheduledFor: string | null;
  startedAt: string; finishedAt: string; estimatedCredits: number; reservedCredits: number; actualCredits: number;
  billingStatus: string; summary: Summary; createdAt: string; updatedAt: string; pages: CheckPage[];
}
interface Summary { totalPages: number; same: number; changed: number; new: number; removed: number; error: number }
interface Monitor {
  id: string; apiKey: string; name: string; status: 'active' | 'paused'; schedule: { cron?: string; text?: string; timezone: string };
  parsed: Schedule; targets: Target[]; webhook?: Hook; retentionDays: number; goal: string | null; judgeEnabled: boolean;
  nextRunAt: string | null; lastRunAt: string | null; lastCheckSummary: Summary | null; createdAt: string; updatedAt: string;
  checks: Check[];
  /** The scrape id of each address's last version. */
  last: Map<string, string>;
}
interface KeptScrape { apiKey: string; url: string; title: string; markdown: string; at: string; json?: Record<string, unknown> }

interface MonitorSide { monitors: Map<string, Monitor>; scrapes: Map<string, KeptScrape>; clockOffsetMs: number }
const sides = new WeakMap<EmulatorState, MonitorSide>();

function sideOf(state: EmulatorState): MonitorSide {
  let side = sides.get(state);
  if (!side) {
    side = { monitors: new Map(), scrapes: new Map(), clockOffsetMs: 0 };
    sides.set(state, side);
  }
  return side;
}

/** The monitors' clock: the emulator's, moved forward by the tests. */
export function nowOf(state: EmulatorState): Date {
  return new Date(state.now().getTime() + sideOf(state).clockOffsetMs);
}

/**
 * POST /_emulator/clock: moves the monitors' clock forward. The checks that fell due run now, as the
 * service runs them on its schedule whoever asks: a monitor with a webhook hears of them without a
 * request (issue 37); the others' are read on the next request as before.
 */
export function advanceMonitorClock(state: EmulatorState, ms: number): string {
  sideOf(state).clockOffsetMs += ms;
  for (const team of state.teams.values()) runDue(state, team);
  return nowOf(state).toISOString();
}

export interface MonitorRoute { kind: 'list' | 'one' | 'run' | 'checks' | 'check' | 'scrape'; id?: string; checkId?: string; allowed: string[] }

export function matchMonitorRoute(path: string): MonitorRoute | undefined {
  if (path === '/v2/monitor') return { kind: 'list', allowed: ['GET', 'POST'] };
  const scrape = /^\/v2\/scrape\/([^/]+)$/.exec(path);
  if (scrape?.[1] !== undefined) return { kind: 'scrape', id: decodeURIComponent(scrape[1]), allowed: ['GET'] };
  const m = /^\/v2\/monitor\/([^/]+)(?:\/(run|checks)(?:\/([^/]+))?)?$/.exec(path);
  if (m?.[1] === undefined) return undefined;
  const id = decodeURIComponent(m[1]);
  if (m[2] === undefined) return { kind: 'one', id, allowed: ['GET', 'PATCH', 'DELETE'] };
  if (m[2] === 'run') return m[3] === undefined ? { kind: 'run', id, allowed: ['POST'] } : undefined;
  return m[3] === undefined ? { kind: 'checks', id, allowed: ['GET'] } : { kind: 'check', id, checkId: decodeURIComponent(m[3]), allowed: ['GET'] };
}

const fail = (status: number, error: string, details?: unknown[]): Answer => ({ status, body: { success: false, error, ...(details ? { details } : {}) } });
const bad = (path: string, message: string): Answer => fail(400, 'Bad Request', [{ code: 'custom', path: [path], message }]);

function bodyOf(req: ReadRequest): { value: unknown } | Answer {
  if (!/^application\/json\s*(;|$)/i.test(req.contentType)) return fail(400, `Bad request: the body must be sent with "Content-Type: application/json"; got ${JSON.stringify(req.contentType || 'none')}.`);
  return req.json ?? fail(400, `Bad request: the body is not valid JSON (${req.jsonError ?? 'empty body'}).`);
}

function intParam(params: URLSearchParams, name: string, fallback: number, min: number, max: number): number | undefined {
  const raw = params.get(name);
  if (raw === null) return fallback;
  if (!/^\d+$/.test(raw)) return undefined;
  const n = Number(raw);
  return n >= min && n <= max ? n : undefined;
}

export function answerMonitor(state: EmulatorState, team: TeamState, route: MonitorRoute, req: ReadRequest): Answer {
  const side = sideOf(state);
  if (route.kind === 'scrape') return keptScrape(side, team, route.id ?? '');
  runDue(state, team);
  if (route.kind === 'list') {
    if (req.method === 'POST') return create(state, team, req);
    const params = new URLSearchParams(req.query);
    const limit = intParam(params, 'limit', 25, 1, 100);
    const offset = intParam(params, 'offset', 0, 0, 1_000_000);
    if (limit === undefined) return bad('limit', 'Number must be between 1 and 100');
    if (offset === undefined) return bad('offset', 'Number must be greater than or equal to 0');
    const mine = [...side.monitors.values()].filter((m) => m.apiKey === team.apiKey);
    return { status: 200, body: { success: true, data: mine.slice(offset, offset + limit).map((m) => shown(m, state)) } };
  }
  const id = route.id ?? '';
  if (!UUID.test(id)) return fail(400, 'Invalid monitor ID format. Monitor ID must be a valid UUID.');
  const monitor = side.monitors.get(id.toLowerCase());
  if (monitor === undefined || monitor.apiKey !== team.apiKey) return fail(404, 'Monitor not found');
  if (route.kind === 'one') {
    if (req.method === 'GET') return { status: 200, body: { success: true, data: shown(monitor, state) } };
    if (req.method === 'DELETE') {
      side.monitors.delete(monitor.id);
      return { status: 200, body: { success: true } };
    }
    return update(state, monitor, req);
  }
  if (route.kind === 'run') {
    const check = runCheck(state, team, monitor, 'manual', null);
    return { status: 200, body: { success: true, id: check.id, data: checkShown(check) } };
  }
  const params = new URLSearchParams(req.query);
  if (route.kind === 'checks') {
    const limit = intParam(params, 'limit', 25, 1, 100);
    const offset = intParam(params, 'offset', 0, 0, 1_000_000);
    if (limit === undefined || offset === undefined) return bad(limit === undefined ? 'limit' : 'offset', 'Number out of range');
    const status = params.get('status');
    const newestFirst = [...monitor.checks].reverse().filter((c) => status === null || c.status === status);
    return { status: 200, body: { success: true, data: newestFirst.slice(offset, offset + limit).map(checkShown) } };
  }
  const checkId = route.checkId ?? '';
  if (!UUID.test(checkId)) return fail(400, 'Invalid check ID format. Check ID must be a valid UUID.');
  const check = monitor.checks.find((c) => c.id === checkId.toLowerCase());
  if (!check) return fail(404, 'Check not found');
  const limit = intParam(params, 'limit', 25, 1, 100);
  const skip = intParam(params, 'skip', 0, 0, 1_000_000);
  if (limit === undefined || skip === undefined) return bad(limit === undefined ? 'limit' : 'skip', 'Number out of range');
  const status = params.get('status');
  const pages = check.pages.filter((p) => status === null || p.status === status);
  const slice = pages.slice(skip, skip + limit);
  const next = skip + slice.length < pages.length
    ? `${req.scheme ?? 'http'}://${req.host ?? '127.0.0.1'}/v2/monitor/${monitor.id}/checks/${check.id}?skip=${skip + slice.length}&limit=${limit}${status === null ? '' : `&status=${status}`}`
    : null;
  return { status: 200, body: { success: true, next, data: { ...checkShown(check), pages: slice, next } } };
}

function keptScrape(side: MonitorSide, team: TeamState, id: string): Answer {
  if (!UUID.test(id)) return fail(400, 'Invalid job ID format. Job ID must be a valid UUID.');
  const kept = side.scrapes.get(id.toLowerCase());
  if (!kept || kept.apiKey !== team.apiKey) return fail(404, 'Scrape not found');
  return {
    status: 200,
    body: { success: true, data: { markdown: kept.markdown, ...(kept.json ? { json: kept.json } : {}), metadata: { title: kept.title, sourceURL: kept.url, url: kept.url, statusCode: 200, scrapeId: id.toLowerCase(), cachedAt: kept.at } } },
  };
}

function shown(m: Monitor, state: EmulatorState): Record<string, unknown> {
  const { apiKey: _key, parsed: _parsed, checks, last: _last, webhook, ...rest } = m;
  return {
    ...rest,
    ...(webhook ? { webhook: { url: webhook.url, events: webhook.events, ...(webhook.metadata ? { metadata: webhook.metadata } : {}) } } : {}),
    currentCheckId: null,
    estimatedCreditsPerMonth: estimate(m, state),
    checkCount: checks.length,
  };
}

function checkShown(c: Check): Record<string, unknown> {
  const { pages: _pages, ...rest } = c;
  return { ...rest, targetResults: null, notificationStatus: null, error: null };
}

/** The pages one check reads: each address, or the corpus pages a query finds (up to maxResults). */
function urlsOf(state: EmulatorState, m: Pick<Monitor, 'targets'>): Array<{ url: string; targetId: string }> {
  const out: Array<{ url: string; targetId: string }> = [];
  for (const target of m.targets) {
    if (target.type === 'scrape') for (const url of target.urls ?? []) out.push({ url, targetId: target.id });
    else {
      for (const query of target.queries ?? []) {
        const words = query.toLowerCase().match(/[a-z0-9]{3,}/g) ?? [];
        const found = state.corpus.pages.filter(({ page }) => words.some((w) => `${page.title} ${page.description}`.toLowerCase().includes(w)));
        for (const { page } of found.slice(0, target.maxResults ?? 10)) out.push({ url: page.url, targetId: target.id });
      }
    }
  }
  return out;
}

function estimate(m: Pick<Monitor, 'targets' | 'parsed' | 'schedule'>, state: EmulatorState): number {
  const pages = m.targets.reduce((n, t) => n + (t.type === 'scrape' ? (t.urls?.length ?? 0) : (t.queries?.length ?? 0) * (t.maxResults ?? 10)), 0);
  return pages * checksPerMonth(m.parsed, m.schedule.timezone, nowOf(state)) * MONITOR_PAGE_CREDITS;
}

function baseMarkdown(state: EmulatorState, url: string): { title: string; markdown: string } {
  // The documentation site's pages as its latest crawl found them: a docs set kept fresh watches them.
  const docs = docsSitePage(state, url);
  if (docs) return { title: docs.title, markdown: docs.markdown };
  const found = state.corpus.byUrl.get(url) ?? state.corpus.byUrl.get(url.replace(/\/$/, ''));
  if (found) return { title: found.page.title, markdown: found.page.markdown };
  try {
    const parsed = new URL(url);
    if (state.demoPages && parsed.protocol === 'https:') {
      const page = plausiblePage(state.corpus, parsed);
      return { title: page.title, markdown: page.markdown };
    }
  } catch {
    // Not a URL: the 404 page below.
  }
  return { title: 'Not Found', markdown: `# Not Found\n\nThe page ${url} does not exist.\n` };
}

function runCheck(state: EmulatorState, team: TeamState, m: Monitor, trigger: 'scheduled' | 'manual', scheduledFor: string | null): Check {
  const side = sideOf(state);
  // A scheduled check that fell due while the clock jumped ran at its time, as the service's would.
  const at = scheduledFor ?? nowOf(state).toISOString();
  const number = m.checks.length;
  const id = randomUUID();
  const pages: CheckPage[] = [];
  const seen = new Set<string>();
  urlsOf(state, m).forEach(({ url, targetId }, index) => {
    if (seen.has(url)) return;
    seen.add(url);
    const base = baseMarkdown(state, url);
    const markdown = pageVersion(base.markdown, index, number);
    const previousId = m.last.get(url) ?? null;
    const previous = previousId === null ? undefined : side.scrapes.get(previousId);
    const page: CheckPage = { id: randomUUID(), targetId, url, status: 'same', previousScrapeId: previousId, currentScrapeId: null, statusCode: 200, error: null, judgment: null, diff: null, createdAt: at };
    if (markdown === undefined) {
      if (previous === undefined) return;
      m.last.delete(url);
      pages.push({ ...page, status: 'removed', statusCode: 404, diff: { text: unifiedDiff(previous.markdown, '') } });
      return;
    }
    const scrapeId = randomUUID();
    const json = isJsonTarget(m.targets.find((t) => t.id === targetId)) ? jsonVersion(base.title, markdown) : undefined;
    side.scrapes.set(scrapeId, { apiKey: team.apiKey, url, title: base.title, markdown, at, ...(json ? { json } : {}) });
    m.last.set(url, scrapeId);
    page.currentScrapeId = scrapeId;
    if (previous === undefined) page.status = 'new';
    else if (json && previous.json) {
      // A JSON watch: compared field by field, its diff the fields that changed and the JSON's unified diff.
      const fields = fieldDiff(previous.json, json);
      if (Object.keys(fields).length > 0) {
        page.status = 'changed';
        page.diff = { text: unifiedDiff(`${JSON.stringify(previous.json, null, 2)}\n`, `${JSON.stringify(json, null, 2)}\n`), json: fields };
        if (m.judgeEnabled && m.goal !== null) page.judgment = judge(m.goal, page.diff.text);
      }
    } else if (previous.markdown !== markdown) {
      page.status = 'changed';
      page.diff = { text: unifiedDiff(previous.markdown, markdown) };
      if (m.judgeEnabled && m.goal !== null) page.judgment = judge(m.goal, page.diff.text);
    }
    pages.push(page);
  });
  const summary: Summary = { totalPages: pages.length, same: 0, changed: 0, new: 0, removed: 0, error: 0 };
  for (const page of pages) summary[page.status] += 1;
  const credits = pages.filter((p) => p.currentScrapeId !== null).length * MONITOR_PAGE_CREDITS;
  state.charge(team, credits, { endpoint: 'scrape', id, target: `monitor:${m.id}` });
  const check: Check = {
    id, monitorId: m.id, status: 'completed', trigger, scheduledFor, startedAt: at, finishedAt: at, estimatedCredits: seen.size * MONITOR_PAGE_CREDITS,
    reservedCredits: seen.size * MONITOR_PAGE_CREDITS, actualCredits: credits, billingStatus: 'billed', summary, createdAt: at, updatedAt: at, pages,
  };
  m.checks.push(check);
  m.lastRunAt = at;
  m.lastCheckSummary = summary;
  deliver(state, m, check);
  return check;
}

/** The monitor's own webhook hears each page that is not the same, then the check's end. */
function deliver(state: EmulatorState, m: Monitor, check: Check): void {
  const hook = m.webhook;
  if (!hook) return;
  const sender = senderOf(state);
  const metadata = hook.metadata ? { metadata: hook.metadata } : {};
  void (async () => {
    if (hook.events.includes('monitor.page')) {
      for (const page of check.pages.filter((p) => p.status !== 'same')) {
        const data = [{ monitorId: m.id, checkId: check.id, url: page.url, status: page.status, previousScrapeId: page.previousScrapeId, currentScrapeId: page.currentScrapeId, error: null, isMeaningful: page.judgment?.meaningful ?? null, judgment: page.judgment, diff: page.diff }];
        await sender.sendTo(hook, makeEvent('monitor.page', { id: m.id, data, ...metadata }));
      }
    }
    if (hook.events.includes('monitor.check.completed')) {
      await sender.sendTo(hook, makeEvent('monitor.check.completed', { id: m.id, data: [{ monitorId: m.id, checkId: check.id, status: check.status, summary: check.summary }], ...metadata }));
    }
  })().catch(() => undefined);
}

/** The team's checks that fell due run before its usage is read: the service bills them on schedule, asked or not. */
export function runDueChecks(state: EmulatorState, team: TeamState): void {
  runDue(state, team);
}

/** Runs the team's checks that fell due on the clock (a few at most), then sets each next run. */
function runDue(state: EmulatorState, team: TeamState): void {
  const now = nowOf(state);
  for (const m of sideOf(state).monitors.values()) {
    if (m.apiKey !== team.apiKey || m.status !== 'active' || m.nextRunAt === null) continue;
    let due = 0;
    while (m.nextRunAt !== null && Date.parse(m.nextRunAt) <= now.getTime() && due < MAX_CATCH_UP) {
      runCheck(state, team, m, 'scheduled', m.nextRunAt);
      due++;
      m.nextRunAt = nextRunAt(m, new Date(Date.parse(m.nextRunAt)));
    }
    if (m.nextRunAt !== null && Date.parse(m.nextRunAt) <= now.getTime()) m.nextRunAt = nextRunAt(m, now);
  }
}

function nextRunAt(m: Pick<Monitor, 'parsed' | 'schedule'>, after: Date): string | null {
  return nextRuns(m.parsed.cron, m.schedule.timezone, after, 1)[0]?.toISOString() ?? null;
}

type Fields = Record<string, unknown>;

function readSchedule(value: unknown): { schedule: Monitor['schedule']; parsed: Schedule } | string {
  if (typeof value !== 'object' || value === null) return 'schedule must be an object with cron or text';
  const s = value as Fields;
  const timezone = s.timezone === undefined ? 'UTC' : s.timezone;
  if (typeof timezone !== 'string' || !isTimeZone(timezone)) return 'schedule.timezone must be an IANA time zone';
  const given = typeof s.cron === 'string' ? s.cron : typeof s.text === 'string' ? s.text : undefined;
  if (given === undefined || (s.cron !== undefined && s.text !== undefined)) return 'schedule needs exactly one of cron or text';
  const parsed = parseSchedule(given);
  if (!parsed.ok) {
    return parsed.problem.kind === 'too-often'
      ? `Schedule interval must be at least 5 minutes; "${given}" runs every ${parsed.problem.minutes} minute${parsed.problem.minutes === 1 ? '' : 's'}.`
      : `Could not parse schedule "${given}". Use a cron expression or text such as "every 30 minutes", "hourly", "daily at 9am" or "weekly".`;
  }
  if (typeof s.cron === 'string' && 'text' in parsed.schedule.sent) return `Could not parse cron "${given}".`;
  return { schedule: typeof s.cron === 'string' ? { cron: s.cron, timezone } : { text: given, timezone }, parsed: parsed.schedule };
}

function readTargets(value: unknown): Target[] | string {
  if (!Array.isArray(value) || value.length < 1 || value.length > 50) return 'targets must hold 1 to 50 targets';
  const out: Target[] = [];
  for (const [i, raw] of value.entries()) {
    if (typeof raw !== 'object' || raw === null) return `targets.${i} must be an object`;
    const t = raw as Fields;
    const id = typeof t.id === 'string' && UUID.test(t.id) ? t.id : randomUUID();
    if (t.type === 'scrape') {
      if (!Array.isArray(t.urls) || t.urls.length < 1 || !t.urls.every((u) => typeof u === 'string' && /^https?:\/\/\S+$/i.test(u))) return `targets.${i}.urls must be a list of http(s) URLs`;
      const formats = typeof t.scrapeOptions === 'object' && t.scrapeOptions !== null ? (t.scrapeOptions as Fields).formats : undefined;
      out.push({ id, type: 'scrape', urls: t.urls as string[], ...(Array.isArray(formats) ? { scrapeOptions: { formats } } : {}) });
    } else if (t.type === 'search') {
      if (!Array.isArray(t.queries) || t.queries.length < 1 || t.queries.length > 12 || !t.queries.every((q) => typeof q === 'string' && q.length >= 1 && q.length <= 256)) return `targets.${i}.queries must hold 1 to 12 queries of 1 to 256 characters`;
      const maxResults = t.maxResults === undefined ? 10 : t.maxResults;
      if (typeof maxResults !== 'number' || !Number.isInteger(maxResults) || maxResults < 1 || maxResults > 50) return `targets.${i}.maxResults must be between 1 and 50`;
      out.push({ id, type: 'search', queries: t.queries as string[], maxResults });
    } else return `targets.${i}.type must be "scrape" or "search" (this emulator does not watch crawls)`;
  }
  return out;
}

function readHook(value: unknown): Hook | string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'object' || value === null) return 'webhook must be an object';
  const h = value as Fields;
  if (typeof h.url !== 'string' || !/^https?:\/\/\S+$/i.test(h.url)) return 'webhook.url must be an http(s) URL';
  const headers = h.headers === undefined ? undefined : h.headers;
  if (headers !== undefined && (typeof headers !== 'object' || headers === null || !Object.values(headers).every((v) => typeof v === 'string'))) return 'webhook.headers must be an object of strings';
  const metadata = h.metadata === undefined ? undefined : h.metadata;
  if (metadata !== undefined && (typeof metadata !== 'object' || metadata === null)) return 'webhook.metadata must be an object';
  const events = h.events === undefined ? [...EVENTS] : h.events;
  if (!Array.isArray(events) || !events.every((e) => EVENTS.some((known) => known === e))) return 'webhook.events may hold "monitor.page" and "monitor.check.completed"';
  return { url: h.url, ...(headers ? { headers: headers as Record<string, string> } : {}), ...(metadata ? { metadata: metadata as Record<string, string> } : {}), events: events as Hook['events'] };
}

/** The fields create and update share; a problem's path and words, or the fields read. */
function readFields(fields: Fields, keys: Set<string>, creating: boolean): Partial<Monitor> | Answer {
  const unknown = Object.keys(fields).filter((k) => !keys.has(k));
  if (unknown.length > 0) return fail(400, 'Bad Request', [{ code: 'unrecognized_keys', keys: unknown, path: [], message: `Unrecognized key(s) in object: ${unknown.map((k) => `'${k}'`).join(', ')}` }]);
  const out: Partial<Monitor> = {};
  if (creating || fields.name !== undefined) {
    if (typeof fields.name !== 'string' || fields.name.trim() === '' || fields.name.length > 256) return bad('name', 'name must be a string of 1 to 256 characters');
    out.name = fields.name;
  }
  if (creating || fields.schedule !== undefined) {
    const s = readSchedule(fields.schedule);
    if (typeof s === 'string') return bad('schedule', s);
    out.schedule = s.schedule;
    out.parsed = s.parsed;
  }
  if (creating || fields.targets !== undefined) {
    const t = readTargets(fields.targets);
    if (typeof t === 'string') return bad('targets', t);
    out.targets = t;
  }
  if (fields.webhook !== undefined) {
    const h = readHook(fields.webhook);
    if (typeof h === 'string') return bad('webhook', h);
    out.webhook = h;
  }
  if (fields.goal !== undefined) {
    if (fields.goal !== null && (typeof fields.goal !== 'string' || fields.goal.length > 2000)) return bad('goal', 'goal must be a string of at most 2000 characters');
    out.goal = typeof fields.goal === 'string' && fields.goal.trim() !== '' ? fields.goal : null;
  }
  if (fields.judgeEnabled !== undefined) {
    if (typeof fields.judgeEnabled !== 'boolean') return bad('judgeEnabled', 'judgeEnabled must be true or false');
    out.judgeEnabled = fields.judgeEnabled;
  }
  if (fields.retentionDays !== undefined) {
    if (typeof fields.retentionDays !== 'number' || !Number.isInteger(fields.retentionDays) || fields.retentionDays < 1 || fields.retentionDays > 365) return bad('retentionDays', 'retentionDays must be between 1 and 365');
    out.retentionDays = fields.retentionDays;
  }
  if (fields.status !== undefined) {
    if (fields.status !== 'active' && fields.status !== 'paused') return bad('status', 'status must be "active" or "paused"');
    out.status = fields.status;
  }
  return out;
}

function isAnswer(value: Partial<Monitor> | Answer): value is Answer {
  return 'body' in value;
}

function create(state: EmulatorState, team: TeamState, req: ReadRequest): Answer {
  const body = bodyOf(req);
  if ('status' in body) return body;
  if (typeof body.value !== 'object' || body.value === null || Array.isArray(body.value)) return bad('', 'Expected object');
  const read = readFields(body.value as Fields, CREATE_KEYS, true);
  if (isAnswer(read)) return read;
  const goal = read.goal ?? null;
  const judgeEnabled = read.judgeEnabled ?? true;
  if (read.targets?.some((t) => t.type === 'search') && goal === null && judgeEnabled) return bad('goal', 'A search target needs a goal unless judgeEnabled is false.');
  const at = nowOf(state).toISOString();
  const m: Monitor = {
    id: randomUUID(), apiKey: team.apiKey, name: read.name ?? '', status: 'active', schedule: read.schedule ?? { timezone: 'UTC' },
    parsed: read.parsed ?? { sent: { cron: '0 0 * * *' }, cron: '0 0 * * *', intervalMinutes: 1440 }, targets: read.targets ?? [],
    ...(read.webhook ? { webhook: read.webhook } : {}), retentionDays: read.retentionDays ?? 30, goal, judgeEnabled,
    nextRunAt: null, lastRunAt: null, lastCheckSummary: null, createdAt: at, updatedAt: at, checks: [], last: new Map(),
  };
  m.nextRunAt = nextRunAt(m, nowOf(state));
  sideOf(state).monitors.set(m.id, m);
  return { status: 200, body: { success: true, data: shown(m, state) } };
}

function update(state: EmulatorState, m: Monitor, req: ReadRequest): Answer {
  const body = bodyOf(req);
  if ('status' in body) return body;
  if (typeof body.value !== 'object' || body.value === null || Array.isArray(body.value)) return bad('', 'Expected object');
  const read = readFields(body.value as Fields, UPDATE_KEYS, false);
  if (isAnswer(read)) return read;
  Object.assign(m, read, { updatedAt: nowOf(state).toISOString() });
  if (read.targets) m.last.clear();
  // A paused monitor has no next run; resumed, it runs at the schedule's next time from now.
  m.nextRunAt = m.status === 'paused' ? null : nextRunAt(m, nowOf(state));
  return { status: 200, body: { success: true, data: shown(m, state) } };
}

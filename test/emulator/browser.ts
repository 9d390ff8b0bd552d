// Browser sessions (issue 39) in the published shapes: POST|GET /v2/interact, POST
// /v2/interact/{id}/execute, DELETE /v2/interact/{id} (and the SDK's names for the same, /v2/browser…),
// and a scrape's own browser, POST|DELETE /v2/scrape/{scrapeId}/interact. A session lives on the
// emulator's clock (moved with POST /_emulator/clock): it is destroyed when its ttl runs out, or
// when nothing ran for its activityTtl. It is billed by its duration, BROWSER_CREDITS_PER_MINUTE a
// started minute, when it stops. Its live view is a page this emulator serves (/_live/{id}) showing
// the session's address. Code runs through ./browser-executor.ts, which runs nothing.
import { randomBytes, randomUUID } from 'node:crypto';
import { execute, type BrowserLanguage, type BrowserPage } from './browser-executor';
import { plausiblePage } from './demo-pages';
import { nowOf } from './monitors';
import type { Answer, ReadRequest } from './routes';
import { unrecognizedKeysBody } from './search-fields';
import type { EmulatorState, TeamState } from './state';

/** The emulator's own price: the service publishes none for a browser minute. */
export const BROWSER_CREDITS_PER_MINUTE = 2;
const CREATE_KEYS = new Set(['ttl', 'activityTtl', 'streamWebView', 'profile', 'integration', 'origin']);
const EXECUTE_KEYS = new Set(['code', 'language', 'timeout', 'origin']);
const SCRAPE_KEYS = new Set([...EXECUTE_KEYS, 'prompt']);
const LANGUAGES: readonly BrowserLanguage[] = ['node', 'python', 'bash'];
const BLANK: BrowserPage = { url: 'about:blank', title: '' };

interface Session {
  id: string;
  apiKey: string;
  /** The scrape whose browser this is, for POST /v2/scrape/{id}/interact. */
  scrapeId?: string;
  createdAt: number;
  expiresAt: number;
  activityTtlMs: number | undefined;
  lastActivity: number;
  streamWebView: boolean;
  profile?: string;
  page: BrowserPage;
  /** Set when it stopped: by DELETE, or found expired. */
  destroyedAt?: number;
  creditsBilled?: number;
  viewToken: string;
  cdpToken: string;
}

interface BrowserSide { sessions: Map<string, Session>; scrapes: Map<string, { apiKey: string; url: string }> }
const sides = new WeakMap<EmulatorState, BrowserSide>();

function sideOf(state: EmulatorState): BrowserSide {
  let side = sides.get(state);
  if (!side) {
    side = { sessions: new Map(), scrapes: new Map() };
    sides.set(state, side);
  }
  return side;
}

const fail = (status: number, error: string): Answer => ({ status, body: { success: false, error } });
const bad = (path: string, message: string): Answer => ({ status: 400, body: { success: false, code: 'BAD_REQUEST', error: 'Bad Request', details: [{ code: 'custom', path: [path], message }] } });

export interface BrowserRoute { kind: 'sessions' | 'execute' | 'one' | 'scrape'; id?: string; allowed: string[] }

export function matchBrowserRoute(path: string): BrowserRoute | undefined {
  if (path === '/v2/interact' || path === '/v2/browser') return { kind: 'sessions', allowed: ['GET', 'POST'] };
  const scrape = /^\/v2\/scrape\/([^/]+)\/interact$/.exec(path);
  if (scrape?.[1] !== undefined) return { kind: 'scrape', id: decodeURIComponent(scrape[1]), allowed: ['POST', 'DELETE'] };
  const m = /^\/v2\/(?:interact|browser)\/([^/]+)(\/execute)?$/.exec(path);
  if (m?.[1] === undefined) return undefined;
  const id = decodeURIComponent(m[1]);
  return m[2] ? { kind: 'execute', id, allowed: ['POST'] } : { kind: 'one', id, allowed: ['DELETE'] };
}

/** A scrape's id and address, so its browser can open at the page (called for every answered scrape). */
export function rememberScrape(state: EmulatorState, team: TeamState, body: unknown): void {
  if (typeof body !== 'object' || body === null || !('data' in body)) return;
  const data = body.data;
  if (typeof data !== 'object' || data === null || !('metadata' in data)) return;
  const meta = data.metadata;
  if (typeof meta !== 'object' || meta === null) return;
  const id = 'scrapeId' in meta ? meta.scrapeId : undefined;
  const url = 'url' in meta ? meta.url : undefined;
  if (typeof id === 'string' && typeof url === 'string') sideOf(state).scrapes.set(id.toLowerCase(), { apiKey: team.apiKey, url });
}

/** The page the emulator's web shows at an address: the corpus's, a made-up one in the sandbox, else a 404 page. */
function openPage(state: EmulatorState, address: string): BrowserPage | undefined {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  const known = state.corpus.byUrl.get(url.href)?.page ?? state.corpus.byUrl.get(address)?.page;
  if (known) return { url: known.url, title: known.title };
  if (state.demoPages && url.protocol === 'https:') return { url: url.href, title: plausiblePage(state.corpus, url).title };
  return { url: url.href, title: 'Not Found' };
}

/** Stops a session at `at`, billing its duration (a started minute at a time, one at least). */
function destroy(state: EmulatorState, session: Session, at: number): void {
  if (session.destroyedAt !== undefined) return;
  session.destroyedAt = at;
  const minutes = Math.max(1, Math.ceil((at - session.createdAt) / 60_000));
  session.creditsBilled = minutes * BROWSER_CREDITS_PER_MINUTE;
  const team = state.teams.get(session.apiKey);
  if (team) state.charge(team, session.creditsBilled, { endpoint: 'browser', id: session.id });
}

/** Bills the sessions whose ttl ran out by now (the team's usage is read: what they cost is spent). */
export function billExpiredSessions(state: EmulatorState): void {
  expire(state, nowOf(state).getTime());
}

/** Destroys every session whose ttl or activity ttl ran out by now, at the moment it did. */
function expire(state: EmulatorState, now: number): void {
  for (const session of sideOf(state).sessions.values()) {
    if (session.destroyedAt !== undefined) continue;
    const idleEnd = session.activityTtlMs === undefined ? Infinity : session.lastActivity + session.activityTtlMs;
    const end = Math.min(session.expiresAt, idleEnd);
    if (end <= now) destroy(state, session, end);
  }
}

function links(req: ReadRequest, session: Session): { cdpUrl: string; liveViewUrl: string; interactiveLiveViewUrl: string } {
  const base = `${req.scheme ?? 'http'}://${req.host ?? '127.0.0.1'}/_live/${session.id}?token=${session.viewToken}`;
  // A fake credential: no such host answers, and the token is what a real one would carry.
  return { cdpUrl: `wss://cdp.emulator.invalid/devtools/browser/${session.id}?token=${session.cdpToken}`, liveViewUrl: base, interactiveLiveViewUrl: `${base}&interactive=true` };
}

function newSession(state: EmulatorState, team: TeamState, ttlS: number, options: { activityTtlS?: number; streamWebView?: boolean; profile?: string; scrapeId?: string; page?: BrowserPage }): Session {
  const now = nowOf(state).getTime();
  const session: Session = {
    id: randomUUID(), apiKey: team.apiKey, createdAt: now, expiresAt: now + ttlS * 1000, lastActivity: now,
    activityTtlMs: options.activityTtlS === undefined ? undefined : options.activityTtlS * 1000,
    streamWebView: options.streamWebView ?? true, page: options.page ?? BLANK,
    viewToken: randomBytes(12).toString('hex'), cdpToken: randomBytes(16).toString('hex'),
    ...(options.profile === undefined ? {} : { profile: options.profile }),
    ...(options.scrapeId === undefined ? {} : { scrapeId: options.scrapeId }),
  };
  sideOf(state).sessions.set(session.id, session);
  return session;
}

function isInt(value: unknown, min: number, max: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
}

/** The body's fields, or `refused`: the 400 for a body that is not a JSON object of known keys. */
function fieldsOf(req: ReadRequest, keys: Set<string>): { fields: Record<string, unknown> } | { refused: Answer } {
  if (req.json !== undefined && !/^application\/json\s*(;|$)/i.test(req.contentType)) return { refused: fail(400, 'Bad request: the body must be sent with "Content-Type: application/json".') };
  if (req.json === undefined && req.jsonError !== undefined) return { refused: fail(400, `Bad request: the body is not valid JSON (${req.jsonError}).`) };
  const value: unknown = req.json === undefined ? {} : req.json.value;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { refused: bad('', 'Expected object') };
  const fields = value as Record<string, unknown>;
  const unknown = Object.keys(fields).filter((k) => !keys.has(k));
  if (unknown.length > 0) return { refused: { status: 400, body: unrecognizedKeysBody(unknown, []) } };
  return { fields };
}

function create(state: EmulatorState, team: TeamState, req: ReadRequest): Answer {
  const read = fieldsOf(req, CREATE_KEYS);
  if ('refused' in read) return read.refused;
  const fields = read.fields;
  if (fields.ttl !== undefined && !isInt(fields.ttl, 30, 3600)) return bad('ttl', 'Number must be a whole number of seconds from 30 to 3600');
  if (fields.activityTtl !== undefined && !isInt(fields.activityTtl, 10, 3600)) return bad('activityTtl', 'Number must be a whole number of seconds from 10 to 3600');
  if (fields.streamWebView !== undefined && typeof fields.streamWebView !== 'boolean') return bad('streamWebView', 'Expected boolean');
  const profile = fields.profile;
  let name: string | undefined;
  if (profile !== undefined) {
    const given = typeof profile === 'object' && profile !== null && 'name' in profile ? profile.name : undefined;
    if (typeof given !== 'string' || given.length < 1 || given.length > 128) return bad('profile.name', 'String must contain 1 to 128 character(s)');
    name = given;
  }
  if (team.usage !== null && team.usage.remainingTokens <= 0) return fail(402, 'Insufficient credits to start a browser session.');
  const session = newSession(state, team, typeof fields.ttl === 'number' ? fields.ttl : 300, {
    ...(typeof fields.activityTtl === 'number' ? { activityTtlS: fields.activityTtl } : {}),
    ...(typeof fields.streamWebView === 'boolean' ? { streamWebView: fields.streamWebView } : {}),
    ...(name === undefined ? {} : { profile: name }),
  });
  return { status: 200, body: { success: true, id: session.id, ...links(req, session), expiresAt: new Date(session.expiresAt).toISOString() } };
}

function list(state: EmulatorState, team: TeamState, req: ReadRequest): Answer {
  const status = new URLSearchParams(req.query).get('status');
  if (status !== null && status !== 'active' && status !== 'destroyed') return bad('status', "Invalid enum value. Expected 'active' | 'destroyed'");
  const sessions = [...sideOf(state).sessions.values()]
    .filter((s) => s.apiKey === team.apiKey && s.scrapeId === undefined)
    .map((s) => ({ s, status: s.destroyedAt === undefined ? 'active' : 'destroyed' }))
    .filter((x) => status === null || x.status === status)
    .map(({ s, status: st }) => ({
      id: s.id, status: st, ...links(req, s), streamWebView: s.streamWebView,
      createdAt: new Date(s.createdAt).toISOString(), lastActivity: new Date(s.lastActivity).toISOString(),
    }));
  return { status: 200, body: { success: true, sessions } };
}

/** The code, language and timeout of a run, or the 400 for them. */
function runOf(fields: Record<string, unknown>, defaultTimeout: number): { code: string; language: BrowserLanguage; timeout: number } | Answer {
  if (typeof fields.code !== 'string' || fields.code.length < 1) return bad('code', 'Required: the code to run (1 to 100000 characters)');
  if (fields.code.length > 100_000) return bad('code', 'String must contain at most 100000 character(s)');
  const language = fields.language ?? 'node';
  const known = LANGUAGES.find((l) => l === language);
  if (known === undefined) return bad('language', "Invalid enum value. Expected 'python' | 'node' | 'bash'");
  if (fields.timeout !== undefined && !isInt(fields.timeout, 1, 300)) return bad('timeout', 'Number must be a whole number of seconds from 1 to 300');
  return { code: fields.code, language: known, timeout: typeof fields.timeout === 'number' ? fields.timeout : defaultTimeout };
}

function run(state: EmulatorState, session: Session, asked: { code: string; language: BrowserLanguage; timeout: number }): { body: Record<string, unknown>; delayMs: number } {
  const done = execute(asked.code, asked.language, asked.timeout, session.page, (url) => openPage(state, url));
  session.page = done.page;
  session.lastActivity = nowOf(state).getTime();
  return { body: { stdout: done.stdout, result: done.stdout.trimEnd(), stderr: done.stderr, exitCode: done.exitCode, killed: done.killed, error: done.error }, delayMs: done.waitMs };
}

function live(state: EmulatorState, team: TeamState, id: string): Session | Answer {
  const now = nowOf(state).getTime();
  expire(state, now);
  const session = sideOf(state).sessions.get(id);
  if (session === undefined || session.apiKey !== team.apiKey || session.scrapeId !== undefined) return fail(404, `Browser session ${id} not found.`);
  if (session.destroyedAt !== undefined) return fail(410, `Browser session ${id} was destroyed (stopped, or its ttl ran out).`);
  return session;
}

function scrapeInteract(state: EmulatorState, team: TeamState, scrapeId: string, req: ReadRequest): Answer {
  const key = scrapeId.toLowerCase();
  const scraped = sideOf(state).scrapes.get(key);
  if (scraped === undefined || scraped.apiKey !== team.apiKey) return fail(404, 'Scrape job not found, or it belongs to another team.');
  const open = [...sideOf(state).sessions.values()].find((s) => s.scrapeId === key && s.destroyedAt === undefined);
  if (req.method === 'DELETE') {
    if (open === undefined) return fail(404, 'No interact session is open for this scrape.');
    destroy(state, open, nowOf(state).getTime());
    return { status: 200, body: { success: true, sessionDurationMs: (open.destroyedAt ?? 0) - open.createdAt, creditsBilled: open.creditsBilled } };
  }
  const read = fieldsOf(req, SCRAPE_KEYS);
  if ('refused' in read) return read.refused;
  const fields = read.fields;
  if (typeof fields.prompt === 'string' && fields.code === undefined) {
    return fail(400, 'Unsupported in the emulator: a prompt needs the service\'s model; send `code` instead.');
  }
  const asked = runOf(fields, 30);
  if ('status' in asked) return asked;
  const session = open ?? newSession(state, team, 600, { scrapeId: key, page: openPage(state, scraped.url) ?? BLANK });
  const done = run(state, session, asked);
  return { status: 200, body: { success: true, ...links(req, session), output: done.body.stdout, ...done.body }, delayMs: done.delayMs };
}

export function answerBrowser(state: EmulatorState, team: TeamState, route: BrowserRoute, req: ReadRequest): Answer {
  if (route.kind === 'scrape') return scrapeInteract(state, team, route.id ?? '', req);
  expire(state, nowOf(state).getTime());
  if (route.kind === 'sessions') return req.method === 'POST' ? create(state, team, req) : list(state, team, req);
  const session = live(state, team, route.id ?? '');
  if ('status' in session) return session;
  if (route.kind === 'one') {
    destroy(state, session, nowOf(state).getTime());
    return { status: 200, body: { success: true, sessionDurationMs: (session.destroyedAt ?? 0) - session.createdAt, creditsBilled: session.creditsBilled } };
  }
  const read = fieldsOf(req, EXECUTE_KEYS);
  if ('refused' in read) return read.refused;
  const asked = runOf(read.fields, 30);
  if ('status' in asked) return asked;
  const done = run(state, session, asked);
  return { status: 200, body: { success: true, ...done.body }, delayMs: done.delayMs };
}

const escape = (text: string): string => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** GET /_live/{id}?token=…: the live view, a page naming the session's address; no key, the token is the credential. */
export function liveView(state: EmulatorState, path: string, query: string): { status: number; html: string } | undefined {
  const m = /^\/_live\/([^/]+)$/.exec(path);
  if (m?.[1] === undefined) return undefined;
  const params = new URLSearchParams(query);
  expire(state, nowOf(state).getTime());
  const session = sideOf(state).sessions.get(decodeURIComponent(m[1]));
  if (session === undefined || params.get('token') !== session.viewToken) return { status: 404, html: '<!doctype html><title>Not found</title><p>No such live view.</p>' };
  const interactive = params.get('interactive') === 'true';
  const status = session.destroyedAt === undefined ? 'active' : 'destroyed';
  return {
    status: 200,
    html: `<!doctype html><html><head><meta charset="utf-8"><title>Live view: ${escape(session.page.title || session.page.url)}</title></head>`
      + `<body><h1>Emulated browser</h1><p>Session <code>${escape(session.id)}</code> (${status}${interactive ? ', interactive' : ', view only'})</p>`
      + `<p>Address: <span id="address">${escape(session.page.url)}</span></p><p>Title: <span id="title">${escape(session.page.title)}</span></p></body></html>`,
  };
}

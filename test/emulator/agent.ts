// POST /v2/agent, GET and DELETE /v2/agent/{jobId} (issue 36), in the published shapes: a run
// plans its actions at its start (a search when no addresses are given, a scrape of each page,
// an extraction), then does one every ACTION_MS of the emulator's clock, its credits growing with
// each. A run whose next action would pass its `maxCredits` (the service's default 2,500 when none
// is sent) fails there. When the start named a `webhook`, the emulator delivers its events itself:
// agent.started, an agent.action per action, and agent.completed, .failed or .cancelled, each with
// the start's `metadata` and headers, signed as every other delivery. A run's credits are charged to
// its team as its actions are done (chargeAgentRuns), as the service bills a run, so the team's
// credit and token usage fall with it.
import type { Answer } from './routes';
import type { EmulatorState, TeamState } from './state';
import type { CorpusPage } from './corpus';
import { demoPage, type DemoPage } from './demo-pages';
import { jobIdFor, RETENTION_MS } from './jobs';
import { jsonFromPage } from './json-shape';
import { unrecognizedKeysBody } from './search-fields';
import { makeEvent } from './webhook-sender';
import { senderOf } from './webhooks';

export const AGENT_MODELS = ['spark-2', 'spark-1-mini', 'spark-1-pro'] as const;
type Model = (typeof AGENT_MODELS)[number];
/** The service's bound when a start sends none. */
export const SERVICE_DEFAULT_MAX_CREDITS = 2500;
/** One action every this many ms of the emulator's clock. */
export const ACTION_MS = 700;
/** Credits of each kind of action on spark-1-mini; the emulator's own prices, the service publishes none. */
const ACTION_CREDITS = { search: 2, scrape: 3, extract: 5 } as const;
/** Each model's price as a multiple of spark-1-mini's (spark-1-mini is the cheap one). */
export const MODEL_FACTOR: Record<Model, number> = { 'spark-1-mini': 1, 'spark-1-pro': 3, 'spark-2': 2 };
const AGENT_KEYS = new Set(['prompt', 'urls', 'schema', 'maxCredits', 'strictConstrainToURLs', 'model', 'webhook', 'effort', 'auditMetadata', 'threatProtection', 'origin', 'integration']);
const EVENTS = ['started', 'action', 'completed', 'failed', 'cancelled'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DELIVERY_TICK_MS = 200;
const MAX_TICKS = 1500;

type Fields = Record<string, unknown>;

interface AgentAction { action: 'search' | 'scrape' | 'extract'; input: Fields; credits: number }

interface AgentWebhook { url: string; headers: Record<string, string>; metadata?: Fields; events: Set<string> }

export interface AgentRun {
  id: string;
  apiKey: string;
  model: Model;
  maxCredits: number;
  startedAt: number;
  actions: AgentAction[];
  pages: DemoPage[];
  schema: Fields | undefined;
  prompt: string;
  cancelledAt: number | undefined;
  /** The credits of its actions already taken off its team's balance. */
  charged: number;
}

const runs = new WeakMap<EmulatorState, Map<string, AgentRun>>();

function runsOf(state: EmulatorState): Map<string, AgentRun> {
  let map = runs.get(state);
  if (!map) {
    map = new Map();
    runs.set(state, map);
  }
  return map;
}

const fail = (status: number, error: string, details?: unknown[]): Answer => ({ status, body: { success: false, error, ...(details ? { code: 'BAD_REQUEST', details } : {}) } });

/** `/v2/agent/{id}`'s id, or undefined for another path. */
export function matchAgentRoute(path: string): { id: string } | undefined {
  const m = /^\/v2\/agent\/([^/]+)$/.exec(path);
  return m?.[1] === undefined ? undefined : { id: decodeURIComponent(m[1]) };
}

function httpUrl(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** The corpus pages a prompt's words find best, at most three. */
function pagesFor(state: EmulatorState, prompt: string): CorpusPage[] {
  const words = prompt.toLowerCase().split(/\W+/).filter((w) => w.length > 3);
  return state.corpus.pages
    .map(({ page }, index) => ({ page, index, score: words.filter((w) => `${page.title} ${page.markdown}`.toLowerCase().includes(w)).length }))
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, 3)
    .map((s) => s.page);
}

function readWebhook(value: unknown): AgentWebhook | string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'webhook must be an object';
  const hook = value as Fields;
  const url = httpUrl(hook.url);
  if (url === undefined) return 'webhook.url must be an http(s) URL';
  const headers: Record<string, string> = {};
  if (typeof hook.headers === 'object' && hook.headers !== null) {
    for (const [name, text] of Object.entries(hook.headers)) if (typeof text === 'string') headers[name.toLowerCase()] = text;
  }
  const events = Array.isArray(hook.events) ? hook.events.filter((e): e is string => typeof e === 'string') : EVENTS;
  const metadata = typeof hook.metadata === 'object' && hook.metadata !== null ? hook.metadata as Fields : undefined;
  return { url, headers, ...(metadata ? { metadata } : {}), events: new Set(events) };
}

function check(body: unknown): { fields: Fields; urls: string[]; model: Model; maxCredits: number } | Answer {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return fail(400, 'Bad Request', [{ code: 'invalid_type', path: [], message: 'Expected object' }]);
  const fields = body as Fields;
  const unknown = Object.keys(fields).filter((key) => !AGENT_KEYS.has(key));
  if (unknown.length > 0) return { status: 400, body: unrecognizedKeysBody(unknown, []) };
  const problems: Array<{ code: string; path: string[]; message: string }> = [];
  if (typeof fields.prompt !== 'string' || fields.prompt.trim() === '') problems.push({ code: 'invalid_type', path: ['prompt'], message: 'Invalid input: expected string' });
  else if (fields.prompt.length > 10_000) problems.push({ code: 'too_big', path: ['prompt'], message: 'String must contain at most 10000 character(s)' });
  const urls = Array.isArray(fields.urls) ? fields.urls.map(httpUrl) : [];
  if (fields.urls !== undefined && (!Array.isArray(fields.urls) || urls.some((u) => u === undefined))) problems.push({ code: 'invalid_string', path: ['urls'], message: 'Invalid url' });
  if (fields.schema !== undefined && (typeof fields.schema !== 'object' || fields.schema === null || Array.isArray(fields.schema))) problems.push({ code: 'invalid_type', path: ['schema'], message: 'Expected object' });
  if (fields.maxCredits !== undefined && (typeof fields.maxCredits !== 'number' || !(fields.maxCredits > 0))) problems.push({ code: 'too_small', path: ['maxCredits'], message: 'Number must be greater than 0' });
  const model = fields.model ?? 'spark-1-pro';
  if (!AGENT_MODELS.some((m) => m === model)) problems.push({ code: 'invalid_enum_value', path: ['model'], message: `Invalid enum value. Expected 'spark-2' | 'spark-1-mini' | 'spark-1-pro'` });
  if (problems.length > 0) return fail(400, 'Bad Request', problems);
  return { fields, urls: urls.filter((u): u is string => u !== undefined), model: model as Model, maxCredits: typeof fields.maxCredits === 'number' ? fields.maxCredits : SERVICE_DEFAULT_MAX_CREDITS };
}

export function answerAgentStart(state: EmulatorState, team: TeamState, body: unknown): Answer {
  const checked = check(body);
  if ('status' in checked) return checked;
  const hook = readWebhook(checked.fields.webhook);
  if (typeof hook === 'string') return fail(400, 'Bad Request', [{ code: 'custom', path: ['webhook'], message: hook }]);
  const prompt = String(checked.fields.prompt);
  const now = state.now().getTime();
  const factor = MODEL_FACTOR[checked.model];
  const pages = checked.urls.length > 0 ? checked.urls.slice(0, 3).map((url) => demoPage(state.corpus, url)) : pagesFor(state, prompt);
  const schema = typeof checked.fields.schema === 'object' && checked.fields.schema !== null ? checked.fields.schema as Fields : undefined;
  const actions: AgentAction[] = [
    ...(checked.urls.length === 0 ? [{ action: 'search' as const, input: { query: prompt.slice(0, 100) }, credits: ACTION_CREDITS.search * factor }] : []),
    ...pages.map((page) => ({ action: 'scrape' as const, input: { url: page.url }, credits: ACTION_CREDITS.scrape * factor })),
    { action: 'extract', input: { fields: schema && typeof schema.properties === 'object' && schema.properties !== null ? Object.keys(schema.properties) : [] }, credits: ACTION_CREDITS.extract * factor },
  ];
  const run: AgentRun = { id: jobIdFor(`agent ${prompt} ${now} ${runsOf(state).size}`), apiKey: team.apiKey, model: checked.model, maxCredits: checked.maxCredits, startedAt: now, actions, pages, schema, prompt, cancelledAt: undefined, charged: 0 };
  runsOf(state).set(run.id, run);
  if (hook) deliverAsItRuns(state, run, hook);
  return { status: 200, body: { success: true, id: run.id } };
}

type RunState =
  | { status: 'processing'; done: number; creditsUsed: number }
  | { status: 'completed'; done: number; creditsUsed: number }
  | { status: 'failed'; done: number; creditsUsed: number; error: string }
  | { status: 'cancelled'; done: number; creditsUsed: number };

/** Where a run is at a time of the emulator's clock. */
export function runState(run: AgentRun, now: number): RunState {
  const at = run.cancelledAt ?? now;
  const steps = Math.floor(Math.max(0, at - run.startedAt) / ACTION_MS);
  let creditsUsed = 0;
  let done = 0;
  for (const action of run.actions) {
    if (done >= steps) break;
    if (creditsUsed + action.credits > run.maxCredits) {
      return { status: 'failed', done, creditsUsed, error: `The agent stopped before ${action.action === 'extract' ? 'extracting the data' : `its next ${action.action}`}: it would pass the run's maxCredits of ${run.maxCredits} credits (${creditsUsed} used). Raise maxCredits to let it finish.` };
    }
    creditsUsed += action.credits;
    done++;
  }
  if (run.cancelledAt !== undefined && done < run.actions.length) return { status: 'cancelled', done, creditsUsed };
  // The answer comes a step after the last action.
  return done >= run.actions.length && steps > run.actions.length ? { status: 'completed', done, creditsUsed } : { status: 'processing', done, creditsUsed };
}

/**
 * Takes the credits of the team's runs' actions done by now off its balance, each once: runs advance
 * with the clock, not with requests, so this is called before the team's requests are answered.
 */
export function chargeAgentRuns(state: EmulatorState, team: TeamState): void {
  const now = state.now().getTime();
  for (const run of runsOf(state).values()) {
    if (run.apiKey !== team.apiKey) continue;
    const used = runState(run, now).creditsUsed;
    if (used <= run.charged) continue;
    state.charge(team, used - run.charged, { endpoint: 'agent', id: run.id });
    run.charged = used;
  }
}

function dataOf(run: AgentRun): Fields {
  const first = run.pages[0];
  if (!first) return { answer: `Nothing was found for: ${run.prompt.slice(0, 200)}` };
  if (run.schema) return jsonFromPage(first, run.schema, run.prompt);
  return { answer: first.description, sources: run.pages.map((page) => page.url) };
}

export function answerAgent(state: EmulatorState, team: TeamState, id: string, method: string): Answer {
  if (!UUID.test(id)) return fail(400, 'Invalid job ID format. Job ID must be a valid UUID.');
  const run = runsOf(state).get(id.toLowerCase());
  const now = state.now().getTime();
  if (run === undefined || run.apiKey !== team.apiKey || now - run.startedAt > RETENTION_MS) return fail(404, 'Agent job not found');
  const at = runState(run, now);
  if (method === 'DELETE') {
    if (at.status !== 'processing') return fail(409, `Agent job is already ${at.status}`);
    run.cancelledAt = now;
    return { status: 200, body: { success: true } };
  }
  const expiresAt = new Date(run.startedAt + RETENTION_MS).toISOString();
  const common = { model: run.model, expiresAt, creditsUsed: at.creditsUsed };
  switch (at.status) {
    case 'completed': return { status: 200, body: { success: true, status: 'completed', data: dataOf(run), ...common } };
    case 'failed': return { status: 200, body: { success: true, status: 'failed', error: at.error, ...common } };
    // The published statuses have no "cancelled": a cancelled run reads as failed, saying so.
    case 'cancelled': return { status: 200, body: { success: true, status: 'failed', error: 'The agent job was cancelled.', ...common } };
    case 'processing': return { status: 200, body: { success: true, status: 'processing', ...common } };
  }
}

/** The run's own deliveries, a tick at a time, until it ends (or MAX_TICKS). */
function deliverAsItRuns(state: EmulatorState, run: AgentRun, hook: AgentWebhook): void {
  const sender = senderOf(state);
  const send = async (event: string, data: unknown[], success: boolean, error?: string): Promise<void> => {
    if (!hook.events.has(event)) return;
    try {
      await sender.sendTo(hook, { ...makeEvent(`agent.${event}`, { id: run.id, data, success, ...(hook.metadata ? { metadata: hook.metadata } : {}) }), ...(error ? { error } : {}) });
    } catch {
      // The receiver could not be reached; the service, too, moves on.
    }
  };
  let ticks = 0;
  let sent = -1;
  let ended = false;
  let sending = false;
  const tick = async (): Promise<void> => {
    if (sending || ended) return;
    sending = true;
    try {
      if (sent < 0) {
        sent = 0;
        await send('started', [], true);
      }
      const at = runState(run, state.now().getTime());
      let credits = 0;
      for (let i = 0; i < at.done; i++) {
        const action = run.actions[i];
        if (!action) break;
        credits += action.credits;
        if (i < sent) continue;
        await send('action', [{ creditsUsed: credits, action: action.action, input: action.input }], true);
        sent = i + 1;
      }
      if (at.status === 'processing') return;
      ended = true;
      if (at.status === 'completed') await send('completed', [{ creditsUsed: at.creditsUsed, data: dataOf(run) }], true);
      else if (at.status === 'failed') await send('failed', [{ creditsUsed: at.creditsUsed }], false, at.error);
      else await send('cancelled', [{ creditsUsed: at.creditsUsed }], false);
    } finally {
      sending = false;
    }
  };
  const timer = setInterval(() => {
    ticks++;
    if (ended || ticks > MAX_TICKS) {
      clearInterval(timer);
      state.timers.delete(timer);
      return;
    }
    void tick();
  }, DELIVERY_TICK_MS);
  timer.unref();
  state.timers.add(timer);
}

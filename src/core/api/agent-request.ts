// Checks a research run's start before it is sent (POST /v2/agent, issue 36), as the scrape and
// job checks do: every problem at once, each with its field, and an unknown key refused here rather
// than sent to be refused there. The fields are the service's published ones (prompt ≤ 10,000,
// urls, schema, maxCredits, strictConstrainToURLs, model) and the two its JS SDK 4.42 also sends
// (effort, webhook).
import { describe } from './domains';
import type { RequestProblem } from './request-types';
import type { Checked } from './scrape-request';
import { checkUrl } from '../scrape/url-check';

export const AGENT_FIELDS = ['prompt', 'urls', 'schema', 'maxCredits', 'strictConstrainToURLs', 'model', 'effort', 'webhook'] as const;
import { AGENT_EFFORTS, AGENT_MODELS, AGENT_WEBHOOK_EVENTS, MAX_AGENT_PROMPT, type AgentModel, type AgentWebhookEvent } from '../agent/fields';

export { AGENT_MODELS, AGENT_WEBHOOK_EVENTS, MAX_AGENT_PROMPT, type AgentModel, type AgentWebhookEvent } from '../agent/fields';
/** What the service spends on a run that names no bound: this client never sends one without. */
export const SERVICE_DEFAULT_AGENT_CREDITS = 2500;

export interface AgentWebhook {
  url: string;
  headers?: Record<string, string>;
  metadata?: Record<string, unknown>;
  events?: AgentWebhookEvent[];
}

export interface AgentRequest {
  prompt: string;
  urls?: string[];
  schema?: Record<string, unknown>;
  /** Required here (the service's is optional): a run never starts without a bound the person chose. */
  maxCredits: number;
  strictConstrainToURLs?: boolean;
  model?: AgentModel;
  effort?: (typeof AGENT_EFFORTS)[number];
  webhook?: AgentWebhook;
}

type Add = (field: string, message: string) => void;
type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);

function oneOf(fields: Fields, field: string, allowed: readonly string[], add: Add): void {
  const value = fields[field];
  if (value !== undefined && !allowed.some((a) => a === value)) add(field, `${field} is one of ${allowed.join(', ')}; got ${typeof value === 'string' ? JSON.stringify(value.slice(0, 20)) : describe(value)}.`);
}

function checkWebhook(value: unknown, add: Add): void {
  if (value === undefined) return;
  if (!isObject(value) || typeof value.url !== 'string') {
    add('webhook', `webhook is an object with a url; got ${describe(value)}.`);
    return;
  }
  const check = checkUrl(value.url);
  if (!check.ok) add('webhook.url', 'webhook.url is an http(s) address.');
  if (value.headers !== undefined && (!isObject(value.headers) || Object.values(value.headers).some((v) => typeof v !== 'string'))) add('webhook.headers', 'webhook.headers is an object of text values.');
  if (value.metadata !== undefined && !isObject(value.metadata)) add('webhook.metadata', 'webhook.metadata is an object.');
  if (value.events !== undefined && (!Array.isArray(value.events) || value.events.some((e) => !AGENT_WEBHOOK_EVENTS.some((known) => known === e)))) add('webhook.events', `webhook.events lists some of ${AGENT_WEBHOOK_EVENTS.join(', ')}.`);
}

/** POST /v2/agent's body, checked. A body without `maxCredits` is refused: see AgentRequest. */
export function validateAgentRequest(request: unknown): Checked<AgentRequest> {
  if (!isObject(request)) return { ok: false, problems: [{ field: 'request', message: `A research request is an object with at least a prompt; got ${describe(request)}.` }] };
  const problems: RequestProblem[] = [];
  const add: Add = (field, message) => { problems.push({ field, message }); };
  for (const key of Object.keys(request)) {
    if (request[key] !== undefined && !(AGENT_FIELDS as readonly string[]).includes(key)) add(key, `The service has no research option called "${key.slice(0, 40)}"; the options are ${AGENT_FIELDS.join(', ')}.`);
  }
  const { prompt, urls, schema, maxCredits } = request;
  if (typeof prompt !== 'string' || prompt.trim() === '') add('prompt', 'A prompt is required: what the research should find.');
  else if (prompt.length > MAX_AGENT_PROMPT) add('prompt', `The prompt is ${prompt.length.toLocaleString('en-US')} characters long; the service takes at most ${MAX_AGENT_PROMPT.toLocaleString('en-US')}.`);
  if (urls !== undefined) {
    if (!Array.isArray(urls)) add('urls', `urls is a list of addresses; got ${describe(urls)}.`);
    else urls.forEach((url: unknown, index) => { if (typeof url !== 'string' || !checkUrl(url).ok) add(`urls[${index}]`, 'Each address is an http(s) URL such as https://example.com/page.'); });
  }
  if (schema !== undefined && !isObject(schema)) add('schema', `schema is a JSON Schema object; got ${describe(schema)}.`);
  if (maxCredits === undefined) add('maxCredits', 'maxCredits is required: without it the service may spend up to 2,500 credits on one run.');
  else if (typeof maxCredits !== 'number' || !Number.isInteger(maxCredits) || maxCredits < 1) add('maxCredits', `maxCredits is a whole number of credits, at least 1; got ${typeof maxCredits === 'number' ? String(maxCredits) : describe(maxCredits)}.`);
  if (request.strictConstrainToURLs !== undefined && typeof request.strictConstrainToURLs !== 'boolean') add('strictConstrainToURLs', 'strictConstrainToURLs is true or false.');
  oneOf(request, 'model', AGENT_MODELS, add);
  oneOf(request, 'effort', AGENT_EFFORTS, add);
  checkWebhook(request.webhook, add);
  if (problems.length > 0 || typeof prompt !== 'string' || typeof maxCredits !== 'number') return { ok: false, problems };
  const body: AgentRequest = { prompt, maxCredits };
  if (Array.isArray(urls)) body.urls = urls.filter((url): url is string => typeof url === 'string');
  if (isObject(schema)) body.schema = schema;
  if (typeof request.strictConstrainToURLs === 'boolean') body.strictConstrainToURLs = request.strictConstrainToURLs;
  const model = AGENT_MODELS.find((m) => m === request.model);
  if (model) body.model = model;
  const effort = AGENT_EFFORTS.find((e) => e === request.effort);
  if (effort) body.effort = effort;
  const hook = request.webhook;
  if (isObject(hook) && typeof hook.url === 'string') {
    const headers = isObject(hook.headers) ? Object.fromEntries(Object.entries(hook.headers).filter((entry): entry is [string, string] => typeof entry[1] === 'string')) : undefined;
    const listed: unknown = hook.events;
    const events = Array.isArray(listed) ? AGENT_WEBHOOK_EVENTS.filter((e) => listed.includes(e)) : undefined;
    body.webhook = { url: hook.url, ...(headers ? { headers } : {}), ...(isObject(hook.metadata) ? { metadata: hook.metadata } : {}), ...(events ? { events } : {}) };
  }
  return { ok: true, body };
}

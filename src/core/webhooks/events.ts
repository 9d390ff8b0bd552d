// The body of a webhook delivery (spec 6.1) and its three known kinds (6.2). Tolerant on purpose:
// `data` may be non-empty where the spec says "always empty", `metadata` may be null, extra keys
// are dropped here (the raw body is kept beside the event), and an unknown `type` is kept as kind
// 'unknown' so the editor can show it rather than lose it. The agent and monitor kinds (issues 36,
// 37) also carry what their `data` reports, read as tolerantly (./event-reports.ts).
import * as z from 'zod/mini';
import { agentActionsOf, agentEndOf, monitorChecksOf, monitorPagesOf, type AgentActionReport, type AgentEndReport, type MonitorCheckReport, type MonitorPageReport } from './event-reports';

export type { AgentActionReport, AgentEndReport, MonitorCheckReport, MonitorPageReport } from './event-reports';

/** A research run's events (issue 36) and a watch's (issue 37). */
export const AGENT_EVENT_TYPES = ['agent.started', 'agent.action', 'agent.completed', 'agent.failed', 'agent.cancelled'] as const;
export const MONITOR_EVENT_TYPES = ['monitor.page', 'monitor.check.completed'] as const;
/** The event kinds the spec names (6.2), and those of the agent and monitor families. */
export const WEBHOOK_EVENT_TYPES = ['crawl.completed', 'batch_scrape.completed', 'batch_scrape.started', ...AGENT_EVENT_TYPES, ...MONITOR_EVENT_TYPES] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
type AgentEndType = 'agent.completed' | 'agent.failed' | 'agent.cancelled';

// The schemas are `z.lazy`, built on the first delivery rather than when dist/core.js loads, which
// a start with a key does for the credits (as the API's schemas, ../api/schemas.ts).

/** The fields every delivery carries (6.1). */
const eventBody = () => {
  // The spec says uuid for `id` and `webhookId`; any non-empty string is taken so that a change of
  // id format at the service does not turn every delivery into a 400. The cap bounds what the
  // de-duplication keeps in memory.
  const identifier = z.string().check(z.minLength(1), z.maxLength(256));
  return z.object({
    success: z.boolean(),
    type: identifier,
    id: identifier,
    webhookId: identifier,
    data: z.array(z.unknown()),
    metadata: z.pipe(z.nullish(z.record(z.string(), z.unknown())), z.transform((value: Record<string, unknown> | null | undefined) => value ?? undefined)),
  });
};

const WebhookEventBodySchema = z.lazy(eventBody);

// crawl.completed: `id` is the crawl job id, `data` empty (results come from GET /crawl/{id});
// batch_scrape.completed: the batch scrape job id, `data` empty (GET /batch/scrape/{id});
// batch_scrape.started: the id POST /batch/scrape returned, `data` of unstated contents.
// The agent and monitor kinds: `id` is the run's id or the watch's (monitor's) id.
const KnownWebhookEventSchema = z.lazy(() => z.discriminatedUnion('type', [
  z.extend(eventBody(), { type: z.literal('crawl.completed') }),
  z.extend(eventBody(), { type: z.literal('batch_scrape.completed') }),
  z.extend(eventBody(), { type: z.literal('batch_scrape.started') }),
  z.extend(eventBody(), { type: z.literal('agent.started') }),
  z.extend(eventBody(), { type: z.literal('agent.action') }),
  z.extend(eventBody(), { type: z.literal('agent.completed') }),
  z.extend(eventBody(), { type: z.literal('agent.failed') }),
  z.extend(eventBody(), { type: z.literal('agent.cancelled') }),
  z.extend(eventBody(), { type: z.literal('monitor.page') }),
  z.extend(eventBody(), { type: z.literal('monitor.check.completed') }),
]));

interface WebhookEventCommon {
  success: boolean;
  /** Id of the job the event is about (crawl or batch scrape). */
  id: string;
  /** Unique id of this delivery; the service repeats it when it retries. */
  webhookId: string;
  data: unknown[];
  /** The custom metadata of the webhook configuration, echoed back in every delivery. */
  metadata?: Record<string, unknown>;
}

export interface CrawlCompletedEvent extends WebhookEventCommon {
  kind: 'crawl.completed';
  type: 'crawl.completed';
}
export interface BatchScrapeCompletedEvent extends WebhookEventCommon {
  kind: 'batch_scrape.completed';
  type: 'batch_scrape.completed';
}
export interface BatchScrapeStartedEvent extends WebhookEventCommon {
  kind: 'batch_scrape.started';
  type: 'batch_scrape.started';
}
export interface AgentStartedEvent extends WebhookEventCommon {
  kind: 'agent.started';
  type: 'agent.started';
}
export interface AgentActionEvent extends WebhookEventCommon {
  kind: 'agent.action';
  type: 'agent.action';
  /** The steps reported, in order (usually one); entries that did not fit are left out. */
  actions: AgentActionReport[];
}
export interface AgentEndEvent extends WebhookEventCommon {
  kind: AgentEndType;
  type: AgentEndType;
  end: AgentEndReport;
}
export interface MonitorPageEvent extends WebhookEventCommon {
  kind: 'monitor.page';
  type: 'monitor.page';
  pages: MonitorPageReport[];
}
export interface MonitorCheckCompletedEvent extends WebhookEventCommon {
  kind: 'monitor.check.completed';
  type: 'monitor.check.completed';
  checks: MonitorCheckReport[];
}
/** A delivery whose `type` the spec does not name; `type` holds what the service sent. */
export interface UnknownWebhookEvent extends WebhookEventCommon {
  kind: 'unknown';
  type: string;
}

/**
 * A parsed delivery. Switch on `kind` to narrow (on `type` an unknown event's string overlaps the
 * known literals); for the known kinds `kind === type`.
 */
export type WebhookEvent =
  | CrawlCompletedEvent | BatchScrapeCompletedEvent | BatchScrapeStartedEvent
  | AgentStartedEvent | AgentActionEvent | AgentEndEvent | MonitorPageEvent | MonitorCheckCompletedEvent
  | UnknownWebhookEvent;

export type WebhookEventParseResult = { ok: true; event: WebhookEvent } | { ok: false; problem: string };

/** Checks a parsed JSON value against 6.1/6.2; `problem` says in plain words what is wrong. */
export function parseWebhookEvent(json: unknown): WebhookEventParseResult {
  const known = KnownWebhookEventSchema.safeParse(json);
  if (known.success) return { ok: true, event: withKind(known.data) };
  const common = WebhookEventBodySchema.safeParse(json);
  if (!common.success) return { ok: false, problem: describeProblem(json, common.error.issues) };
  return { ok: true, event: { ...common.data, kind: 'unknown' } };
}

type KnownBody = z.infer<typeof KnownWebhookEventSchema>;

function withKind(body: KnownBody): WebhookEvent {
  switch (body.type) {
    case 'crawl.completed':
      return { ...body, kind: body.type };
    case 'batch_scrape.completed':
      return { ...body, kind: body.type };
    case 'batch_scrape.started':
      return { ...body, kind: body.type };
    case 'agent.started':
      return { ...body, kind: body.type };
    case 'agent.action':
      return { ...body, kind: body.type, actions: agentActionsOf(body.data) };
    case 'agent.completed':
    case 'agent.failed':
    case 'agent.cancelled':
      return { ...body, kind: body.type, end: agentEndOf(body.data) };
    case 'monitor.page':
      return { ...body, kind: body.type, pages: monitorPagesOf(body.data) };
    case 'monitor.check.completed':
      return { ...body, kind: body.type, checks: monitorChecksOf(body.data) };
  }
}

export function isKnownWebhookEventType(type: string): type is WebhookEventType {
  return isKnownType(type);
}

function isKnownType(type: string): type is WebhookEventType {
  return (WEBHOOK_EVENT_TYPES as readonly string[]).includes(type);
}

/** The kind of job an event is about, from its type's prefix; undefined when unknown. */
export function webhookJobKind(event: Pick<WebhookEvent, 'type'>): 'crawl' | 'batch_scrape' | undefined {
  if (event.type.startsWith('crawl.')) return 'crawl';
  if (event.type.startsWith('batch_scrape.')) return 'batch_scrape';
  return undefined;
}

function describeProblem(json: unknown, issues: readonly z.core.$ZodIssue[]): string {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    return 'The body is not a webhook event: a JSON object with success, type, id, webhookId and data was expected.';
  }
  const parts = issues.slice(0, 3).map((issue) => describeIssue(json as Record<string, unknown>, issue));
  const more = issues.length > 3 ? ` (and ${issues.length - 3} more)` : '';
  return `The body is not a webhook event: ${parts.join('; ')}${more}.`;
}

function describeIssue(body: Record<string, unknown>, issue: z.core.$ZodIssue): string {
  const field = issue.path.map(String).join('.') || 'the body';
  const top = issue.path[0];
  if (issue.path.length === 1 && typeof top === 'string' && body[top] === undefined) return `${field} is missing`;
  if (issue.code === 'invalid_type') return `${field} should be ${article(issue.expected)}`;
  if (issue.code === 'too_small') return `${field} is empty`;
  if (issue.code === 'too_big') return `${field} is too long`;
  return `${field} is not valid`;
}

function article(expected: string): string {
  const noun = expected === 'record' ? 'object' : expected;
  return /^[aeiou]/.test(noun) ? `an ${noun}` : `a ${noun}`;
}

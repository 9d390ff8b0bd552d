// The emulator's webhook side (issue 4): one configured receiver per emulator, deliveries of any
// kind, and completing an active crawl, which removes it from its team's listing and delivers
// crawl.completed with the configuration's metadata, as the service does. Reached in process
// (webhookControl, spread into the Emulator object) and through the admin endpoint
// (handleWebhookAdmin, called by admin.ts). The secret is never echoed back.
import type { ServerResponse } from 'node:http';
import { z } from 'zod';
import type { EmulatorState, TeamState } from './state';
import { makeEvent, WebhookSender, type SendWebhookResult, type WebhookConfig, type WebhookEventBody } from './webhook-sender';
import { sendJson } from './wire';

export type { WebhookConfig, WebhookEventBody, SendWebhookResult };

export interface EmulatorWebhooks {
  /** Where deliveries go; null stops delivering. */
  setWebhook(config: WebhookConfig | null): void;
  /** Delivers an event to the configured receiver; undefined when none is configured. Rejects only when the receiver cannot be reached. */
  sendWebhook(event: WebhookEventBody): Promise<SendWebhookResult | undefined>;
  /** Sends a delivery again, byte for byte (same webhookId), as the service does when it retries. */
  repeatWebhook(webhookId: string): Promise<SendWebhookResult | undefined>;
  /**
   * Removes the crawl from the team's active list and delivers crawl.completed for it. Throws when
   * the team has no such crawl; the delivery result is undefined when no webhook is configured.
   */
  completeCrawl(apiKey: string, crawlId: string): Promise<SendWebhookResult | undefined>;
}

interface WebhookSide {
  sender: WebhookSender;
  /** A copy of the configuration, to describe it (the sender keeps its own privately). */
  config: WebhookConfig | null;
}

const sides = new WeakMap<EmulatorState, WebhookSide>();

/** One sender per emulator, made on first use so the emulator's own files need not know it. */
function sideOf(state: EmulatorState): WebhookSide {
  let side = sides.get(state);
  if (side === undefined) {
    side = { sender: new WebhookSender(), config: null };
    sides.set(state, side);
  }
  return side;
}

/** The emulator's webhook sender, for other deliveries it makes (./job-control). */
export function senderOf(state: EmulatorState): WebhookSender {
  return sideOf(state).sender;
}

function configure(side: WebhookSide, config: WebhookConfig | null): void {
  side.config = config === null ? null : { ...config };
  side.sender.setWebhook(config);
}

export function webhookControl(state: EmulatorState): EmulatorWebhooks {
  const side = sideOf(state);
  const { sender } = side;
  return {
    setWebhook: (config) => configure(side, config),
    sendWebhook: (event) => sender.send(event),
    repeatWebhook: (webhookId) => sender.repeat(webhookId),
    completeCrawl: (apiKey, crawlId) => {
      const team = state.team(apiKey);
      return completeIn(sender, team, state.jobs, crawlId);
    },
  };
}

async function completeIn(sender: WebhookSender, team: TeamState, jobs: EmulatorState['jobs'], crawlId: string): Promise<SendWebhookResult | undefined> {
  if (!team.crawls.some((c) => c.id === crawlId)) throw new Error(`The emulated team has no active crawl ${crawlId}.`);
  team.crawls = team.crawls.filter((c) => c.id !== crawlId);
  // Its results, when the emulator keeps them, are complete too: every page done, and the
  // completed event counted as sent, so GET /v2/crawl/{id} agrees with the delivery.
  const job = jobs.get(crawlId.toLowerCase());
  if (job !== undefined) {
    job.baseCompleted = job.total;
    job.completedSent = true;
  }
  // The service's crawl.completed: success true, the crawl's id, an empty data array (spec 6.2).
  return sender.send(makeEvent('crawl.completed', { id: crawlId }));
}

const WebhookConfigSchema = z
  .object({ url: z.url(), secret: z.string().min(1).optional(), metadata: z.record(z.string(), z.unknown()).optional() })
  .nullable();

const EventSchema = z.object({
  type: z.string().min(1),
  id: z.string().min(1).optional(),
  webhookId: z.string().min(1).optional(),
  data: z.array(z.unknown()).optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
  success: z.boolean().optional(),
});

const CompleteSchema = z.object({ apiKey: z.string().min(1).optional() }).nullable();

/**
 * The webhook admin routes; false when `route` ("METHOD /path") is not one of them.
 * PUT /_emulator/webhook {url, secret?, metadata?} | null; GET /_emulator/webhook;
 * POST /_emulator/webhook/events {type, id?, webhookId?, data?, metadata?, success?};
 * POST /_emulator/webhook/repeat {webhookId}; POST /_emulator/crawls/:id/complete {apiKey?}.
 */
export async function handleWebhookAdmin(state: EmulatorState, route: string, body: unknown, res: ServerResponse): Promise<boolean> {
  const side = sideOf(state);
  const { sender } = side;
  if (route === 'GET /_emulator/webhook') {
    const config = side.config;
    sendJson(res, 200, {
      success: true,
      webhook: config && { url: config.url, signed: config.secret !== undefined, metadata: config.metadata },
      sent: sender.sent.slice(-50),
    });
    return true;
  }
  if (route === 'PUT /_emulator/webhook') {
    const parsed = WebhookConfigSchema.safeParse(body);
    if (!parsed.success) return badRequest(res, parsed.error);
    configure(side, parsed.data && withoutUndefined(parsed.data));
    sendJson(res, 200, { success: true });
    return true;
  }
  if (route === 'POST /_emulator/webhook/events') {
    const parsed = EventSchema.safeParse(body);
    if (!parsed.success) return badRequest(res, parsed.error);
    const { type, ...init } = parsed.data;
    await deliver(res, () => sender.send(makeEvent(type, withoutUndefined(init))));
    return true;
  }
  if (route === 'POST /_emulator/webhook/repeat') {
    const parsed = z.object({ webhookId: z.string().min(1) }).safeParse(body);
    if (!parsed.success) return badRequest(res, parsed.error);
    await deliver(res, () => sender.repeat(parsed.data.webhookId));
    return true;
  }
  const complete = /^POST \/_emulator\/crawls\/([^/]+)\/complete$/.exec(route);
  if (complete?.[1] !== undefined) {
    const parsed = CompleteSchema.safeParse(body);
    if (!parsed.success) return badRequest(res, parsed.error);
    const crawlId = decodeURIComponent(complete[1]);
    const apiKey = parsed.data?.apiKey;
    const team = [...state.teams.values()].find((t) => (apiKey === undefined || t.apiKey === apiKey) && t.crawls.some((c) => c.id === crawlId));
    if (team === undefined) {
      sendJson(res, 404, { success: false, error: `No emulated team has an active crawl ${crawlId}.` });
      return true;
    }
    await deliver(res, () => completeIn(sender, team, state.jobs, crawlId));
    return true;
  }
  return false;
}

/** Answers with the receiver's status (null when no webhook is configured, 502 when unreachable). */
async function deliver(res: ServerResponse, send: () => Promise<SendWebhookResult | undefined>): Promise<void> {
  try {
    const result = await send();
    sendJson(res, 200, { success: true, delivered: result === undefined ? null : { status: result.status } });
  } catch (err) {
    sendJson(res, 502, { success: false, error: `The webhook receiver could not be reached: ${err instanceof Error ? err.message : String(err)}` });
  }
}

function badRequest(res: ServerResponse, error: z.ZodError): true {
  const issues = error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; ');
  sendJson(res, 400, { success: false, error: `Bad admin request: ${issues}` });
  return true;
}

/** zod leaves absent optional keys as undefined; the sender's types want them absent. */
function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

// The emulator's webhook sender: posts deliveries shaped as spec 6.1/6.2 to a receiver, signed as
// 5.4 says when a secret is given, and can repeat a delivery byte for byte (same webhookId), as
// the service does when it retries.
import { randomUUID } from 'node:crypto';
import { request as httpRequest, type Agent } from 'node:http';
import { SIGNATURE_HEADER, signBody, type WebhookEventType } from '../../src/core/webhooks';

/** A delivery body as the service sends it. */
export interface WebhookEventBody {
  success: boolean;
  type: string;
  id: string;
  webhookId: string;
  data: unknown[];
  metadata?: Record<string, unknown>;
  /** Why a job failed (agent.failed). */
  error?: string;
}

export interface WebhookEventInit {
  /** The job id; a fresh uuid by default. */
  id?: string;
  /** The delivery id; a fresh uuid by default. */
  webhookId?: string;
  metadata?: Record<string, unknown>;
  data?: unknown[];
  success?: boolean;
}

/** A delivery of the given kind; `data` is empty for the completed kinds, as the spec says. */
export function makeEvent(type: WebhookEventType | (string & {}), init: WebhookEventInit = {}): WebhookEventBody {
  const event: WebhookEventBody = {
    success: init.success ?? true,
    type,
    id: init.id ?? randomUUID(),
    webhookId: init.webhookId ?? randomUUID(),
    data: init.data ?? [],
  };
  if (init.metadata !== undefined) event.metadata = init.metadata;
  return event;
}

export interface SendWebhookOptions {
  url: string;
  /** An event (serialised here) or a raw body sent as is (for malformed deliveries). */
  event: WebhookEventBody | string | Buffer;
  /** Signs the exact bytes sent; no secret means no X-Service-Signature header. */
  secret?: string;
  /** Extra or overriding headers (e.g. a forged signature). */
  headers?: Record<string, string>;
  /** The webhook configuration's metadata, echoed into the event (when event is an object). */
  metadata?: Record<string, unknown>;
  timeoutMs?: number;
  /** A keep-alive agent for many deliveries; default: node's global agent. */
  agent?: Agent;
}

export interface SendWebhookResult {
  status: number;
  body: string;
  /** The bytes that were sent, to repeat the delivery exactly. */
  rawBody: Buffer;
}

const MAX_ANSWER_BYTES = 1024 * 1024;

export function deliveryBytes(event: SendWebhookOptions['event'], metadata?: Record<string, unknown>): Buffer {
  if (Buffer.isBuffer(event)) return event;
  if (typeof event === 'string') return Buffer.from(event, 'utf8');
  const body = metadata === undefined ? event : { ...event, metadata };
  return Buffer.from(JSON.stringify(body), 'utf8');
}

/** POSTs one delivery and resolves with the receiver's answer; rejects only on network failure. */
export function sendWebhook(options: SendWebhookOptions): Promise<SendWebhookResult> {
  const rawBody = deliveryBytes(options.event, options.metadata);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'content-length': String(rawBody.length),
    'user-agent': 'web-data-emulator-webhooks',
  };
  if (options.secret !== undefined) headers[SIGNATURE_HEADER] = signBody(rawBody, options.secret);
  Object.assign(headers, options.headers);
  return new Promise<SendWebhookResult>((resolve, reject) => {
    const req = httpRequest(options.url, { method: 'POST', headers, agent: options.agent }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size <= MAX_ANSWER_BYTES) chunks.push(chunk);
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), rawBody }));
      res.on('error', reject);
    });
    // A deadline on the answer (the condition awaited): a silent receiver fails instead of hanging.
    req.setTimeout(options.timeoutMs ?? 10_000, () => req.destroy(new Error(`The webhook receiver at ${options.url} did not answer in time.`)));
    req.on('error', reject);
    req.end(rawBody);
  });
}

/** Where the emulator delivers, as configured in the account (5.4, 6.1). */
export interface WebhookConfig {
  url: string;
  secret?: string;
  metadata?: Record<string, unknown>;
}

export interface SentDelivery {
  type: string;
  id: string;
  webhookId: string;
  /** The receiver's status, or 0 when it could not be reached. */
  status: number;
  at: number;
}

/** The emulator's side: one configured webhook, a log of what was sent, and repeats by webhookId. */
export class WebhookSender {
  private config: WebhookConfig | null = null;
  private readonly bodies = new Map<string, Buffer>();
  /** Every delivery attempt, in order (never the secret). */
  readonly sent: SentDelivery[] = [];

  setWebhook(config: WebhookConfig | null): void {
    this.config = config === null ? null : { ...config };
  }

  get configured(): boolean {
    return this.config !== null;
  }

  /** Sends an event to the configured webhook; undefined when none is configured. */
  async send(event: WebhookEventBody): Promise<SendWebhookResult | undefined> {
    const config = this.config;
    if (config === null) return undefined;
    const rawBody = deliveryBytes(event, config.metadata ?? event.metadata);
    this.remember(event.webhookId, rawBody);
    return this.post(config, event, rawBody);
  }

  /**
   * Sends an event to a job's own webhook (the `webhook` given when the job started), with its
   * custom headers, signed with the account's secret when one is configured, as the service signs
   * every delivery of the team.
   */
  async sendTo(target: { url: string; headers?: Record<string, string> }, event: WebhookEventBody): Promise<SendWebhookResult> {
    const rawBody = deliveryBytes(event);
    const record: SentDelivery = { type: event.type, id: event.id, webhookId: event.webhookId, status: 0, at: Date.now() };
    this.sent.push(record);
    const result = await sendWebhook({ url: target.url, event: rawBody, secret: this.config?.secret, headers: target.headers });
    record.status = result.status;
    return result;
  }

  /** Sends the same bytes again (same webhookId), as the service does when it retries. */
  async repeat(webhookId: string): Promise<SendWebhookResult | undefined> {
    const config = this.config;
    const rawBody = this.bodies.get(webhookId);
    if (config === null || rawBody === undefined) return undefined;
    const event = JSON.parse(rawBody.toString('utf8')) as WebhookEventBody;
    return this.post(config, event, rawBody);
  }

  private async post(config: WebhookConfig, event: WebhookEventBody, rawBody: Buffer): Promise<SendWebhookResult> {
    const record: SentDelivery = { type: event.type, id: event.id, webhookId: event.webhookId, status: 0, at: Date.now() };
    this.sent.push(record);
    const result = await sendWebhook({ url: config.url, event: rawBody, secret: config.secret });
    record.status = result.status;
    return result;
  }

  private remember(webhookId: string, rawBody: Buffer): void {
    this.bodies.set(webhookId, rawBody);
    // Bounded like everything else in the emulator: only recent deliveries can be repeated.
    if (this.bodies.size > 1_000) {
      const oldest = this.bodies.keys().next();
      if (!oldest.done) this.bodies.delete(oldest.value);
    }
  }
}

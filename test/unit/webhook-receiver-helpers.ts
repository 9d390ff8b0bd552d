// Shared by the receiver tests: a receiver that records what it saw, raw requests, bounded waits.
import { request as httpRequest } from 'node:http';
import {
  startWebhookReceiver,
  type RefusedWebhookDelivery,
  type WebhookDelivery,
  type WebhookReceiver,
  type WebhookReceiverOptions,
} from '../../src/core/webhooks';

export const SECRET = 'whsec-receiver-test';

export interface RecordingReceiver {
  receiver: WebhookReceiver;
  deliveries: WebhookDelivery[];
  refused: RefusedWebhookDelivery[];
  errors: unknown[];
}

export async function startRecordingReceiver(options: Partial<WebhookReceiverOptions> = {}): Promise<RecordingReceiver> {
  const deliveries: WebhookDelivery[] = [];
  const refused: RefusedWebhookDelivery[] = [];
  const errors: unknown[] = [];
  const receiver = await startWebhookReceiver({
    getSecret: () => SECRET,
    onDelivery: (delivery) => deliveries.push(delivery),
    onRefused: (r) => refused.push(r),
    onError: (err) => errors.push(err),
    ...options,
  });
  return { receiver, deliveries, refused, errors };
}

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * A request with full control of method, path, headers and body (chunked when no length is given).
 * Sent as JSON, as the service sends, unless `headers` says otherwise.
 */
export function rawRequest(
  base: string,
  init: { method?: string; path?: string; headers?: Record<string, string>; body?: Buffer | string; chunks?: Buffer[] },
): Promise<RawAnswer> {
  const url = new URL(init.path ?? '/', base);
  return new Promise<RawAnswer>((resolve, reject) => {
    let responded = false;
    const req = httpRequest(url, { method: init.method ?? 'POST', headers: { 'content-type': 'application/json', ...init.headers }, agent: false }, (res) => {
      responded = true;
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    // A deadline on the answer (the condition awaited), so a silent receiver fails the test instead of hanging it.
    req.setTimeout(10_000, () => req.destroy(new Error('no answer within 10 s')));
    // Writing after the server answered may fail with EPIPE; the answer is what the tests check.
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code !== 'EPIPE' && err.code !== 'ECONNRESET') reject(err);
    });
    req.on('close', () => {
      if (!responded) reject(new Error('The connection closed without an answer.'));
    });
    for (const chunk of init.chunks ?? []) req.write(chunk);
    req.end(init.body);
  });
}

export { waitFor } from './wait';

/** Only for what is part of a test (sampling a measure over time, a bound on teardown), never to let things settle. */
export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** The `error` text of a refusal's JSON body; '' when there is none, so a match fails. */
export function errorOf(body: string): string {
  const { error } = JSON.parse(body) as { error?: unknown };
  return typeof error === 'string' ? error : '';
}

// The webhook receiver (issue 4): a node:http server that accepts signed deliveries on one path.
// A good delivery is answered 200 at once and handled afterwards, since the service wants a 2xx
// within seconds. Nothing a client sends may throw out of here: every failure becomes an answer,
// and errors of the caller's own handlers go to onError.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { RecentWebhookIds, DEFAULT_DEDUPE_CAPACITY } from './dedupe';
import { claimedFields, parseDeliveryJson } from './delivery-json';
import { parseWebhookEvent, type WebhookEvent } from './events';
import { browserHeader, isJsonContentType } from './request-origin';
import { BodyBudget, answerAndClose, answerJson, declaredLength, readBody } from './http-body';
import { WebhookReceiverError, listenOn, receiverUrl, validateOptions } from './receiver-setup';
import { SIGNATURE_HEADER, verifySignature } from './signature';
import { JOB_TOKEN_HEADER, jobTokenMatches } from './job-token';

export const DEFAULT_WEBHOOK_HOST = '127.0.0.1';
export const DEFAULT_WEBHOOK_PATH = '/webhooks/web-data';
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
/**
 * Set on the receiver's answer to anything but a POST: another window that finds the port taken
 * asks with a GET, and this header says the port is this extension's receiver in another window,
 * not some other program (./receiver-probe.ts).
 */
export const RECEIVER_MARK_HEADER = 'x-web-data-receiver';
// The bytes buffered for all bodies being read at once: four full-size deliveries, or thousands
// of real ones (a delivery is a few hundred bytes), and a few MiB of the editor's memory at most.
export const DEFAULT_MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
/** What a 503 for a full budget asks the sender to wait, in seconds. */
const BUSY_RETRY_AFTER_S = 5;
export const DEFAULT_HEADERS_TIMEOUT_MS = 10_000;
export const DEFAULT_REQUEST_TIMEOUT_MS = 15_000;
// Room for a burst of 500 deliveries on connections open at once (each one past the limit is
// dropped unanswered, and the spec promises no retry), yet a bound on what slow clients can hold.
export const DEFAULT_MAX_CONNECTIONS = 1024;

/** 'verified': the signature matched the secret. 'unsigned': no secret was set, nothing was checked. */
export type WebhookVerification = 'verified' | 'unsigned';

export interface WebhookDelivery {
  event: WebhookEvent;
  verification: WebhookVerification;
  /** Date.now() when the request arrived. */
  receivedAt: number;
  /** The body exactly as received (UTF-8), for showing the payload. */
  rawBody: string;
}

/** A request the receiver answered with 4xx (or 500), for a list of refused deliveries. */
export interface RefusedWebhookDelivery {
  status: number;
  /** Plain words, for a person. */
  reason: string;
  receivedAt: number;
  method: string;
  /** The requested path, without the query, cut to 200 characters. */
  path: string;
  /** What the body claimed, when it was JSON with these fields (not verified). */
  type?: string;
  id?: string;
  webhookId?: string;
}

export interface WebhookReceiverOptions {
  /** Address to bind; default 127.0.0.1 (loopback only). */
  host?: string;
  /** Default 0: a free port chosen by the system. */
  port?: number;
  /** The one path that accepts POST; default /webhooks/web-data. */
  path?: string;
  /** Larger bodies are refused with 413; default 1 MiB. */
  maxBodyBytes?: number;
  /** Bytes buffered across all bodies being read at once; past it, 503. Default 4 MiB. */
  maxBufferedBytes?: number;
  /** The HMAC secret, read per delivery so a change applies at once; '' or undefined = none. */
  getSecret: () => string | undefined;
  /** Refuse unsigned deliveries (401) even when no secret is set. */
  requireSignature?: boolean;
  /**
   * The token a job started from the editor gave its webhook (./job-token), by job id; undefined
   * for any other job. Without a secret, an unsigned delivery that claims such a job is taken only
   * with that token in its header.
   */
  jobToken?: (jobId: string) => string | undefined;
  /** Whether a job-token header carries a token kept for a start whose job's id is not known yet. */
  pendingToken?: (header: string | string[] | undefined) => boolean;
  headersTimeoutMs?: number;
  requestTimeoutMs?: number;
  /** Connections beyond this are closed at once; bounds what slow clients can hold. */
  maxConnections?: number;
  /** How many recent webhookIds are remembered to drop repeats; default 10,000. */
  dedupeCapacity?: number;
  /** Called once per webhookId, after the 200 was sent. */
  onDelivery: (delivery: WebhookDelivery) => void;
  onRefused?: (refused: RefusedWebhookDelivery) => void;
  /** Errors thrown by onDelivery/onRefused, and server errors after start. */
  onError?: (err: unknown) => void;
}

export interface WebhookReceiverStats {
  /** Every request that reached the receiver. */
  received: number;
  /** Deliveries passed to onDelivery (one per webhookId). */
  handled: number;
  /** Deliveries answered 200 whose webhookId was already handled. */
  duplicates: number;
  /** Requests answered with an error status. */
  refused: number;
  /** onDelivery calls that threw. */
  handlerErrors: number;
}

export interface WebhookReceiver {
  /** The delivery URL, e.g. http://127.0.0.1:43123/webhooks/web-data. */
  readonly url: string;
  readonly host: string;
  readonly port: number;
  readonly path: string;
  /** Live counters. */
  readonly stats: Readonly<WebhookReceiverStats>;
  /** Body bytes buffered right now across the deliveries being read: what the total budget holds. */
  readonly bufferedBytes: number;
  /** Connections open right now (those turned away past maxConnections never count). */
  readonly openConnections: number;
  /** Stops listening and closes every connection; deliveries already answered are still handled. */
  close(): Promise<void>;
}

export { WebhookReceiverError };

export async function startWebhookReceiver(options: WebhookReceiverOptions): Promise<WebhookReceiver> {
  const host = options.host ?? DEFAULT_WEBHOOK_HOST;
  const path = options.path ?? DEFAULT_WEBHOOK_PATH;
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const requestTimeout = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  // node:http refuses a headers timeout longer than the request timeout.
  const headersTimeout = Math.min(options.headersTimeoutMs ?? DEFAULT_HEADERS_TIMEOUT_MS, requestTimeout);
  const maxBufferedBytes = options.maxBufferedBytes ?? DEFAULT_MAX_BUFFERED_BYTES;
  validateOptions({ port: options.port ?? 0, path, maxBodyBytes, maxBufferedBytes, headersTimeout, requestTimeout });
  const budget = new BodyBudget(maxBufferedBytes);

  const stats: WebhookReceiverStats = { received: 0, handled: 0, duplicates: 0, refused: 0, handlerErrors: 0 };
  const recent = new RecentWebhookIds(options.dedupeCapacity ?? DEFAULT_DEDUPE_CAPACITY);

  const reportError = (err: unknown): void => {
    try {
      options.onError?.(err);
    } catch {
      // An error handler that throws has nowhere left to report to.
    }
  };

  const refuse = (req: IncomingMessage, res: ServerResponse, status: number, reason: string, claimed: Claimed = {}, close = false): void => {
    stats.refused++;
    const headers: Record<string, string> = status === 405 ? { allow: 'POST', [RECEIVER_MARK_HEADER]: '1' } : status === 503 ? { 'retry-after': String(BUSY_RETRY_AFTER_S) } : {};
    if (close) answerAndClose(req, res, status, { success: false, error: reason }, headers);
    else answerJson(res, status, { success: false, error: reason }, headers);
    if (!options.onRefused) return;
    const refused: RefusedWebhookDelivery = {
      status,
      reason,
      receivedAt: receivedAtOf(req),
      method: (req.method ?? '').slice(0, 20),
      path: requestPath(req).slice(0, 200),
      ...claimed,
    };
    try {
      options.onRefused(refused);
    } catch (err) {
      reportError(err);
    }
  };

  const handle = (req: IncomingMessage, res: ServerResponse): void => {
    stats.received++;
    arrivals.set(req, Date.now());
    // A client that goes away mid-answer is its own problem, not an error of ours to report.
    res.on('error', () => {});
    if (!pathMatches(requestPath(req), path)) return refuse(req, res, 404, 'Nothing here: deliveries go to the receiver’s configured path.');
    if (req.method !== 'POST') return refuse(req, res, 405, `Only POST is accepted here (the request used ${(req.method ?? '').slice(0, 20)}).`);
    // A web page the user visits can make the browser post here; the service never sends these.
    const fromBrowser = browserHeader(req.headers);
    if (fromBrowser !== undefined) return refuse(req, res, 403, `Refused: the request came from a web browser (it sends the ${fromBrowser} header). The service never sends one.`, {}, true);
    if (!isJsonContentType(req.headers['content-type'])) {
      return refuse(req, res, 415, 'Deliveries must be sent with Content-Type: application/json, as the service sends them.', {}, true);
    }
    const declared = declaredLength(req);
    if (declared !== undefined && declared > maxBodyBytes) return refuse(req, res, 413, tooLarge(maxBodyBytes), {}, true);
    if (req.headers.expect?.toLowerCase() === '100-continue') res.writeContinue();
    readBody(req, maxBodyBytes, budget, (result) => {
      try {
        if (result.kind === 'too-large') return refuse(req, res, 413, tooLarge(maxBodyBytes), {}, true);
        if (result.kind === 'over-budget') return refuse(req, res, 503, busy(maxBufferedBytes), {}, true);
        if (result.kind === 'aborted') return;
        accept(req, res, result.body);
      } catch (err) {
        reportError(err);
        if (!res.headersSent) refuse(req, res, 500, 'The receiver failed on this delivery; the service will retry it.');
      }
    });
  };

  const accept = (req: IncomingMessage, res: ServerResponse, body: Buffer): void => {
    const receivedAt = receivedAtOf(req);
    const rawBody = body.toString('utf8');
    const parsedJson = parseDeliveryJson(rawBody);
    const claimed = parsedJson.ok ? claimedFields(parsedJson.json) : {};
    const secret = options.getSecret() || undefined;
    const header = req.headers[SIGNATURE_HEADER];
    const signature = typeof header === 'string' ? header : undefined;
    let verification: WebhookVerification;
    if (secret !== undefined) {
      if (signature === undefined) return refuse(req, res, 401, 'The delivery has no X-Service-Signature header, but a webhook secret is set.', claimed);
      if (!verifySignature(body, signature, secret)) {
        return refuse(req, res, 401, 'The X-Service-Signature does not match the body. Check that the webhook secret is the one in the account settings.', claimed);
      }
      verification = 'verified';
    } else if (options.requireSignature) {
      return refuse(req, res, 401, 'Signed deliveries are required, but no webhook secret is set. Set the webhook secret, or stop requiring signatures.', claimed);
    } else {
      const token = claimed.id !== undefined ? options.jobToken?.(claimed.id.toLowerCase()) : undefined;
      if (token !== undefined && !jobTokenMatches(req.headers[JOB_TOKEN_HEADER], token)) {
        return refuse(req, res, 401, 'The delivery claims a job started from this editor but does not carry that job\'s token, so it was not sent by the service.', claimed);
      }
      // The job's token is a secret only the service was given: a delivery carrying it is the
      // service's, as a signed one is, so it may fill the job's results and end it.
      // So is one carrying a token kept for a start whose answer (the job's id) is not read yet.
      verification = token !== undefined || options.pendingToken?.(req.headers[JOB_TOKEN_HEADER]) === true ? 'verified' : 'unsigned';
    }
    // Checked after the signature: an unauthenticated sender learns nothing about our parsing.
    if (!parsedJson.ok) return refuse(req, res, 400, parsedJson.problem);
    const parsed = parseWebhookEvent(parsedJson.json);
    if (!parsed.ok) return refuse(req, res, 400, parsed.problem, claimed);
    const isNew = recent.remember(parsed.event.webhookId);
    answerJson(res, 200, { success: true });
    if (!isNew) {
      stats.duplicates++;
      return;
    }
    const delivery: WebhookDelivery = { event: parsed.event, verification, receivedAt, rawBody };
    // After the answer: the service's clock does not wait on our handling.
    setImmediate(() => {
      stats.handled++;
      try {
        options.onDelivery(delivery);
      } catch (err) {
        stats.handlerErrors++;
        reportError(err);
      }
    });
  };

  const arrivals = new WeakMap<IncomingMessage, number>();
  const receivedAtOf = (req: IncomingMessage): number => arrivals.get(req) ?? Date.now();

  const server = createServer({
    requestTimeout,
    headersTimeout,
    // Timeouts are enforced by a sweep; the default sweep (30 s) would let a slow client linger.
    connectionsCheckingInterval: Math.max(50, Math.min(1_000, Math.floor(headersTimeout / 4))),
  });
  server.maxConnections = options.maxConnections ?? DEFAULT_MAX_CONNECTIONS;
  const guarded = (req: IncomingMessage, res: ServerResponse): void => {
    try {
      handle(req, res);
    } catch (err) {
      reportError(err);
      if (!res.headersSent) refuse(req, res, 500, 'The receiver failed on this delivery; the service will retry it.');
    }
  };
  server.on('request', guarded);
  // With this listener node:http leaves Expect: 100-continue to us: an oversized body is refused
  // before the client sends it.
  server.on('checkContinue', guarded);

  let openConnections = 0;
  server.on('connection', (socket: Socket) => {
    openConnections++;
    socket.once('close', () => openConnections--);
  });

  const port = await listenOn(server, host, options.port ?? 0);
  server.on('error', reportError);

  let closing: Promise<void> | undefined;
  return {
    url: receiverUrl(host, port, path),
    host,
    port,
    path,
    stats,
    get bufferedBytes(): number {
      return budget.inUse;
    },
    get openConnections(): number {
      return openConnections;
    },
    close(): Promise<void> {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Active connections too: a delivery cut here was not answered, so the service retries it.
        server.closeAllConnections();
      });
      return closing;
    },
  };
}

type Claimed = Pick<RefusedWebhookDelivery, 'type' | 'id' | 'webhookId'>;

function requestPath(req: IncomingMessage): string {
  const url = req.url ?? '';
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/** Exact match; one trailing slash is forgiven, as a pasted URL often has one. */
function pathMatches(requested: string, path: string): boolean {
  return requested === path || (requested.length > 1 && requested.endsWith('/') && requested.slice(0, -1) === path);
}

function bytes(count: number): string {
  return count >= 1024 * 1024 ? `${+(count / (1024 * 1024)).toFixed(2)} MiB` : `${count} bytes`;
}

function tooLarge(maxBodyBytes: number): string {
  return `The body is larger than the receiver's limit of ${bytes(maxBodyBytes)}.`;
}

function busy(maxBufferedBytes: number): string {
  return `The receiver is busy: the deliveries being read at once already hold its limit of ${bytes(maxBufferedBytes)}. Try again shortly.`;
}

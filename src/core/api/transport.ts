// One HTTP exchange over undici: one keep-alive Agent per client, Bearer auth, a deadline, a body
// size cap, and a body read as a stream so an AbortSignal stops it mid-way. Knows nothing of
// retries or of what the bodies mean. The Agent is a ProxyAgent when a proxy is configured (see
// ./network); a failure of the proxy or of a certificate is told apart from the service's own.
//
// undici is required by module, not through its index: the index loads every dispatcher, fetch,
// WebSocket, the cache and the mocks, about twice the time of these parts (bench/activation.ts),
// and every start with a key stored pays it before the credits show. The ProxyAgent is required
// only when a route needs one.
import type { Agent as AgentType, ProxyAgent as ProxyAgentType } from 'undici';
import Agent from 'undici/lib/dispatcher/agent';
import request from 'undici/lib/api/api-request';
import type { IncomingHttpHeaders } from 'undici/types/header';
import type { Readable } from 'node:stream';
import type { ServiceAddress } from './base-url';
import { classifyNetworkError, type NetworkFailure } from './network-failures';
import { routeFor, tlsOptions, type NetworkOptions, type Route } from './network';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export const DEFAULT_MAX_BODY_BYTES = 64 * 1024 * 1024;

export interface Exchange {
  status: number;
  headers: IncomingHttpHeaders;
  contentType: string;
  /** The body as text (UTF-8), complete. */
  text: string;
}

/** Why an exchange ended without a complete answer. */
export type TransportFailure =
  | { reason: 'timeout' }
  | { reason: 'cancelled' }
  | { reason: 'too-large'; status: number; limit: number }
  | { reason: 'network'; error: unknown; answered: boolean }
  | NetworkFailure;

/**
 * A body sent as a stream (a multipart upload): its type, its length in advance, and a fresh
 * stream of its bytes for the one attempt. undici reads the stream as the socket drains, so only
 * a chunk or two is in memory at a time, and destroys it when the request is aborted.
 */
export interface StreamedBody {
  contentType: string;
  length: number;
  stream(): Readable;
}

export class TransportError extends Error {
  constructor(readonly failure: TransportFailure) {
    super(failure.reason);
  }
}

const AGENT_OPTIONS = { keepAliveTimeout: 10_000, headersTimeout: 0, bodyTimeout: 0 } as const;
const CONNECT_TIMEOUT_MS = 15_000;

export class Transport {
  private readonly agent: AgentType | ProxyAgentType;
  /** Direct, through a proxy, or a proxy setting that cannot be used. */
  readonly route: Route;
  private readonly getHeaders: Record<string, string>;
  private readonly postHeaders: Record<string, string>;

  // Our own flag: ProxyAgent's types do not show undici's destroyed/closed.
  private destroyed = false;

  /** Connections opened so far (keep-alive means this stays small). */
  connections = 0;

  constructor(private readonly address: ServiceAddress, apiKey: string, userAgent: string, private readonly maxBodyBytes: number, network?: NetworkOptions) {
    this.route = routeFor(address, network);
    this.agent = createDispatcher(address, this.route, network);
    this.agent.on('connect', () => { this.connections++; });
    // Built once: every request of this client carries the same headers.
    this.getHeaders = { authorization: `Bearer ${apiKey}`, accept: 'application/json', 'user-agent': userAgent };
    this.postHeaders = { ...this.getHeaders, 'content-type': 'application/json' };
  }

  /** `path` is below /v2, such as "/search". */
  async send(method: HttpMethod, path: string, body: string | StreamedBody | undefined, timeoutMs: number, signal: AbortSignal | undefined): Promise<Exchange> {
    if (signal?.aborted) throw new TransportError({ reason: 'cancelled' });
    if (this.route.kind === 'invalid-proxy') throw new TransportError({ reason: 'proxy', problem: 'invalid', source: this.route.source, scheme: this.route.scheme, invalid: this.route.problem });
    // The deadline is undici's own headersTimeout until the answer starts, then a timer for what
    // is left of it while the body arrives. (An AbortController per request for the deadline
    // costs more than the rest of the client together; see bench/client.ts.)
    const limit = Math.max(1, Math.min(timeoutMs, 2 ** 31 - 1));
    const started = performance.now();
    let timer: NodeJS.Timeout | undefined;
    // Set by the body timer; widened so the catch below does not take it for always false.
    let timedOut = false as boolean;
    let answered = false;
    const streamed = typeof body === 'object' ? body.stream() : undefined;
    try {
      const response = await request.call(this.agent, {
        origin: this.address.origin,
        path: this.address.prefix + path,
        method,
        headers: typeof body === 'object'
          ? { ...this.getHeaders, 'content-type': body.contentType, 'content-length': String(body.length) }
          : method === 'POST' || body !== undefined ? this.postHeaders : this.getHeaders,
        body: streamed ?? (typeof body === 'string' ? body : undefined),
        signal,
        headersTimeout: limit,
        bodyTimeout: limit,
      });
      answered = true;
      const { statusCode: status, headers } = response;
      const length = headers['content-length'];
      const declared = typeof length === 'string' && /^\d+$/.test(length) ? Number(length) : -1;
      if (declared > this.maxBodyBytes) {
        discard(response.body);
        throw new TransportError({ reason: 'too-large', status, limit: this.maxBodyBytes });
      }
      timer = setTimeout(() => {
        timedOut = true;
        response.body.destroy(new Error('deadline'));
      }, Math.max(0, limit - (performance.now() - started)));
      const contentType = headerText(headers['content-type']);
      // With a declared length within the cap, undici reads exactly that much: its own consumer is
      // the fastest path. Without one, count as the chunks arrive. Both stop when the signal aborts.
      if (declared >= 0) return { status, headers, contentType, text: await response.body.text() };
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of response.body as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > this.maxBodyBytes) {
          discard(response.body);
          throw new TransportError({ reason: 'too-large', status, limit: this.maxBodyBytes });
        }
        chunks.push(chunk);
      }
      const text = chunks.length === 1 ? (chunks[0] as Buffer).toString('utf8') : Buffer.concat(chunks, size).toString('utf8');
      return { status, headers, contentType, text };
    } catch (error) {
      if (error instanceof TransportError) throw error;
      if (signal?.aborted) throw new TransportError({ reason: 'cancelled' });
      const code = (error as { code?: unknown } | null)?.code;
      if (timedOut || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') throw new TransportError({ reason: 'timeout' });
      const classified = answered ? undefined : classifyNetworkError(error, this.route);
      if (classified) throw new TransportError(classified);
      throw new TransportError({ reason: 'network', error, answered });
    } finally {
      clearTimeout(timer);
      // An upload the answer came before (a 400 on its first bytes) reads no more of the file.
      if (streamed && !streamed.destroyed) streamed.destroy();
    }
  }

  /** Closes every connection at once; requests still running fail. */
  async close(): Promise<void> {
    if (this.destroyed) return;
    this.destroyed = true;
    await this.agent.destroy();
  }

  get closed(): boolean {
    return this.destroyed;
  }
}

/**
 * A plain Agent for a direct route (with no TLS options on plain http: the loopback emulator path
 * stays as fast as a bare undici request), a ProxyAgent tunnelling with CONNECT otherwise.
 */
function createDispatcher(address: ServiceAddress, route: Route, network: NetworkOptions | undefined): AgentType | ProxyAgentType {
  const https = address.origin.startsWith('https:');
  if (route.kind !== 'proxy') {
    return new Agent({ ...AGENT_OPTIONS, connect: { timeout: CONNECT_TIMEOUT_MS, ...(https ? tlsOptions(network) : {}) } });
  }
  const { proxy } = route;
  const trust = tlsOptions(network);
  return new (loadProxyAgent())({
    ...AGENT_OPTIONS,
    uri: proxy.url.href,
    ...(proxy.authorization ? { token: proxy.authorization } : {}),
    requestTls: https ? trust : undefined,
    proxyTls: { timeout: CONNECT_TIMEOUT_MS, ...(proxy.url.protocol === 'https:' ? trust : {}) },
  });
}

/**
 * undici's ProxyAgent, required on the first proxy route. It opens its tunnel with the `connect`
 * method that undici's index copies onto every dispatcher, so this copies the same API methods,
 * as the index does; without them every request through a proxy fails.
 */
function loadProxyAgent(): typeof import('undici/lib/dispatcher/proxy-agent') {
  /* eslint-disable @typescript-eslint/no-require-imports */
  const Dispatcher = require('undici/lib/dispatcher/dispatcher') as typeof import('undici/lib/dispatcher/dispatcher');
  Object.assign(Dispatcher.prototype, require('undici/lib/api') as typeof import('undici/lib/api'));
  return require('undici/lib/dispatcher/proxy-agent') as typeof import('undici/lib/dispatcher/proxy-agent');
  /* eslint-enable @typescript-eslint/no-require-imports */
}

/** Drops a body unread and its connection; the stream's own abort error has nowhere to go. */
function discard(body: { on(event: 'error', listener: () => void): unknown; destroy(): unknown }): void {
  body.on('error', () => undefined);
  body.destroy();
}

function headerText(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

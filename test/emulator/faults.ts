// Faults on demand: rules that hit matching requests a number of times, the zod schemas that check
// faults arriving over HTTP (admin endpoint, x-emulator-fault header), and the writers that
// misbehave on the wire.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { ENTERPRISE_NOT_ENABLED } from './validate';
import type { EmulatorFault, FaultRule } from './types';

export const FaultSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('status'), status: z.union([z.literal(500), z.literal(502), z.literal(503), z.literal(504)]), error: z.string().optional() }),
  z.object({ kind: z.literal('rate-limit'), retryAfter: z.string().optional(), retryAfterSeconds: z.number().min(0).optional(), message: z.string().optional() }),
  z.object({ kind: z.literal('bad-request'), details: z.array(z.unknown()).optional() }),
  z.object({ kind: z.literal('payment-required'), message: z.string().optional() }),
  z.object({ kind: z.literal('forbidden'), message: z.string().optional() }),
  z.object({ kind: z.literal('result-shapes'), withoutUrl: z.array(z.enum(['images', 'news'])).optional(), extraData: z.record(z.string(), z.array(z.unknown())).optional() }),
  z.object({ kind: z.literal('slow-headers'), ms: z.number().int().min(0).max(600_000) }),
  z.object({ kind: z.literal('slow-body'), ms: z.number().int().min(0).max(600_000) }),
  z.object({ kind: z.literal('truncated-body') }),
  z.object({ kind: z.literal('html') }),
  z.object({ kind: z.literal('reset') }),
  z.object({ kind: z.literal('huge-body'), bytes: z.number().int().min(1).max(2 ** 31) }),
  z.object({ kind: z.literal('garbage') }),
  z.object({ kind: z.literal('content-type'), type: z.string() }),
  z.object({ kind: z.literal('cut-json') }),
  z.object({ kind: z.literal('stalled-body') }),
  z.object({ kind: z.literal('alter'), drop: z.array(z.string()).optional(), set: z.record(z.string(), z.unknown()).optional() }),
  z.object({ kind: z.literal('json'), status: z.number().int().min(200).max(599).optional(), body: z.unknown() }),
]);

/** JSON has no Infinity: over HTTP, `times` may be the string "Infinity" (or absent for once). */
export const FaultRuleSchema = z.object({
  fault: FaultSchema,
  path: z.string().optional(),
  apiKey: z.string().optional(),
  times: z.union([z.number().int().min(1), z.literal('Infinity').transform(() => Infinity)]).optional(),
});

const STATUS_TEXT: Record<number, string> = {
  500: 'Internal server error. Please try again later.',
  502: 'Bad gateway: the upstream server did not answer.',
  503: 'Service unavailable. Please try again later.',
  504: 'Gateway timeout: the upstream server took too long.',
};

export const PROXY_HTML = '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n';

export class FaultBook {
  private rules: Array<FaultRule & { left: number }> = [];

  add(rule: FaultRule): void {
    this.rules.push({ ...rule, left: rule.times ?? 1 });
  }

  clear(): void {
    this.rules = [];
  }

  list(): FaultRule[] {
    return this.rules.map(({ left, ...rule }) => ({ ...rule, times: left }));
  }

  /** The first rule matching this request, counted down; undefined when none. */
  take(path: string, apiKey: string | undefined): EmulatorFault | undefined {
    if (this.rules.length === 0) return undefined;
    const i = this.rules.findIndex((r) => (r.path === undefined || r.path === path) && (r.apiKey === undefined || r.apiKey === apiKey));
    const rule = this.rules[i];
    if (rule === undefined) return undefined;
    rule.left -= 1;
    if (rule.left <= 0) this.rules.splice(i, 1);
    return rule.fault;
  }
}

/** A fault that replaces the answer entirely: the status it gives (0 = none), after writing it. */
export function answerWithFault(req: IncomingMessage, res: ServerResponse, fault: EmulatorFault): number | undefined {
  switch (fault.kind) {
    case 'status': {
      const text = JSON.stringify({ success: false, error: fault.error ?? STATUS_TEXT[fault.status] });
      res.writeHead(fault.status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
      res.end(text);
      return fault.status;
    }
    case 'rate-limit': {
      const seconds = fault.retryAfterSeconds === undefined ? {} : { retry_after_seconds: fault.retryAfterSeconds };
      const text = JSON.stringify({ success: false, error: fault.message ?? 'Rate limit exceeded. Please wait a moment and try again.', ...seconds });
      const headers: Record<string, string | number> = { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) };
      if (fault.retryAfter !== undefined) headers['retry-after'] = fault.retryAfter;
      res.writeHead(429, headers);
      res.end(text);
      return 429;
    }
    case 'bad-request':
      return writeJson(res, 400, { success: false, error: 'Invalid request body', details: fault.details ?? LIVE_400_DETAILS });
    case 'payment-required':
      return writeJson(res, 402, { success: false, error: fault.message ?? LIVE_402_TEXT });
    case 'forbidden':
      return writeJson(res, 403, { success: false, error: fault.message ?? ENTERPRISE_NOT_ENABLED.zdr });
    case 'html':
      res.writeHead(502, { 'content-type': 'text/html', 'content-length': Buffer.byteLength(PROXY_HTML) });
      res.end(PROXY_HTML);
      return 502;
    case 'garbage': {
      const text = '<<this is not JSON>> {"success":tru';
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
      res.end(text);
      return 200;
    }
    case 'json': {
      const text = JSON.stringify(fault.body ?? null);
      const status = fault.status ?? 200;
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
      res.end(text);
      return status;
    }
    case 'reset':
      req.socket.resetAndDestroy();
      return 0;
    case 'huge-body':
      streamHugeBody(res, fault.bytes);
      return 200;
    default:
      return undefined;
  }
}

function writeJson(res: ServerResponse, status: number, body: unknown): number {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
  return status;
}

/** What the live service sends beside "Invalid request body": its own zod issues. */
export const LIVE_400_DETAILS = [
  { code: 'too_big', maximum: 100, type: 'number', inclusive: true, exact: false, message: 'Number must be less than or equal to 100', path: ['limit'] },
  { code: 'invalid_string', validation: 'regex', message: 'Invalid tbs format', path: ['tbs'] },
];

export const LIVE_402_TEXT = 'Insufficient credits to perform this request. For more credits, you can upgrade your plan in the dashboard or try changing the request limit to a lower value.';

/** A research result as the service announced it for `data.research`: an array the spec does not list. */
const RESEARCH_RESULT = { title: 'A study of web search quality', url: 'https://papers.example.org/search-quality', authors: ['A. Author'], year: 2025 };

/**
 * The `result-shapes` fault: a successful search answer reshaped as the live service sends it,
 * image and news results without `url` (the spec does not require it) and arrays under `data`
 * that the spec does not list (the announced `data.research`).
 */
export function reshapeSearch(body: unknown, fault: Extract<EmulatorFault, { kind: 'result-shapes' }>): unknown {
  if (typeof body !== 'object' || body === null) return body;
  const { data } = body as { data?: unknown };
  if (typeof data !== 'object' || data === null) return body;
  const reshaped: Record<string, unknown> = { ...data };
  for (const kind of fault.withoutUrl ?? ['images', 'news']) {
    const list = reshaped[kind];
    if (Array.isArray(list)) reshaped[kind] = list.map((item: unknown) => {
      if (typeof item !== 'object' || item === null) return item;
      const { url: _url, ...rest } = item as Record<string, unknown>;
      return rest;
    });
  }
  Object.assign(reshaped, fault.extraData ?? { research: [RESEARCH_RESULT] });
  return { ...(body), data: reshaped };
}

/** A valid search response of about `bytes` bytes, streamed in chunks with backpressure. */
function streamHugeBody(res: ServerResponse, bytes: number): void {
  const head = '{"success":true,"data":{"web":[{"url":"https://huge.example/page","title":"A very large page","markdown":"';
  const tail = '"}]},"warning":null,"id":"00000000-0000-4000-8000-000000000000","creditsUsed":1}';
  let left = Math.max(0, bytes - head.length - tail.length);
  const chunk = Buffer.alloc(64 * 1024, 'x');
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
  res.write(head);
  const pump = (): void => {
    while (left > 0 && !res.destroyed) {
      const n = Math.min(left, chunk.length);
      left -= n;
      if (!res.write(n === chunk.length ? chunk : chunk.subarray(0, n))) {
        res.once('drain', pump);
        return;
      }
    }
    if (!res.destroyed) res.end(tail);
  };
  pump();
}

/** Sends `body` with its full content-length, dribbled over `ms` in ten pieces. */
export function sendSlowBody(res: ServerResponse, status: number, headers: Record<string, string | number>, body: Buffer, ms: number, timers: Set<NodeJS.Timeout>): void {
  res.writeHead(status, headers);
  const pieces = Math.max(1, Math.min(10, body.length));
  const size = Math.ceil(body.length / pieces);
  let sent = 0;
  const step = (): void => {
    if (res.destroyed) return;
    const next = body.subarray(sent, sent + size);
    sent += next.length;
    if (sent >= body.length) return void res.end(next);
    res.write(next);
    // The dribble is the fault itself (a body that arrives slowly), not a wait for something.
    const timer = setTimeout(() => {
      timers.delete(timer);
      step();
    }, ms / pieces);
    timers.add(timer);
  };
  step();
}

/** Declares the full content-length, sends half the body, then closes the connection. */
export function sendTruncated(req: IncomingMessage, res: ServerResponse, status: number, headers: Record<string, string | number>, body: Buffer): void {
  res.writeHead(status, headers);
  res.write(body.subarray(0, Math.floor(body.length / 2)), () => req.socket.destroy());
}

/** The faults that misshape the real answer rather than replace it. */
export type AnswerFault = Extract<EmulatorFault, { kind: 'content-type' | 'cut-json' | 'stalled-body' | 'alter' }>;

export function isAnswerFault(fault: EmulatorFault | undefined): fault is AnswerFault {
  return fault?.kind === 'content-type' || fault?.kind === 'cut-json' || fault?.kind === 'stalled-body' || fault?.kind === 'alter';
}

/** Writes the real answer as the fault misshapes it. */
export function sendMisshaped(res: ServerResponse, status: number, headers: Record<string, string | number>, body: unknown, fault: AnswerFault): void {
  const json = Buffer.from(JSON.stringify(fault.kind === 'alter' ? alter(body, fault) : body));
  const type = fault.kind === 'content-type' ? fault.type : 'application/json; charset=utf-8';
  if (fault.kind === 'stalled-body') {
    res.writeHead(status, { ...headers, 'content-type': type, 'content-length': json.length });
    res.write(json.subarray(0, Math.floor(json.length / 2))); // and nothing more: the client's deadline must end it
    return;
  }
  const sent = fault.kind === 'cut-json' ? json.subarray(0, Math.floor(json.length / 2)) : json;
  res.writeHead(status, { ...headers, 'content-type': type, 'content-length': sent.length });
  res.end(sent);
}

/** A deep copy of `body` with each dotted path dropped or set (array items by index). */
function alter(body: unknown, fault: Extract<EmulatorFault, { kind: 'alter' }>): unknown {
  const copy = JSON.parse(JSON.stringify(body)) as unknown;
  const walk = (path: string, change: (holder: Record<string, unknown>, key: string) => void): void => {
    const keys = path.split('.');
    let at: unknown = copy;
    for (const key of keys.slice(0, -1)) at = typeof at === 'object' && at !== null ? (at as Record<string, unknown>)[key] : undefined;
    const last = keys[keys.length - 1];
    if (typeof at === 'object' && at !== null && last !== undefined) change(at as Record<string, unknown>, last);
  };
  // Reflect.deleteProperty: the key is the fault's own, by design dynamic.
  for (const path of fault.drop ?? []) walk(path, (holder, key) => { Reflect.deleteProperty(holder, key); });
  for (const [path, value] of Object.entries(fault.set ?? {})) walk(path, (holder, key) => void (holder[key] = value));
  return copy;
}

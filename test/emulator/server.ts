// The node:http plumbing: read the request, log it, apply a fault if one matches, write the answer.
// Kept lean because benchmarks send thousands of requests: no logging, no per-request zod.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { handleAdmin } from './admin';
import { FaultSchema, answerWithFault, isAnswerFault, reshapeSearch, sendMisshaped, sendSlowBody, sendTruncated } from './faults';
import { liveView } from './browser';
import { answer } from './routes';
import type { ReadRequest } from './routes';
import type { EmulatorState } from './state';
import type { EmulatorFault, RecordedRequest } from './types';
import { JSON_TYPE, MAX_UPLOAD, readBody, sendJson } from './wire';

function bearer(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return m?.[1];
}

/** A fault for this one request from the x-emulator-fault header: the fault, or a 400 text. */
function headerFault(req: IncomingMessage): { fault?: EmulatorFault; error?: string } {
  const raw = req.headers['x-emulator-fault'];
  if (raw === undefined) return {};
  try {
    const parsed = FaultSchema.safeParse(JSON.parse(Array.isArray(raw) ? (raw[0] ?? '') : raw));
    if (parsed.success) return { fault: parsed.data };
    return { error: `x-emulator-fault is not a fault: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'fault'}: ${i.message}`).join('; ')}` };
  } catch {
    return { error: 'x-emulator-fault must be JSON, such as {"kind":"status","status":503}' };
  }
}

export function createHandler(state: EmulatorState): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    handle(state, req, res).catch(() => {
      if (!res.headersSent) sendJson(res, 500, { success: false, error: 'The emulator failed while answering; see its test output.' });
      else res.destroy();
    });
  };
}

async function handle(state: EmulatorState, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const rawUrl = req.url ?? '/';
  const q = rawUrl.indexOf('?');
  const path = q === -1 ? rawUrl : rawUrl.slice(0, q);
  if (path === '/_emulator' || path.startsWith('/_emulator/')) return handleAdmin(state, req, res, path);
  const view = req.method === 'GET' ? liveView(state, path, q === -1 ? '' : rawUrl.slice(q + 1)) : undefined;
  if (view) {
    res.writeHead(view.status, { 'content-type': 'text/html; charset=utf-8', 'content-length': Buffer.byteLength(view.html) });
    res.end(view.html); return;
  }

  const method = req.method ?? 'GET';
  const at = Date.now();
  const apiKey = bearer(req.headers.authorization);
  const record: RecordedRequest = { method, path, status: 0, apiKeyMatched: apiKey !== undefined && state.teams.has(apiKey), at };
  state.requests.push(record); // in order of arrival, before the body is read
  // An upload (POST /v2/parse) is read as bytes, up to 64 MiB; every other body as text, up to 1 MiB.
  const upload = path === '/v2/parse' && method === 'POST';
  const { text, bytes, tooLarge } = await readBody(req, upload ? MAX_UPLOAD : undefined, upload);
  if (tooLarge) {
    record.status = 413;
    sendJson(res, 413, { success: false, error: `Request body is larger than ${upload ? '64' : '1'} MiB.` }); return;
  }
  let json: ReadRequest['json'];
  let jsonError: string | undefined;
  if (text !== '') {
    try {
      json = { value: JSON.parse(text) as unknown };
      record.body = json.value;
    } catch (e) {
      jsonError = e instanceof Error ? e.message : 'unreadable';
    }
  }

  const fromHeader = headerFault(req);
  if (fromHeader.error !== undefined) {
    record.status = 400;
    sendJson(res, 400, { success: false, error: fromHeader.error }); return;
  }
  const fault = fromHeader.fault ?? state.faults.take(path, apiKey);
  if (fault !== undefined) {
    if (fault.kind === 'slow-headers') {
      await state.delay(fault.ms); // the fault: headers that come late
      if (res.destroyed) return;
    } else {
      const status = answerWithFault(req, res, fault);
      if (status !== undefined) {
        record.status = status;
        return;
      }
    }
  }

  const query = q === -1 ? '' : rawUrl.slice(q + 1);
  const out = answer(state, { method, path, apiKey, contentType: req.headers['content-type'] ?? '', json, jsonError, query, host: req.headers.host, scheme: schemeOf(req), ...(upload ? { bytes } : {}) });
  if (out.seen !== undefined) record.body = out.seen;
  if (fault?.kind === 'result-shapes' && out.status === 200 && path === '/v2/search') out.body = reshapeSearch(out.body, fault);
  record.status = out.status;
  if (out.delayMs !== undefined && out.delayMs > 0) {
    await state.delay(out.delayMs); // a browser run's own waits
    if (res.destroyed) return;
  }
  if (fault?.kind === 'slow-body' || fault?.kind === 'truncated-body') {
    const body = Buffer.from(JSON.stringify(out.body));
    const headers = { 'content-type': JSON_TYPE, 'content-length': body.length, ...out.headers };
    if (fault.kind === 'slow-body') sendSlowBody(res, out.status, headers, body, fault.ms, state.timers);
    else sendTruncated(req, res, out.status, headers, body);
    return;
  }
  if (isAnswerFault(fault)) {
    sendMisshaped(res, out.status, out.headers ?? {}, out.body, fault);
    return;
  }
  sendJson(res, out.status, out.body, out.headers);
}

/** The scheme the request came on: a TLS socket says it is encrypted; the real service's links use the scheme it was called on. */
function schemeOf(req: IncomingMessage): 'http' | 'https' {
  return 'encrypted' in req.socket && req.socket.encrypted === true ? 'https' : 'http';
}

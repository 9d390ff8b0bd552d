// Reading a request body under a size limit, and writing small JSON answers. Kept apart from the
// receiver so that file reads as the delivery rules only.
import type { IncomingMessage, ServerResponse } from 'node:http';

export type BodyResult = { kind: 'body'; body: Buffer } | { kind: 'too-large' } | { kind: 'over-budget' } | { kind: 'aborted' };

/**
 * The bytes buffered across every body being read at once. A per-body cap alone lets many slow
 * clients each pin a body's worth (1,024 connections × 1 MiB); this bounds the sum.
 */
export class BodyBudget {
  private used = 0;

  constructor(readonly limit: number) {}

  get inUse(): number {
    return this.used;
  }

  /** Takes `bytes` from the budget; false (and nothing taken) when that would go past the limit. */
  take(bytes: number): boolean {
    if (this.used + bytes > this.limit) return false;
    this.used += bytes;
    return true;
  }

  give(bytes: number): void {
    this.used = Math.max(0, this.used - bytes);
  }
}

/** How long a connection may go on sending after its body was refused as too large. */
const DISCARD_GRACE_MS = 1_000;

/**
 * Collects the body unless it grows past `maxBytes`, or past what `budget` has left for all
 * bodies in flight. Either way nothing more is buffered: the rest is read and dropped, so the
 * client can finish writing and read our answer. The body's bytes go back to the budget when it
 * is settled (read, refused or cut off).
 */
export function readBody(req: IncomingMessage, maxBytes: number, budget: BodyBudget, done: (result: BodyResult) => void): void {
  const chunks: Buffer[] = [];
  let size = 0;
  let settled = false;
  const settle = (result: BodyResult): void => {
    if (settled) return;
    settled = true;
    chunks.length = 0;
    budget.give(size);
    done(result);
  };
  req.on('data', (chunk: Buffer) => {
    if (settled) return;
    if (size + chunk.length > maxBytes) return settle({ kind: 'too-large' });
    if (!budget.take(chunk.length)) return settle({ kind: 'over-budget' });
    size += chunk.length;
    chunks.push(chunk);
  });
  req.on('end', () => {
    if (!settled) settle({ kind: 'body', body: Buffer.concat(chunks, size) });
  });
  req.on('error', () => settle({ kind: 'aborted' }));
  req.on('close', () => settle({ kind: 'aborted' }));
}

/** The declared Content-Length, or undefined when absent or not a plain number. */
export function declaredLength(req: IncomingMessage): number | undefined {
  const header = req.headers['content-length'];
  if (header === undefined || !/^\d{1,15}$/.test(header)) return undefined;
  return Number(header);
}

/** Answers with a small JSON body; does nothing when the answer was already sent or the socket is gone. */
export function answerJson(
  res: ServerResponse,
  status: number,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent || res.destroyed || res.writableEnded) return;
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(text)),
    'cache-control': 'no-store',
    ...headers,
  });
  res.end(text);
}

/**
 * Answers and then ends the connection: for a request whose body we will not read (too large,
 * over the budget, or refused on its headers).
 * The rest of the body is discarded, not buffered, and the socket is destroyed after a short grace
 * so a client that never stops sending cannot keep it.
 */
export function answerAndClose(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
): void {
  answerJson(res, status, body, { ...headers, connection: 'close' });
  req.removeAllListeners('data');
  req.resume();
  const socket = req.socket;
  res.once('finish', () => {
    setTimeout(() => socket.destroy(), DISCARD_GRACE_MS).unref();
  });
}

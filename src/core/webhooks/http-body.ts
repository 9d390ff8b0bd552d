// Reading a request body under a size limit, and writing small JSON answers. Kept apart from the
// receiver so that file reads as the delivery rules only.
import type { IncomingMessage, ServerResponse } from 'node:http';

export type BodyResult = { kind: 'body'; body: Buffer } | { kind: 'too-large' } | { kind: 'aborted' };

/** How long a connection may go on sending after its body was refused as too large. */
const DISCARD_GRACE_MS = 1_000;

/**
 * Collects the body unless it grows past `maxBytes`. Past the limit nothing more is buffered: the
 * rest is read and dropped, so the client can finish writing and read our 413.
 */
export function readBody(req: IncomingMessage, maxBytes: number, done: (result: BodyResult) => void): void {
  const chunks: Buffer[] = [];
  let size = 0;
  let settled = false;
  const settle = (result: BodyResult): void => {
    if (settled) return;
    settled = true;
    done(result);
  };
  req.on('data', (chunk: Buffer) => {
    if (settled) return;
    size += chunk.length;
    if (size > maxBytes) {
      chunks.length = 0;
      settle({ kind: 'too-large' });
      return;
    }
    chunks.push(chunk);
  });
  req.on('end', () => settle({ kind: 'body', body: Buffer.concat(chunks, size) }));
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
 * Answers and then ends the connection: for a request whose body we will not read (too large).
 * The rest of the body is discarded, not buffered, and the socket is destroyed after a short grace
 * so a client that never stops sending cannot keep it.
 */
export function answerAndClose(req: IncomingMessage, res: ServerResponse, status: number, body: Record<string, unknown>): void {
  answerJson(res, status, body, { connection: 'close' });
  req.removeAllListeners('data');
  req.resume();
  const socket = req.socket;
  res.once('finish', () => {
    setTimeout(() => socket.destroy(), DISCARD_GRACE_MS).unref();
  });
}

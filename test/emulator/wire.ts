// Small node:http helpers shared by the API and admin handlers.
import type { IncomingMessage, ServerResponse } from 'node:http';

export const MAX_BODY = 1024 * 1024;
export const JSON_TYPE = 'application/json; charset=utf-8';

/** An upload's most (POST /v2/parse): past it the rest is read and dropped, and tooLarge is set. */
export const MAX_UPLOAD = 64 * 1024 * 1024;

/** The body as text; past `max` the rest is read and dropped, and tooLarge is set. `raw`: the bytes too (an upload). */
export function readBody(req: IncomingMessage, max = MAX_BODY, raw = false): Promise<{ text: string; bytes: Buffer; tooLarge: boolean }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= max) chunks.push(chunk);
    });
    req.on('end', () => {
      const bytes = chunks.length === 0 ? Buffer.alloc(0) : Buffer.concat(chunks);
      resolve({ text: raw ? '' : bytes.toString('utf8'), bytes: raw ? bytes : Buffer.alloc(0), tooLarge: size > max });
    });
    req.on('error', reject);
    // A client that gives up mid-upload: nothing is answered.
    req.on('aborted', () => reject(new Error('aborted')));
  });
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string | number> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': JSON_TYPE, 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

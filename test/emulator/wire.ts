// Small node:http helpers shared by the API and admin handlers.
import type { IncomingMessage, ServerResponse } from 'node:http';

export const MAX_BODY = 1024 * 1024;
export const JSON_TYPE = 'application/json; charset=utf-8';

/** The body as text; past MAX_BODY the rest is read and dropped, and tooLarge is set. */
export function readBody(req: IncomingMessage): Promise<{ text: string; tooLarge: boolean }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY) chunks.push(chunk);
    });
    req.on('end', () => resolve({ text: chunks.length === 0 ? '' : Buffer.concat(chunks).toString('utf8'), tooLarge: size > MAX_BODY }));
    req.on('error', reject);
  });
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string | number> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': JSON_TYPE, 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

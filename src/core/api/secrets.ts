// Keeps the API key out of everything an error or a log line carries. Defensive: the service may
// echo the key in its error text, and a low-level error may quote a header, in any of the forms
// src/core/redact.ts knows (another letter case, percent-encoded, base64).
import { redact } from '../redact';

const REDACTED = '[API key]';

export function scrub(text: string, secret: string): string {
  return redact(text, [secret], REDACTED);
}

/**
 * A copy of an underlying error safe to keep as `cause`: name, code and message (scrubbed), and
 * its own cause likewise, a few levels deep. Nothing else of the original (request options,
 * headers, sockets) is kept.
 */
export function safeCause(error: unknown, secret: string, depth = 0): Error | undefined {
  if (error === undefined || error === null || depth > 3) return undefined;
  const original = error instanceof Error ? error : undefined;
  // A thrown non-Error keeps only what String() shows: JSON would carry the fields this drops.
  // eslint-disable-next-line @typescript-eslint/no-base-to-string -- deliberate, see above
  const message = scrub(original ? original.message : String(error), secret);
  const inner = original ? safeCause(original.cause, secret, depth + 1) : undefined;
  const copy = new Error(message, inner ? { cause: inner } : undefined);
  copy.name = scrub(original?.name ?? 'Error', secret);
  const code = original ? (original as { code?: unknown }).code : undefined;
  if (typeof code === 'string') Object.assign(copy, { code: scrub(code, secret) });
  // The stack would name this module, not the original frames; keep only the first line.
  copy.stack = `${copy.name}: ${message}`;
  return copy;
}

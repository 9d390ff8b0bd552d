// The per-job token of a job started from the editor without a webhook secret (issue 28). Such a
// job's deliveries cannot be signed, so the start gives the service a random header for that job's
// webhook, and the receiver takes an unsigned delivery that claims the job only when it carries
// that header: a stranger on the port cannot forge the job's events without reading the token.
import { randomBytes, timingSafeEqual } from 'node:crypto';

/** The header the job's webhook carries (`webhook.headers` at the start). */
export const JOB_TOKEN_HEADER = 'x-web-data-job-token';

/** A fresh token: 24 random bytes, base64url (32 characters). */
export function newJobToken(): string {
  return randomBytes(24).toString('base64url');
}

/** Does the delivery's header carry the job's token? Compared in constant time; absent or other is false. */
export function jobTokenMatches(header: string | string[] | undefined, token: string): boolean {
  if (typeof header !== 'string' || token === '') return false;
  const given = Buffer.from(header.trim(), 'utf8');
  const expected = Buffer.from(token, 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

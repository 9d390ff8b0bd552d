// Which job a results request is about, where its pages live under /v2, and the `next` guard.
// The service's `next` is an absolute URL. It is never requested as it is: it is read for its
// cursor (skip, limit) only when it names the very address this client is configured for (same
// scheme, host, port and /v2 path of the same job); the client then builds the request itself,
// so the key can only ever go where every other request goes.
import type { ServiceAddress } from '../service-address';

import { jobPath, type JobRef } from '../crawls/job';
import { parseUrl } from '../parse-url';

export { isJobId, jobPath, type JobKind, type JobRef } from '../crawls/job';

/** Where the next page is: a cursor this client may ask for, or why the `next` was not followed. */
export type NextPage =
  | { kind: 'cursor'; skip: number; limit?: number }
  | { kind: 'refused'; reason: 'not-a-url' | 'elsewhere' | 'other-path' | 'no-cursor' };

/** Largest skip or limit taken from a `next`: far above any real job, far below unsafe numbers. */
const MAX_CURSOR = 100_000_000;

function whole(value: string | null): number | undefined {
  if (value === null || !/^\d{1,9}$/.test(value)) return undefined;
  const n = Number(value);
  return n <= MAX_CURSOR ? n : undefined;
}

/** Judges a `next` against the configured address and the job asked for. */
export function judgeNext(address: ServiceAddress, job: JobRef, next: string): NextPage {
  const url = parseUrl(next);
  if (!url) return { kind: 'refused', reason: 'not-a-url' };
  // URL.origin is scheme://host[:port] with default ports left out, as the address's origin is.
  if (url.username !== '' || url.password !== '' || url.origin !== address.origin) return { kind: 'refused', reason: 'elsewhere' };
  const path = url.pathname.replace(/\/+$/, '');
  if (path.toLowerCase() !== `${address.prefix}${jobPath(job)}`.toLowerCase()) return { kind: 'refused', reason: 'other-path' };
  const skip = whole(url.searchParams.get('skip'));
  if (skip === undefined) return { kind: 'refused', reason: 'no-cursor' };
  const limit = whole(url.searchParams.get('limit'));
  return limit === undefined || limit === 0 ? { kind: 'cursor', skip } : { kind: 'cursor', skip, limit };
}

/** The query of a results request; skip 0 and no limit leave it empty, as the service's own first link. */
export function pageQuery(skip: number, limit: number | undefined): string {
  const parts: string[] = [];
  if (skip > 0) parts.push(`skip=${skip}`);
  if (limit !== undefined) parts.push(`limit=${limit}`);
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

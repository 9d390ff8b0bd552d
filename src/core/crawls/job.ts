// A crawl or a batch scrape, named by the service's job id. Here rather than in ../api so that the
// views (which load no zod or undici) can read a command's argument with the same rules the client
// applies before it sends anything.

export type JobKind = 'crawl' | 'batch';

export interface JobRef {
  readonly id: string;
  readonly kind: JobKind;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Where a job started, as this window learnt it: a crawl's address; a batch scrape's first address and how many it was given. */
export interface JobStart {
  readonly url?: string;
  readonly addresses?: number;
}

/** What a job's row is named by: an address, a number of addresses, or (neither known) its short id. */
type JobName = { kind: 'address'; url: string } | { kind: 'addresses'; count: number } | { kind: 'id'; short: string };

/**
 * A job's row is named as a running crawl's is, by where it started (issue 46): a crawl's start
 * address, a batch scrape of several addresses by their number, of one by that one. The id (its
 * tooltip's) names it only when this window never learnt where it started (a pasted id, a webhook).
 */
export function jobName(ref: JobRef, start: JobStart | undefined): JobName {
  if (ref.kind === 'batch' && start?.addresses !== undefined && start.addresses > 1) return { kind: 'addresses', count: start.addresses };
  if (start?.url !== undefined) return { kind: 'address', url: start.url };
  return { kind: 'id', short: ref.id.slice(0, 8) };
}

/** The service's job ids are UUIDs; anything else is refused before a request is made. */
export function isJobId(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

/** The job's path below the /v2 prefix: /crawl/{id} or /batch/scrape/{id}. */
export function jobPath(job: JobRef): string {
  return `${job.kind === 'crawl' ? '/crawl' : '/batch/scrape'}/${job.id.toLowerCase()}`;
}

/** One key per job, for maps and folder names: `crawl-<id>` or `batch-<id>`, lower case. */
export function jobKey(job: JobRef): string {
  return `${job.kind}-${job.id.toLowerCase()}`;
}

/**
 * A job from a command's argument: a job id (a crawl), or a plain object `{id, kind?}` (an
 * Active Crawls row, a webhook event row with its `jobId` and `type`, a chat tool's input).
 * Nothing else is read from the object.
 */
export function readJobArgument(arg: unknown): JobRef | undefined {
  if (isJobId(arg)) return { id: arg.toLowerCase(), kind: 'crawl' };
  if (!isRecord(arg)) return undefined;
  // A Webhook Events row holds its delivery under `record`.
  const value = arg.kind === 'event' && isRecord(arg.record) ? arg.record : arg;
  const id = isJobId(value.id) ? value.id : isJobId(value.jobId) ? value.jobId : undefined;
  if (id === undefined) return undefined;
  const kind = value.kind === 'batch' || (typeof value.type === 'string' && value.type.startsWith('batch_scrape.')) ? 'batch' : 'crawl';
  return { id: id.toLowerCase(), kind };
}

/** An object whose fields can be read one by one (each checked where it is read). */
function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

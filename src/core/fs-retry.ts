// Renames and deletes in folders several VS Code windows share, retried briefly when the file is
// held for a moment. On Windows a rename over a file another process has open (an antivirus scan,
// another window reading it) fails with EPERM, EBUSY or EACCES until that process lets go; running
// out of file handles (EMFILE, ENFILE) passes too. graceful-fs retries the same codes, but by
// patching `fs` for the whole extension host; this is the same idea for our own calls only. The
// backoff is bounded (about 1.3 s in all): a write that still fails is reported, never waited on.

/** The error codes that usually mean "held by someone else for a moment", not "impossible". */
const TRANSIENT_CODES: ReadonlySet<string> = new Set(['EPERM', 'EBUSY', 'EACCES', 'EMFILE', 'ENFILE']);

/** How long to wait before each new attempt, and how to wait: tests pass a sleep that does not. */
export interface RetryPolicy {
  readonly delaysMs: readonly number[];
  readonly sleep: (ms: number) => Promise<void>;
}

export const DEFAULT_RETRY: RetryPolicy = {
  delaysMs: [10, 20, 40, 80, 160, 320, 640],
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

export function errorCode(err: unknown): string | undefined {
  const code = typeof err === 'object' && err !== null ? (err as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : undefined;
}

/** True for the codes a moment's wait may clear. */
export function isTransient(err: unknown): boolean {
  return TRANSIENT_CODES.has(errorCode(err) ?? '');
}

/** Runs `step`, again after each delay of `policy` while it fails with a transient code. */
export async function retryTransient<T>(step: () => Promise<T>, policy: RetryPolicy = DEFAULT_RETRY): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await step();
    } catch (err) {
      const delay = policy.delaysMs[attempt];
      if (delay === undefined || !isTransient(err)) throw err;
      await policy.sleep(delay);
    }
  }
}

/** The file calls retried here: a subset of `fs.promises`. */
export interface RetriedFileCalls {
  rename(from: string, to: string): Promise<void>;
  unlink(file: string): Promise<void>;
}

export function renameRetrying(fs: Pick<RetriedFileCalls, 'rename'>, from: string, to: string, policy?: RetryPolicy): Promise<void> {
  return retryTransient(() => fs.rename(from, to), policy);
}

export function unlinkRetrying(fs: Pick<RetriedFileCalls, 'unlink'>, file: string, policy?: RetryPolicy): Promise<void> {
  return retryTransient(() => fs.unlink(file), policy);
}

/**
 * Why a write could not be made, as structure the features put into words: `in-use` (the file was
 * held past the retries, or the folder is not writable), `no-space`, `read-only`, `other`.
 */
export interface WriteFailure {
  kind: 'in-use' | 'no-space' | 'read-only' | 'other';
  /** The system's code (EPERM, ENOSPC…), for the log and the message. */
  code?: string;
  /** The error's own message, for the log. */
  detail: string;
}

export function writeFailureOf(err: unknown): WriteFailure {
  const code = errorCode(err);
  const detail = err instanceof Error ? err.message : String(err);
  const kind: WriteFailure['kind'] = code === undefined ? 'other'
    : code === 'EPERM' || code === 'EBUSY' || code === 'EACCES' ? 'in-use'
    : code === 'ENOSPC' || code === 'EDQUOT' ? 'no-space'
    : code === 'EROFS' ? 'read-only'
    : 'other';
  return code === undefined ? { kind, detail } : { kind, code, detail };
}

// File steps the search history shares with other VS Code windows over one folder: writes under a
// temporary name unique to this writer, a small lock around the index, and the removal of
// temporary files left by a crash (only old ones: a young one may be another window's write).
// Renames and deletes are retried briefly (../fs-retry.ts): on Windows a file another process
// holds open refuses them for a moment.
import { promises as nodeFs } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_RETRY, errorCode, isTransient, renameRetrying, unlinkRetrying, type RetryPolicy } from '../fs-retry';

/** The calls the history makes; tests pass a wrapper that pauses or fails some of them. */
export type HistoryFileSystem = Pick<typeof nodeFs, 'readFile' | 'writeFile' | 'rename' | 'readdir' | 'stat' | 'unlink' | 'mkdir' | 'open'>;

/** A temporary file younger than this may belong to a write still under way in another window. */
const STALE_TMP_MS = 5 * 60_000;
/** A lock older than this was left by a window that crashed while holding it. */
const STALE_LOCK_MS = 15_000;
/** How long to wait for the index lock before going ahead without it (best effort beats a hang). */
const LOCK_WAIT_MS = 3_000;
const LOCK_POLL_MS = 15;

export function describeError(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** `<file>.<pid>-<random>.tmp`: two windows writing the same file never share a temporary name. */
function tmpNameFor(file: string): string {
  return `${file}.${process.pid}-${Math.random().toString(36).slice(2, 10)}.tmp`;
}

/**
 * A reader never sees half a file: the content goes to this writer's own temporary name, then is
 * renamed (retried while the target is held). Throws when it could not be made: the file as it was
 * stays, whole.
 */
export async function writeAtomic(fs: HistoryFileSystem, file: string, data: Uint8Array | string, retry: RetryPolicy = DEFAULT_RETRY): Promise<void> {
  const tmp = tmpNameFor(file);
  try {
    await fs.writeFile(tmp, data);
    await renameRetrying(fs, tmp, file, retry);
  } catch (err) {
    await unlinkRetrying(fs, tmp, retry).catch(() => undefined);
    throw err;
  }
}

/** Deletes the `.tmp` files in `folder` whose names pass `mine` and that are older than `maxAgeMs`. */
export async function removeStaleTmp(fs: HistoryFileSystem, folder: string, names: readonly string[], mine: (name: string) => boolean, now: number, maxAgeMs = STALE_TMP_MS): Promise<void> {
  // Not retried: a file another window holds is left for the next start.
  for (const name of names) {
    if (!name.endsWith('.tmp') || !mine(name)) continue;
    const file = join(folder, name);
    try {
      const stat = await fs.stat(file);
      if (now - stat.mtimeMs >= maxAgeMs) await fs.unlink(file);
    } catch {
      // Renamed or removed by its writer meanwhile: nothing left to clean.
    }
  }
}

/**
 * Runs `work` while holding `lockFile` (created exclusively), so that two windows merging the
 * index do not overwrite each other. Bounded: after LOCK_WAIT_MS it goes ahead without the lock;
 * a lock older than STALE_LOCK_MS is taken over.
 */
export async function withLock<T>(fs: HistoryFileSystem, lockFile: string, work: () => Promise<T>, onWarning: (message: string) => void, retry: RetryPolicy = DEFAULT_RETRY): Promise<T> {
  const deadline = Date.now() + LOCK_WAIT_MS;
  let held = false;
  for (let attempt = 0; attempt < LOCK_WAIT_MS / LOCK_POLL_MS + 10; attempt++) {
    try {
      const handle = await fs.open(lockFile, 'wx');
      await handle.close();
      held = true;
      break;
    } catch (err) {
      // On Windows a lock file another window is deleting refuses to be made (EPERM) for a moment.
      if (errorCode(err) !== 'EEXIST' && !isTransient(err)) {
        onWarning(`Could not take the search history lock: ${describeError(err)}`);
        break;
      }
    }
    const age = await fs.stat(lockFile).then((s) => Date.now() - s.mtimeMs, () => 0);
    if (age >= STALE_LOCK_MS) {
      await unlinkRetrying(fs, lockFile, retry).catch(() => undefined);
      continue;
    }
    if (Date.now() >= deadline) {
      onWarning('The search history lock stayed taken; writing the index without it.');
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, LOCK_POLL_MS + Math.floor(Math.random() * LOCK_POLL_MS)));
  }
  try {
    return await work();
  } finally {
    // A lock left behind would hold every window back for STALE_LOCK_MS.
    if (held) await unlinkRetrying(fs, lockFile, retry).catch(() => undefined);
  }
}

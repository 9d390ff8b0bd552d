// Where the jobs open in Jobs are kept across reloads (issue 47): files, not VS Code's global state,
// whose one object per extension another window's flush replaces whole (a write lost so could not be
// told from one never made). A folder of its own in global storage (snapshots can be large, and the
// folder of what every window adds to is read at every start, this one only when the crawl-results
// feature is first used), one file per window (its key: the old global-state key, a colon and the
// window's session id), written only by that window, through SharedFolder's queue; readers merge
// every window's file, the newer snapshot of a job winning. What an earlier version kept in global
// state is moved in once, as a key of no window, read like any other.
import type { SharedFolder } from '../shared-folder';
import { mergeOpenJobs, OPEN_JOBS_KEY, readOpenJobs, type StoredJob } from './open-jobs';

/** A window's key in that folder. */
export const openJobsKeyOf = (sessionId: string): string => `${OPEN_JOBS_KEY}:${sessionId}`;

/**
 * Another window's file is removed once nothing in it is shown any more (each of its jobs is kept
 * newer elsewhere, or is past the newest kept) and it has not been written for this long: a window
 * that is still open and writes now is not raced.
 */
const IDLE_BEFORE_REMOVAL_MS = 60 * 60 * 1000;

type Folder = Pick<SharedFolder, 'keys' | 'get' | 'change' | 'update' | 'refresh' | 'adopt'>;
type LegacyState = Parameters<SharedFolder['adopt']>[0];

export class OpenJobsStore {
  private loaded: Promise<void> | undefined;

  constructor(private readonly folder: Folder, private readonly ownKey: string, private readonly legacy: LegacyState, private readonly now: () => number = Date.now) {}

  /** Every window's kept jobs of this service address, newest first (at most MAX_OPEN_JOBS in all). */
  async read(address: string): Promise<StoredJob[]> {
    await this.load();
    await this.folder.refresh();
    const byKey = this.entriesByKey();
    const kept = mergeOpenJobs([], [...byKey.values()].flat());
    await this.removeIdle(byKey, new Set(kept));
    return kept.filter((entry) => entry.address === address);
  }

  /** Writes this window's changed jobs into its own file, each job's newer snapshot winning. */
  async save(mine: readonly StoredJob[]): Promise<void> {
    await this.load();
    await this.folder.change(this.ownKey, (current) => mergeOpenJobs(readOpenJobs(current), mine));
  }

  /** The first use: the old global-state key moves in (once: it is removed there), then the folder is read. */
  private load(): Promise<void> {
    this.loaded ??= this.folder.adopt(this.legacy, [OPEN_JOBS_KEY]).catch(() => undefined).then(() => this.folder.refresh());
    return this.loaded;
  }

  private entriesByKey(): Map<string, StoredJob[]> {
    return new Map(this.folder.keys().filter((key) => key.startsWith(OPEN_JOBS_KEY)).map((key) => [key, readOpenJobs(this.folder.get(key))]));
  }

  private async removeIdle(byKey: ReadonlyMap<string, readonly StoredJob[]>, kept: ReadonlySet<StoredJob>): Promise<void> {
    const now = this.now();
    for (const [key, entries] of byKey) {
      if (key === this.ownKey || entries.some((entry) => kept.has(entry) || now - entry.savedAt < IDLE_BEFORE_REMOVAL_MS)) continue;
      await this.folder.update(key, undefined).catch(() => undefined);
    }
  }
}


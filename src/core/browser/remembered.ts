// The browser sessions this profile's windows started and have not seen end (issue 47): one file
// each under the extension's global storage (`browser-sessions/<id>.json`), so a reload or a crash
// of the window that started one never orphans it. The next start reads them back, asks the
// service which are still active, shows those again and stops each at its bound as before; a
// session the service says has ended is forgotten. One file per session, written by the window
// that started it (renamed into place) and deleted when it ends: no two windows write the same
// file, and no write can be lost to another's. A file read back is checked field by field; a
// broken one is as if absent. Plain Node, no VS Code.
import { promises as nodeFs } from 'node:fs';
import { join } from 'node:path';
import { unlinkRetrying } from '../fs-retry';
import { isPlainObject } from '../plain-object';
import { writeAtomic } from '../search/history-fs';
import { isScrapeId, isSessionId } from './request';

/** A session as remembered: enough to show its row again and stop it at its bound. */
export interface RememberedSession {
  readonly id: string;
  /** A session of /v2/interact, or a scraped page's own browser (its id is the scrape's). */
  readonly kind: 'session' | 'scrape';
  /** The profile's name, or the scraped page's address: what the row names. */
  readonly label: string;
  readonly askedBy: 'person' | 'agent';
  /** When it was asked for (ms since the epoch, this machine's clock). */
  readonly startedAt: number;
  /** Its bound: when this window stops it at the latest (ms since the epoch). */
  readonly endsAt: number;
  /**
   * The process id of the extension host that keeps it. Another window of the profile, still open,
   * keeps its own sessions; one whose host is gone (reloaded, crashed, closed) left them to the next start.
   */
  readonly owner: number;
}

const SUFFIX = '.json';

function isRemembered(value: unknown): value is RememberedSession {
  if (!isPlainObject(value)) return false;
  const { id, kind, label, askedBy, startedAt, endsAt } = value;
  const idOk = kind === 'session' ? isSessionId(id) : kind === 'scrape' && isScrapeId(id);
  return idOk && typeof label === 'string' && (askedBy === 'person' || askedBy === 'agent')
    && typeof startedAt === 'number' && Number.isFinite(startedAt) && typeof endsAt === 'number' && Number.isFinite(endsAt)
    && typeof value.owner === 'number' && Number.isInteger(value.owner);
}

/** What a start does with each remembered session once the service's list is read. */
type RestoreStep =
  | { action: 'forget'; session: RememberedSession }
  | { action: 'elsewhere'; session: RememberedSession }
  | { action: 'watch'; session: RememberedSession; liveViewUrl?: string; interactiveLiveViewUrl?: string };

/**
 * Which remembered sessions come back: one another open window keeps stays that window's; a session the service lists as active comes back, with its
 * live view; one it does not list has ended (stopped, or its time ran out) and is forgotten. A
 * scraped page's browser is not in that list, so it comes back until its bound, when stopping it
 * tells. `listed` undefined: the list could not be read, and every one comes back to be stopped at its bound.
 */
export function restoreSteps(
  remembered: readonly RememberedSession[],
  listed: ReadonlyArray<{ id: string; liveViewUrl?: string | null; interactiveLiveViewUrl?: string | null }> | undefined,
  keptElsewhere: (owner: number) => boolean,
): RestoreStep[] {
  const byId = new Map((listed ?? []).map((s) => [s.id, s]));
  return remembered.map((session): RestoreStep => {
    if (keptElsewhere(session.owner)) return { action: 'elsewhere', session };
    if (session.kind === 'scrape' || listed === undefined) return { action: 'watch', session };
    const live = byId.get(session.id);
    if (!live) return { action: 'forget', session };
    return {
      action: 'watch', session,
      ...(live.liveViewUrl ? { liveViewUrl: live.liveViewUrl } : {}),
      ...(live.interactiveLiveViewUrl ? { interactiveLiveViewUrl: live.interactiveLiveViewUrl } : {}),
    };
  });
}

export class RememberedSessions {
  /** `folder`: ./remembered-folder.ts names it (the shell's, handed to the feature). */
  constructor(private readonly folder: string, private readonly fs: Pick<typeof nodeFs, 'readFile' | 'writeFile' | 'rename' | 'readdir' | 'unlink' | 'mkdir' | 'stat' | 'open'> = nodeFs) {
  }

  private fileOf(id: string): string | undefined {
    // Ids are checked before they name a file: letters, digits, "-" and "_" only.
    return isSessionId(id) || isScrapeId(id) ? join(this.folder, `${id}${SUFFIX}`) : undefined;
  }

  /** Every session remembered by any window of this profile, oldest first. */
  async list(): Promise<RememberedSession[]> {
    let names: string[];
    try {
      names = await this.fs.readdir(this.folder);
    } catch {
      return [];
    }
    const read = await Promise.all(names.filter((name) => name.endsWith(SUFFIX)).map(async (name) => {
      try {
        const value: unknown = JSON.parse(await this.fs.readFile(join(this.folder, name), 'utf8'));
        return isRemembered(value) && `${value.id}${SUFFIX}` === name ? value : undefined;
      } catch {
        return undefined;
      }
    }));
    return read.filter((s): s is RememberedSession => s !== undefined).sort((a, b) => a.startedAt - b.startedAt);
  }

  /** Remembers a session this window started. Throws when it could not be written. */
  async remember(session: RememberedSession): Promise<void> {
    const file = this.fileOf(session.id);
    if (!file) return;
    await this.fs.mkdir(this.folder, { recursive: true });
    await writeAtomic(this.fs, file, JSON.stringify(session));
  }

  /** Forgets a session that ended (already forgotten: nothing to do). */
  async forget(id: string): Promise<void> {
    const file = this.fileOf(id);
    if (!file) return;
    await unlinkRetrying(this.fs, file).catch(() => undefined);
  }
}

/** Whether another extension host than this one, still running, keeps what it remembered. */
export function hostAlive(owner: number, self: number = process.pid): boolean {
  if (owner === self) return false;
  try {
    // Signal 0 checks the process exists without touching it.
    process.kill(owner, 0);
    return true;
  } catch {
    // ESRCH: gone. EPERM: the id now belongs to another user's process, not a window of ours.
    return false;
  }
}

// One notification per check, however many windows read the watches: the window that first creates
// the check's claim file (open with O_EXCL, which the file system makes atomic between processes) is
// the one that notifies; every other window finds it there. Claims older than a month are removed
// as new ones are made, so the folder stays small. Plain Node, no VS Code.
import { mkdir, open, readdir, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';

const ID = /^[0-9a-f-]{36}$/i;
const KEEP_MS = 31 * 24 * 3_600_000;

export class CheckClaims {
  constructor(private readonly folder: string, private readonly now: () => number = Date.now) {}

  /** True when this call made the claim; false when another window (or an earlier call) had it, or it cannot be told. */
  async claim(checkId: string): Promise<boolean> {
    if (!ID.test(checkId)) return false;
    try {
      await mkdir(this.folder, { recursive: true });
      const handle = await open(join(this.folder, checkId.toLowerCase()), 'wx');
      await handle.close();
      void this.prune();
      return true;
    } catch {
      // EEXIST: another window notifies. Any other failure: better no notification than one per window.
      return false;
    }
  }

  private async prune(): Promise<void> {
    try {
      for (const name of await readdir(this.folder)) {
        const file = join(this.folder, name);
        if (this.now() - (await stat(file)).mtimeMs > KEEP_MS) await unlink(file);
      }
    } catch {
      // Another window pruned the same file first; the next claim tries again.
    }
  }
}

// Where the browser sessions this profile's windows started are remembered (./remembered.ts), and
// whether any is: the shell asks at every start, so this module is a folder's name and one read.
import { promises as fs } from 'node:fs';
import { join } from 'node:path';

export const REMEMBERED_SESSIONS_FOLDER = 'browser-sessions';

/** Whether a window of this profile remembers a browser session it started (a reload or a crash left it). */
export async function anySessionRemembered(globalStorage: string): Promise<boolean> {
  try {
    return (await fs.readdir(join(globalStorage, REMEMBERED_SESSIONS_FOLDER))).some((name) => name.endsWith('.json'));
  } catch {
    return false;
  }
}

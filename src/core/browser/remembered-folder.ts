// Where the browser sessions this profile's windows started are remembered (./remembered.ts), and
// whether any is: the shell asks at every start, so this module is a folder's name and one read. The
// shell hands the folder to the browser feature, so this module is in dist/shell.js alone.
import { promises as fs } from 'node:fs';
import { join } from 'node:path';

/**
 * The workspace-state key of the session whose live view the window's Simple Browser shows
 * (src/features/browser/live-view-tab.ts): a tab VS Code restores needs the feature as much.
 */
export const LIVE_VIEW_SHOWN_KEY = 'webData.browser.liveViewShown';

/** The folder of the remembered sessions, under the extension's global storage. */
export function rememberedSessionsFolder(globalStorage: string): string {
  return join(globalStorage, 'browser-sessions');
}

/** Whether a window of this profile remembers a browser session it started (a reload or a crash left it). */
export async function anySessionRemembered(folder: string): Promise<boolean> {
  try {
    return (await fs.readdir(folder)).some((name) => name.endsWith('.json'));
  } catch {
    return false;
  }
}

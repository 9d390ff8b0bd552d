// A message that goes away by itself when what it speaks of has happened: a status-bar message,
// which an extension can take back (a showInformationMessage cannot be closed, and a toast that
// says "search again" would stay, in the notification centre too, after the person searched
// again). Not a progress notification: a bar that cannot be cancelled says something is working.
// It goes at `until` or after `maxMs`. The notices up are listed for the host tests (a status-bar
// message cannot be read back from VS Code).
import * as vscode from 'vscode';

const open = new Set<string>();

/** The messages of the notices shown now, oldest first. */
export function openNotices(): readonly string[] {
  return [...open];
}

export interface NoticeOptions {
  /** Closes the notice when it fires (the next search, for "search again"). */
  until: vscode.Event<unknown>;
  /** Closes it anyway after this long. */
  maxMs: number;
}

/** Shows `message` until `until` fires or `maxMs` pass; resolves when it is taken back. */
export function showNoticeUntil(message: string, options: NoticeOptions): Promise<void> {
  open.add(message);
  const shown = vscode.window.setStatusBarMessage(`$(info) ${message}`);
  return new Promise<void>((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      listener.dispose();
      shown.dispose();
      open.delete(message);
      resolve();
    };
    const timer = setTimeout(done, options.maxMs);
    const listener = options.until(done);
  });
}

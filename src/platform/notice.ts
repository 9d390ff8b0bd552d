// A notification that closes itself when what it speaks of has happened. VS Code gives no way to
// close a showInformationMessage, and a toast that says "search again" stays up (and stays in the
// notification centre) after the person searched again. A progress notification is the one kind
// an extension can close: it goes when its task resolves, here at `until` or after `maxMs`.
// The notices open are listed for the host tests (a notification cannot be read back from VS Code).
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

/** Shows `message` until `until` fires or `maxMs` pass; resolves when it is closed. */
export function showNoticeUntil(message: string, options: NoticeOptions): Promise<void> {
  open.add(message);
  return new Promise<void>((resolve) => {
    void vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: message, cancellable: false }, (progress) => {
      // A full bar: nothing is working; without a report VS Code would animate one as if it were.
      progress.report({ increment: 100 });
      return new Promise<void>((close) => {
        const done = (): void => {
          clearTimeout(timer);
          listener.dispose();
          open.delete(message);
          close();
          resolve();
        };
        const timer = setTimeout(done, options.maxMs);
        const listener = options.until(done);
      });
    });
  });
}

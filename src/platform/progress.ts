// Progress of routine, short work (a search, a scrape, Map Site) in the window, not as a toast
// (issue 46): the status bar's spinner with its title, which goes when the work ends. A toast is
// for what finished and matters. Only work still running after SLOW_AFTER_MS becomes a cancellable
// notification, whose Cancel is the one a person can press (a Window progress has no button);
// a quick answer never shows one.
import * as vscode from 'vscode';

/** How long work may run before its progress asks for attention, with a Cancel button. */
const SLOW_AFTER_MS = 4000;

/**
 * Runs `task` under a Window progress titled `title`; when it outlasts `slowAfterMs`, a cancellable
 * notification with the same title follows it to its end. The token `task` gets is cancelled by
 * that notification's Cancel.
 */
export async function withWindowProgress<T>(title: string, task: (token: vscode.CancellationToken) => Thenable<T>, slowAfterMs = SLOW_AFTER_MS): Promise<T> {
  const cancel = new vscode.CancellationTokenSource();
  const work = Promise.resolve(vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title }, () => task(cancel.token)));
  const ended = work.then(() => undefined, () => undefined);
  const slow = setTimeout(() => {
    void vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title, cancellable: true }, async (_progress, token) => {
      const listener = token.onCancellationRequested(() => { cancel.cancel(); });
      try {
        await ended;
      } finally {
        listener.dispose();
      }
    });
  }, slowAfterMs);
  try {
    return await work;
  } finally {
    clearTimeout(slow);
    cancel.dispose();
  }
}

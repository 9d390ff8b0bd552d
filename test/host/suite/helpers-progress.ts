// What progress the extension shows (issue 46: routine work in the window, not as a toast), read by
// replacing withProgress on VS Code's API object, which is the extension's own. A progress in the
// window goes through to VS Code; a notification's is run here with a token the test cancels, as
// a person's Cancel on it would.
import * as vscode from 'vscode';

export interface ShownProgress {
  location: 'window' | 'notification' | 'other';
  title: string;
  cancellable: boolean;
}

export interface ProgressRecorder {
  readonly shown: ShownProgress[];
  /** Presses Cancel on every progress notification shown so far and later. */
  cancelNotifications(): void;
  restore(): void;
}

export function recordProgress(): ProgressRecorder {
  const window = vscode.window;
  const original = window.withProgress;
  const shown: ShownProgress[] = [];
  const cancel = new vscode.CancellationTokenSource();
  const replacement = (options: vscode.ProgressOptions, task: Parameters<typeof vscode.window.withProgress>[1]): Thenable<unknown> => {
    const location = options.location === vscode.ProgressLocation.Window ? 'window' : options.location === vscode.ProgressLocation.Notification ? 'notification' : 'other';
    shown.push({ location, title: options.title ?? '', cancellable: options.cancellable === true });
    if (location === 'notification') return task({ report: () => undefined }, cancel.token);
    return original.call(window, options, task);
  };
  Object.defineProperty(window, 'withProgress', { value: replacement, configurable: true, writable: true });
  return {
    shown,
    cancelNotifications: () => { cancel.cancel(); },
    restore: () => {
      Object.defineProperty(window, 'withProgress', { value: original, configurable: true, writable: true });
      cancel.dispose();
    },
  };
}

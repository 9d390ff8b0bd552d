// A paid repeat (Search Again, Scrape Again, Check Now…) asks with its price in a modal before it
// sends (src/features/spend/confirm.ts, issue 46), and a host test cannot click a modal: these
// answer it as a person would, and record what it asked. They replace showInformationMessage on
// VS Code's API object, which is the extension's own (one per extension), while `run` runs; a
// message that is not modal passes through to what was there.
import * as vscode from 'vscode';

export interface AskedModal {
  message: string;
  detail: string;
  buttons: string[];
}

function isModal(options: unknown): options is { modal: true; detail?: string } {
  return typeof options === 'object' && options !== null && 'modal' in options && options.modal === true;
}

/**
 * Runs `run` with every modal information message answered: `send` presses its first button,
 * `decline` dismisses it (Cancel, Escape). Each is added to `asked`.
 */
export async function answeringModals<T>(answer: 'send' | 'decline', run: () => Thenable<T>, asked: AskedModal[] = []): Promise<T> {
  const window = vscode.window;
  const original = window.showInformationMessage;
  const replacement = (message: string, ...rest: unknown[]): Thenable<unknown> => {
    const [options, ...buttons] = rest;
    if (!isModal(options)) return (original as (...args: unknown[]) => Thenable<unknown>).call(window, message, ...rest);
    const labels = buttons.map((b) => (typeof b === 'string' ? b : String((b as { title?: unknown }).title)));
    asked.push({ message, detail: options.detail ?? '', buttons: labels });
    return Promise.resolve(answer === 'send' ? buttons[0] : undefined);
  };
  Object.defineProperty(window, 'showInformationMessage', { value: replacement, configurable: true, writable: true });
  try {
    return await run();
  } finally {
    Object.defineProperty(window, 'showInformationMessage', { value: original, configurable: true, writable: true });
  }
}

/** Runs a paid repeat's command, its price accepted (the suites whose subject is what it does, not its price). */
export function paying<T>(command: string, ...args: unknown[]): Promise<T | undefined> {
  return answeringModals('send', () => vscode.commands.executeCommand<T | undefined>(command, ...args));
}

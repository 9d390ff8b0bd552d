// Turns any failure into one notification a person can act on: what went wrong in plain words,
// and the action that helps. Never a stack trace; details go to the log. The service's error
// text is outside text: the message is made inert, so it can never hold a link to a command.
import * as vscode from 'vscode';
import { Command } from '../core/ids';
import { inertNotification } from '../core/text/inert';
import { isWebDataError } from './core';
import { errorButtons, type ErrorButton } from './error-buttons';

/** An error notification as it was shown: its text and its buttons, in order. */
export interface ShownError {
  readonly message: string;
  readonly buttons: readonly string[];
}

// Module-wide, as in ./quick-inputs: a notification's buttons cannot be read back from VS Code,
// so the host tests check what each feature offered through this. No one else listens.
const shownEmitter = new vscode.EventEmitter<ShownError>();

/** Fires as each error notification of showError() is shown. */
export const onDidShowError: vscode.Event<ShownError> = shownEmitter.event;

export interface ErrorActions {
  /** Offered as "Retry" for failures that may pass on a second try. */
  retry?: () => unknown;
}

/** A sentence for any thrown value: the client's own message when it is ours, else a generic one. */
export function describeError(err: unknown): string {
  if (isWebDataError(err)) return err.message;
  if (err instanceof Error && err.message) return `Something went wrong: ${err.message}`;
  return 'Something went wrong. See the Web Data log for details.';
}

export async function showError(log: vscode.LogOutputChannel, what: string, err: unknown, actions: ErrorActions = {}): Promise<void> {
  if (isWebDataError(err) && err.kind === 'cancelled') return;
  log.error(`${what}: ${describeError(err)}`);
  const error = isWebDataError(err) ? err : undefined;
  const labels: Record<ErrorButton, string> = {
    'set-key': vscode.l10n.t('Set API Key'),
    'open-dashboard': vscode.l10n.t('Open Dashboard'),
    'open-network-settings': vscode.l10n.t('Open Network Settings'),
    'check-connection': vscode.l10n.t('Check Connection'),
    retry: vscode.l10n.t('Retry'),
    'open-log': vscode.l10n.t('Open Log'),
  };
  const offered = errorButtons(error, actions.retry !== undefined);
  const buttons = offered.map((button) => labels[button]);
  const kind = error?.kind;
  const message = inertNotification(`${what}: ${describeError(err)}`);
  const shown = kind === 'rate-limited' ? vscode.window.showWarningMessage(message, ...buttons) : vscode.window.showErrorMessage(message, ...buttons);
  shownEmitter.fire({ message, buttons });
  const choice = await shown;
  const picked = offered.find((button) => labels[button] === choice);
  if (picked === 'set-key') await vscode.commands.executeCommand(Command.setApiKey);
  else if (picked === 'retry') await actions.retry?.();
  else if (picked === 'open-log') log.show(true);
  else if (picked === 'check-connection') await vscode.commands.executeCommand(Command.checkConnection);
  else if (picked === 'open-network-settings') await vscode.commands.executeCommand('workbench.action.openSettings', kind === 'certificate' ? 'http.systemCertificates' : 'http.proxy');
  else if (picked === 'open-dashboard' && error?.dashboardUrl) await vscode.env.openExternal(vscode.Uri.parse(error.dashboardUrl, true));
}

// Turns any failure into one notification a person can act on: what went wrong in plain words,
// and the action that helps. Never a stack trace; details go to the log. The service's error
// text is outside text: the message is made inert, so it can never hold a link to a command.
import * as vscode from 'vscode';
import { fixTarget, meaningOf, offerFor, type ErrorButton, type FailureOffer } from '../core/failure-table';
import type { WriteFailure } from '../core/fs-retry';
import { Command } from '../core/ids';
import { inertNotification } from '../core/text/inert';
import { isWebDataError } from './core';
import { errorButtons } from './error-buttons';

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

/** Why a file in global storage could not be written, as a clause each feature's words end a sentence with. */
export function writeFailureWords(failure: WriteFailure): string {
  const code = failure.code ?? '';
  switch (failure.kind) {
    case 'in-use': return vscode.l10n.t('another program kept the file busy or the folder cannot be written ({0})', code);
    case 'no-space': return vscode.l10n.t('the disk is full ({0})', code);
    case 'read-only': return vscode.l10n.t('the disk is read-only ({0})', code);
    case 'other': return code !== '' ? vscode.l10n.t('the file could not be written ({0})', code) : vscode.l10n.t('the file could not be written');
  }
}

/** A sentence for any thrown value: the client's own message when it is ours, else a generic one. */
export function describeError(err: unknown): string {
  if (isWebDataError(err)) return err.message;
  if (err instanceof Error && err.message) return vscode.l10n.t('Something went wrong: {0}', err.message);
  return vscode.l10n.t('Something went wrong. See the Web Data log for details.');
}

/** A button's label: the same words wherever a failure is shown (a notification, the credits dialog). */
export function errorButtonLabel(button: ErrorButton): string {
  switch (button) {
    case 'set-key': return vscode.l10n.t('Set API Key');
    case 'open-dashboard': return vscode.l10n.t('Open Dashboard');
    case 'open-network-settings': return vscode.l10n.t('Open Network Settings');
    case 'check-connection': return vscode.l10n.t('Check Connection');
    case 'retry': return vscode.l10n.t('Retry');
    case 'open-log': return vscode.l10n.t('Open Log');
  }
}

/**
 * Runs the fix a picked button stands for (the table's command, setting or page), or Check
 * Connection. Retry and Open Log are each caller's own.
 */
export async function runFixButton(button: ErrorButton, offer: FailureOffer): Promise<void> {
  if (button === 'check-connection') {
    await vscode.commands.executeCommand(Command.checkConnection);
    return;
  }
  if (offer.fix === undefined || offer.fix.button !== button) return;
  const target = fixTarget(offer.fix);
  if ('url' in target) await vscode.env.openExternal(vscode.Uri.parse(target.url, true));
  else await vscode.commands.executeCommand(target.command, ...target.args);
}

export async function showError(log: vscode.LogOutputChannel, what: string, err: unknown, actions: ErrorActions = {}): Promise<void> {
  const error = isWebDataError(err) ? err : undefined;
  const notice = meaningOf(error?.kind)?.notice ?? 'error';
  if (notice === 'none') return;
  log.error(`${what}: ${describeError(err)}`);
  const offered = errorButtons(error, actions.retry !== undefined);
  const buttons = offered.map(errorButtonLabel);
  const message = inertNotification(`${what}: ${describeError(err)}`);
  const shown = notice === 'warning' ? vscode.window.showWarningMessage(message, ...buttons) : vscode.window.showErrorMessage(message, ...buttons);
  shownEmitter.fire({ message, buttons });
  const choice = await shown;
  const picked = offered.find((button) => errorButtonLabel(button) === choice);
  if (picked === undefined) return;
  if (picked === 'retry') await actions.retry?.();
  else if (picked === 'open-log') log.show(true);
  else await runFixButton(picked, offerFor(error));
}

/**
 * A failure whose details are only in the log (an unexpected throw, a write that failed): its
 * sentence, with the Open Log button every error notification of showError() offers, so that
 * "the log has the details" is one click away.
 */
export async function showLogError(log: vscode.LogOutputChannel, message: string, severity: 'error' | 'warning' = 'error'): Promise<void> {
  const openLog = errorButtonLabel('open-log');
  const shown = severity === 'warning' ? vscode.window.showWarningMessage(message, openLog) : vscode.window.showErrorMessage(message, openLog);
  shownEmitter.fire({ message, buttons: [openLog] });
  if (await shown === openLog) log.show(true);
}

/**
 * Says a command needs the connection, with a Connect button. Not awaited: the command ends now,
 * and the notification's button stays the person's to press.
 */
export function offerConnect(message: string, connect: string): void {
  void vscode.window.showErrorMessage(message, connect).then((choice) => (choice === connect ? vscode.commands.executeCommand(Command.connect) : undefined));
}

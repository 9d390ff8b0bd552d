// Credits in the status bar: the item, its refreshes, and the details behind a click.
import * as vscode from 'vscode';
import { offeredButtons } from '../../core/failure-table';
import { Command } from '../../core/ids';
import { inertNotification } from '../../core/text/inert';
import { usageErrorOffer } from '../../core/usage';
import { noArgument, registerCommand } from '../../platform/commands';
import { errorButtonLabel, runFixButton } from '../../platform/notify';
import type { Services } from '../../platform/services';
import type { SpendApi } from '../spend';
import { UsageStatus, type ProfileUseSignal } from './status';

export { UsageStatus };

/**
 * Registers the item and its commands. The returned object is the feature's API: its `model` for
 * whoever changes or reads the balance (a finished search, the chat tool), `state` and `item` for what is shown.
 */
export function registerUsage(services: Services, spend: SpendApi, use: ProfileUseSignal): UsageStatus {
  const status = new UsageStatus(services, spend, use);
  services.context.subscriptions.push(
    status,
    // Returns once the item shows the new state, so callers (the search, tests) can await it.
    registerCommand(Command.refreshUsage, noArgument, () => status.refreshNow()),
    registerCommand(Command.showUsage, noArgument, () => showUsage(status)),
  );
  return status;
}

/** The click on the item in the states that need words: details, and the action that helps. */
async function showUsage(status: UsageStatus): Promise<void> {
  if (status.state.kind === 'not-connected') {
    const connect = vscode.l10n.t('Connect');
    const choice = await vscode.window.showInformationMessage(vscode.l10n.t('Web Data is not connected: set the service address and an API key to see your credits.'), connect);
    if (choice === connect) await vscode.commands.executeCommand(Command.connect);
    return;
  }
  if (status.state.kind === 'loading') await status.refresh();
  const view = status.presentation();
  // The notification is what the click opened: the tooltip's "Click to …" hints would say it again.
  const words = status.words({ ...view, tooltip: view.tooltip.map((lines) => lines.filter((line) => line.kind !== 'click')) });
  // A notification, not a modal: it informs, and a modal would stop the person's work to do it.
  // A notification shows one paragraph, so the lines run on, each ending its sentence.
  // The service's own words may be among them: a notification would render a link in them.
  const message = inertNotification([words.heading, ...words.paragraphs.flat()].map((line) => line.trim()).filter((line) => line !== '')
    .map((line) => (/[.:!?]$/.test(line) ? line : `${line}.`)).join(' '), 2000);
  const state = status.state;
  if (state.kind === 'error') {
    // The same fix a notification of this failure offers (core/failure-table.ts), and Retry.
    const offer = usageErrorOffer(state);
    const offered = offeredButtons(offer, true);
    const choice = await vscode.window.showWarningMessage(message, ...offered.map(errorButtonLabel));
    const picked = offered.find((button) => errorButtonLabel(button) === choice);
    if (picked === 'retry') await status.refreshNow();
    else if (picked === 'open-log') await vscode.commands.executeCommand(Command.showLog);
    else if (picked !== undefined) await runFixButton(picked, offer);
    return;
  }
  const refresh = vscode.l10n.t('Refresh');
  const choice = await vscode.window.showInformationMessage(message, refresh);
  if (choice === refresh) await status.refreshNow();
}

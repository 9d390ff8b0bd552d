// Credits in the status bar: the item, its refreshes, and the details behind a click.
import * as vscode from 'vscode';
import { Command } from '../../core/ids';
import { noArgument, registerCommand } from '../../platform/commands';
import type { Services } from '../../platform/services';
import type { SpendApi } from '../spend';
import { UsageStatus } from './status';

export { UsageStatus };

/**
 * Registers the item and its commands. The returned object is the feature's API: `refresh()` for
 * whoever changes the balance (a finished search), `state` and `item` for what is shown.
 */
export function registerUsage(services: Services, spend: SpendApi): UsageStatus {
  const status = new UsageStatus(services, spend);
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
  // The dialog is what the click opened: the tooltip's "Click to …" hints would say it again.
  const words = status.words({ ...view, tooltip: view.tooltip.map((lines) => lines.filter((line) => line.kind !== 'click')) });
  const detail = words.paragraphs.flat().join('\n');
  const state = status.state;
  if (state.kind === 'error') {
    const retry = vscode.l10n.t('Retry');
    const setKey = vscode.l10n.t('Set API Key');
    const openLog = vscode.l10n.t('Open Log');
    const check = vscode.l10n.t('Check Connection');
    const buttons = state.unauthorized ? [setKey, retry, openLog] : state.network ? [check, retry, openLog] : [retry, openLog];
    const choice = await vscode.window.showWarningMessage(words.heading, { modal: true, detail }, ...buttons);
    if (choice === retry) await status.refreshNow();
    else if (choice === setKey) await vscode.commands.executeCommand(Command.setApiKey);
    else if (choice === openLog) await vscode.commands.executeCommand(Command.showLog);
    else if (choice === check) await vscode.commands.executeCommand(Command.checkConnection);
    return;
  }
  const refresh = vscode.l10n.t('Refresh');
  const choice = await vscode.window.showInformationMessage(words.heading, { modal: true, detail }, refresh);
  if (choice === refresh) await status.refreshNow();
}

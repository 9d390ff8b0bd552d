// Shared by the webhook host suites: a receiver on a free port with no secret set (as by default,
// so any local process can post), the notifications it shows, and undoing it after the suite.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { WebDataApi } from '../../../src/extension';
import type { WebhookNotification } from '../../../src/features/webhooks';

/**
 * Where the suites change the receiver's settings: the user settings, the only place a
 * machine-scoped setting (webData.webhooks.port, path, bindAddress, …) can be written.
 */
export function settingsTarget(): vscode.ConfigurationTarget {
  return vscode.ConfigurationTarget.Global;
}

export interface UnsignedReceiver {
  /** The receiver's local address, as Start Webhook Receiver returned it. */
  url: string;
  /** Stops it, clears the events it listed, and puts the settings back. */
  stop(): Promise<void>;
}

/** Starts the receiver with no secret and no earlier events; every notification goes into `notifications`. */
export async function startUnsignedReceiver(api: WebDataApi, notifications: WebhookNotification[]): Promise<UnsignedReceiver> {
  const listener = api.webhooks.onDidNotify((n) => notifications.push(n));
  await vscode.workspace.getConfiguration('webData').update('webhooks.port', 0, settingsTarget());
  await vscode.commands.executeCommand('webData.clearWebhookSecret', { confirmed: true });
  await vscode.commands.executeCommand('webData.clearWebhookEvents');
  const started = await vscode.commands.executeCommand<string | undefined>('webData.startWebhookReceiver');
  assert.ok(started, 'the receiver did not start');
  return {
    url: started,
    stop: async () => {
      listener.dispose();
      await vscode.commands.executeCommand('webData.stopWebhookReceiver');
      await vscode.commands.executeCommand('webData.clearWebhookSecret', { confirmed: true });
      await vscode.commands.executeCommand('webData.clearWebhookEvents');
      await vscode.workspace.getConfiguration('webData').update('webhooks.port', undefined, settingsTarget());
    },
  };
}

/** The Webhook Events view's top-level rows, as VS Code renders them (its provider answers at once). */
export function eventRows(api: WebDataApi): vscode.TreeItem[] {
  return api.webhooks.tree.getChildren().map((node) => api.webhooks.tree.getTreeItem(node));
}

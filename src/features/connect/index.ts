// Connecting: the service address (a setting) and the API key (secret storage, per address).
// At activation this registers the commands; their bodies, prompts and key check are in
// ./commands.ts. The sandbox stores its key through webData.setApiKey's argument, like any caller.
import * as vscode from 'vscode';
import { Command } from '../../core/ids';
import type { Services } from '../../platform/services';
import { clearApiKey, connect, setApiKey } from './commands';

export function registerConnect(services: Services): void {
  const { context, log } = services;
  context.subscriptions.push(
    vscode.commands.registerCommand(Command.connect, (args?: unknown) => connect(services, args)),
    vscode.commands.registerCommand(Command.setApiKey, (args?: unknown) => setApiKey(services, args)),
    vscode.commands.registerCommand(Command.clearApiKey, (args?: unknown) => clearApiKey(services, args)),
    vscode.commands.registerCommand(Command.showLog, () => log.show()),
  );
}

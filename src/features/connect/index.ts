// Connecting: the service address (a setting) and the API key (secret storage, per address).
// At activation this registers the commands; their bodies, prompts and key check are in
// ./commands.ts. The sandbox stores its key through webData.setApiKey's argument, like any caller.
import { decodeConnectArguments } from '../../core/commands/connect';
import { Command } from '../../core/ids';
import { noArgument, registerCommand } from '../../platform/commands';
import type { Services } from '../../platform/services';
import { clearApiKey, connect, setApiKey } from './commands';

export function registerConnect(services: Services): void {
  const { context, log } = services;
  context.subscriptions.push(
    registerCommand(Command.connect, decodeConnectArguments, (given) => connect(services, given)),
    registerCommand(Command.setApiKey, decodeConnectArguments, (given) => setApiKey(services, given)),
    registerCommand(Command.clearApiKey, decodeConnectArguments, (given) => clearApiKey(services, given)),
    registerCommand(Command.showLog, noArgument, () => log.show()),
  );
}

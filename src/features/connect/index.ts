// Connecting: the service address (a setting) and the API key (secret storage, per address).
// At activation this registers the commands (their bodies, prompts and key check are in
// ./commands.ts) and stores the sandbox's secrets.
import * as vscode from 'vscode';
import { Command } from '../../core/ids';
import type { Services } from '../../platform/services';
import { baseUrlSetting } from '../../platform/settings';
import { isLoopbackHttp } from './base-url';
import { clearApiKey, connect, setApiKey } from './commands';

export type { ClearApiKeyArgs, ConnectArgs, SetApiKeyArgs } from './commands';

export function registerConnect(services: Services): void {
  const { context, log } = services;
  context.subscriptions.push(
    vscode.commands.registerCommand(Command.connect, (args?: unknown) => connect(services, args)),
    vscode.commands.registerCommand(Command.setApiKey, (args?: unknown) => setApiKey(services, args)),
    vscode.commands.registerCommand(Command.clearApiKey, (args?: unknown) => clearApiKey(services, args)),
    vscode.commands.registerCommand(Command.showLog, () => log.show()),
  );
  storeSandboxSecrets(services);
}

/**
 * `npm run sandbox` starts VS Code with the emulator's demo key in WEBDATA_SANDBOX_API_KEY and the
 * secret the emulator signs its webhooks with in WEBDATA_SANDBOX_WEBHOOK_SECRET. They are stored
 * only for a loopback http address (the emulator), never for a real service, and never logged.
 */
function storeSandboxSecrets(services: Services): void {
  const baseUrl = baseUrlSetting();
  if (!baseUrl || !isLoopbackHttp(baseUrl)) return;
  const apiKey = process.env.WEBDATA_SANDBOX_API_KEY?.trim();
  const webhookSecret = process.env.WEBDATA_SANDBOX_WEBHOOK_SECRET?.trim();
  if (apiKey) logSeed(services, services.secrets.seedApiKey(baseUrl, apiKey), `API key for ${baseUrl}`);
  if (webhookSecret) logSeed(services, services.secrets.seedWebhookSecret(webhookSecret), 'webhook secret');
}

function logSeed(services: Services, seeding: Promise<boolean>, what: string): void {
  seeding.then(
    (stored) => {
      if (stored) services.log.info(`Sandbox: stored the emulator's ${what}.`);
    },
    () => services.log.warn(`Sandbox: the emulator's ${what} could not be stored.`),
  );
}

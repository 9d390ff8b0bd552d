// The webhook commands. Arguments let tests (and other extensions) skip the prompts: setWebhookSecret
// takes { secret }; the row commands take a view node or { key }.
import * as vscode from 'vscode';
import { askText } from '../../platform/quick-inputs';
import { decodeClearSecret, decodeEvent, decodeSecret, type EventArgument } from '../../core/commands/webhooks';
import { noArgument, registerCommand } from '../../platform/commands';
import { Command, fullSettingKey, Setting } from '../../core/ids';
import { copyText } from '../../platform/clipboard';
import { showLogError } from '../../platform/notify';
import type { WebhookEventRecord } from '../../core/webhook-events';
import type { Services } from '../../platform/services';
import type { WebhookEventsStore } from './events-store';
import type { WebhookPayloadDocuments } from './payload-document';
import type { WebhookReceiverController } from './receiver-controller';

export interface WebhookCommandParts {
  services: Services;
  controller: WebhookReceiverController;
  store: WebhookEventsStore;
  documents: WebhookPayloadDocuments;
}

export type WebhookCommandId =
  | typeof Command.startWebhookReceiver
  | typeof Command.stopWebhookReceiver
  | typeof Command.copyWebhookUrl
  | typeof Command.setWebhookSecret
  | typeof Command.clearWebhookSecret
  | typeof Command.copyJobId
  | typeof Command.openWebhookPayload
  | typeof Command.clearWebhookEvents;

/** The decoded argument of each webhook command (src/core/commands/webhooks.ts). */
interface WebhookArguments {
  [Command.startWebhookReceiver]: undefined;
  [Command.stopWebhookReceiver]: undefined;
  [Command.copyWebhookUrl]: undefined;
  [Command.setWebhookSecret]: string | undefined;
  [Command.clearWebhookSecret]: { confirmed: boolean };
  [Command.copyJobId]: EventArgument | undefined;
  [Command.openWebhookPayload]: EventArgument | undefined;
  [Command.clearWebhookEvents]: undefined;
}

export type WebhookCommandHandlers = { [K in WebhookCommandId]: (argument: WebhookArguments[K]) => Promise<unknown> };

const DECODERS: { [K in WebhookCommandId]: (argument: unknown) => WebhookArguments[K] } = {
  [Command.startWebhookReceiver]: noArgument,
  [Command.stopWebhookReceiver]: noArgument,
  [Command.copyWebhookUrl]: noArgument,
  [Command.setWebhookSecret]: decodeSecret,
  [Command.clearWebhookSecret]: decodeClearSecret,
  [Command.copyJobId]: decodeEvent,
  [Command.openWebhookPayload]: decodeEvent,
  [Command.clearWebhookEvents]: noArgument,
};

/** Registers one webhook command with its decoder. */
export function registerWebhookCommand<K extends WebhookCommandId>(id: K, handlers: Pick<WebhookCommandHandlers, K>): vscode.Disposable {
  const run: (argument: WebhookArguments[K]) => Promise<unknown> = handlers[id];
  return registerCommand(id, DECODERS[id], run);
}

/**
 * A command that never throws: an unexpected failure is logged, and the person gets `failed()`
 * with the Open Log button (the details are in the log only).
 */
export function guardedCommand<A extends unknown[], R>(log: vscode.LogOutputChannel, what: string, failed: () => string, run: (...args: A) => Promise<R>) {
  return async (...args: A): Promise<R | undefined> => {
    try {
      return await run(...args);
    } catch (err) {
      log.error(`${what}: ${err instanceof Error ? err.message : String(err)}`);
      void showLogError(log, failed());
      return undefined;
    }
  };
}

/** The commands' handlers; each id is registered at activation (index.ts), which calls in here on first use. */
export function webhookCommandHandlers({ services, controller, store, documents }: WebhookCommandParts): WebhookCommandHandlers {
  const { log } = services;
  // `what` names the step in the log (English, as every log line); the user reads `failed`, one
  // whole sentence per command, so a translation never has an English phrase put into it.
  const guarded = <A extends unknown[], R>(what: string, failed: () => string, run: (...args: A) => Promise<R>) => guardedCommand(log, what, failed, run);

  return {
    [Command.startWebhookReceiver]: guarded('Starting the webhook receiver', () => vscode.l10n.t('Starting the webhook receiver failed.'), async () => (await controller.start())?.localUrl),
    [Command.stopWebhookReceiver]: guarded('Stopping the webhook receiver', () => vscode.l10n.t('Stopping the webhook receiver failed.'), () => controller.stop()),
    [Command.copyWebhookUrl]: guarded('Copying the webhook URL', () => vscode.l10n.t('Copying the webhook URL failed.'), async () => {
      const running = controller.running;
      if (!running) {
        const start = vscode.l10n.t('Start Receiver');
        const choice = await vscode.window.showInformationMessage(vscode.l10n.t('The webhook receiver is not running, so it has no address yet.'), start);
        if (choice === start) await vscode.commands.executeCommand(Command.startWebhookReceiver);
        return undefined;
      }
      await copyText(running.externalUrl, vscode.l10n.t('webhook receiver URL'));
      return running.externalUrl;
    }),
    [Command.setWebhookSecret]: guarded('Saving the webhook secret', () => vscode.l10n.t('Saving the webhook secret failed.'), async (given: string | undefined) => {
      // A secret passed by a caller (a keybinding, another extension, the sandbox's helper at every
      // window start) is saved silently, as setApiKey saves a passed key: only a person who typed
      // one is told, since nobody else asked.
      const secret = given ?? (await promptSecret());
      if (secret === undefined) return false;
      await services.secrets.setWebhookSecret(secret);
      await controller.readSecret();
      if (given !== undefined) log.info('Webhook secret saved (passed to the command).');
      else void vscode.window.showInformationMessage(vscode.l10n.t('Webhook secret saved. Deliveries without a matching X-Service-Signature are now refused.'));
      return true;
    }),
    [Command.clearWebhookSecret]: guarded('Clearing the webhook secret', () => vscode.l10n.t('Clearing the webhook secret failed.'), async ({ confirmed }: { confirmed: boolean }) => {
      // Clearing turns the signature check off, so it asks first, as Clear API Key does.
      if (await services.secrets.getWebhookSecret() === undefined) {
        void vscode.window.showInformationMessage(vscode.l10n.t('No webhook secret is set.'));
        return false;
      }
      if (!confirmed) {
        const clear = vscode.l10n.t('Clear Secret');
        const choice = await vscode.window.showWarningMessage(
          vscode.l10n.t('Clear the webhook secret?'),
          { modal: true, detail: vscode.l10n.t('Deliveries are then no longer verified: the receiver accepts unsigned ones from anything that can reach its port, unless {0} is on. You can set the secret again at any time.', fullSettingKey(Setting.webhooksRequireSignature)) },
          clear,
        );
        if (choice !== clear) return false;
      }
      await services.secrets.deleteWebhookSecret();
      await controller.readSecret();
      void vscode.window.showInformationMessage(vscode.l10n.t('Webhook secret cleared. Deliveries are no longer verified and are marked unsigned.'));
      return true;
    }),
    [Command.copyJobId]: guarded('Copying the job id', () => vscode.l10n.t('Copying the job id failed.'), async (event: EventArgument | undefined) => {
      const record = recordOf(store, event);
      if (record?.jobId === undefined) {
        void vscode.window.showInformationMessage(vscode.l10n.t('This event has no job id to copy.'));
        return undefined;
      }
      await copyText(record.jobId, vscode.l10n.t('job id'));
      return record.jobId;
    }),
    [Command.openWebhookPayload]: guarded('Opening the webhook payload', () => vscode.l10n.t('Opening the webhook payload failed.'), async (event: EventArgument | undefined) => {
      const record = recordOf(store, event);
      if (!record) {
        void vscode.window.showInformationMessage(vscode.l10n.t('Choose an event in the Webhook Events view to open its payload.'));
        return undefined;
      }
      const editor = await documents.open(record);
      return editor.document.uri.toString();
    }),
    [Command.clearWebhookEvents]: guarded('Clearing webhook events', () => vscode.l10n.t('Clearing webhook events failed.'), () => {
      store.clear();
      return Promise.resolve();
    }),
  };
}

async function promptSecret(): Promise<string | undefined> {
  const value = await askText({
    title: vscode.l10n.t('Webhook Secret'),
    prompt: vscode.l10n.t("The HMAC secret from the service's account settings. Deliveries are then checked against their X-Service-Signature."),
    password: true,
    ignoreFocusOut: true,
    validateInput: (text) => (text.trim() === '' ? vscode.l10n.t('Enter the secret, or press Escape to cancel.') : undefined),
  });
  const secret = value?.trim();
  return secret ? secret : undefined;
}

/** The event in the store, or the one its row holds when the store no longer has it. */
function recordOf(store: WebhookEventsStore, event: EventArgument | undefined): WebhookEventRecord | undefined {
  return event === undefined ? undefined : (store.get(event.key) ?? event.record);
}

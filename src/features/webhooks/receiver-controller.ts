// Starting and stopping the webhook receiver from the editor: settings, the confirmation for a
// non-loopback address, the secret (cached in memory because the receiver asks for it per
// delivery, synchronously), the forwarded address in remote windows, and the context key.
import * as vscode from 'vscode';
import { Command, ContextKey, fullSettingKey, Setting } from '../../core/ids';
import type { RefusedWebhookDelivery, WebhookDelivery, WebhookReceiver } from '../../core/webhooks';
import { isLoopbackHost as isLoopbackAddress } from '../../core/service-address';
import { jobTokenIn, pendingTokenIn } from '../../core/jobs/tokens';
import { isWebhookReceiverError, loadCore } from '../../platform/core';
import { Disposable, toDisposable } from '../../platform/disposable';
import { jobSettings, onDidChangeSetting, webhookSettings, type WebhookSettings } from '../../platform/settings';
import { receiverReach } from '../../core/webhook-events/receiver-status';
import type { Services } from '../../platform/services';
import type { WebhookNotifier } from './notifier';
import { reachWords } from './words';

export interface RunningReceiver {
  readonly receiver: WebhookReceiver;
  /** Where this machine reaches it, e.g. http://127.0.0.1:8787/webhooks/web-data. */
  readonly localUrl: string;
  /** What the service must be given: the forwarded address in a remote window, else localUrl. */
  readonly externalUrl: string;
  readonly bindAddress: string;
  readonly requireSignature: boolean;
}

export interface DeliveryHandlers {
  onDelivery(delivery: WebhookDelivery): void;
  onRefused(refused: RefusedWebhookDelivery): void;
  /** Resolves once the events list is read: a delivery repeated after a reload must be found in it. */
  ready(): Promise<void>;
}

const RESTART_SETTINGS = [Setting.webhooksPort, Setting.webhooksPath, Setting.webhooksBindAddress, Setting.webhooksRequireSignature];
/** Waits of an automatic start for a port still held by a reloading window's previous extension host. */
const AUTO_START_RETRY_DELAYS_MS = [500, 1000, 2000, 4000];
const QUIET_WARNING_DELAY_MS = 2000;

export class WebhookReceiverController extends Disposable {
  private current: RunningReceiver | undefined;
  private starting: Promise<RunningReceiver | undefined> | undefined;
  /** How many times a start found its port taken and waited to try again (since activation). */
  private portBusyWaits = 0;
  private elsewhere: number | undefined;
  private secret: string | undefined;
  private secretRead: Promise<void> | undefined;
  private readonly changeEmitter = this._register(new vscode.EventEmitter<void>());
  /** Fires when the receiver starts or stops, or the secret changes. */
  readonly onDidChange = this.changeEmitter.event;

  constructor(
    private readonly services: Services,
    private readonly handlers: DeliveryHandlers,
    private readonly notifier: WebhookNotifier,
  ) {
    super();
    this._register(services.secrets.onDidChangeWebhookSecret(() => void this.readSecret()));
    for (const name of RESTART_SETTINGS) this._register(onDidChangeSetting(name, () => void this.offerRestart()));
    this._register(toDisposable(() => void this.stop()));
    // For the Webhook Events view's welcome: the warning, with Set Webhook Secret, replaces "waiting".
    this._register(this.onDidChange(() => void vscode.commands.executeCommand('setContext', ContextKey.webhookUnsignedAccepted, this.acceptsUnsigned)));
  }

  get running(): RunningReceiver | undefined {
    return this.current;
  }

  /** The port another VS Code window's receiver holds, when this window's start found it there. */
  get heldByAnotherWindow(): number | undefined {
    return this.elsewhere;
  }

  /** How many times a start found its port taken and is waiting (or waited) to try again. */
  get busyPortWaits(): number {
    return this.portBusyWaits;
  }

  get hasSecret(): boolean {
    return this.secret !== undefined;
  }

  /** Running without a secret and without requireSignature: anything that can reach the port may post. */
  get acceptsUnsigned(): boolean {
    return this.current !== undefined && !this.hasSecret && !this.current.requireSignature;
  }

  /** Reads the secret from SecretStorage into memory; called on start and whenever it changes. */
  readSecret(): Promise<void> {
    const read = this.services.secrets.getWebhookSecret().then(
      (secret) => {
        if (this.secretRead !== read) return;
        this.secret = secret || undefined;
        this.changeEmitter.fire();
      },
      (err: unknown) => this.services.log.warn(`Could not read the webhook secret: ${err instanceof Error ? err.message : String(err)}`),
    );
    this.secretRead = read;
    return read;
  }

  /** Starts with the current settings; undefined when the user declined or it failed (already told). */
  start(options: { quiet?: boolean } = {}): Promise<RunningReceiver | undefined> {
    if (this.current) return Promise.resolve(this.current);
    this.starting ??= this.doStart(options.quiet ?? false).finally(() => {
      this.starting = undefined;
    });
    return this.starting;
  }

  async stop(): Promise<void> {
    const running = this.current;
    if (!running) return;
    this.current = undefined;
    if (!this.isDisposed) {
      void vscode.commands.executeCommand('setContext', ContextKey.webhookReceiverRunning, false);
      this.changeEmitter.fire();
    }
    this.services.log.info(`Webhook receiver stopped (${running.localUrl}).`);
    await running.receiver.close();
  }

  private async doStart(quiet: boolean): Promise<RunningReceiver | undefined> {
    const settings = webhookSettings();
    const bindAddress = settings.bindAddress || '127.0.0.1';
    if (!isLoopbackAddress(bindAddress) && !(await confirmNetworkAddress(bindAddress))) return undefined;
    await Promise.all([this.readSecret(), this.handlers.ready()]);
    let receiver: WebhookReceiver;
    try {
      receiver = await this.listen(settings, bindAddress, quiet ? AUTO_START_RETRY_DELAYS_MS : []);
    } catch (err) {
      // Several windows, one person: the first window's receiver takes the port and the others
      // say so without an error (a window opened second is not a failure); anything else holding it is.
      if (isWebhookReceiverError(err) && err.code === 'address-in-use' && isLoopbackAddress(bindAddress)
        && await loadCore().isReceiverOfAnotherWindow(settings.port, settings.path || loadCore().DEFAULT_WEBHOOK_PATH)) {
        this.elsewhere = settings.port;
        this.services.log.info(`Port ${settings.port} is this extension's webhook receiver in another VS Code window: deliveries arrive there.`);
        this.changeEmitter.fire();
        if (!quiet) void vscode.window.showInformationMessage(vscode.l10n.t('Another VS Code window receives webhooks on port {0}: deliveries arrive there. Stop its receiver first to receive them here.', settings.port));
        return undefined;
      }
      void showStartError(this.services.log, this.notifier, err, settings.port, bindAddress);
      return undefined;
    }
    this.elsewhere = undefined;
    if (this.isDisposed) {
      await receiver.close();
      return undefined;
    }
    const localUrl = forwardableUrl(receiver);
    const externalUrl = await externalAddress(localUrl);
    const running: RunningReceiver = { receiver, localUrl, externalUrl, bindAddress, requireSignature: settings.requireSignature };
    this.current = running;
    await vscode.commands.executeCommand('setContext', ContextKey.webhookReceiverRunning, true);
    this.changeEmitter.fire();
    this.services.log.info(`Webhook receiver listening on ${receiver.url}${externalUrl !== localUrl ? `, forwarded as ${externalUrl}` : ''}.`);
    if (!quiet) void this.announce(running);
    else this.warnUnsignedSoon(running);
    return running;
  }

  /**
   * Listens, trying again after each delay while the port is taken: when a window reloads, the
   * previous extension host can hold the port for a moment, so an automatic start waits for it.
   */
  private async listen(settings: WebhookSettings, bindAddress: string, retryDelaysMs: readonly number[]): Promise<WebhookReceiver> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await loadCore().startWebhookReceiver({
          host: bindAddress,
          port: settings.port,
          path: settings.path,
          requireSignature: settings.requireSignature,
          getSecret: () => this.secret,
          // Jobs started from the editor in any window: their unsigned deliveries need the job's token.
          jobToken: (id) => jobTokenIn(this.services.shared, id),
          pendingToken: (header) => pendingTokenIn(this.services.shared, header, Date.now()),
          onDelivery: (delivery) => this.handlers.onDelivery(delivery),
          onRefused: (refused) => this.handlers.onRefused(refused),
          onError: (err) => this.services.log.warn(`Webhook receiver: ${err instanceof Error ? err.message : String(err)}`),
        });
      } catch (err) {
        const delay = retryDelaysMs[attempt];
        if (delay === undefined || this.isDisposed || !(isWebhookReceiverError(err) && err.code === 'address-in-use')) throw err;
        this.portBusyWaits++;
        this.services.log.info(`Webhook receiver: port ${settings.port} is taken; trying again in ${delay} ms.`);
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  }

  /** The service's address, as the connection reads webData.baseUrl. */
  get serviceBaseUrl(): string | undefined {
    return this.services.connection.state.baseUrl;
  }

  private async announce(running: RunningReceiver): Promise<void> {
    const copy = vscode.l10n.t('Copy URL');
    // Where it listens, then what is true of the service reaching it (a remote window's forwarded
    // address is the person's, not one the service can reach).
    const reach = reachWords(receiverReach(running.localUrl, this.serviceBaseUrl, jobSettings().publicUrl));
    const listening = running.externalUrl === running.localUrl
      ? vscode.l10n.t('Webhook receiver listening on {0}.', running.localUrl)
      : vscode.l10n.t('Webhook receiver listening on {0}; this editor reaches it at {1}.', running.localUrl, running.externalUrl);
    const where = `${listening} ${reach}`;
    const setSecret = vscode.l10n.t('Set Webhook Secret');
    let warning = '';
    if (running.requireSignature && !this.hasSecret) {
      warning = ` ${vscode.l10n.t('Signed deliveries are required but no webhook secret is set, so every delivery will be refused.')}`;
    } else if (this.acceptsUnsigned) {
      warning = ` ${unsignedWarning(running.receiver.port)}`;
    }
    const actions = this.hasSecret ? [copy] : [copy, setSecret];
    const choice = await this.notifier.info({ kind: 'receiver', message: where + warning }, ...actions);
    if (choice === copy) await vscode.env.clipboard.writeText(running.externalUrl);
    if (choice === setSecret) await vscode.commands.executeCommand(Command.setWebhookSecret);
  }

  /**
   * A start with the window says no address, but does say when anything may post unsigned. After
   * a moment: a secret being stored as the window opens (the sandbox's) must not cause the warning.
   */
  private warnUnsignedSoon(running: RunningReceiver): void {
    const timer = setTimeout(() => {
      if (!this.isDisposed && this.current === running && this.acceptsUnsigned) void this.warnUnsigned(running);
    }, QUIET_WARNING_DELAY_MS);
    this._register(toDisposable(() => clearTimeout(timer)));
  }

  private async warnUnsigned(running: RunningReceiver): Promise<void> {
    const setSecret = vscode.l10n.t('Set Webhook Secret');
    const message = vscode.l10n.t('Webhook receiver started with the window. {0}', unsignedWarning(running.receiver.port));
    this.services.log.warn(message);
    const choice = await this.notifier.info({ kind: 'receiver', message }, setSecret);
    if (choice === setSecret) await vscode.commands.executeCommand(Command.setWebhookSecret);
  }

  private async offerRestart(): Promise<void> {
    if (!this.current) return;
    const restart = vscode.l10n.t('Restart Receiver');
    const choice = await this.notifier.info({ kind: 'receiver', message: vscode.l10n.t('Webhook receiver settings changed. Restart the receiver to apply them.') }, restart);
    if (choice !== restart || this.isDisposed) return;
    await this.stop();
    await this.start();
  }
}

export function unsignedWarning(port: number): string {
  return vscode.l10n.t(
    'No webhook secret is set: unsigned deliveries are accepted from anything that can reach port {0}. Set the secret from your account\'s webhook settings so only signed deliveries are accepted.',
    port,
  );
}

/** A wildcard bind is reached through loopback on this machine, and only loopback is forwarded. */
function forwardableUrl(receiver: WebhookReceiver): string {
  if (receiver.host === '0.0.0.0') return `http://127.0.0.1:${receiver.port}${receiver.path}`;
  if (receiver.host === '::' || receiver.host === '[::]') return `http://[::1]:${receiver.port}${receiver.path}`;
  return receiver.url;
}

/** In a remote window or a codespace, the address VS Code forwards to this one; else the same. */
async function externalAddress(localUrl: string): Promise<string> {
  try {
    const external = await vscode.env.asExternalUri(vscode.Uri.parse(localUrl));
    return withReceiverPath(external.toString(true), localUrl);
  } catch {
    return localUrl;
  }
}

/**
 * Some forwarders map only the port and drop the path (VS Code server in a browser answers
 * `…/proxy/8787/` for `http://127.0.0.1:8787/webhooks/web-data`): the receiver's path goes back on,
 * or the service would post to a path the receiver refuses.
 */
function withReceiverPath(external: string, localUrl: string): string {
  let receiverPath: string;
  let forwarded: URL;
  try {
    receiverPath = new URL(localUrl).pathname;
    forwarded = new URL(external);
  } catch {
    return external;
  }
  if (receiverPath === '/' || forwarded.pathname.endsWith(receiverPath)) return external;
  forwarded.pathname = `${forwarded.pathname.replace(/\/+$/, '')}${receiverPath}`;
  return forwarded.toString();
}

async function confirmNetworkAddress(bindAddress: string): Promise<boolean> {
  const listen = vscode.l10n.t('Listen on {0}', bindAddress);
  const choice = await vscode.window.showWarningMessage(
    vscode.l10n.t('Listen for webhooks on {0}?', bindAddress),
    {
      modal: true,
      detail: vscode.l10n.t(
        'This address is not loopback: other machines on your network can send deliveries to the receiver. Set a webhook secret so only signed deliveries are accepted, or use VS Code port forwarding with the default 127.0.0.1 (setting webData.webhooks.bindAddress).',
      ),
    },
    listen,
  );
  return choice === listen;
}

async function showStartError(log: vscode.LogOutputChannel, notifier: WebhookNotifier, err: unknown, port: number, bindAddress: string): Promise<void> {
  let message: string;
  let setting: string = fullSettingKey(Setting.webhooksPort);
  if (isWebhookReceiverError(err) && err.code === 'address-in-use') {
    message = vscode.l10n.t(
      'Port {0} is already in use (perhaps another VS Code window is receiving webhooks). Change the setting webData.webhooks.port, or set it to 0 for any free port, then start the receiver again.',
      port,
    );
  } else if (isWebhookReceiverError(err)) {
    if (err.code === 'address-unavailable') setting = fullSettingKey(Setting.webhooksBindAddress);
    else if (err.code === 'invalid-options' && /path/i.test(err.message)) setting = fullSettingKey(Setting.webhooksPath);
    message = vscode.l10n.t('The webhook receiver could not start: {0} (setting {1})', err.message, setting);
  } else {
    message = vscode.l10n.t('The webhook receiver could not start on {0}:{1}: {2}', bindAddress, port, err instanceof Error ? err.message : String(err));
  }
  log.error(message);
  const open = vscode.l10n.t('Open Setting');
  const choice = await notifier.error(message, open);
  if (choice === open) await vscode.commands.executeCommand('workbench.action.openSettings', setting);
}

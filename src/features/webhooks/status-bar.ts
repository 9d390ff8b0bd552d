// The status bar item while the receiver runs: "$(radio-tower) :8787 · 3 events". Hidden when
// stopped. Its tooltip is ours alone (no client text), so it may link to our own commands.
import * as vscode from 'vscode';
import { Command, focusViewCommand, StatusBarItem, View } from '../../core/ids';
import { statusBarText } from '../../core/webhook-events';
import { Disposable } from '../../platform/disposable';
import type { WebhookEventsStore } from './events-store';
import type { WebhookReceiverController } from './receiver-controller';

export class WebhookStatusBar extends Disposable {
  private readonly item: vscode.StatusBarItem;

  constructor(
    private readonly controller: WebhookReceiverController,
    store: WebhookEventsStore,
  ) {
    super();
    this.item = this._register(vscode.window.createStatusBarItem(StatusBarItem.webhookReceiver, vscode.StatusBarAlignment.Left, 50));
    this.item.name = vscode.l10n.t('Web Data Webhook Receiver');
    this.item.command = { command: Command.copyWebhookUrl, title: vscode.l10n.t('Copy Webhook URL') };
    this._register(controller.onDidChange(() => this.update()));
    this._register(store.onDidChange(() => this.update()));
    this.update();
  }

  update(): void {
    const running = this.controller.running;
    if (!running) {
      this.item.hide();
      return;
    }
    const { stats, port } = running.receiver;
    this.item.text = statusBarText(port, stats.handled);
    this.item.accessibilityInformation = { label: vscode.l10n.t('Webhook receiver on port {0}, {1} events received', port, stats.handled) };
    const md = new vscode.MarkdownString(undefined, true);
    md.isTrusted = { enabledCommands: [Command.copyWebhookUrl, Command.stopWebhookReceiver, Command.setWebhookSecret, focusViewCommand(View.webhookEvents)] };
    md.appendMarkdown(`**${vscode.l10n.t('Webhook receiver')}**\n\n`);
    md.appendText(`${vscode.l10n.t('Listening on {0}', running.receiver.url)}\n\n`);
    if (running.externalUrl !== running.localUrl) md.appendText(`${vscode.l10n.t('Forwarded as {0} (give this one to the service)', running.externalUrl)}\n\n`);
    md.appendText(`${this.signatureMode()}\n\n`);
    md.appendText(
      `${vscode.l10n.t('This run: {0} accepted, {1} refused, {2} repeats ignored.', stats.handled, stats.refused, stats.duplicates)}\n\n`,
    );
    md.appendMarkdown(
      [
        `[$(copy) ${vscode.l10n.t('Copy URL')}](command:${Command.copyWebhookUrl})`,
        `[$(list-unordered) ${vscode.l10n.t('Show Events')}](command:${focusViewCommand(View.webhookEvents)})`,
        `[$(lock) ${vscode.l10n.t('Set Secret')}](command:${Command.setWebhookSecret})`,
        `[$(debug-stop) ${vscode.l10n.t('Stop')}](command:${Command.stopWebhookReceiver})`,
      ].join(' · '),
    );
    this.item.tooltip = md;
    this.item.show();
  }

  private signatureMode(): string {
    const running = this.controller.running;
    if (this.controller.hasSecret) return vscode.l10n.t('Signatures: checked against the webhook secret; unsigned and mis-signed deliveries are refused.');
    if (running?.requireSignature) return vscode.l10n.t('Signatures: required, but no webhook secret is set, so every delivery is refused.');
    return vscode.l10n.t(
      'Signatures: not checked. No webhook secret is set, so unsigned deliveries are accepted from anything that can reach port {0}; they are marked unsigned, and only listed and notified.',
      running?.receiver.port ?? 0,
    );
  }
}

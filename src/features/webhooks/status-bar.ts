// The status bar item while the receiver runs: "$(radio-tower) :8787 · 3 events", the events the
// Webhook Events view lists as received (so a reload does not reset it to 0). Hidden when
// stopped. Its tooltip is ours alone (no client text), so it may link to our own commands; its
// words come from words.ts, written with appendText so no translation can add markup.
import * as vscode from 'vscode';
import { Command, focusViewCommand, StatusBarItem, View } from '../../core/ids';
import { receiverStatusFacts } from '../../core/webhook-events';
import { Disposable } from '../../platform/disposable';
import { jobSettings } from '../../platform/settings';
import type { WebhookEventsStore } from './events-store';
import type { WebhookReceiverController } from './receiver-controller';
import { receiverStatusWords } from './words';

/** The item as the user sees it: read-only, for whoever needs to read it (the host tests). */
export type ShownReceiverItem = Readonly<Pick<vscode.StatusBarItem, 'text' | 'tooltip' | 'command' | 'accessibilityInformation'>>;

export class WebhookStatusBar extends Disposable {
  private readonly item: vscode.StatusBarItem;

  /** The status bar item as shown (while the receiver runs; hidden otherwise). */
  get shown(): ShownReceiverItem {
    return this.item;
  }

  constructor(
    private readonly controller: WebhookReceiverController,
    private readonly store: WebhookEventsStore,
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
    const elsewhere = this.controller.heldByAnotherWindow;
    if (!running && elsewhere !== undefined) {
      // Another window receives: said here, plainly, so this window's silence is not taken for a fault.
      this.item.text = `$(radio-tower) ${vscode.l10n.t('another window')}`;
      this.item.accessibilityInformation = { label: vscode.l10n.t('Webhooks are received by another VS Code window on port {0}', elsewhere) };
      this.item.tooltip = vscode.l10n.t('Webhooks are received by another VS Code window on port {0}: deliveries arrive there. Stop its receiver, then start this one, to receive them here.', elsewhere);
      this.item.show();
      return;
    }
    if (!running) {
      this.item.hide();
      return;
    }
    const { receiver } = running;
    const words = receiverStatusWords(receiverStatusFacts({
      port: receiver.port,
      url: receiver.url,
      localUrl: running.localUrl,
      externalUrl: running.externalUrl,
      hasSecret: this.controller.hasSecret,
      requireSignature: running.requireSignature,
      stats: receiver.stats,
      // The count is the list's, which a reload keeps; the run's own counts are in the tooltip.
      listed: this.store.records,
      serviceBaseUrl: this.controller.serviceBaseUrl,
      publicUrl: jobSettings().publicUrl,
    }));
    this.item.text = words.text;
    this.item.accessibilityInformation = { label: words.accessibilityLabel };
    const md = new vscode.MarkdownString(undefined, true);
    md.isTrusted = { enabledCommands: [Command.copyWebhookUrl, Command.stopWebhookReceiver, Command.setWebhookSecret, focusViewCommand(View.webhookEvents)] };
    md.appendMarkdown(`**${vscode.l10n.t('Webhook receiver')}**\n\n`);
    for (const paragraph of words.paragraphs) md.appendText(`${paragraph}\n\n`);
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
}

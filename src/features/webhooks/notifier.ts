// Every notification of the webhook feature goes through here, so a host test can observe what
// was shown (VS Code has no API to read notifications back) and nothing is shown twice by accident.
// It is also the last gate for outside text: every message is made inert (no links, no command:
// URIs, no codicons) before it is fired or shown, whatever built it.
import * as vscode from 'vscode';
import { inertNotification } from '../../core/text/inert';
import { Disposable } from '../../platform/disposable';

type WebhookNotificationKind = 'crawl.completed' | 'batch_scrape.started' | 'batch_scrape.completed' | 'receiver' | 'error';

export interface WebhookNotification {
  kind: WebhookNotificationKind;
  message: string;
  /** The event row it is about, when it is about one. */
  eventKey?: string;
  /** The buttons it offers, and what choosing one does (the same handler a click runs). */
  actions?: readonly string[];
  act?: (choice: string | undefined) => Promise<void>;
}

export class WebhookNotifier extends Disposable {
  private readonly emitter = this._register(new vscode.EventEmitter<WebhookNotification>());
  /** Fires for every notification shown, before it is shown. */
  readonly onDidNotify = this.emitter.event;

  /** Shows an information message; resolves with the chosen action, never rejects. */
  info(notification: WebhookNotification, ...actions: string[]): Promise<string | undefined> {
    return this.show(notification, (message) => vscode.window.showInformationMessage(message, ...actions));
  }

  /** Shows an error message (kind 'error'); resolves with the chosen action, never rejects. */
  error(message: string, ...actions: string[]): Promise<string | undefined> {
    return this.show({ kind: 'error', message }, (inert) => vscode.window.showErrorMessage(inert, ...actions));
  }

  private async show(notification: WebhookNotification, display: (message: string) => Thenable<string | undefined>): Promise<string | undefined> {
    const shown = { ...notification, message: inertNotification(notification.message) };
    this.emitter.fire(shown);
    try {
      return await display(shown.message);
    } catch {
      return undefined;
    }
  }
}

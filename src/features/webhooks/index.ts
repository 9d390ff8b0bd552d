// Webhooks in the editor (issue 4): the receiver's commands and settings, the Webhook Events view,
// the payload documents, the status bar item, and what a delivery does. At activation this only
// registers the commands, the view and the document scheme; the working parts (./feature.ts, in
// the lazily loaded dist/ui.js) are created on first use, and the receiver itself (and
// undici/zod) only when it starts. The events list restores without it.
import * as vscode from 'vscode';
import type { WebhookEventRecord } from '../../core/webhook-events';
import { Disposable } from '../../platform/disposable';
import { LazyTreeDataProvider } from '../../platform/lazy-tree';
import type { Services } from '../../platform/services';
import { webhookSettings } from '../../platform/settings';
import { loadUi } from '../../platform/ui';
import type { WebhookCommandId } from './commands';
import type { ActiveCrawlsLink } from './effects';
import type { WebhooksFeature } from './feature';
import { EVENTS_VIEW_ID, PAYLOAD_SCHEME } from './ids';

export type { ActiveCrawlsLink } from './effects';
import type { WebhookNotification } from './notifier';

export type { WebhookNotification };

/** What tests (through the extension's exports) can see of this feature. */
export interface WebhooksApi {
  /** The receiver's local and forwarded addresses while it runs. */
  readonly receiver: { localUrl: string; externalUrl: string; port: number } | undefined;
  /** The listed events, newest first. */
  readonly events: readonly WebhookEventRecord[];
  readonly onDidChangeEvents: vscode.Event<void>;
  /** Every notification this feature shows. */
  readonly onDidNotify: vscode.Event<WebhookNotification>;
  /** The view's top-level rows as VS Code would render them. */
  rows(): vscode.TreeItem[];
  /** Starts as webData.webhooks.autoStart does with the window: quietly, waiting out a busy port. */
  startAutomatically(): Promise<unknown>;
}

export interface WebhookLinks {
  /** The active-crawls view (registerCrawls' result): crawl.completed takes the crawl off it. */
  crawls?: ActiveCrawlsLink;
}

class WebhooksFront extends Disposable {
  readonly api: WebhooksApi;
  private feature: WebhooksFeature | undefined;

  constructor(
    private readonly services: Services,
    private readonly links: WebhookLinks,
  ) {
    super();
    const events = this._register(new LazyTreeDataProvider(() => this.load().events));
    this._register(vscode.window.createTreeView(EVENTS_VIEW_ID, { treeDataProvider: events, showCollapseAll: true }));
    this._register(vscode.workspace.registerTextDocumentContentProvider(PAYLOAD_SCHEME, {
      provideTextDocumentContent: (uri) => this.load().documents.provideTextDocumentContent(uri),
    }));
    const register = (id: WebhookCommandId): void => {
      this._register(vscode.commands.registerCommand(id, (arg?: unknown) => this.load().commands[id](arg)));
    };
    register('webData.startWebhookReceiver');
    register('webData.stopWebhookReceiver');
    register('webData.copyWebhookUrl');
    register('webData.setWebhookSecret');
    register('webData.clearWebhookSecret');
    register('webData.copyJobId');
    register('webData.openWebhookPayload');
    register('webData.clearWebhookEvents');

    const load = (): WebhooksFeature => this.load();
    const loaded = (): WebhooksFeature | undefined => this.feature;
    this.api = {
      get receiver() {
        // Not loaded yet means never started.
        const running = loaded()?.controller.running;
        return running && { localUrl: running.localUrl, externalUrl: running.externalUrl, port: running.receiver.port };
      },
      get events() {
        return load().store.records;
      },
      onDidChangeEvents: (listener, thisArgs, disposables) => load().store.onDidChange(listener, thisArgs, disposables),
      onDidNotify: (listener, thisArgs, disposables) => load().notifier.onDidNotify(listener, thisArgs, disposables),
      rows: () => {
        const view = load().events;
        return view.getChildren().map((node) => view.getTreeItem(node));
      },
      startAutomatically: () => load().controller.start({ quiet: true }),
    };

    // With the window only when asked, and never awaited: activation must not wait on a socket.
    if (webhookSettings().autoStart) {
      setTimeout(() => {
        if (!this.isDisposed) void this.api.startAutomatically();
      }, 0);
    }
  }

  /** The working parts, created on first use and owned (and disposed first) by this feature. */
  private load(): WebhooksFeature {
    this.feature ??= this._register(new (loadUi().WebhooksFeature)(this.services, this.links.crawls));
    return this.feature;
  }
}

export function registerWebhooks(services: Services, links: WebhookLinks = {}): WebhooksApi {
  const feature = new WebhooksFront(services, links);
  services.context.subscriptions.push(feature);
  return feature.api;
}

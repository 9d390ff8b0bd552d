// Webhooks in the editor (issue 4): the receiver's commands and settings, the Webhook Events view,
// the payload documents, the status bar item, and what a delivery does. Creating the parts is
// cheap: the events list is read from its files in the background, the status bar item stays
// hidden until the receiver runs, and the receiver itself (and undici/zod, in dist/core.js) loads
// only when it starts.
import * as vscode from 'vscode';
import { Command, View } from '../../core/ids';
import type { WebhookEventRecord } from '../../core/webhook-events';
import type { SharedFolder } from '../../core/shared-folder';
import { Disposable } from '../../platform/disposable';
import type { Services } from '../../platform/services';
import { webhookSettings } from '../../platform/settings';
import { registerWebhookCommand, webhookCommandHandlers, type WebhookCommandId } from './commands';
import { WebhookEffects, type ActiveCrawlsLink, type CrawlResultsLink, type DocsSetsLink, type ResearchRunsLink, type StartedJobsLink, type WatchesLink } from './effects';
import { WebhookEventsStore } from './events-store';
import { WebhookEventsView } from './events-view';
import { WebhookNotifier, type WebhookNotification } from './notifier';
import { WebhookPayloadDocuments } from './payload-document';
import { WebhookReceiverController } from './receiver-controller';
import { WebhookStatusBar, type ShownReceiverItem } from './status-bar';
import { createTreeView } from '../../platform/stand-ins';

export type { WebhookNotification };

/** What tests (through the extension's exports) can see of this feature. */
export interface WebhooksApi {
  /** The receiver's local and forwarded addresses while it runs. */
  readonly receiver: { localUrl: string; externalUrl: string; port: number; requireSignature: boolean } | undefined;
  /** Whether a webhook secret is set (read when the receiver starts and whenever it changes). */
  readonly hasSecret: boolean;
  /** The listed events, newest first. */
  readonly events: readonly WebhookEventRecord[];
  readonly onDidChangeEvents: vscode.Event<void>;
  /** Every notification this feature shows. */
  readonly onDidNotify: vscode.Event<WebhookNotification>;
  /** The Webhook Events view's own data provider, as search's `results` and crawls' `tree`. */
  readonly tree: Pick<WebhookEventsView, 'getChildren' | 'getTreeItem'>;
  /** The receiver's status bar item as shown, as usage's `item`; up to date while the receiver runs. */
  readonly statusBarItem: ShownReceiverItem;
  /** Starts as webData.webhooks.autoStart does with the window: quietly, waiting out a busy port. */
  startAutomatically(): Promise<unknown>;
  /** How many times a start found its port taken and waited to try again (since activation). */
  readonly busyPortWaits: number;
}

export interface WebhookLinks {
  /** The active crawls (the Active Crawls view's model): crawl.completed takes the crawl off them. */
  crawls?: ActiveCrawlsLink;
  /** The crawl results (registerCrawlResults' result): completed events and page deliveries. */
  results?: CrawlResultsLink;
  /** The jobs this window started (Start Crawl, Batch Scrape, the chat tools): their "started" event notifies no more. */
  jobs?: StartedJobsLink;
  /** The docs sets (when that feature is loaded): a person's set says its crawl's end, so crawl.completed does not. */
  docs?: DocsSetsLink;
  /** The research runs followed here (when the agent feature is loaded): agent.* events. */
  research?: ResearchRunsLink;
  /** The watches (loaded by a watch's delivery): monitor.page and monitor.check.completed. */
  watches?: WatchesLink;
  /** Where the events list is kept (`<global storage>/webhook-events`, one file per window), disposed with the feature. */
  eventsFolder: SharedFolder;
}

class WebhooksFeature extends Disposable {
  readonly api: WebhooksApi;

  constructor(services: Services, links: WebhookLinks) {
    super();
    const notifier = this._register(new WebhookNotifier());
    const store = this._register(new WebhookEventsStore(links.eventsFolder, services.windowId, services.globalState, services.log));
    const effects = this._register(new WebhookEffects(store, notifier, services.log, links.crawls, links.results, links));
    const controller = this._register(new WebhookReceiverController(services, { onDelivery: (d) => effects.onDelivery(d), onRefused: (r) => effects.onRefused(r), ready: () => store.ready() }, notifier));
    const events = this._register(new WebhookEventsView(store, controller));
    const documents = this._register(new WebhookPayloadDocuments(store));
    const statusBar = this._register(new WebhookStatusBar(controller, store));
    this._register(createTreeView(View.webhookEvents, { treeDataProvider: events, showCollapseAll: true }));
    const commands = webhookCommandHandlers({ services, controller, store, documents });
    const register = (id: WebhookCommandId): void => {
      this._register(registerWebhookCommand(id, commands));
    };
    register(Command.startWebhookReceiver);
    register(Command.stopWebhookReceiver);
    register(Command.copyWebhookUrl);
    register(Command.setWebhookSecret);
    register(Command.clearWebhookSecret);
    register(Command.copyJobId);
    register(Command.openWebhookPayload);
    register(Command.clearWebhookEvents);

    this.api = {
      get receiver() {
        const running = controller.running;
        return running && { localUrl: running.localUrl, externalUrl: running.externalUrl, port: running.receiver.port, requireSignature: running.requireSignature };
      },
      get hasSecret() {
        return controller.hasSecret;
      },
      get events() {
        return store.records;
      },
      onDidChangeEvents: store.onDidChange,
      onDidNotify: notifier.onDidNotify,
      tree: events,
      statusBarItem: statusBar.shown,
      startAutomatically: () => controller.start({ quiet: true }),
      get busyPortWaits() {
        return controller.busyPortWaits;
      },
    };

    // With the window only when asked, and never awaited: activation must not wait on a socket.
    if (webhookSettings().autoStart) {
      setTimeout(() => {
        if (!this.isDisposed) void this.api.startAutomatically();
      }, 0);
    }
  }
}

export function registerWebhooks(services: Services, links: WebhookLinks): WebhooksApi {
  const feature = new WebhooksFeature(services, links);
  services.context.subscriptions.push(feature);
  return feature.api;
}

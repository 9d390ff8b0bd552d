// The webhook feature's working parts, in the lazily loaded bundle (dist/ui.js): created on the
// first command, the first look at the Webhook Events view, or the automatic start; until then
// index.ts stands in for them at activation.
import { Disposable } from '../../platform/disposable';
import type { Services } from '../../platform/services';
import { webhookCommandHandlers, type WebhookCommandHandlers } from './commands';
import { WebhookEffects, type ActiveCrawlsLink } from './effects';
import { WebhookEventsStore } from './events-store';
import { WebhookEventsView } from './events-view';
import { WebhookNotifier } from './notifier';
import { WebhookPayloadDocuments } from './payload-document';
import { WebhookReceiverController } from './receiver-controller';
import { WebhookStatusBar } from './status-bar';

export class WebhooksFeature extends Disposable {
  readonly notifier: WebhookNotifier;
  readonly store: WebhookEventsStore;
  readonly controller: WebhookReceiverController;
  readonly events: WebhookEventsView;
  readonly documents: WebhookPayloadDocuments;
  readonly commands: WebhookCommandHandlers;

  constructor(services: Services, crawls: ActiveCrawlsLink | undefined) {
    super();
    this.notifier = this._register(new WebhookNotifier());
    this.store = this._register(new WebhookEventsStore(services.context.globalState, services.log));
    const effects = this._register(new WebhookEffects(this.store, this.notifier, services.log, crawls));
    this.controller = this._register(new WebhookReceiverController(services, effects, this.notifier));
    this.events = this._register(new WebhookEventsView(this.store, this.controller));
    this.documents = new WebhookPayloadDocuments(this.store);
    this._register(new WebhookStatusBar(this.controller, this.store));
    this.commands = webhookCommandHandlers({ services, controller: this.controller, store: this.store, documents: this.documents });
  }
}

// The Webhook Events list: newest first, capped by webData.webhooks.maxEvents and a byte budget,
// kept in files of global storage, one per window, and read merged with every other window's
// (src/core/webhook-events/shared-list.ts, issue 47). Read when the feature is made, written back
// debounced (500 deliveries must not mean 500 writes); another window's write is heard through the
// folder's watcher and shows here at once.
import * as vscode from 'vscode';
import { Setting } from '../../core/ids';
import type { SharedFolder } from '../../core/shared-folder';
import type { WebhookEventRecord } from '../../core/webhook-events';
import { eventsKeyOf, SharedEventsList } from '../../core/webhook-events/shared-list';
import { Disposable, toDisposable } from '../../platform/disposable';
import { onDidChangeSetting, webhookSettings } from '../../platform/settings';

const WRITE_DELAY_MS = 500;

type LegacyState = Parameters<SharedFolder['adopt']>[0];

export class WebhookEventsStore extends Disposable {
  private readonly shared: SharedEventsList;
  private writeTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly loaded: Promise<void>;
  private readonly changeEmitter = this._register(new vscode.EventEmitter<void>());
  readonly onDidChange = this.changeEmitter.event;

  /** `folder`: `<global storage>/webhook-events`, disposed with this store; `legacy`: global state, where the list was kept before. */
  constructor(folder: SharedFolder, windowId: string, legacy: LegacyState, private readonly log: vscode.LogOutputChannel) {
    super();
    this._register(folder);
    this.shared = new SharedEventsList(folder, eventsKeyOf(windowId), legacy, () => webhookSettings().maxEvents);
    this.loaded = this.shared.load().then(() => { if (!this.isDisposed) this.changeEmitter.fire(); }, (err: unknown) => {
      this.log.warn(`Could not read the webhook events list: ${err instanceof Error ? err.message : String(err)}`);
    });
    // Another window's events, and its Clear, show here as soon as its file changes.
    this._register(folder.onDidChange(() => {
      this.shared.refresh().then((changed) => { if (changed && !this.isDisposed) this.changeEmitter.fire(); }, () => undefined);
    }));
    this._register(
      onDidChangeSetting(Setting.webhooksMaxEvents, () => {
        if (this.shared.applyMax()) this.changed();
      }),
    );
    // Last: disposed first, so a pending write is flushed while everything else still exists.
    this._register(toDisposable(() => {
      const pending = this.writeTimer !== undefined;
      if (this.writeTimer !== undefined) clearTimeout(this.writeTimer);
      this.writeTimer = undefined;
      if (pending) this.flush();
    }));
  }

  /** Once every window's events are read: the receiver waits for it, so a repeat after a reload is known. */
  ready(): Promise<void> {
    return this.loaded;
  }

  get records(): readonly WebhookEventRecord[] {
    return this.shared.records;
  }

  get(key: string): WebhookEventRecord | undefined {
    return this.shared.get(key);
  }

  /**
   * Adds a row; false (and nothing added) when it is an accepted delivery whose webhookId is
   * already listed: the receiver forgets ids on restart, the list remembers them.
   */
  add(record: WebhookEventRecord): boolean {
    if (!this.shared.add(record)) return false;
    this.changed();
    return true;
  }

  clear(): void {
    this.shared.clear();
    this.changed();
  }

  private changed(): void {
    this.changeEmitter.fire();
    if (this.writeTimer === undefined && !this.isDisposed) this.writeTimer = setTimeout(() => this.flush(), WRITE_DELAY_MS);
  }

  private flush(): void {
    this.writeTimer = undefined;
    this.shared.write().catch((err: unknown) => {
      this.log.warn(`Could not save the webhook events list: ${err instanceof Error ? err.message : String(err)}`);
    });
  }
}

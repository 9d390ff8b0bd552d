// The Webhook Events list: newest first, capped by webData.webhooks.maxEvents, restored from
// globalState on first use (not at activation) and written back (debounced: 500 deliveries must not mean 500 writes).
import * as vscode from 'vscode';
import { addRecord, clampMax, hasAcceptedDelivery, parseStoredRecords, toPersisted, type WebhookEventRecord } from '../../core/webhook-events';
import { Disposable, toDisposable } from '../../platform/disposable';
import { onDidChangeSetting, webhookSettings } from '../../platform/settings';

const STORAGE_KEY = 'webData.webhookEvents';
const WRITE_DELAY_MS = 500;

export class WebhookEventsStore extends Disposable {
  /** Restored on first use: activation stays free of parsing up to maxEvents stored records. */
  private restored?: WebhookEventRecord[];
  private writeTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly changeEmitter = this._register(new vscode.EventEmitter<void>());
  readonly onDidChange = this.changeEmitter.event;

  constructor(
    private readonly memento: vscode.Memento,
    private readonly log: vscode.LogOutputChannel,
  ) {
    super();
    this._register(
      onDidChangeSetting('webhooks.maxEvents', () => {
        if (this.list.length <= this.max) return;
        this.list = this.list.slice(0, this.max);
        this.changed();
      }),
    );
    // Last: disposed first, so a pending write is flushed while everything else still exists.
    this._register(toDisposable(() => {
      if (this.writeTimer !== undefined) this.flush();
    }));
  }

  private get list(): WebhookEventRecord[] {
    this.restored ??= parseStoredRecords(this.memento.get<unknown>(STORAGE_KEY), this.max);
    return this.restored;
  }

  private set list(records: WebhookEventRecord[]) {
    this.restored = records;
  }

  get records(): readonly WebhookEventRecord[] {
    return this.list;
  }

  get(key: string): WebhookEventRecord | undefined {
    return this.list.find((r) => r.key === key);
  }

  /**
   * Adds a row; false (and nothing added) when it is an accepted delivery whose webhookId is
   * already listed: the receiver forgets ids on restart, the list remembers them.
   */
  add(record: WebhookEventRecord): boolean {
    if (record.status !== 'refused' && record.webhookId !== undefined && hasAcceptedDelivery(this.list, record.webhookId)) return false;
    this.list = addRecord(this.list, record, this.max);
    this.changed();
    return true;
  }

  clear(): void {
    this.list = [];
    this.changed();
  }

  private get max(): number {
    return clampMax(webhookSettings().maxEvents);
  }

  private changed(): void {
    this.changeEmitter.fire();
    if (this.writeTimer === undefined) this.writeTimer = setTimeout(() => this.flush(), WRITE_DELAY_MS);
  }

  private flush(): void {
    if (this.writeTimer !== undefined) clearTimeout(this.writeTimer);
    this.writeTimer = undefined;
    this.memento.update(STORAGE_KEY, toPersisted(this.list, this.max)).then(undefined, (err: unknown) => {
      this.log.warn(`Could not save the webhook events list: ${err instanceof Error ? err.message : String(err)}`);
    });
  }
}

// The Webhook Events list: newest first, capped by webData.webhooks.maxEvents and a byte budget,
// restored from globalState on first use (not at activation) and written back debounced (500
// deliveries must not mean 500 writes). Several windows share it: every write merges with what
// another window may have stored meanwhile (src/core/webhook-events/shared-list.ts), and checks
// again a moment later, since VS Code copies globalState between windows with a delay.
import * as vscode from 'vscode';
import { Setting } from '../../core/ids';
import type { WebhookEventRecord } from '../../core/webhook-events';
import { SharedEventsList } from '../../core/webhook-events/shared-list';
import { Disposable, toDisposable } from '../../platform/disposable';
import { onDidChangeSetting, webhookSettings } from '../../platform/settings';

const WRITE_DELAY_MS = 500;
/** After a write, look again this much later for a concurrent write of another window that lost ours. */
const RECHECK_DELAY_MS = 2_000;
const RECHECKS = 3;

export class WebhookEventsStore extends Disposable {
  private readonly shared: SharedEventsList;
  private writeTimer: ReturnType<typeof setTimeout> | undefined;
  private rechecksLeft = 0;
  private readonly changeEmitter = this._register(new vscode.EventEmitter<void>());
  readonly onDidChange = this.changeEmitter.event;

  constructor(
    memento: vscode.Memento,
    private readonly log: vscode.LogOutputChannel,
  ) {
    super();
    this.shared = new SharedEventsList(memento, () => webhookSettings().maxEvents);
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
      this.rechecksLeft = 0;
      if (pending) this.flush();
    }));
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
    this.rechecksLeft = RECHECKS;
    this.schedule(WRITE_DELAY_MS);
  }

  private schedule(delay: number): void {
    if (this.writeTimer === undefined && !this.isDisposed) this.writeTimer = setTimeout(() => this.flush(), delay);
  }

  private flush(): void {
    this.writeTimer = undefined;
    const before = this.shared.records.map((r) => r.key).join();
    this.shared.write().then(() => {
      if (this.rechecksLeft-- > 0) this.schedule(RECHECK_DELAY_MS);
    }, (err: unknown) => {
      this.log.warn(`Could not save the webhook events list: ${err instanceof Error ? err.message : String(err)}`);
    });
    // Another window's events, merged in, show here too.
    if (this.shared.records.map((r) => r.key).join() !== before) this.changeEmitter.fire();
  }
}

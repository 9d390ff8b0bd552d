// The Webhook Events view: one row per delivery (time, type, job id, verified / unsigned /
// refused), its metadata as children, and a tooltip. Everything in a row came from a client on
// the network, so tooltips are plain, untrusted Markdown built with appendText/appendCodeblock,
// and every piece of it is first made an inert line: appendText escapes markdown but keeps a lone
// \r, which markdown reads as a line break (and so as the start of a heading or a list).
import * as vscode from 'vscode';
import { Command, ContextKey } from '../../core/ids';
import { inertLabel } from '../../core/text/inert';
import { viewRows, type EventNode } from '../../core/view-nodes';
import {
  eventFacts,
  eventTitle,
  type WebhookEventRecord,
} from '../../core/webhook-events';
import { ContextFlag } from '../../platform/context-flag';
import { Disposable } from '../../platform/disposable';
import { plainTooltip } from '../../platform/markdown';
import type { WebhookEventsStore } from './events-store';
import { unsignedWarning } from './receiver-controller';
import { eventDescriptionWords, eventTitleWords, receivedWords, statusExplanationWords, tooltipWords } from './words';

export type { EventNode } from '../../core/view-nodes';

const STATUS_ICONS = {
  verified: new vscode.ThemeIcon('verified-filled', new vscode.ThemeColor('testing.iconPassed')),
  unsigned: new vscode.ThemeIcon('unverified'),
  refused: new vscode.ThemeIcon('error', new vscode.ThemeColor('errorForeground')),
} as const;

/** The receiver as this view needs it (the controller): whether anything may post unsigned. */
export interface ReceiverState {
  readonly acceptsUnsigned: boolean;
  readonly running: { readonly receiver: { readonly port: number } } | undefined;
  readonly onDidChange: vscode.Event<void>;
}

export class WebhookEventsView extends Disposable implements vscode.TreeDataProvider<EventNode> {
  private readonly changeEmitter = this._register(new vscode.EventEmitter<EventNode | undefined>());
  readonly onDidChangeTreeData = this.changeEmitter.event;

  constructor(
    private readonly store: WebhookEventsStore,
    private readonly receiver: ReceiverState,
  ) {
    super();
    this._register(store.onDidChange(() => this.changeEmitter.fire(undefined)));
    this._register(receiver.onDidChange(() => this.changeEmitter.fire(undefined)));
  }

  /** Every row handed to VS Code is registered, so a command knows it for a row of this view. */
  getChildren(node?: EventNode): EventNode[] {
    return viewRows.webhookEvents.rowsOf(this.children(node));
  }

  private children(node?: EventNode): EventNode[] {
    if (node === undefined) {
      const records = this.store.records;
      this.hasEvents.set(records.length > 0);
      const rows: EventNode[] = records.map((record) => ({ kind: 'event', record }));
      // With no events the view's welcome says the same, with its buttons (package.json).
      const port = this.receiver.running?.receiver.port;
      if (rows.length > 0 && this.receiver.acceptsUnsigned && port !== undefined) rows.unshift({ kind: 'unsigned-warning', port });
      return rows;
    }
    if (node.kind !== 'event') return [];
    const { record } = node;
    const children: EventNode[] = (record.metadata ?? []).map(([name, value], index) => ({ kind: 'metadata', eventKey: record.key, name, value, index }));
    if (record.metadataOmitted) children.push({ kind: 'more', eventKey: record.key, omitted: record.metadataOmitted });
    return children;
  }

  /** webData.hasWebhookEvents: Clear Webhook Events shows only when there is something to clear. */
  private readonly hasEvents = new ContextFlag(ContextKey.hasWebhookEvents);

  getTreeItem(node: EventNode): vscode.TreeItem {
    switch (node.kind) {
      case 'unsigned-warning':
        return unsignedWarningItem(node.port);
      case 'event':
        return eventItem(node.record);
      case 'metadata': {
        const item = new vscode.TreeItem(inertLabel(node.name), vscode.TreeItemCollapsibleState.None);
        item.id = `${node.eventKey}/m/${node.index}`;
        item.description = inertLabel(node.value);
        item.tooltip = plainTooltip({ paragraphs: [inertLabel(`${node.name}: ${node.value}`, 1000)] });
        item.iconPath = new vscode.ThemeIcon('symbol-field');
        item.contextValue = 'webhookMetadata';
        return item;
      }
      case 'more': {
        const item = new vscode.TreeItem(vscode.l10n.t('{0} more metadata entries (open the payload to see them)', node.omitted));
        item.id = `${node.eventKey}/more`;
        item.contextValue = 'webhookMetadataMore';
        return item;
      }
    }
  }
}

/** Stays on top while the receiver runs without a secret; a click asks for the secret. */
function unsignedWarningItem(port: number): vscode.TreeItem {
  const item = new vscode.TreeItem(vscode.l10n.t('No webhook secret: unsigned deliveries accepted'), vscode.TreeItemCollapsibleState.None);
  item.id = 'unsigned-warning';
  item.description = vscode.l10n.t('click to set the secret');
  item.tooltip = plainTooltip({ paragraphs: [unsignedWarning(port)] });
  item.iconPath = new vscode.ThemeIcon('warning', new vscode.ThemeColor('list.warningForeground'));
  item.contextValue = 'webhookUnsignedWarning';
  item.command = { command: Command.setWebhookSecret, title: vscode.l10n.t('Set Webhook Secret') };
  item.accessibilityInformation = { label: unsignedWarning(port) };
  return item;
}

function eventItem(record: WebhookEventRecord): vscode.TreeItem {
  const hasChildren = (record.metadata?.length ?? 0) > 0 || (record.metadataOmitted ?? 0) > 0;
  const label = eventTitleWords(eventTitle(record));
  const item = new vscode.TreeItem(label, hasChildren ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None);
  item.id = record.key;
  item.description = eventDescriptionWords(eventFacts(record));
  item.iconPath = STATUS_ICONS[record.status];
  item.contextValue = `event.${record.status}${aboutWhat(record)}`;
  item.tooltip = eventTooltip(record);
  item.command = { command: Command.openWebhookPayload, title: vscode.l10n.t('Open Payload'), arguments: [{ key: record.key }] };
  item.accessibilityInformation = { label: vscode.l10n.t('{0}, {1}', label, item.description) };
  return item;
}

/** What the row is about, for its menus: a research run's or a watch's event has no crawl results to open. */
function aboutWhat(record: WebhookEventRecord): string {
  if (record.type?.startsWith('agent.') === true) return '.research';
  if (record.type?.startsWith('monitor.') === true) return '.watch';
  return record.jobId !== undefined ? '.job' : '';
}

function eventTooltip(record: WebhookEventRecord): vscode.MarkdownString {
  const paragraphs = [receivedWords(record.receivedAt), statusExplanationWords(record)];
  // A row said in words (a research step, a watched page) still names the type the service sent.
  if (eventTitle(record).kind !== 'type' && record.type !== undefined) paragraphs.push(tooltipWords.type(inertLabel(record.type, 100)));
  if (record.jobId !== undefined) paragraphs.push(tooltipWords.jobId(inertLabel(record.jobId, 500)));
  if (record.webhookId !== undefined) paragraphs.push(tooltipWords.deliveryId(inertLabel(record.webhookId, 500)));
  if (record.success === false) paragraphs.push(tooltipWords.unsuccessful());
  if (!record.metadata || record.metadata.length === 0) return plainTooltip({ heading: eventTitleWords(eventTitle(record)), paragraphs });
  const lines = record.metadata.map(([name, value]) => inertLabel(`${name}: ${value}`, 500));
  if (record.metadataOmitted) lines.push(tooltipWords.moreMetadata(record.metadataOmitted));
  return plainTooltip({ heading: eventTitleWords(eventTitle(record)), paragraphs: [...paragraphs, tooltipWords.metadata()], code: { language: 'yaml', lines } });
}

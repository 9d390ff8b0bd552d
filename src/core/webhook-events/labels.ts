// What is shown of webhook events: the rows as structure (src/features/webhooks/words.ts makes
// their words through vscode.l10n), notification texts, the status bar text, and which kinds
// notify. Pure, so the view and the notifications say the same thing and tests can read it.
// Everything from the delivery (type, ids, reason) came from a client on the network: it passes
// through the inert helper of the place it is shown (src/core/text/inert.ts).
import { inertLabel, inertNotification } from '../text/inert';
import type { WebhookEventRecord, WebhookEventStatus } from './record';

/** The kinds that can notify, each muted by its key in `webData.webhooks.notifications`. */
export const NOTIFYING_EVENT_TYPES = ['crawl.completed', 'batch_scrape.started', 'batch_scrape.completed'] as const;
export type NotifyingEventType = (typeof NOTIFYING_EVENT_TYPES)[number];

export function isNotifyingEventType(type: string | undefined): type is NotifyingEventType {
  return type !== undefined && (NOTIFYING_EVENT_TYPES as readonly string[]).includes(type);
}

/** Whether an event notifies: only accepted events of the three kinds, unless that kind is muted. */
export function shouldNotify(record: Pick<WebhookEventRecord, 'status' | 'type'>, setting: Readonly<Record<string, unknown>>): boolean {
  if (record.status === 'refused' || !isNotifyingEventType(record.type)) return false;
  return setting[record.type] !== false;
}

/** A row's label: the event's type as the service names it (inert), else what the row is. */
export type EventTitle = { kind: 'type'; type: string } | { kind: 'refused'; httpStatus?: number } | { kind: 'no-type' };

export function eventTitle(record: WebhookEventRecord): EventTitle {
  const type = record.type === undefined ? '' : inertLabel(record.type, 100);
  if (type !== '') return { kind: 'type', type };
  return record.status === 'refused' ? { kind: 'refused', ...(record.httpStatus !== undefined ? { httpStatus: record.httpStatus } : {}) } : { kind: 'no-type' };
}

/** The first 8 characters of a uuid are enough to tell jobs apart in a row. */
export function shortId(id: string): string {
  return id.length > 12 ? `${id.slice(0, 8)}…` : id;
}

/** A row's description as structure: when, the job's short id, the status, and "not successful". */
export interface EventFacts {
  receivedAt: Date;
  /** Short and inert. */
  jobId?: string;
  status: WebhookEventStatus;
  httpStatus?: number;
  /** An accepted event that reports `success: false`. */
  unsuccessful: boolean;
}

export function eventFacts(record: WebhookEventRecord): EventFacts {
  return {
    receivedAt: new Date(record.receivedAt),
    ...(record.jobId !== undefined ? { jobId: shortId(inertLabel(record.jobId)) } : {}),
    status: record.status,
    ...(record.status === 'refused' && record.httpStatus !== undefined ? { httpStatus: record.httpStatus } : {}),
    unsuccessful: record.status !== 'refused' && record.success === false,
  };
}

/** Why a delivery was refused, as the receiver said it: one inert line; undefined when not given. */
export function refusalReason(record: Pick<WebhookEventRecord, 'reason'>): string | undefined {
  const reason = record.reason === undefined ? '' : inertLabel(record.reason, 500);
  return reason !== '' ? reason : undefined;
}

/**
 * The notification for an accepted event of a notifying kind; undefined for others. The id and
 * the crawl's URL can be anything a client sent, such as `[Open](command:…)`: made inert, so the
 * notification shows them as text and never as a link.
 */
export function notificationText(record: Pick<WebhookEventRecord, 'type' | 'jobId' | 'success'>, crawlUrl?: string): string | undefined {
  const id = inertNotification(record.jobId ?? 'unknown id', 200) || 'unknown id';
  const url = crawlUrl === undefined ? '' : inertNotification(crawlUrl, 200);
  switch (record.type) {
    case 'crawl.completed':
      return url ? `Crawl of ${url} completed (${shortId(id)}).` : `Crawl ${id} completed.`;
    case 'batch_scrape.started':
      return `Batch scrape ${id} started.`;
    case 'batch_scrape.completed':
      return record.success === false ? `Batch scrape ${id} finished without success.` : `Batch scrape ${id} completed.`;
    default:
      return undefined;
  }
}

/** The status bar text while the receiver runs, e.g. "$(radio-tower) :8787 · 3 events". */
export function statusBarText(port: number, events: number): string {
  return `$(radio-tower) :${port} · ${events} ${events === 1 ? 'event' : 'events'}`;
}


// Words shown for webhook events: row labels, notification texts, the status bar text, and which
// kinds notify. Pure, so the view and the notifications say the same thing and tests can read it.
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

export const STATUS_LABELS: Record<WebhookEventStatus, string> = {
  verified: 'verified',
  unsigned: 'unsigned',
  refused: 'refused',
};

/** A row's label: the event's type as the service names it. */
export function eventLabel(record: WebhookEventRecord): string {
  const type = record.type === undefined ? '' : inertLabel(record.type, 100);
  if (type !== '') return type;
  return record.status === 'refused' ? `Refused request (${record.httpStatus ?? '?'})` : 'Event without a type';
}

/** The first 8 characters of a uuid are enough to tell jobs apart in a row. */
export function shortId(id: string): string {
  return id.length > 12 ? `${id.slice(0, 8)}…` : id;
}

/** A row's description: time, job id, and verified / unsigned / refused (with the status code). */
export function eventDescription(record: WebhookEventRecord, time: string): string {
  const parts = [time];
  if (record.jobId !== undefined) parts.push(shortId(inertLabel(record.jobId)));
  parts.push(record.status === 'refused' ? `refused ${record.httpStatus ?? ''}`.trim() : STATUS_LABELS[record.status]);
  if (record.status !== 'refused' && record.success === false) parts.push('not successful');
  return parts.join(' · ');
}

/** What a verification status means, for tooltips. */
export function statusExplanation(record: WebhookEventRecord): string {
  switch (record.status) {
    case 'verified':
      return 'Verified: the signature matched the webhook secret.';
    case 'unsigned':
      return 'Unsigned: no webhook secret is set, so nothing was checked.';
    case 'refused':
      return `Refused with ${record.httpStatus ?? 'an error'}: ${inertLabel(record.reason ?? 'no reason given', 500)}`;
  }
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


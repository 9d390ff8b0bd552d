// What is shown of webhook events, as structure: the rows, the notifications, and which kinds
// notify (src/features/webhooks/words.ts makes the words through vscode.l10n). Pure, so the view
// and the notifications say the same thing and tests can read it.
// Everything from the delivery (type, ids, reason) came from a client on the network: it passes
// through the inert helper of the place it is shown (src/core/text/inert.ts).
import { inertLabel, inertNotification } from '../text/inert';
import type { WebhookEventRecord, WebhookEventStatus } from './record';

/** The kinds that can notify, each muted by its key in `webData.webhooks.notifications`. */
const NOTIFYING_EVENT_TYPES = ['crawl.completed', 'batch_scrape.started', 'batch_scrape.completed'] as const;
type NotifyingEventType = (typeof NOTIFYING_EVENT_TYPES)[number];

function isNotifyingEventType(type: string | undefined): type is NotifyingEventType {
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
function shortId(id: string): string {
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
 * What a notification says, as structure (src/features/webhooks/words.ts makes its words). The id
 * and the crawl's URL can be anything a client sent, such as `[Open](command:…)` or `$(zap)`: they
 * are made inert here for a notification, so whatever sentence a translation puts them in shows
 * them as text, never as a link or an icon. Absent when nothing of them is left.
 */
export type NotificationFacts =
  | { kind: 'crawl.completed'; id?: string; shortId?: string; url?: string }
  | { kind: 'batch_scrape.started'; id?: string }
  | { kind: 'batch_scrape.completed'; id?: string; unsuccessful: boolean };

/** The notification for an event of a notifying kind; undefined for others. */
export function notificationFacts(record: Pick<WebhookEventRecord, 'type' | 'jobId' | 'success'>, crawlUrl?: string): NotificationFacts | undefined {
  const id = optional(inertNotification(record.jobId ?? '', 200));
  const withId = id !== undefined ? { id } : {};
  switch (record.type) {
    case 'crawl.completed': {
      const url = optional(inertNotification(crawlUrl ?? '', 200));
      return { kind: 'crawl.completed', ...withId, ...(id !== undefined ? { shortId: inertNotification(shortId(id)) } : {}), ...(url !== undefined ? { url } : {}) };
    }
    case 'batch_scrape.started':
      return { kind: 'batch_scrape.started', ...withId };
    case 'batch_scrape.completed':
      return { kind: 'batch_scrape.completed', ...withId, unsuccessful: record.success === false };
    default:
      return undefined;
  }
}

// (shortId is made inert again: a cut can leave `command:` just before its "…".)
function optional(text: string): string | undefined {
  return text !== '' ? text : undefined;
}

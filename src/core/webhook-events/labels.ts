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

/** A research run's events (issue 36), each said in words on its row. */
type ResearchStep = 'started' | 'action' | 'completed' | 'failed' | 'cancelled';
const RESEARCH_STEPS: Readonly<Record<string, ResearchStep>> = {
  'agent.started': 'started', 'agent.action': 'action', 'agent.completed': 'completed', 'agent.failed': 'failed', 'agent.cancelled': 'cancelled',
};
/** A watched page's status as the service names it; another word is shown as a plain change. */
type WatchedPageStatus = 'new' | 'changed' | 'removed' | 'error' | 'same';
const PAGE_STATUSES: readonly string[] = ['new', 'changed', 'removed', 'error', 'same'];
const isPageStatus = (status: string | undefined): status is WatchedPageStatus => status !== undefined && PAGE_STATUSES.includes(status);

/**
 * A row's label: an agent or monitor event in plain words (its step or page inert), any other the
 * event's type as the service names it (inert), else what the row is.
 */
export type EventTitle =
  | { kind: 'type'; type: string }
  | { kind: 'research'; step: ResearchStep; action?: string }
  | { kind: 'watch-page'; url?: string; pageStatus?: WatchedPageStatus; meaningful?: boolean }
  | { kind: 'watch-check' }
  | { kind: 'refused'; httpStatus?: number }
  | { kind: 'no-type' };

export function eventTitle(record: WebhookEventRecord): EventTitle {
  if (record.status !== 'refused') {
    const worded = wordedTitle(record);
    if (worded) return worded;
  }
  const type = record.type === undefined ? '' : inertLabel(record.type, 100);
  if (type !== '') return { kind: 'type', type };
  return record.status === 'refused' ? { kind: 'refused', ...(record.httpStatus !== undefined ? { httpStatus: record.httpStatus } : {}) } : { kind: 'no-type' };
}

function wordedTitle(record: WebhookEventRecord): EventTitle | undefined {
  const step = record.type === undefined ? undefined : RESEARCH_STEPS[record.type];
  const detail = optional(inertLabel(record.detail ?? '', 120));
  if (step !== undefined) return { kind: 'research', step, ...(step === 'action' && detail !== undefined ? { action: detail } : {}) };
  if (record.type === 'monitor.check.completed') return { kind: 'watch-check' };
  if (record.type !== 'monitor.page') return undefined;
  const { pageStatus } = record;
  return { kind: 'watch-page', ...(detail !== undefined ? { url: detail } : {}), ...(isPageStatus(pageStatus) ? { pageStatus } : {}), ...(record.meaningful !== undefined ? { meaningful: record.meaningful } : {}) };
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
  /** A research run's credits so far, as its delivery reported them. */
  creditsUsed?: number;
}

export function eventFacts(record: WebhookEventRecord): EventFacts {
  return {
    receivedAt: new Date(record.receivedAt),
    ...(record.jobId !== undefined ? { jobId: shortId(inertLabel(record.jobId)) } : {}),
    status: record.status,
    ...(record.status === 'refused' && record.httpStatus !== undefined ? { httpStatus: record.httpStatus } : {}),
    unsuccessful: record.status !== 'refused' && record.success === false,
    ...(record.status !== 'refused' && record.creditsUsed !== undefined ? { creditsUsed: record.creditsUsed } : {}),
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

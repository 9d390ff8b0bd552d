// The webhook feature in words: the Webhook Events rows, the notifications and the receiver's
// status bar item, from the structure of src/core/webhook-events through vscode.l10n, numbers and
// times through Intl in the display language. Types, ids, URLs, reasons and metadata came from a
// client on the network: they arrive here already inert and stay data.
import * as vscode from 'vscode';
import { fullSettingKey, Setting } from '../../core/ids';
import { formatDateTime, formatNumber, formatTime, safeLocale } from '../../core/intl';
import {
  refusalReason,
  type EventFacts,
  type EventTitle,
  type NotificationFacts,
  type ReceiverReach,
  type ReceiverStatusFacts,
  type WebhookEventRecord,
} from '../../core/webhook-events';

const locale = (): string => safeLocale(vscode.env.language);

export function eventTitleWords(title: EventTitle): string {
  switch (title.kind) {
    case 'type': return title.type;
    case 'research': return researchStepWords(title);
    case 'watch-check': return vscode.l10n.t('Watch check completed');
    case 'watch-page': return watchedPageWords(title);
    case 'refused': return vscode.l10n.t('Refused request ({0})', title.httpStatus ?? '?');
    case 'no-type': return vscode.l10n.t('Event without a type');
  }
}

function researchStepWords(title: Extract<EventTitle, { kind: 'research' }>): string {
  switch (title.step) {
    case 'started': return vscode.l10n.t('Research run started');
    case 'action': return title.action !== undefined ? vscode.l10n.t('Research step: {0}', title.action) : vscode.l10n.t('Research step');
    case 'completed': return vscode.l10n.t('Research run completed');
    case 'failed': return vscode.l10n.t('Research run failed');
    case 'cancelled': return vscode.l10n.t('Research run cancelled');
  }
}

/** "Watched page changed (matters): https://…": the page's address last, so a long one is cut there. */
function watchedPageWords(title: Extract<EventTitle, { kind: 'watch-page' }>): string {
  const what = ((): string => {
    switch (title.pageStatus) {
      case 'new': return vscode.l10n.t('Watched page new');
      case 'removed': return vscode.l10n.t('Watched page removed');
      case 'error': return vscode.l10n.t('Watched page failed');
      case 'same': return vscode.l10n.t('Watched page unchanged');
      default: return vscode.l10n.t('Watched page changed');
    }
  })();
  const verdict = title.meaningful === true ? vscode.l10n.t('{0} (matters)', what) : title.meaningful === false ? vscode.l10n.t('{0} (does not matter)', what) : what;
  return title.url !== undefined ? vscode.l10n.t('{0}: {1}', verdict, title.url) : verdict;
}

function statusWords(facts: EventFacts): string {
  switch (facts.status) {
    case 'verified': return vscode.l10n.t('verified');
    case 'unsigned': return vscode.l10n.t('unsigned');
    case 'refused': return facts.httpStatus !== undefined ? vscode.l10n.t('refused {0}', facts.httpStatus) : vscode.l10n.t('refused');
  }
}

/** "14:02 · 0d6b4f43… · verified": time, job id, status. */
export function eventDescriptionWords(facts: EventFacts): string {
  const parts = [formatTime(facts.receivedAt, { locale: locale() })];
  if (facts.jobId !== undefined) parts.push(facts.jobId);
  if (facts.creditsUsed !== undefined) parts.push(facts.creditsUsed === 1 ? vscode.l10n.t('1 credit') : vscode.l10n.t('{0} credits', formatNumber(facts.creditsUsed, locale())));
  parts.push(statusWords(facts));
  if (facts.unsuccessful) parts.push(vscode.l10n.t('not successful'));
  return parts.join(' · ');
}

/** What a verification status means, for tooltips. */
export function statusExplanationWords(record: WebhookEventRecord): string {
  switch (record.status) {
    case 'verified':
      return vscode.l10n.t('Verified: the signature matched the webhook secret.');
    case 'unsigned':
      return vscode.l10n.t('Unsigned: no webhook secret is set, so nothing was checked.');
    case 'refused': {
      const reason = refusalReason(record) ?? vscode.l10n.t('no reason given');
      return record.httpStatus !== undefined
        ? vscode.l10n.t('Refused with {0}: {1}', record.httpStatus, reason)
        : vscode.l10n.t('Refused with an error: {0}', reason);
    }
  }
}

/** When it arrived, in full, for the tooltip. */
export function receivedWords(receivedAt: number): string {
  return formatDateTime(new Date(receivedAt), { locale: locale() });
}

export const tooltipWords = {
  type: (type: string): string => vscode.l10n.t('Type: {0}', type),
  jobId: (id: string): string => vscode.l10n.t('Job id: {0}', id),
  deliveryId: (id: string): string => vscode.l10n.t('Delivery id (webhookId): {0}', id),
  unsuccessful: (): string => vscode.l10n.t('The event reports success: false'),
  metadata: (): string => vscode.l10n.t('Metadata:'),
  moreMetadata: (count: number): string => vscode.l10n.t('… and {0} more', count),
};

/** "Crawl of https://docs.example.dev completed (0d6b4f43…).", "Batch scrape b1 started.": one sentence per case, so a translation can order it freely. */
export function notificationWords(facts: NotificationFacts): string {
  switch (facts.kind) {
    case 'crawl.completed':
      if (facts.url !== undefined) {
        return facts.shortId !== undefined ? vscode.l10n.t('Crawl of {0} completed ({1}).', facts.url, facts.shortId) : vscode.l10n.t('Crawl of {0} completed.', facts.url);
      }
      return facts.id !== undefined ? vscode.l10n.t('Crawl {0} completed.', facts.id) : vscode.l10n.t('A crawl completed (unknown id).');
    case 'batch_scrape.started':
      return facts.id !== undefined ? vscode.l10n.t('Batch scrape {0} started.', facts.id) : vscode.l10n.t('A batch scrape started (unknown id).');
    case 'batch_scrape.completed':
      if (facts.unsuccessful) {
        return facts.id !== undefined ? vscode.l10n.t('Batch scrape {0} finished without success.', facts.id) : vscode.l10n.t('A batch scrape finished without success (unknown id).');
      }
      return facts.id !== undefined ? vscode.l10n.t('Batch scrape {0} completed.', facts.id) : vscode.l10n.t('A batch scrape completed (unknown id).');
  }
}

/** The summary after a burst's notifications: how many more arrived. */
export function moreEventsWords(count: number): string {
  return count === 1
    ? vscode.l10n.t('1 more webhook event arrived. It is listed in the Webhook Events view.')
    : vscode.l10n.t('{0} more webhook events arrived. They are listed in the Webhook Events view.', formatNumber(count, locale()));
}

export interface ReceiverStatusWords {
  /** The item's text: "$(radio-tower) :8787 · 3 events". */
  text: string;
  /** For screen readers: the text without codicons. */
  accessibilityLabel: string;
  /** The tooltip's paragraphs, plain text: the caller writes them as text, never as markdown. */
  paragraphs: string[];
}

// The port is written as digits without separators: it is the number in the URL the user copies.
export function receiverStatusWords(facts: ReceiverStatusFacts): ReceiverStatusWords {
  const events = facts.received === 1 ? vscode.l10n.t('1 event') : vscode.l10n.t('{0} events', formatNumber(facts.received, locale()));
  const count = (n: number): string => formatNumber(n, locale());
  const paragraphs = [vscode.l10n.t('Listening on {0}', facts.url)];
  if (facts.forwardedAs !== undefined) paragraphs.push(vscode.l10n.t('This editor reaches it at {0}', facts.forwardedAs));
  paragraphs.push(reachWords(facts.reach));
  paragraphs.push(signatureWords(facts));
  paragraphs.push(vscode.l10n.t('This run: accepted {0}, refused {1}, repeats ignored {2}.', count(facts.handled), count(facts.refused), count(facts.duplicates)));
  return {
    text: `$(radio-tower) :${facts.port} · ${events}`,
    accessibilityLabel: facts.received === 1
      ? vscode.l10n.t('Webhook receiver on port {0}, 1 event received', facts.port)
      : vscode.l10n.t('Webhook receiver on port {0}, {1} events received', facts.port, count(facts.received)),
    paragraphs,
  };
}

/** How the service reaches the receiver, and what happens to a job started here when it cannot. */
export function reachWords(reach: ReceiverReach): string {
  const setting = fullSettingKey(Setting.webhooksPublicUrl);
  switch (reach.kind) {
    case 'public-url':
      return vscode.l10n.t('The service delivers to {0} ({1}), which must forward here.', reach.url, setting);
    case 'this-machine':
      return vscode.l10n.t('The service runs on this machine and delivers here directly.');
    case 'unreachable':
      return vscode.l10n.t('The service cannot reach this address: set {0} to a public https address that forwards here. Until then a job started here is read every few seconds instead.', setting);
    case 'public-url-not-https':
      return vscode.l10n.t('{0} is not an https address, so the service is not given it: a job started here is read every few seconds instead.', setting);
  }
}

function signatureWords(facts: ReceiverStatusFacts): string {
  switch (facts.signatures) {
    case 'checked':
      return vscode.l10n.t('Signatures: checked against the webhook secret; unsigned and mis-signed deliveries are refused.');
    case 'required-without-secret':
      return vscode.l10n.t('Signatures: required, but no webhook secret is set, so every delivery is refused.');
    case 'not-checked':
      return vscode.l10n.t(
        'Signatures: not checked. No webhook secret is set, so unsigned deliveries are accepted from anything that can reach port {0}; they are marked unsigned, and only listed and notified.',
        facts.port,
      );
  }
}

// The Webhook Events rows in words: the structure of src/core/webhook-events/labels.ts through
// vscode.l10n, times through Intl in the display language. Types, ids, reasons and metadata came
// from a client on the network: they arrive here already inert and stay data.
import * as vscode from 'vscode';
import { formatDateTime, formatTime, safeLocale } from '../../core/intl';
import { refusalReason, type EventFacts, type EventTitle, type WebhookEventRecord } from '../../core/webhook-events';

const locale = (): string => safeLocale(vscode.env.language);

export function eventTitleWords(title: EventTitle): string {
  switch (title.kind) {
    case 'type': return title.type;
    case 'refused': return vscode.l10n.t('Refused request ({0})', title.httpStatus ?? '?');
    case 'no-type': return vscode.l10n.t('Event without a type');
  }
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
  jobId: (id: string): string => vscode.l10n.t('Job id: {0}', id),
  deliveryId: (id: string): string => vscode.l10n.t('Delivery id (webhookId): {0}', id),
  unsuccessful: (): string => vscode.l10n.t('The event reports success: false'),
  metadata: (): string => vscode.l10n.t('Metadata:'),
  moreMetadata: (count: number): string => vscode.l10n.t('… and {0} more', count),
};

// The webhook commands' arguments: Set Webhook Secret takes `{ secret }` (tests, the sandbox); the
// event commands take a row of Webhook Events or `{ key }` (a row's click).
import type { WebhookEventRecord } from '../webhook-events';
import { viewRows } from '../view-nodes';
import { dataArgument } from './decode';

export function decodeSecret(argument: unknown): string | undefined {
  const secret = dataArgument(argument)?.secret;
  return typeof secret === 'string' && secret.trim() !== '' ? secret.trim() : undefined;
}

/** Clear Webhook Secret: `{ confirmed: true }` clears without the dialog; anything else asks. */
export function decodeClearSecret(argument: unknown): { confirmed: boolean } {
  return { confirmed: dataArgument(argument)?.confirmed === true };
}

/** The event a row command is about: its key, and the record its row holds (for an event the store dropped). */
export interface EventArgument {
  key: string;
  record?: WebhookEventRecord;
}

export function decodeEvent(argument: unknown): EventArgument | undefined {
  const row = viewRows.webhookEvents.of(argument);
  if (row) {
    if (row.kind === 'event') return { key: row.record.key, record: row.record };
    return row.kind === 'unsigned-warning' ? undefined : { key: row.eventKey };
  }
  const data = dataArgument(argument);
  const key = typeof data?.key === 'string' ? data.key : typeof data?.eventKey === 'string' ? data.eventKey : undefined;
  return key === undefined ? undefined : { key };
}

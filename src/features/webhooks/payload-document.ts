// Read-only JSON documents of event payloads, on our own scheme: not untitled documents, which
// would ask to be saved on every close. The URI carries the row's key; the text is built on demand.
import * as vscode from 'vscode';
import { Schemes } from '../../core/schemes';
import { inertFileName } from '../../core/text/inert';
import { payloadDocumentText, type WebhookEventRecord } from '../../core/webhook-events';
import { ReadOnlyContent } from '../../platform/readonly-documents';
import type { WebhookEventsStore } from './events-store';

/** The `webdata-event:` documents' text; made at activation (src/features/webhooks/index.ts). */
export class WebhookPayloadDocuments extends ReadOnlyContent {
  constructor(private readonly store: WebhookEventsStore) {
    super(Schemes.webhookPayload);
  }

  protected text(uri: vscode.Uri): string {
    const record = this.store.get(uri.query);
    if (record === undefined) {
      return `${JSON.stringify({ note: 'This event is no longer in the Webhook Events list (it was cleared or is older than the last webData.webhooks.maxEvents events).' }, null, 2)}\n`;
    }
    return payloadDocumentText(record);
  }

  open(record: WebhookEventRecord): Promise<vscode.TextEditor> {
    return this.show(payloadUri(record), 'json');
  }
}

/**
 * webdata-event:/crawl.completed-1b2c3d4e.json?<key>: a readable tab title, the key in the query.
 * Type and id are a client's words: kept to plain ASCII, then made a safe file name (no leading
 * dots, no device name), as Save As offers it.
 */
function payloadUri(record: WebhookEventRecord): vscode.Uri {
  const raw = `${record.type ?? 'event'}-${record.jobId?.slice(0, 8) ?? record.status}`.replace(/[^A-Za-z0-9._-]/g, '_');
  const name = inertFileName(raw, 'event', 80);
  return vscode.Uri.from({ scheme: Schemes.webhookPayload.scheme, path: `/${name}.json`, query: record.key });
}

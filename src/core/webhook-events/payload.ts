// The text of the read-only payload document: the body pretty-printed as JSON, or, when the body
// was cut short, dropped, or refused, a small JSON object that says so. Always valid JSON.
import { PAYLOAD_CAP_BYTES, type WebhookEventRecord } from './record';

export function payloadDocumentText(record: WebhookEventRecord): string {
  if (record.status === 'refused') {
    return pretty({
      note: 'This delivery was refused; its body is not kept.',
      status: record.httpStatus,
      reason: record.reason,
      claimed: { type: record.type, id: record.jobId, webhookId: record.webhookId },
      receivedAt: new Date(record.receivedAt).toISOString(),
    });
  }
  if (record.payload === undefined) {
    return pretty({
      note: record.payloadDropped
        ? 'The body of this older event was not kept across the reload, to keep the stored list small.'
        : 'The body of this event was not kept.',
      type: record.type,
      id: record.jobId,
      webhookId: record.webhookId,
    });
  }
  const size = record.payloadBytes ?? Buffer.byteLength(record.payload, 'utf8');
  if (size > Buffer.byteLength(record.payload, 'utf8')) {
    return pretty({
      note: `The body was ${formatBytes(size)}; only its first ${formatBytes(PAYLOAD_CAP_BYTES)} are kept, shown as text below.`,
      type: record.type,
      id: record.jobId,
      webhookId: record.webhookId,
      truncatedBody: record.payload,
    });
  }
  try {
    return pretty(JSON.parse(record.payload) as unknown);
  } catch {
    // Accepted bodies are JSON; a stored one that is not is shown as text rather than lost.
    return pretty({ note: 'The stored body is not valid JSON; shown as text.', body: record.payload });
  }
}

function pretty(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${+(bytes / (1024 * 1024)).toFixed(1)} MiB`;
  if (bytes >= 1024) return `${+(bytes / 1024).toFixed(1)} KiB`;
  return `${bytes} bytes`;
}

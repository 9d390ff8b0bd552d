// The pure parts of the Webhook Events list: rows from deliveries and refusals, caps, what is
// persisted and restored, labels, notifications and their muting, the payload document.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  MAX_EVENTS_CAP,
  METADATA_ENTRIES_CAP,
  PAYLOAD_CAP_BYTES,
  addRecord,
  eventFacts,
  eventTitle,
  hasAcceptedDelivery,
  notificationFacts,
  parseStoredRecords,
  payloadDocumentText,
  recordFromDelivery,
  recordFromRefusal,
  receiverStatusFacts, receivedCount,
  shouldNotify,
  toPersisted,
  truncateUtf8,
  type WebhookEventRecord,
} from '../../src/core/webhook-events';
import { isLoopbackHost as isLoopbackAddress } from '../../src/core/service-address';
import type { WebhookDelivery, WebhookEvent } from '../../src/core/webhooks';

const JOB_ID = '0d6b4f43-5a2c-4d8e-9a57-6f1c3b2e8a10';
const DELIVERY_ID = '9b1e2c3d-4f5a-4b6c-8d7e-0f1a2b3c4d5e';

function delivery(type: string, extra: Partial<WebhookEvent> = {}, verification: 'verified' | 'unsigned' = 'verified'): WebhookDelivery {
  const body = { success: true, type, id: JOB_ID, webhookId: DELIVERY_ID, data: [], ...extra };
  const kind = ['crawl.completed', 'batch_scrape.started', 'batch_scrape.completed'].includes(type) ? type : 'unknown';
  return { event: { ...body, kind } as WebhookEvent, verification, receivedAt: 1_700_000_000_000, rawBody: JSON.stringify(body) };
}

function row(n: number, status: WebhookEventRecord['status'] = 'verified'): WebhookEventRecord {
  return { key: `k${n}`, receivedAt: n, status, type: 'crawl.completed', jobId: `job-${n}`, webhookId: `wh-${n}`, payload: '{}', payloadBytes: 2 };
}

describe('webhook events list: rows', () => {
  it('makes a row of a delivery with its type, job id, status, payload and metadata', () => {
    const r = recordFromDelivery(delivery('crawl.completed', { metadata: { project: 'docs', attempt: 2, tags: ['a'] } }, 'unsigned'));
    assert.equal(r.status, 'unsigned');
    assert.equal(r.type, 'crawl.completed');
    assert.equal(r.jobId, JOB_ID);
    assert.equal(r.webhookId, DELIVERY_ID);
    assert.deepEqual(r.metadata, [['project', 'docs'], ['attempt', '2'], ['tags', '["a"]']]);
    assert.equal(r.metadataOmitted, undefined);
    assert.equal((JSON.parse(r.payload ?? '') as { type?: unknown }).type, 'crawl.completed');
  });

  it('keeps unknown types as they were sent', () => {
    const r = recordFromDelivery(delivery('crawl.page'));
    assert.equal(r.type, 'crawl.page');
    assert.deepEqual(eventTitle(r), { kind: 'type', type: 'crawl.page' });
  });

  it('caps metadata entries and values and says how many were left out', () => {
    const metadata = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`k${i}`, 'x'.repeat(1000)]));
    const r = recordFromDelivery(delivery('crawl.completed', { metadata }));
    assert.equal(r.metadata?.length, METADATA_ENTRIES_CAP);
    assert.equal(r.metadataOmitted, 30 - METADATA_ENTRIES_CAP);
    assert.ok((r.metadata[0]?.[1].length ?? 0) <= 200);
  });

  it('cuts a huge payload to the cap and remembers its real size', () => {
    const big = delivery('batch_scrape.started');
    big.rawBody = JSON.stringify({ data: ['é'.repeat(200_000)] });
    const r = recordFromDelivery(big);
    assert.ok(Buffer.byteLength(r.payload ?? '', 'utf8') <= PAYLOAD_CAP_BYTES);
    assert.equal(r.payloadBytes, Buffer.byteLength(big.rawBody, 'utf8'));
  });

  it('makes a refused row with status code and reason, and the claimed fields', () => {
    const r = recordFromRefusal({ status: 401, reason: 'bad signature', receivedAt: 5, method: 'POST', path: '/w', type: 'crawl.completed', id: JOB_ID });
    assert.equal(r.status, 'refused');
    assert.equal(r.httpStatus, 401);
    assert.equal(r.reason, 'bad signature');
    assert.equal(r.jobId, JOB_ID);
    assert.equal(r.payload, undefined);
    assert.deepEqual(eventFacts(r), { receivedAt: new Date(5), jobId: '0d6b4f43…', status: 'refused', httpStatus: 401, unsuccessful: false });
    assert.deepEqual(eventTitle({ ...r, type: undefined }), { kind: 'refused', httpStatus: 401 });
  });

  it('says an accepted event reported no success, and a verified one without a job has no id', () => {
    const failed = recordFromDelivery(delivery('batch_scrape.completed', { success: false }));
    assert.equal(eventFacts(failed).unsuccessful, true);
    assert.equal(eventFacts(recordFromDelivery(delivery('batch_scrape.completed'))).unsuccessful, false);
    assert.equal(eventFacts({ ...failed, jobId: undefined }).jobId, undefined);
  });

  it('gives every row its own key, even for the same delivery twice', () => {
    const a = recordFromDelivery(delivery('crawl.completed'));
    const b = recordFromDelivery(delivery('crawl.completed'));
    assert.notEqual(a.key, b.key);
  });
});

describe('webhook events list: cap, de-duplication, persistence', () => {
  it('puts the newest first and keeps at most max', () => {
    let list: WebhookEventRecord[] = [];
    for (let i = 0; i < 10; i++) list = addRecord(list, row(i), 3);
    assert.deepEqual(list.map((r) => r.key), ['k9', 'k8', 'k7']);
  });

  it('finds an accepted delivery by webhookId, but not a refused one', () => {
    const list = [row(1), { ...row(2, 'refused') }];
    assert.equal(hasAcceptedDelivery(list, 'wh-1'), true);
    assert.equal(hasAcceptedDelivery(list, 'wh-2'), false);
    assert.equal(hasAcceptedDelivery(list, 'wh-3'), false);
  });

  it('persists payloads only within the budget, newest first, and marks the rest dropped', () => {
    const list = [0, 1, 2, 3].map((i) => ({ ...row(i), payload: 'x'.repeat(400) }));
    const persisted = toPersisted(list, 10, 1000);
    assert.deepEqual(persisted.map((r) => r.payload !== undefined), [true, true, false, false]);
    assert.deepEqual(persisted.map((r) => r.payloadDropped === true), [false, false, true, true]);
    assert.equal(persisted.length, 4);
    assert.equal(toPersisted(list, 2).length, 2);
  });

  it('restores what it persisted', () => {
    const list = [row(1), { ...row(2, 'refused'), httpStatus: 401, reason: 'no', metadata: [['a', 'b']] as Array<[string, string]> }];
    const restored = parseStoredRecords(JSON.parse(JSON.stringify(toPersisted(list, 10))), 10);
    assert.deepEqual(restored, list);
  });

  it('skips malformed and repeated rows when restoring, and honours max', () => {
    const stored = [row(1), null, 'x', { key: 'k', receivedAt: 'soon', status: 'verified' }, { key: 'k2', receivedAt: 1, status: 'maybe' }, row(1), row(2), row(3)];
    assert.deepEqual(parseStoredRecords(stored, 10).map((r) => r.key), ['k1', 'k2', 'k3']);
    assert.deepEqual(parseStoredRecords(stored, 2).map((r) => r.key), ['k1', 'k2']);
    assert.deepEqual(parseStoredRecords({ not: 'a list' }, 10), []);
    assert.deepEqual(parseStoredRecords(undefined, 10), []);
  });

  it('never throws on whatever globalState holds, and returns at most the cap', () => {
    fc.assert(
      fc.property(fc.anything(), fc.integer({ min: -5, max: 10_000 }), (value, max) => {
        const restored = parseStoredRecords(value, max);
        assert.ok(restored.length <= Math.min(MAX_EVENTS_CAP, Math.max(1, max)));
      }),
      { numRuns: 300 },
    );
  });
});

describe('webhook events list: truncateUtf8', () => {
  it('keeps the longest whole-character prefix within the byte limit', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), fc.integer({ min: 0, max: 200 }), (text, max) => {
        const cut = truncateUtf8(text, max);
        if (Buffer.byteLength(text, 'utf8') <= max) return assert.equal(cut, text);
        // What the body's bytes decode to (a lone surrogate becomes U+FFFD, as on the wire).
        const decoded = Buffer.from(text, 'utf8').toString('utf8');
        assert.ok(Buffer.byteLength(cut, 'utf8') <= max);
        assert.ok(decoded.startsWith(cut));
        const next = String.fromCodePoint(decoded.codePointAt(cut.length) ?? 0);
        assert.ok(Buffer.byteLength(cut + next, 'utf8') > max, 'a shorter cut than needed');
      }),
      { numRuns: 300 },
    );
  });

  it('backs off a cut inside a multi-byte character', () => {
    assert.equal(truncateUtf8('aé', 2), 'a');
    assert.equal(truncateUtf8('a😀', 4), 'a');
    assert.equal(truncateUtf8('a😀', 5), 'a😀');
    assert.equal(truncateUtf8('abc', 3), 'abc');
  });
});

describe('webhook events list: notifications', () => {
  const all = { 'crawl.completed': true, 'batch_scrape.started': true, 'batch_scrape.completed': true };

  it('notifies the three kinds unless muted', () => {
    for (const type of ['crawl.completed', 'batch_scrape.started', 'batch_scrape.completed']) {
      assert.equal(shouldNotify({ status: 'verified', type }, all), true, type);
      assert.equal(shouldNotify({ status: 'unsigned', type }, {}), true, `${type} with an empty setting`);
      assert.equal(shouldNotify({ status: 'verified', type }, { ...all, [type]: false }), false, `${type} muted`);
    }
  });

  it('never notifies refused deliveries or unknown kinds', () => {
    assert.equal(shouldNotify({ status: 'refused', type: 'crawl.completed' }, all), false);
    assert.equal(shouldNotify({ status: 'verified', type: 'crawl.page' }, all), false);
    assert.equal(shouldNotify({ status: 'verified', type: undefined }, all), false);
  });

  it('names the crawl URL (with the short id) when known, and the whole id otherwise', () => {
    assert.deepEqual(notificationFacts({ type: 'crawl.completed', jobId: JOB_ID }, 'https://docs.tideflow.dev'), {
      kind: 'crawl.completed', id: JOB_ID, shortId: '0d6b4f43…', url: 'https://docs.tideflow.dev',
    });
    assert.deepEqual(notificationFacts({ type: 'crawl.completed', jobId: JOB_ID }), { kind: 'crawl.completed', id: JOB_ID, shortId: '0d6b4f43…' });
    assert.deepEqual(notificationFacts({ type: 'crawl.completed' }, 'https://docs.tideflow.dev'), { kind: 'crawl.completed', url: 'https://docs.tideflow.dev' });
    assert.deepEqual(notificationFacts({ type: 'batch_scrape.started', jobId: 'b1' }), { kind: 'batch_scrape.started', id: 'b1' });
    assert.deepEqual(notificationFacts({ type: 'batch_scrape.completed', jobId: 'b1' }), { kind: 'batch_scrape.completed', id: 'b1', unsuccessful: false });
    assert.deepEqual(notificationFacts({ type: 'batch_scrape.completed', jobId: 'b1', success: false }), { kind: 'batch_scrape.completed', id: 'b1', unsuccessful: true });
    assert.equal(notificationFacts({ type: 'crawl.page', jobId: 'c' }), undefined);
    assert.equal(notificationFacts({ type: undefined, jobId: 'c' }), undefined);
  });

  it('the status bar item: port, counts, signatures, and the forwarded address only when it differs', () => {
    const local = 'http://127.0.0.1:8787/webhooks/web-data';
    const listed = [{ status: 'verified' as const }, { status: 'refused' as const }];
    const state = { port: 8787, url: local, localUrl: local, externalUrl: local, hasSecret: false, requireSignature: false, stats: { handled: 3, refused: 1, duplicates: 2 }, listed, serviceBaseUrl: 'http://127.0.0.1:3002', publicUrl: '' };
    assert.deepEqual(receiverStatusFacts(state), { port: 8787, url: local, reach: { kind: 'this-machine' }, signatures: 'not-checked', received: 1, handled: 3, refused: 1, duplicates: 2 });
    const forwarded = 'https://example-8787.app.github.dev/webhooks/web-data';
    assert.equal(receiverStatusFacts({ ...state, externalUrl: forwarded }).forwardedAs, forwarded);
    assert.equal(receiverStatusFacts({ ...state, requireSignature: true }).signatures, 'required-without-secret');
    assert.equal(receiverStatusFacts({ ...state, hasSecret: true }).signatures, 'checked');
    assert.equal(receiverStatusFacts({ ...state, hasSecret: true, requireSignature: true }).signatures, 'checked');
  });

  it('says how the service reaches the receiver as a job started here is wired: a remote window\'s forwarded address is not it (issue 34)', () => {
    const local = 'http://127.0.0.1:8787/webhooks/web-data';
    const forwarded = 'http://localhost:8787/webhooks/web-data';
    const state = { port: 8787, url: local, localUrl: local, externalUrl: forwarded, hasSecret: false, requireSignature: true, stats: { handled: 0, refused: 0, duplicates: 0 }, listed: [], serviceBaseUrl: 'https://api.example.com', publicUrl: '' };
    assert.deepEqual(receiverStatusFacts(state).reach, { kind: 'unreachable' });
    assert.equal(receiverStatusFacts(state).forwardedAs, forwarded);
    assert.deepEqual(receiverStatusFacts({ ...state, publicUrl: 'https://hooks.example.com' }).reach, { kind: 'public-url', url: 'https://hooks.example.com/webhooks/web-data' });
    assert.deepEqual(receiverStatusFacts({ ...state, publicUrl: 'http://hooks.example.com' }).reach, { kind: 'public-url-not-https' });
    assert.deepEqual(receiverStatusFacts({ ...state, serviceBaseUrl: 'http://localhost:3002' }).reach, { kind: 'this-machine' });
    assert.deepEqual(receiverStatusFacts({ ...state, serviceBaseUrl: undefined }).reach, { kind: 'unreachable' });
  });

  it('the item counts the events the list holds as received, not this run\'s deliveries: a reload or a restart keeps the count', () => {
    const local = 'http://127.0.0.1:8787/webhooks/web-data';
    // A new run after a reload: the receiver has seen nothing yet, the list still holds two events received and one refused.
    const state = { port: 8787, url: local, localUrl: local, externalUrl: local, hasSecret: true, requireSignature: false, stats: { handled: 0, refused: 0, duplicates: 0 },
      listed: [{ status: 'verified' as const }, { status: 'unsigned' as const }, { status: 'refused' as const }], serviceBaseUrl: undefined, publicUrl: '' };
    assert.equal(receiverStatusFacts(state).received, 2);
    assert.equal(receiverStatusFacts(state).handled, 0);
    assert.equal(receivedCount([]), 0);
  });
});

describe('webhook events list: loopback addresses', () => {
  for (const address of ['127.0.0.1', '127.1.2.3', 'localhost', 'LOCALHOST', '::1', '[::1]', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1', ' 127.0.0.1 ']) {
    it(`${address} is loopback`, () => assert.equal(isLoopbackAddress(address), true));
  }
  for (const address of ['0.0.0.0', '::', '192.168.1.5', '10.0.0.1', '128.0.0.1', '127.0.0.256', 'example.com', '::2', '']) {
    it(`${JSON.stringify(address)} is not loopback`, () => assert.equal(isLoopbackAddress(address), false));
  }
});

describe('webhook events list: payload document', () => {
  it('pretty-prints the body', () => {
    const r = recordFromDelivery(delivery('crawl.completed', { metadata: { a: 1 } }));
    const text = payloadDocumentText(r);
    assert.deepEqual(JSON.parse(text), JSON.parse(r.payload ?? ''));
    assert.match(text, /\n {2}"type": "crawl.completed"/);
  });

  it('says so when the body was cut, and stays valid JSON', () => {
    const big = delivery('batch_scrape.started');
    big.rawBody = JSON.stringify({ data: ['x'.repeat(100_000)] });
    const doc = JSON.parse(payloadDocumentText(recordFromDelivery(big))) as { note: string; truncatedBody: string };
    assert.match(doc.note, /only its first 64 KiB are kept/);
    assert.equal(doc.truncatedBody.length, PAYLOAD_CAP_BYTES);
  });

  it('explains a refused delivery and a payload not kept across reloads', () => {
    const refused = JSON.parse(payloadDocumentText(recordFromRefusal({ status: 413, reason: 'too big', receivedAt: 0, method: 'POST', path: '/' }))) as { note: string; status: number };
    assert.equal(refused.status, 413);
    assert.match(refused.note, /refused/);
    const { payload: _p, ...rest } = row(1);
    const dropped = JSON.parse(payloadDocumentText({ ...rest, payloadDropped: true })) as { note: string };
    assert.match(dropped.note, /not kept across the reload/);
  });
});

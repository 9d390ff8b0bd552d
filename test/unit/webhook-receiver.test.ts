import assert from 'node:assert/strict';
import { startWebhookReceiver, WebhookReceiverError } from '../../src/core/webhooks';
import { makeEvent, sendWebhook } from '../emulator/webhook-sender';
import { errorOf, rawRequest, SECRET, startRecordingReceiver, waitFor, type RecordingReceiver } from './webhook-receiver-helpers';

describe('webhook receiver: answers over real sockets', () => {
  let r: RecordingReceiver;
  afterEach(async () => r.receiver.close());

  it('binds to 127.0.0.1 on a free port and the default path', async () => {
    r = await startRecordingReceiver();
    assert.equal(r.receiver.host, '127.0.0.1');
    assert.ok(r.receiver.port > 0);
    assert.equal(r.receiver.url, `http://127.0.0.1:${r.receiver.port}/webhooks/web-data`);
  });

  it('answers 200 to a signed delivery and then hands it over as verified', async () => {
    r = await startRecordingReceiver();
    const event = makeEvent('crawl.completed', { metadata: { project: 'docs' } });
    const answer = await sendWebhook({ url: r.receiver.url, event, secret: SECRET });
    assert.equal(answer.status, 200);
    assert.deepEqual(JSON.parse(answer.body), { success: true });
    await waitFor(() => r.deliveries.length === 1, 2_000, 'the delivery');
    const [delivery] = r.deliveries;
    assert.ok(delivery);
    assert.equal(delivery.verification, 'verified');
    assert.equal(delivery.event.kind, 'crawl.completed');
    assert.equal(delivery.event.id, event.id);
    assert.deepEqual(delivery.event.metadata, { project: 'docs' });
    assert.equal(delivery.rawBody, answer.rawBody.toString('utf8'));
    assert.ok(Math.abs(delivery.receivedAt - Date.now()) < 5_000);
    assert.deepEqual(r.receiver.stats, { received: 1, handled: 1, duplicates: 0, refused: 0, handlerErrors: 0 });
  });

  it('answers 200 to an unsigned delivery when no secret is set, marked unsigned', async () => {
    r = await startRecordingReceiver({ getSecret: () => '' });
    assert.equal((await sendWebhook({ url: r.receiver.url, event: makeEvent('batch_scrape.started') })).status, 200);
    // A signature it cannot check does not make it verified.
    assert.equal((await sendWebhook({ url: r.receiver.url, event: makeEvent('batch_scrape.completed'), secret: 'x' })).status, 200);
    await waitFor(() => r.deliveries.length === 2);
    assert.deepEqual(r.deliveries.map((d) => d.verification), ['unsigned', 'unsigned']);
  });

  it('keeps a delivery of an unknown type', async () => {
    r = await startRecordingReceiver();
    assert.equal((await sendWebhook({ url: r.receiver.url, event: makeEvent('agent.done'), secret: SECRET })).status, 200);
    await waitFor(() => r.deliveries.length === 1);
    const [delivery] = r.deliveries;
    assert.ok(delivery);
    assert.equal(delivery.event.kind, 'unknown');
    assert.equal(delivery.event.type, 'agent.done');
  });

  it('401: a mis-signed delivery, an unsigned one when a secret is set, and unsigned ones when signatures are required', async () => {
    r = await startRecordingReceiver();
    const event = makeEvent('crawl.completed');
    const wrong = await sendWebhook({ url: r.receiver.url, event, secret: 'not-the-secret' });
    assert.equal(wrong.status, 401);
    assert.match(errorOf(wrong.body), /does not match/);
    assert.doesNotMatch(wrong.body, new RegExp(SECRET));
    const unsigned = await sendWebhook({ url: r.receiver.url, event });
    assert.equal(unsigned.status, 401);
    assert.match(errorOf(unsigned.body), /no X-Service-Signature/);
    const forged = await sendWebhook({ url: r.receiver.url, event, headers: { 'x-service-signature': `sha256=${'0'.repeat(64)}` } });
    assert.equal(forged.status, 401);
    await r.receiver.close();

    r = await startRecordingReceiver({ getSecret: () => undefined, requireSignature: true });
    const required = await sendWebhook({ url: r.receiver.url, event, secret: 'anything' });
    assert.equal(required.status, 401);
    assert.match(errorOf(required.body), /no webhook secret is set/);
    assert.deepEqual([r.receiver.stats.received, r.receiver.stats.refused], [1, 1], 'refused: it can never be handed over');
    assert.equal(r.deliveries.length, 0);
    assert.deepEqual(r.refused.map((x) => [x.status, x.type, x.webhookId]), [[401, 'crawl.completed', event.webhookId]]);
  });

  it('reads the secret per delivery, so a new secret applies at once', async () => {
    let secret: string | undefined = 'first';
    r = await startRecordingReceiver({ getSecret: () => secret });
    const event = makeEvent('crawl.completed');
    assert.equal((await sendWebhook({ url: r.receiver.url, event, secret: 'first' })).status, 200);
    secret = 'second';
    assert.equal((await sendWebhook({ url: r.receiver.url, event: makeEvent('crawl.completed'), secret: 'first' })).status, 401);
  });

  it('400: a body that is not JSON, and JSON that is not an event', async () => {
    r = await startRecordingReceiver();
    const notJson = await sendWebhook({ url: r.receiver.url, event: '{"success": tru', secret: SECRET });
    assert.equal(notJson.status, 400);
    assert.match(errorOf(notJson.body), /not JSON/);
    const notEvent = await sendWebhook({ url: r.receiver.url, event: JSON.stringify({ success: true, type: 'crawl.completed', id: 'c1', data: [] }), secret: SECRET });
    assert.equal(notEvent.status, 400);
    assert.match(errorOf(notEvent.body), /webhookId is missing/);
    const empty = await sendWebhook({ url: r.receiver.url, event: '', secret: SECRET });
    assert.equal(empty.status, 400);
    const deep = makeEvent('batch_scrape.started', { data: [JSON.parse(`${'['.repeat(200)}${']'.repeat(200)}`)] });
    const tooDeep = await sendWebhook({ url: r.receiver.url, event: deep, secret: SECRET });
    assert.equal(tooDeep.status, 400);
    assert.match(errorOf(tooDeep.body), /deeper than 64 levels/);
    assert.deepEqual(r.refused.map((x) => x.status), [400, 400, 400, 400]);
    assert.equal(r.receiver.stats.refused, 4);
  });

  it('404 on another path; the query string and one trailing slash are forgiven', async () => {
    r = await startRecordingReceiver({ getSecret: () => undefined });
    const body = JSON.stringify(makeEvent('crawl.completed'));
    assert.equal((await rawRequest(r.receiver.url, { path: '/webhooks/other', body })).status, 404);
    assert.equal((await rawRequest(r.receiver.url, { path: '/', body })).status, 404);
    assert.equal((await rawRequest(r.receiver.url, { path: '/webhooks/web-data?from=service', body })).status, 200);
    assert.equal((await rawRequest(r.receiver.url, { path: '/webhooks/web-data/', body: JSON.stringify(makeEvent('crawl.completed')) })).status, 200);
    assert.deepEqual(r.refused.map((x) => [x.status, x.path]), [[404, '/webhooks/other'], [404, '/']]);
  });

  it('405 with Allow: POST for another method', async () => {
    r = await startRecordingReceiver();
    for (const method of ['GET', 'PUT', 'DELETE', 'HEAD']) {
      const answer = await rawRequest(r.receiver.url, { method, path: r.receiver.path });
      assert.equal(answer.status, 405, method);
      assert.equal(answer.headers.allow, 'POST');
    }
  });

  it('413 for a body over the limit, declared or chunked, without stopping the receiver', async () => {
    r = await startRecordingReceiver({ maxBodyBytes: 64 * 1024 });
    const big = Buffer.alloc(1024 * 1024, 0x61);
    const declared = await rawRequest(r.receiver.url, { path: r.receiver.path, body: big, headers: { 'content-length': String(big.length) } });
    assert.equal(declared.status, 413);
    assert.match(errorOf(declared.body), /larger than the receiver's limit of 65536 bytes/);
    const chunks = Array.from({ length: 32 }, () => Buffer.alloc(8 * 1024, 0x62));
    const chunked = await rawRequest(r.receiver.url, { path: r.receiver.path, chunks });
    assert.equal(chunked.status, 413);
    const expect = await rawRequest(r.receiver.url, { path: r.receiver.path, headers: { expect: '100-continue', 'content-length': String(big.length) }, body: big });
    assert.equal(expect.status, 413);
    // A body just under the limit is read (and refused only because it is not an event).
    const under = await rawRequest(r.receiver.url, { path: r.receiver.path, body: Buffer.alloc(64 * 1024, 0x20) });
    assert.equal(under.status, 401);
    assert.equal((await sendWebhook({ url: r.receiver.url, event: makeEvent('crawl.completed'), secret: SECRET })).status, 200);
  });

  it('1 MiB is the default limit', async () => {
    r = await startRecordingReceiver({ getSecret: () => undefined });
    const event = makeEvent('batch_scrape.started', { data: ['x'.repeat(1024 * 1024 - 200)] });
    assert.equal((await sendWebhook({ url: r.receiver.url, event })).status, 200);
    const over = makeEvent('batch_scrape.started', { data: ['x'.repeat(1024 * 1024)] });
    assert.equal((await sendWebhook({ url: r.receiver.url, event: over })).status, 413);
  });

  it('answers the same webhookId twice and hands it over once', async () => {
    r = await startRecordingReceiver();
    const event = makeEvent('crawl.completed');
    const first = await sendWebhook({ url: r.receiver.url, event, secret: SECRET });
    const again = await sendWebhook({ url: r.receiver.url, event: first.rawBody, secret: SECRET });
    assert.deepEqual([first.status, again.status], [200, 200]);
    await waitFor(() => r.receiver.stats.handled + r.receiver.stats.duplicates === 2, 2_000, 'both requests handed over or counted as a repeat');
    assert.equal(r.deliveries.length, 1);
    assert.equal(r.receiver.stats.duplicates, 1);
    // A refused repeat does not count: only accepted deliveries are remembered.
    const other = makeEvent('crawl.completed');
    assert.equal((await sendWebhook({ url: r.receiver.url, event: other, secret: 'wrong' })).status, 401);
    assert.equal((await sendWebhook({ url: r.receiver.url, event: other, secret: SECRET })).status, 200);
    await waitFor(() => r.deliveries.length === 2);
  });

  it('refuses to start on a port in use, or with a bad path, in plain words', async () => {
    r = await startRecordingReceiver();
    await assert.rejects(startWebhookReceiver({ port: r.receiver.port, getSecret: () => undefined, onDelivery: () => {} }), (err: unknown) => {
      assert.ok(err instanceof WebhookReceiverError);
      assert.equal(err.code, 'address-in-use');
      assert.match(err.message, /already in use/);
      return true;
    });
    await assert.rejects(startWebhookReceiver({ path: 'hooks', getSecret: () => undefined, onDelivery: () => {} }), /must start with "\/"/);
    await assert.rejects(startWebhookReceiver({ port: 70_000, getSecret: () => undefined, onDelivery: () => {} }), /0 to 65535/);
  });
});

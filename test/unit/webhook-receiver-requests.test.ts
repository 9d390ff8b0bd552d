// Only what a service would send (issue 7): requests a browser makes are refused, deliveries must
// be JSON, and the bytes buffered across all deliveries in flight are bounded. Real sockets.
import assert from 'node:assert/strict';
import { connect, type Socket } from 'node:net';
import { startWebhookReceiver } from '../../src/core/webhooks';
import { makeEvent, sendWebhook } from '../emulator/webhook-sender';
import { errorOf, rawRequest, SECRET, startRecordingReceiver, waitFor, type RecordingReceiver } from './webhook-receiver-helpers';

/** Writes a request head (and part of a body) over a raw socket; resolves with the status, or 0 if closed unanswered. */
function rawHead(port: number, head: string, body = ''): { socket: Socket; status: Promise<number> } {
  const socket = connect({ host: '127.0.0.1', port });
  socket.on('error', () => {});
  const status = new Promise<number>((resolve) => {
    let text = '';
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('latin1');
      if (text.includes('\r\n')) resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0));
    });
    socket.once('close', () => resolve(0));
  });
  socket.write(`${head}\r\n\r\n${body}`);
  return { socket, status };
}

describe('webhook receiver: only what a service would send', () => {
  let r: RecordingReceiver | undefined;
  const sockets: Socket[] = [];
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.destroy();
    await r?.receiver.close();
  });

  it('403 for a request with an Origin header, even a correctly signed one, listed as refused with the reason', async () => {
    r = await startRecordingReceiver();
    const event = makeEvent('crawl.completed');
    for (const origin of ['https://evil.example', 'null', 'http://127.0.0.1:8787']) {
      const answer = await sendWebhook({ url: r.receiver.url, event, secret: SECRET, headers: { origin } });
      assert.equal(answer.status, 403, origin);
      assert.match(errorOf(answer.body), /web browser \(it sends the Origin header\)/);
    }
    // Every request was refused (onRefused runs before the answer leaves), so none can be handed over later.
    assert.deepEqual([r.receiver.stats.received, r.receiver.stats.refused], [3, 3]);
    assert.equal(r.deliveries.length, 0);
    assert.deepEqual(r.refused.map((x) => x.status), [403, 403, 403]);
    const [first] = r.refused;
    assert.ok(first);
    assert.match(first.reason, /came from a web browser \(it sends the Origin header\)/);
    assert.equal(first.method, 'POST');
  });

  it('403 for any Sec-Fetch-* header (Site, Mode, Dest), whatever its value', async () => {
    r = await startRecordingReceiver({ getSecret: () => undefined });
    const headers: Record<string, string>[] = [{ 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-mode': 'no-cors' }, { 'sec-fetch-site': 'none' }, { 'sec-fetch-dest': 'empty' }];
    for (const header of headers) {
      const answer = await sendWebhook({ url: r.receiver.url, event: makeEvent('batch_scrape.started'), headers: header });
      assert.equal(answer.status, 403, JSON.stringify(header));
    }
    assert.deepEqual([r.receiver.stats.received, r.receiver.stats.refused], [4, 4], 'every request refused: none can be handed over later');
    assert.equal(r.deliveries.length, 0);
    assert.deepEqual(r.refused.map((x) => x.reason.match(/sends the (\S+) header/)?.[1]), ['Sec-Fetch-Site', 'Sec-Fetch-Mode', 'Sec-Fetch-Site', 'Sec-Fetch-Dest']);
    // The same delivery without them is what the service sends, and goes through.
    assert.equal((await sendWebhook({ url: r.receiver.url, event: makeEvent('batch_scrape.started') })).status, 200);
  });

  it('415 without Content-Type: application/json (missing, text/plain, form); charset and case are fine', async () => {
    r = await startRecordingReceiver();
    const body = JSON.stringify(makeEvent('crawl.completed'));
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/jsonp']) {
      const answer = await sendWebhook({ url: r.receiver.url, event: body, secret: SECRET, headers: { 'content-type': type } });
      assert.equal(answer.status, 415, type);
      assert.match(errorOf(answer.body), /Content-Type: application\/json/);
    }
    const missing = rawHead(r.receiver.port, `POST ${r.receiver.path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: ${body.length}`, body);
    sockets.push(missing.socket);
    assert.equal(await missing.status, 415);
    const refused = r.refused;
    await waitFor(() => refused.length === 5, 2_000, 'five refusals');
    assert.ok(r.refused.every((x) => x.status === 415 && /Content-Type/.test(x.reason)));
    for (const type of ['application/json; charset=utf-8', 'Application/JSON']) {
      const event = makeEvent('crawl.completed');
      assert.equal((await sendWebhook({ url: r.receiver.url, event, secret: SECRET, headers: { 'content-type': type } })).status, 200, type);
    }
  });

  it('503 with Retry-After once the bodies in flight hold the total budget; the per-delivery cap still gives 413', async function () {
    this.timeout(10_000);
    const maxBodyBytes = 64 * 1024;
    r = await startRecordingReceiver({ getSecret: () => undefined, maxBodyBytes, maxBufferedBytes: 100 * 1024 });
    const { port, path } = r.receiver;
    const head = `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${maxBodyBytes}`;
    // Two slow clients, each 40 KiB into a 64 KiB body: 80 KiB of the 100 KiB budget.
    const first = rawHead(port, head, ' '.repeat(40 * 1024));
    const second = rawHead(port, head, ' '.repeat(40 * 1024));
    sockets.push(first.socket, second.socket);
    const held = 80 * 1024;
    await waitFor(() => r?.receiver.bufferedBytes === held, 5_000, 'the receiver to hold both slow clients\' 40 KiB');
    // A third cannot buffer its 40 KiB: turned away, while the first two are still waiting.
    const third = await rawRequest(r.receiver.url, { path, body: ' '.repeat(40 * 1024) });
    assert.equal(third.status, 503);
    assert.equal(third.headers['retry-after'], '5');
    assert.match(errorOf(third.body), /busy/);
    assert.equal(first.socket.destroyed || second.socket.destroyed, false, 'the slow clients were cut off instead');
    // A small delivery still fits in what is left.
    assert.equal((await sendWebhook({ url: r.receiver.url, event: makeEvent('crawl.completed') })).status, 200);
    // The per-delivery cap is kept: a body over it is 413, not 503.
    const over = await rawRequest(r.receiver.url, { path, body: Buffer.alloc(maxBodyBytes + 1, 0x20) });
    assert.equal(over.status, 413);
    // When the slow clients leave, their bytes go back to the budget.
    first.socket.destroy();
    second.socket.destroy();
    await waitFor(() => r?.receiver.bufferedBytes === 0, 5_000, 'the slow clients\' bytes to go back to the budget');
    const fits = makeEvent('batch_scrape.started', { data: ['x'.repeat(60 * 1024)] });
    assert.equal((await sendWebhook({ url: r.receiver.url, event: fits })).status, 200);
    assert.ok(r.refused.some((x) => x.status === 503 && /busy/.test(x.reason)));
  });

  it('a finished delivery gives its bytes back: many in a row through a budget of one body', async () => {
    r = await startRecordingReceiver({ getSecret: () => undefined, maxBodyBytes: 8 * 1024, maxBufferedBytes: 8 * 1024 });
    for (let i = 0; i < 50; i++) {
      const event = makeEvent('batch_scrape.started', { data: ['x'.repeat(7 * 1024)] });
      assert.equal((await sendWebhook({ url: r.receiver.url, event })).status, 200, `delivery ${i}`);
    }
  });

  it('refuses a total budget smaller than one body', async () => {
    await assert.rejects(
      startWebhookReceiver({ maxBodyBytes: 1024, maxBufferedBytes: 512, getSecret: () => undefined, onDelivery: () => {} }),
      /total buffer must be .* at least the body limit/,
    );
  });
});

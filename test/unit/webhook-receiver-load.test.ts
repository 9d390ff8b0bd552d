import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { connect, type Socket } from 'node:net';
import { Agent as HttpAgent } from 'node:http';
import { Pool } from 'undici';
import { SIGNATURE_HEADER, signBody } from '../../src/core/webhooks';
import { makeEvent, sendWebhook } from '../emulator/webhook-sender';
import { SECRET, startRecordingReceiver, waitFor, type RecordingReceiver } from './webhook-receiver-helpers';

/** Opens a socket and waits until it is connected. */
function openSocket(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port }, () => resolve(socket));
    socket.on('error', reject);
  });
}

function closedWithin(socket: Socket, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    if (socket.destroyed) return resolve(true);
    // A deadline, not a wait: the close event is the condition, and being too late is what is asserted.
    const timer = setTimeout(() => resolve(false), ms);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** Sends one signed delivery over an open socket; the answer's status, or 0 when it was closed unanswered. */
function statusOver(socket: Socket, path: string, body: string): Promise<number> {
  return new Promise((resolve) => {
    if (socket.destroyed) return resolve(0);
    let head = '';
    socket.on('data', (chunk: Buffer) => {
      head += chunk.toString('latin1');
      if (head.includes('\r\n')) resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0));
    });
    socket.on('error', () => {});
    socket.once('close', () => resolve(0));
    socket.write(`POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n${SIGNATURE_HEADER}: ${signBody(body, SECRET)}\r\n\r\n${body}`);
  });
}

describe('webhook receiver: load, slow clients and failures', () => {
  let r: RecordingReceiver;
  const sockets: Socket[] = [];
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.destroy();
    await r.receiver.close();
  });

  it('500 concurrent deliveries plus 100 repeats: none lost, none handled twice', async function () {
    this.timeout(20_000);
    r = await startRecordingReceiver();
    const origin = new URL(r.receiver.url).origin;
    const pool = new Pool(origin, { connections: 50, pipelining: 1 });
    try {
      const bodies = Array.from({ length: 500 }, (_, i) => JSON.stringify(makeEvent(i % 3 === 0 ? 'crawl.completed' : 'batch_scrape.started')));
      const repeats = bodies.slice(0, 100);
      const post = async (body: string): Promise<number> => {
        const answer = await pool.request({
          path: r.receiver.path,
          method: 'POST',
          headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signBody(body, SECRET) },
          body,
        });
        await answer.body.text();
        return answer.statusCode;
      };
      const statuses = await Promise.all([...bodies, ...repeats].map(post));
      assert.equal(statuses.filter((s) => s === 200).length, 600);
      // Every answered request handed over or counted as a repeat: no handoff is still to come.
      await waitFor(() => r.receiver.stats.handled + r.receiver.stats.duplicates === 600, 5_000, '600 requests handed over or counted as repeats');
      const ids = r.deliveries.map((d) => d.event.webhookId);
      assert.equal(ids.length, 500, 'each delivery handed over exactly once');
      assert.equal(new Set(ids).size, 500);
      const sent = new Set(bodies.map((b) => (JSON.parse(b) as { webhookId: string }).webhookId));
      assert.ok(ids.every((id) => sent.has(id)));
      assert.equal(r.receiver.stats.duplicates, 100);
      assert.equal(r.receiver.stats.handled, 500);
    } finally {
      await pool.close();
    }
  });

  it('500 deliveries on 500 connections open at once: every one answered 200 and handled once', async function () {
    this.timeout(20_000);
    r = await startRecordingReceiver();
    const open = await Promise.all(Array.from({ length: 500 }, () => openSocket(r.receiver.port)));
    sockets.push(...open);
    // Every connection is up, and accepted by the receiver, before the first byte of a delivery is
    // sent: all 500 are concurrent.
    await waitFor(() => r.receiver.openConnections === 500, 5_000, 'the receiver to accept 500 connections');
    const bodies = open.map(() => JSON.stringify(makeEvent('crawl.completed')));
    const statuses = await Promise.all(open.map((socket, i) => statusOver(socket, r.receiver.path, bodies[i] ?? '')));
    assert.deepEqual(statuses.filter((s) => s !== 200), [], 'every delivery answered 200');
    await waitFor(() => r.receiver.stats.handled === 500, 5_000, '500 deliveries handed over');
    const ids = r.deliveries.map((d) => d.event.webhookId);
    assert.equal(ids.length, 500);
    assert.equal(new Set(ids).size, 500);
  });

  it('a slow-loris client does not block others, and is cut off by the headers timeout', async function () {
    this.timeout(10_000);
    r = await startRecordingReceiver({ headersTimeoutMs: 1_500, requestTimeoutMs: 2_000 });
    const slow = await openSocket(r.receiver.port);
    sockets.push(slow);
    slow.on('error', () => {});
    slow.write(`POST ${r.receiver.path} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: `);
    const dribble = setInterval(() => slow.writable && slow.write('a'), 50);
    try {
      await waitFor(() => r.receiver.openConnections === 1, 2_000, 'the receiver to accept the slow client');
      const started = Date.now();
      const answer = await sendWebhook({ url: r.receiver.url, event: makeEvent('crawl.completed'), secret: SECRET, agent: new HttpAgent() });
      assert.equal(answer.status, 200);
      // Well under the headers timeout: the answer did not wait for the slow client to be cut off.
      assert.ok(Date.now() - started < 750, `answered in ${Date.now() - started} ms while a slow client was connected`);
      assert.equal(slow.destroyed, false, 'the slow client was still connected');
      assert.equal(await closedWithin(slow, 4_000), true, 'the slow client is disconnected');
    } finally {
      clearInterval(dribble);
    }
  });

  it('a client that sends its body slowly is cut off by the request timeout', async function () {
    this.timeout(10_000);
    r = await startRecordingReceiver({ headersTimeoutMs: 500, requestTimeoutMs: 800 });
    const slow = await openSocket(r.receiver.port);
    sockets.push(slow);
    slow.on('error', () => {});
    slow.write(`POST ${r.receiver.path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{`);
    const dribble = setInterval(() => slow.writable && slow.write(' '), 50);
    try {
      assert.equal((await sendWebhook({ url: r.receiver.url, event: makeEvent('crawl.completed'), secret: SECRET })).status, 200);
      assert.equal(await closedWithin(slow, 3_000), true);
    } finally {
      clearInterval(dribble);
    }
  });

  it('many idle connections beyond the limit are turned away, and deliveries still go through once they leave', async function () {
    this.timeout(10_000);
    r = await startRecordingReceiver({ maxConnections: 5 });
    const idle = await Promise.all(Array.from({ length: 8 }, () => openSocket(r.receiver.port)));
    sockets.push(...idle);
    for (const s of idle) s.on('error', () => {});
    const turnedAway = await Promise.all(idle.slice(5).map((s) => closedWithin(s, 2_000)));
    assert.deepEqual(turnedAway, [true, true, true]);
    for (const s of idle) s.destroy();
    await waitFor(() => r.receiver.openConnections === 0, 2_000, 'the idle connections to be gone on the receiver\'s side');
    assert.equal((await sendWebhook({ url: r.receiver.url, event: makeEvent('crawl.completed'), secret: SECRET })).status, 200);
  });

  it('answers before handling: a handler that blocks does not delay the 200', async function () {
    this.timeout(15_000);
    // The client is another process, so it can see the answer while this one is blocked.
    r = await startRecordingReceiver({
      getSecret: () => undefined,
      onDelivery: () => {
        const until = Date.now() + 1_500;
        while (Date.now() < until) {
          // Busy on purpose: the whole event loop of the receiver is held.
        }
      },
    });
    const client = `
      const started = Date.now();
      const req = require('node:http').request(process.argv[1], { method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
        res.resume();
        res.on('end', () => console.log(JSON.stringify({ status: res.statusCode, ms: Date.now() - started })));
      });
      req.on('error', (err) => console.log(JSON.stringify({ error: String(err) })));
      req.end(process.argv[2]);`;
    const { stdout: output } = await promisify(execFile)(process.execPath, ['-e', client, r.receiver.url, JSON.stringify(makeEvent('crawl.completed'))], { timeout: 10_000 });
    const answer = JSON.parse(output) as { status?: number; ms?: number };
    assert.equal(answer.status, 200);
    assert.ok((answer.ms ?? Infinity) < 1_000, `answered after ${answer.ms} ms`);
    assert.equal(r.receiver.stats.handled, 1);
  });

  it('a throwing onDelivery does not change the answer or break the next delivery', async () => {
    let calls = 0;
    r = await startRecordingReceiver({
      onDelivery: () => {
        calls++;
        if (calls === 1) throw new Error('handler failed');
      },
    });
    assert.equal((await sendWebhook({ url: r.receiver.url, event: makeEvent('crawl.completed'), secret: SECRET })).status, 200);
    assert.equal((await sendWebhook({ url: r.receiver.url, event: makeEvent('crawl.completed'), secret: SECRET })).status, 200);
    await waitFor(() => calls === 2);
    assert.equal(r.errors.length, 1);
    assert.match(String(r.errors[0]), /handler failed/);
    assert.equal(r.receiver.stats.handlerErrors, 1);
  });

  it('throwing onRefused and onError do not break the receiver either', async () => {
    r = await startRecordingReceiver({
      onRefused: () => {
        throw new Error('refused handler failed');
      },
      onError: () => {
        throw new Error('error handler failed');
      },
    });
    assert.equal((await sendWebhook({ url: r.receiver.url, event: makeEvent('crawl.completed') })).status, 401);
    assert.equal((await sendWebhook({ url: r.receiver.url, event: makeEvent('crawl.completed'), secret: SECRET })).status, 200);
  });

  it('survives garbage, a bad request line and a socket cut mid-body', async () => {
    r = await startRecordingReceiver();
    // Each is cut only once the receiver has dealt with its bytes: the garbage and the bad request
    // line answered (400) and closed by it, the third one's body being read (it has a Host header,
    // without which node:http refuses it before the receiver sees it).
    const cases: Array<[string, 'closed' | 'reading']> = [
      ['\x00\x01\x02 not http\r\n\r\n', 'closed'],
      ['POST /webhooks/web-data HTTP/9.9\r\n\r\n', 'closed'],
      [`POST ${r.receiver.path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 50\r\n\r\n{"a"`, 'reading'],
    ];
    for (const [bytes, expected] of cases) {
      const socket = await openSocket(r.receiver.port);
      sockets.push(socket);
      socket.on('error', () => {});
      let closed = false;
      socket.once('close', () => (closed = true));
      socket.resume();
      socket.write(bytes);
      const dealtWith = expected === 'closed' ? (): boolean => closed : (): boolean => r.receiver.bufferedBytes === 4;
      await waitFor(dealtWith, 2_000, `the receiver to deal with ${JSON.stringify(bytes.slice(0, 20))} (${expected})`);
      socket.destroy();
    }
    assert.equal((await sendWebhook({ url: r.receiver.url, event: makeEvent('crawl.completed'), secret: SECRET })).status, 200);
    await waitFor(() => r.deliveries.length === 1);
  });

  it('close() ends idle and active connections promptly', async function () {
    this.timeout(5_000);
    r = await startRecordingReceiver();
    const keepAlive = new HttpAgent({ keepAlive: true });
    assert.equal((await sendWebhook({ url: r.receiver.url, event: makeEvent('crawl.completed'), secret: SECRET, agent: keepAlive })).status, 200);
    const active = await openSocket(r.receiver.port);
    sockets.push(active);
    active.on('error', () => {});
    active.write(`POST ${r.receiver.path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{`);
    await waitFor(() => r.receiver.bufferedBytes === 1, 2_000, 'the receiver to be reading the active request\'s body');
    const started = Date.now();
    await r.receiver.close();
    assert.ok(Date.now() - started < 500, `closed in ${Date.now() - started} ms`);
    assert.equal(await closedWithin(active, 500), true);
    await assert.rejects(sendWebhook({ url: r.receiver.url, event: makeEvent('crawl.completed'), timeoutMs: 1_000 }));
    await r.receiver.close(); // twice is fine
    keepAlive.destroy();
  });
});

// The receiver's memory is bounded in total, not per connection (issue 7): many clients that each
// send part of a large body and then wait must not pin a body's worth of memory apiece. The
// receiver runs in a process of its own (webhook-receiver-memory.child.ts), so what is measured
// is the receiver alone.
import assert from 'node:assert/strict';
import { fork, type ChildProcess } from 'node:child_process';
import { connect, type Socket } from 'node:net';
import path from 'node:path';
import { makeEvent, sendWebhook } from '../emulator/webhook-sender';
import { sleep } from './webhook-receiver-helpers';
import { within } from './wait';

const CONNECTIONS = 500;
const PART_BYTES = 256 * 1024;
const DECLARED_BYTES = 1024 * 1024;
/** What the held bodies would pin without a total budget: 500 × 256 KiB = 125 MiB. */
const UNBOUNDED_BYTES = CONNECTIONS * PART_BYTES;
// Measured: rss 28–37 MiB, heap and buffers 11–28 MiB (sockets, parsers, bodies read and
// dropped); without the total budget, 125–130 MiB of each.
const ALLOWED_GROWTH_BYTES = 60 * 1024 * 1024;

interface Measure {
  rss: number;
  held: number;
  received: number;
  busy: number;
  /** Body bytes the receiver's budget holds. */
  buffered: number;
}

/** Sends `message` to the child and resolves with its next answer (bounded in time). */
function ask<T>(child: ChildProcess, message: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    // A deadline on the answer awaited, not a wait for time.
    const timer = setTimeout(() => reject(new Error(`the receiver process did not answer '${message}' within 10 s`)), 10_000);
    child.once('message', (answer) => {
      clearTimeout(timer);
      resolve(answer as T);
    });
    child.send(message);
  });
}

/** Sends the head and part of a body, then holds the connection; resolves once the part is written or the receiver closed it. */
function holdPartialBody(port: number, receiverPath: string, part: Buffer): { socket: Socket; sent: Promise<void> } {
  const socket = connect({ host: '127.0.0.1', port });
  const sent = new Promise<void>((resolve) => {
    socket.on('error', () => resolve());
    socket.on('close', () => resolve());
    socket.on('connect', () => {
      socket.write(`POST ${receiverPath} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${DECLARED_BYTES}\r\n\r\n`);
      socket.write(part, () => resolve());
    });
  });
  return { socket, sent };
}

const mib = (n: number): string => (n / 1024 / 1024).toFixed(1);

describe('webhook receiver: memory under many slow bodies', () => {
  let child: ChildProcess | undefined;
  const sockets: Socket[] = [];
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.destroy();
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child?.once('exit', resolve));
      child.disconnect();
      // A bound on the teardown, not a wait for something: past it the process is killed.
      await Promise.race([exited, sleep(5_000)]);
      // It may have exited during the wait, which TS's narrowing cannot see.
      if ((child.exitCode as number | null) === null) child.kill();
    }
  });

  it(`500 connections each holding ${PART_BYTES / 1024} KiB of a 1 MiB body grow the receiver's process by tens of MiB at most; deliveries go through afterwards`, async function () {
    this.timeout(60_000);
    child = fork(path.join(__dirname, 'webhook-receiver-memory.child.ts'), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const started = await new Promise<{ port: number; path: string }>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the receiver process did not start within 20 s')), 20_000);
      child?.once('message', (message) => {
        clearTimeout(timer);
        resolve(message as { port: number; path: string });
      });
      child?.once('exit', (code) => reject(new Error(`the receiver process exited (${code})`)));
    });
    await ask(child, 'gc');
    const before = await ask<Measure>(child, 'measure');

    const part = Buffer.alloc(PART_BYTES, 0x20);
    const held = Array.from({ length: CONNECTIONS }, () => holdPartialBody(started.port, started.path, part));
    sockets.push(...held.map((h) => h.socket));
    await within(Promise.all(held.map((h) => h.sent)), 30_000, `${CONNECTIONS} partial bodies written or their connections closed`);

    // The peak over a second once every request has arrived: the receiver may still be reading.
    let peakRss = 0;
    let peakHeld = 0;
    let last = before;
    for (let i = 0; i < 400 && (last.received < CONNECTIONS || i < 20); i++) {
      last = await ask<Measure>(child, 'measure');
      peakRss = Math.max(peakRss, last.rss - before.rss);
      peakHeld = Math.max(peakHeld, last.held - before.held);
      // The spacing of the samples of a peak measured over time: part of the measure, not a wait for a condition.
      await sleep(50);
    }
    console.log(`      growth: rss ${mib(peakRss)} MiB, heap + buffers ${mib(peakHeld)} MiB (the bodies sent: ${mib(UNBOUNDED_BYTES)} MiB); ${last.busy} turned away with 503`);
    assert.equal(last.received, CONNECTIONS, 'not every request reached the receiver');
    assert.ok(peakRss < ALLOWED_GROWTH_BYTES, `the receiver's rss grew by ${mib(peakRss)} MiB holding ${CONNECTIONS} partial bodies`);
    assert.ok(peakHeld < ALLOWED_GROWTH_BYTES, `the receiver's heap and buffers grew by ${mib(peakHeld)} MiB holding ${CONNECTIONS} partial bodies`);
    assert.ok(last.busy > 0, 'no request was turned away with 503');

    // Once they are gone, their budget is given back.
    for (const socket of sockets.splice(0)) socket.destroy();
    const deadline = Date.now() + 10_000;
    while ((await ask<Measure>(child, 'measure')).buffered !== 0) {
      assert.ok(Date.now() < deadline, 'the receiver still held body bytes 10 s after the slow clients left');
    }
    const answer = await sendWebhook({ url: `http://127.0.0.1:${started.port}${started.path}`, event: makeEvent('crawl.completed') });
    assert.equal(answer.status, 200);
  });
});

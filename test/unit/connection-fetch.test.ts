// The stale-answer rule shared by the credits and the crawls views, without VS Code: a fake
// connection hands out a stand-in client whose calls the test finishes when it wants.
import * as assert from 'node:assert/strict';
import type { WebDataClient } from '../../src/core/api';
import { ConnectionFetch, type ClientSource } from '../../src/core/connection-fetch';
import { within } from './wait';

function fakeConnection(client: WebDataClient | undefined): ClientSource {
  return { getClient: () => Promise.resolve(client) };
}

// A stand-in: ConnectionFetch only hands it to the request functions below.
const client = {} as unknown as WebDataClient;

/** A request the test resolves or rejects later, the signal it was given, and when it was made. */
function pending<T>() {
  let settle!: { resolve: (v: T) => void; reject: (e: unknown) => void };
  let signal: AbortSignal | undefined;
  let made!: () => void;
  const started = new Promise<void>((resolve) => (made = resolve));
  const request = (_c: WebDataClient, s: AbortSignal) => {
    signal = s;
    made();
    return new Promise<T>((resolve, reject) => (settle = { resolve, reject }));
  };
  return { request, started, settle: () => settle, signal: () => signal };
}

describe('ConnectionFetch', () => {
  it('gives the answer when nothing changed meanwhile', async () => {
    const fetches = new ConnectionFetch(fakeConnection(client), () => false);
    assert.deepEqual(await fetches.fetch(() => Promise.resolve(42)), { kind: 'done', value: 42 });
  });

  it('says not-connected without calling anything when there is no client', async () => {
    const fetches = new ConnectionFetch(fakeConnection(undefined), () => false);
    let called = false;
    const outcome = await fetches.fetch(() => {
      called = true;
      return Promise.resolve(true);
    });
    assert.deepEqual(outcome, { kind: 'not-connected' });
    assert.equal(called, false);
  });

  it('passes failures on', async () => {
    const fetches = new ConnectionFetch(fakeConnection(client), () => false);
    const error = new Error('no');
    assert.deepEqual(await fetches.fetch(async () => Promise.reject(error)), { kind: 'failed', error });
  });

  it('drops an answer that arrives after invalidate(), and aborts its request', async () => {
    const fetches = new ConnectionFetch(fakeConnection(client), () => false);
    const call = pending<number>();
    const outcome = fetches.fetch(call.request);
    await within(call.started, 2_000, 'ConnectionFetch to get its client and make the request');
    fetches.invalidate();
    assert.equal(call.signal()?.aborted, true, 'the request is aborted');
    call.settle().resolve(7);
    assert.deepEqual(await outcome, { kind: 'stale' });
  });

  it('drops a failure that arrives after invalidate() too', async () => {
    const fetches = new ConnectionFetch(fakeConnection(client), () => false);
    const call = pending<number>();
    const outcome = fetches.fetch(call.request);
    await within(call.started, 2_000, 'ConnectionFetch to get its client and make the request');
    fetches.invalidate();
    call.settle().reject(new Error('aborted'));
    assert.deepEqual(await outcome, { kind: 'stale' });
  });

  it('a fetch started after invalidate() is current again', async () => {
    const fetches = new ConnectionFetch(fakeConnection(client), () => false);
    fetches.invalidate();
    assert.deepEqual(await fetches.fetch(() => Promise.resolve('new')), { kind: 'done', value: 'new' });
  });

  it('an owner disposed meanwhile makes the answer stale', async () => {
    let disposed = false;
    const fetches = new ConnectionFetch(fakeConnection(client), () => disposed);
    const call = pending<number>();
    const outcome = fetches.fetch(call.request);
    await within(call.started, 2_000, 'ConnectionFetch to get its client and make the request');
    disposed = true;
    call.settle().resolve(1);
    assert.deepEqual(await outcome, { kind: 'stale' });
  });
});

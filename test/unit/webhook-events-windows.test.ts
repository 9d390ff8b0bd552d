// Two windows over one stored Webhook Events list: two SharedEventsList instances over one store,
// which, like VS Code's globalState, reaches the other window only when it syncs. And the byte
// budget of the stored list.
import assert from 'node:assert/strict';
import { SharedEventsList, EVENTS_KEY, type SharedStorage } from '../../src/core/webhook-events/shared-list';
import { PERSISTED_LIST_BUDGET_BYTES, toPersisted, type WebhookEventRecord } from '../../src/core/webhook-events/record';

/** One profile's globalState as two windows see it: each its own copy, copied across on sync(). */
class TwoWindowState {
  private readonly shared = new Map<string, unknown>();
  private readonly copies = [new Map<string, unknown>(), new Map<string, unknown>()];

  window(index: 0 | 1): SharedStorage {
    const copy = this.copies[index] as Map<string, unknown>;
    return {
      get: (key) => structuredClone(copy.get(key)),
      update: (key, value) => {
        copy.set(key, structuredClone(value));
        this.shared.set(key, structuredClone(value));
        return Promise.resolve();
      },
    };
  }

  sync(): void {
    for (const copy of this.copies) {
      copy.clear();
      for (const [key, value] of this.shared) copy.set(key, structuredClone(value));
    }
  }

  keys(): string[] {
    return ((this.shared.get(EVENTS_KEY) ?? []) as WebhookEventRecord[]).map((r) => r.key);
  }
}

const event = (key: string, receivedAt: number, extra: Partial<WebhookEventRecord> = {}): WebhookEventRecord =>
  ({ key, receivedAt, status: 'verified', type: 'crawl.completed', jobId: `job-${key}`, webhookId: `wh-${key}`, ...extra });

describe('webhook events shared by several windows', () => {
  let clock = 1_000;
  const now = (): number => clock;
  const open = (storage: SharedStorage, max = 200): SharedEventsList => new SharedEventsList(storage, () => max, now);

  it('two windows writing one after the other both keep what they added', async () => {
    const state = new TwoWindowState();
    const a = open(state.window(0));
    const b = open(state.window(1));
    assert.deepEqual([a.records.length, b.records.length], [0, 0]);
    a.add(event('a1', 10));
    b.add(event('b1', 20));
    await a.write();
    state.sync();
    await b.write();
    state.sync();
    assert.deepEqual(state.keys(), ['b1', 'a1']);
    assert.deepEqual(b.records.map((r) => r.key), ['b1', 'a1'], 'the second window lists the first window\'s event');
  });

  it('a write that lost another window\'s events (both wrote before syncing) is mended by the next write of that window', async () => {
    const state = new TwoWindowState();
    const a = open(state.window(0));
    const b = open(state.window(1));
    a.add(event('a1', 10));
    b.add(event('b1', 20));
    await a.write();
    await b.write();   // has not seen a1 yet: the shared state now holds b1 only
    state.sync();
    assert.deepEqual(state.keys(), ['b1']);
    assert.equal(await a.write(), true, 'the first window notices its event is missing and writes again');
    state.sync();
    assert.deepEqual(state.keys(), ['b1', 'a1']);
    assert.equal(await b.write(), false, 'nothing left to mend');
  });

  it('a clear in one window is not undone by the other window\'s write; later events stay', async () => {
    const state = new TwoWindowState();
    const a = open(state.window(0));
    a.add(event('a1', 10));
    await a.write();
    state.sync();
    const b = open(state.window(1));
    b.add(event('b1', 20));
    await b.write();
    state.sync();
    clock = 100;
    a.clear();
    await a.write();
    state.sync();
    b.add(event('b2', 200));
    await b.write();
    state.sync();
    assert.deepEqual(state.keys(), ['b2']);
    assert.deepEqual(b.records.map((r) => r.key), ['b2']);
  });

  it('deduplicates by key and keeps the count across windows', async () => {
    const state = new TwoWindowState();
    const a = open(state.window(0), 3);
    const b = open(state.window(1), 3);
    for (const [i, key] of ['a1', 'a2'].entries()) a.add(event(key, 10 + i));
    await a.write();
    state.sync();
    for (const [i, key] of ['b1', 'b2'].entries()) b.add(event(key, 20 + i));
    await b.write();
    state.sync();
    assert.deepEqual(state.keys(), ['b2', 'b1', 'a2']);
    assert.deepEqual(b.records.map((r) => r.key), ['b2', 'b1', 'a2']);
    await a.write();
    state.sync();
    assert.deepEqual(state.keys(), ['b2', 'b1', 'a2']);
  });
});

describe('webhook events: the stored list has a byte budget', () => {
  it('200 events with full metadata and payloads stay within the budget, newest first', () => {
    const metadata = Array.from({ length: 20 }, (_, i): [string, string] => [`key-${i}-${'k'.repeat(190)}`, 'v'.repeat(200)]);
    const records = Array.from({ length: 200 }, (_, i) => event(`e${i}`, 10_000 - i, { metadata, payload: 'p'.repeat(60 * 1024), payloadBytes: 60 * 1024, reason: 'r'.repeat(500) }));
    const persisted = toPersisted(records, 200);
    const bytes = Buffer.byteLength(JSON.stringify(persisted), 'utf8');
    assert.ok(bytes <= PERSISTED_LIST_BUDGET_BYTES, `${bytes} bytes stored`);
    assert.ok(persisted.length >= 20, `only ${persisted.length} events kept`);
    assert.deepEqual(persisted.map((r) => r.key), records.slice(0, persisted.length).map((r) => r.key));
  });
});

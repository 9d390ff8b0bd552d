// The Webhook Events list shared by several windows (src/core/webhook-events/shared-list.ts, issue
// 47): real files in a temporary folder, each window with its own SharedFolder over it, as two
// extension hosts over one global storage. Two windows receiving events while their flushes are
// delayed from 0 to 2 s keep every event; a Clear in one is seen by the other; the old global-state
// list moves in once; the count holds, keys are listed once, newest first. And the byte budget of a
// window's file.
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SharedFolder } from '../../src/core/shared-folder';
import { EVENTS_KEY, eventsKeyOf, SharedEventsList } from '../../src/core/webhook-events/shared-list';
import { PERSISTED_LIST_BUDGET_BYTES, toPersisted, type WebhookEventRecord } from '../../src/core/webhook-events/record';
import { MemoryState } from './memory-state';

/** Global state as an earlier version left it: a plain map. */
const Legacy = MemoryState;

const event = (key: string, receivedAt: number, extra: Partial<WebhookEventRecord> = {}): WebhookEventRecord =>
  ({ key, receivedAt, status: 'verified', type: 'crawl.completed', jobId: `job-${key}`, webhookId: `wh-${key}`, ...extra });
const keys = (list: SharedEventsList): string[] => list.records.map((r) => r.key);
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('webhook events shared by several windows, one file per window', () => {
  let dir = '';
  let clock = 1_000;
  beforeEach(() => { dir = mkdtempSync(join(tmpdir(), 'wd-webhook-events-')); clock = 1_000; });
  afterEach(() => { rmSync(dir, { recursive: true, force: true }); });

  const open = (session: string, max = 200, legacy = new Legacy()): SharedEventsList =>
    new SharedEventsList(new SharedFolder(dir), eventsKeyOf(session), legacy, () => max, () => clock);

  it('two windows each receiving 20 events, their flushes delayed from 0 to 2 s, keep every event in both', async () => {
    const windows = [open('window-a'), open('window-b')];
    await Promise.all(windows.map((w) => w.load()));
    // A model timeline (ms): each window receives an event every 1.5 s, offset by 700 ms; its flush
    // comes 0 to 2 s after (a fixed sequence, no randomness), the other window hears of it 150 ms
    // to 1 s after that. Played in the timeline's order, a model millisecond a hundredth of a real
    // one, no write awaited before the next step: flushes of both windows overlap.
    type Step = { at: number; run: () => unknown };
    const steps: Step[] = [];
    for (const [w, list] of windows.entries()) {
      const other = windows[1 - w] as SharedEventsList;
      for (let i = 0; i < 20; i++) {
        const received = i * 1500 + w * 700;
        const flushed = received + ((i * 7 + w * 3) % 9) * 250;
        steps.push({ at: received, run: () => list.add(event(`${w}-${i}`, received)) });
        steps.push({ at: flushed, run: () => list.write() });
        steps.push({ at: flushed + 150 + ((i * 5) % 6) * 170, run: () => other.refresh() });
      }
    }
    steps.sort((a, b) => a.at - b.at);
    const pending: unknown[] = [];
    let time = 0;
    for (const step of steps) {
      await sleep((step.at - time) / 100);
      time = step.at;
      pending.push(step.run());
    }
    await Promise.all(pending);
    const expected = [...Array(20).keys()].flatMap((i) => [`0-${i}`, `1-${i}`]).sort();
    const reader = open('after-a-reload');
    await reader.load();
    assert.deepEqual([...keys(reader)].sort(), expected, 'a new window lists every event of both');
    for (const list of windows) {
      await list.refresh();
      assert.deepEqual([...keys(list)].sort(), expected, 'each window lists every event of both');
    }
    assert.deepEqual(keys(reader), [...keys(reader)].sort((a, b) => (reader.get(b)?.receivedAt ?? 0) - (reader.get(a)?.receivedAt ?? 0)), 'newest first');
  });

  it('a Clear in one window empties the list in the other, whose later events stay', async () => {
    const a = open('a');
    const b = open('b');
    await Promise.all([a.load(), b.load()]);
    a.add(event('a1', 10));
    b.add(event('b1', 20));
    await Promise.all([a.write(), b.write()]);
    await b.refresh();
    assert.deepEqual(keys(b), ['b1', 'a1']);
    clock = 100;
    a.clear();
    await a.write();
    assert.equal(await b.refresh(), true, 'the other window hears of the Clear');
    assert.deepEqual(keys(b), []);
    b.add(event('b2', 200));
    await b.write();
    await a.refresh();
    assert.deepEqual(keys(a), ['b2']);
    const reader = open('c');
    await reader.load();
    assert.deepEqual(keys(reader), ['b2'], 'a window opened later honours the Clear too');
  });

  it('moves the old global-state list and its Clear in once; each key listed once; the count kept across windows', async () => {
    const legacy = new Legacy(new Map<string, unknown>([[EVENTS_KEY, [event('old2', 8), event('old1', 5), event('gone', 1)]], [`${EVENTS_KEY}ClearedAt`, 3]]));
    const a = open('a', 3, legacy);
    await a.load();
    assert.deepEqual(keys(a), ['old2', 'old1'], 'what was cleared before stays cleared');
    assert.deepEqual(legacy.keys(), [], 'still in global state');
    a.add(event('a1', 10));
    await a.write();
    const b = open('b', 3);
    await b.load();
    assert.deepEqual(keys(b), ['a1', 'old2', 'old1']);
    b.add(event('b1', 20));
    b.add(event('a1', 10));   // the same key again (read back from a file): listed once
    await b.write();
    await a.refresh();
    assert.deepEqual(keys(a), ['b1', 'a1', 'old2']);
    assert.deepEqual(keys(b), ['b1', 'a1', 'old2']);
  });

  it('refuses a repeat of an accepted delivery received in another window', async () => {
    const a = open('a');
    a.add(event('a1', 10));
    await a.write();
    const b = open('b');
    await b.load();
    assert.equal(b.add(event('again', 30, { webhookId: 'wh-a1' })), false);
    assert.deepEqual(keys(b), ['a1']);
  });

  it('removes another window\'s file once none of its events is listed, its Clear is kept here and it has been idle an hour', async () => {
    const hour = 60 * 60 * 1000;
    const gone = open('gone', 2);
    gone.add(event('g1', 10));
    await gone.write();
    const here = open('here', 2);
    await here.load();
    here.add(event('h1', 20));
    here.add(event('h2', 30));
    await here.write();
    assert.equal(readdirSync(dir).length, 2, 'within the hour: kept');
    clock += hour;
    here.add(event('h3', 40));
    await here.write();
    assert.deepEqual(readdirSync(dir), [`${encodeURIComponent(eventsKeyOf('here'))}.json`]);
    assert.deepEqual(keys(here), ['h3', 'h2']);
  });
});

describe('webhook events: a window\'s file has a byte budget', () => {
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

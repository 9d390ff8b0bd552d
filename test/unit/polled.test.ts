// The polled resources without VS Code: the generic one, the credits and the active crawls, each
// with the real client against the emulator through real sockets, and a stand-in connection the
// test connects and disconnects. Only the backoff checks read the poll's delay from a clock that
// records timers (as the Poller's own tests do); everything else runs on real time.
import * as assert from 'node:assert/strict';
import type { WebDataClient } from '../../src/core/api';
import type { ActiveCrawl, TokenUsage } from '../../src/core/api/schemas';
import { ActiveCrawlsModel } from '../../src/core/crawls';
import { Emitter, type Subscription } from '../../src/core/emitter';
import { PolledResource, type PolledChange, type PolledConnection } from '../../src/core/polled';
import type { PollClock } from '../../src/core/polling';
import { CreditsModel, stateForError, type UsageState } from '../../src/core/usage';
import { DEMO_API_KEY } from '../emulator';
import { CRAWLS, USAGE, useClientFixture } from './client-fixture';
import { waitFor } from './wait';

/** The connection as the extension's: a client while connected, an event on each change. */
class TestConnection implements PolledConnection {
  isConnected = false;
  private client: WebDataClient | undefined;
  private readonly changed = new Emitter<void>();

  getClient(): Promise<WebDataClient | undefined> {
    return Promise.resolve(this.isConnected ? this.client : undefined);
  }

  onDidChange(listener: () => void): Subscription {
    return this.changed.event(listener);
  }

  connect(client: WebDataClient): void {
    this.client = client;
    this.isConnected = true;
    this.changed.fire();
  }

  disconnect(): void {
    this.client = undefined;
    this.isConnected = false;
    this.changed.fire();
  }

  /** The key went away without the event having come yet (a fetch then finds no client). */
  dropClientQuietly(): void {
    this.isConnected = false;
  }
}

/** A clock whose timers never fire: the test reads the delay of the poll that waits. */
class RecordingClock implements PollClock {
  private nextId = 1;
  readonly timers = new Map<number, number>();
  now(): number {
    return Date.now();
  }
  setTimeout(_run: () => void, ms: number): unknown {
    const id = this.nextId++;
    this.timers.set(id, ms);
    return id;
  }
  clearTimeout(handle: unknown): void {
    if (typeof handle === 'number') this.timers.delete(handle);
  }
  /** The delay of the one poll waiting, if any. */
  get waiting(): number | undefined {
    return [...this.timers.values()][0];
  }
}

const crawl = (id: string, url = `https://${id}.example`): ActiveCrawl => ({ id, teamId: 'team', url, options: null });
const ONE = crawl('c1', 'https://docs.one.example');
const TWO = crawl('c2', 'https://docs.two.example');
const usage = (remainingTokens: number): TokenUsage => ({ remainingTokens, planTokens: 1_500_000, billingPeriodStart: '2026-11-01T00:00:00Z', billingPeriodEnd: '2026-12-01T00:00:00Z' });

const causes = (changes: readonly PolledChange[]): string[] => changes.map((c) => c.cause);
/** Read through a function, so an assertion on one read does not narrow the next. */
const idsOf = (crawls: readonly ActiveCrawl[] | undefined): string[] | undefined => crawls?.map((c) => c.id);

describe('polled resource', () => {
  const fixture = useClientFixture();
  // One attempt: a fault is a failure at once, not after the client's retries.
  const client = (): WebDataClient => fixture.client({ retry: { maxAttempts: 1 } });
  let connection: TestConnection;
  let changes: PolledChange[];
  let resource: PolledResource<readonly ActiveCrawl[]>;

  const make = (options: { wanted?: boolean; onListenerError?: (err: unknown) => void } = {}): PolledResource<readonly ActiveCrawl[]> => {
    resource = new PolledResource({ connection, fetch: (c, signal) => c.listActiveCrawls({ signal }), intervalMs: () => 0, ...options });
    resource.onDidChange((change) => changes.push(change));
    return resource;
  };

  beforeEach(() => {
    fixture.emulator.setCrawls(DEMO_API_KEY, [ONE, TWO]);
    connection = new TestConnection();
    changes = [];
  });

  afterEach(() => resource.dispose());

  it('fetches once the connection says it is connected, and holds the answer with its time', async () => {
    make();
    assert.equal(resource.value, undefined);
    const before = Date.now();
    connection.connect(client());
    await waitFor(() => resource.value !== undefined, 5_000, 'the first answer');
    assert.deepEqual(idsOf(resource.value), ['c1', 'c2']);
    assert.ok((resource.at?.getTime() ?? 0) >= before);
    assert.equal(resource.failure, undefined);
    assert.deepEqual(causes(changes), ['connection', 'answer']);
  });

  it('keeps a failure as a value (and the last answer beside it) until the next answer', async () => {
    make();
    connection.connect(client());
    await waitFor(() => resource.value !== undefined, 5_000, 'the first answer');
    fixture.emulator.injectFault({ fault: { kind: 'status', status: 503, error: 'crawl index offline' }, path: CRAWLS, times: 1 });
    await resource.refresh({ asked: true });
    const failure = resource.failure;
    assert.ok(failure, 'no failure kept');
    assert.match(String(failure.error), /crawl index offline/);
    assert.ok(failure.at instanceof Date);
    assert.deepEqual(idsOf(resource.value), ['c1', 'c2'], 'the last answer went');
    assert.deepEqual(changes.at(-1), { cause: 'failure', asked: true });
    await resource.refresh();
    assert.equal(resource.failure, undefined);
    assert.deepEqual(changes.at(-1), { cause: 'answer', asked: false }, 'asked was carried past its own fetch');
  });

  it('a connection change empties it, aborts a fetch under way and drops its answer', async () => {
    const fetches: { signal: AbortSignal; done: Promise<unknown> }[] = [];
    resource = new PolledResource({
      connection, intervalMs: () => 0,
      fetch: (c, signal) => {
        const done = c.listActiveCrawls({ signal });
        fetches.push({ signal, done: done.catch(() => undefined) });
        return done;
      },
    });
    resource.onDidChange((change) => changes.push(change));
    const from = fixture.emulator.requests.length;
    fixture.emulator.injectFault({ fault: { kind: 'slow-headers', ms: 1_500 }, path: CRAWLS, times: 1 });
    connection.connect(client());
    await waitFor(() => fixture.sentSince(from, CRAWLS) === 1, 5_000, 'the slow fetch to reach the emulator');
    fixture.emulator.setCrawls(DEMO_API_KEY, [TWO]);
    connection.connect(client());
    assert.equal(fetches[0]?.signal.aborted, true, 'the fetch under way was not aborted');
    await waitFor(() => causes(changes).includes('answer'), 5_000, 'the new connection\'s answer');
    await Promise.all(fetches.map((f) => f.done));
    assert.deepEqual(causes(changes), ['connection', 'connection', 'answer'], 'the aborted fetch showed');
    assert.deepEqual(idsOf(resource.value), ['c2']);
  });

  it('disconnected, it holds nothing; a fetch that finds no client says so', async () => {
    make();
    connection.connect(client());
    await waitFor(() => resource.value !== undefined, 5_000, 'the first answer');
    connection.dropClientQuietly();
    await resource.refresh();
    assert.equal(resource.value, undefined);
    assert.deepEqual(changes.at(-1), { cause: 'not-connected', asked: false });
    connection.disconnect();
    assert.deepEqual(changes.at(-1), { cause: 'connection', asked: false });
    assert.equal(resource.connected, false);
    assert.equal(resource.pollScheduled, false);
  });

  it('unwanted (a hidden view), it fetches once per connection and does not poll; wanted, it polls', async () => {
    resource = new PolledResource({ connection, fetch: (c, signal) => c.listActiveCrawls({ signal }), intervalMs: () => 60_000, wanted: false });
    resource.onDidChange((change) => changes.push(change));
    connection.connect(client());
    await waitFor(() => resource.value !== undefined, 5_000, 'the one fetch');
    assert.equal(resource.pollScheduled, false);
    resource.setWanted(true);
    assert.equal(resource.pollScheduled, true, 'wanted and fresh: the next poll waits on its timer');
    resource.setWanted(false);
    assert.equal(resource.pollScheduled, false);
  });

  it('read() is its own request, as a value, and leaves what the resource holds alone', async () => {
    make();
    assert.deepEqual(await resource.read(), { ok: false, failure: { kind: 'not-connected' } });
    connection.connect(client());
    await waitFor(() => resource.value !== undefined, 5_000, 'the first answer');
    fixture.emulator.setCrawls(DEMO_API_KEY, [TWO]);
    const from = fixture.emulator.requests.length;
    const read = await resource.read();
    assert.ok(read.ok);
    assert.deepEqual(read.value.map((c) => c.id), ['c2']);
    assert.equal(fixture.sentSince(from, CRAWLS), 1);
    assert.deepEqual(idsOf(resource.value), ['c1', 'c2']);
    const seen = changes.length;
    const abort = new AbortController();
    abort.abort();
    const cancelled = await resource.read(abort.signal);
    assert.ok(!cancelled.ok && cancelled.failure.kind === 'failed' && cancelled.failure.cancelled, JSON.stringify(cancelled));
    assert.equal(changes.length, seen, 'a read fired the change event');
  });

  it('a listener that throws is reported, and the others still hear the change', async () => {
    const thrown: unknown[] = [];
    make({ onListenerError: (err) => thrown.push(err) });
    resource.onDidChange(() => {
      throw new Error('listener broke');
    });
    let after = 0;
    resource.onDidChange(() => after++);
    connection.connect(client());
    await waitFor(() => resource.value !== undefined, 5_000, 'the first answer');
    assert.equal(after, 2);
    assert.equal(thrown.length, 2);
  });

  it('disposed, it hears no connection and fires nothing', async () => {
    make();
    resource.dispose();
    const from = fixture.emulator.requests.length;
    connection.connect(client());
    await resource.refresh();
    assert.deepEqual(changes, []);
    assert.equal(fixture.sentSince(from, CRAWLS), 0);
  });
});

describe('credits model', () => {
  const fixture = useClientFixture();
  const client = (): WebDataClient => fixture.client({ retry: { maxAttempts: 1 } });
  let connection: TestConnection;
  let clock: RecordingClock;
  let threshold: number;
  let kept: { usage: TokenUsage; at: Date } | 'forgotten' | undefined;
  let model: CreditsModel;
  let states: UsageState['kind'][];
  const kind = (): UsageState['kind'] => model.state.kind;

  const make = (startup?: UsageState): CreditsModel => {
    model = new CreditsModel({
      connection, clock, startup, stateForError,
      intervalMs: () => 60_000,
      threshold: () => threshold,
      lastKnown: { remember: (u, at) => void (kept = { usage: u, at }), forget: () => void (kept = 'forgotten') },
    });
    model.onDidChange(() => states.push(model.state.kind));
    return model;
  };

  beforeEach(() => {
    fixture.emulator.setUsage(DEMO_API_KEY, usage(30_000)); // 2,000 credits
    connection = new TestConnection();
    clock = new RecordingClock();
    threshold = 100;
    kept = undefined;
    states = [];
  });

  afterEach(() => model.dispose());

  it('shows the kept balance until the first answer, then the answer, and keeps it for the next start', async () => {
    const at = new Date('2026-11-20T00:00:00Z');
    make({ kind: 'ok', usage: usage(15_000), credits: 1000, at, lastKnown: true });
    connection.connect(client());
    assert.deepEqual(model.state, { kind: 'ok', usage: usage(15_000), credits: 1000, at, lastKnown: true }, 'the kept balance was replaced before an answer');
    await waitFor(() => model.state.kind === 'ok' && model.state.lastKnown !== true, 5_000, 'the answer');
    assert.equal(model.state.kind === 'ok' && model.state.credits, 2000);
    assert.ok(kept !== undefined && kept !== 'forgotten' && kept.usage.remainingTokens === 30_000, 'the answer was not kept');
    connection.disconnect();
    assert.equal(kind(), 'not-connected');
    assert.equal(kept, 'forgotten');
  });

  it('without a kept balance, loading until the answer; a new threshold re-decides ok and low without a request', async () => {
    make();
    assert.equal(kind(), 'not-connected');
    connection.connect(client());
    assert.equal(kind(), 'loading');
    await waitFor(() => kind() === 'ok', 5_000, 'the answer');
    const from = fixture.emulator.requests.length;
    threshold = 5000;
    model.rethreshold();
    assert.equal(kind(), 'low');
    assert.equal(fixture.sentSince(from, USAGE), 0);
    assert.deepEqual(states, ['loading', 'ok', 'low']);
  });

  it('a failure is the error state; a refresh asked for after it shows loading, then the answer', async () => {
    make();
    connection.connect(client());
    await waitFor(() => kind() === 'ok', 5_000, 'the answer');
    fixture.emulator.injectFault({ fault: { kind: 'status', status: 500, error: 'ledger offline' }, path: USAGE, times: 1 });
    await model.refresh();
    const state = model.state;
    assert.ok(state.kind === 'error', state.kind);
    assert.match(state.message ?? '', /ledger offline/);
    const refreshed = model.refreshNow();
    assert.equal(kind(), 'loading');
    await refreshed;
    assert.equal(kind(), 'ok');
    assert.deepEqual(states, ['loading', 'ok', 'error', 'loading', 'ok']);
  });

  it('"no usage information" is an answer: the next poll waits the interval, a failure waits twice as long', async () => {
    make();
    connection.connect(client());
    await waitFor(() => kind() === 'ok', 5_000, 'the answer');
    assert.equal(clock.waiting, 60_000);
    fixture.emulator.setUsage(DEMO_API_KEY, null);
    await model.refresh();
    assert.equal(kind(), 'no-usage');
    assert.equal(clock.waiting, 60_000, '"no usage information" was backed off from');
    fixture.emulator.injectFault({ fault: { kind: 'status', status: 500 }, path: USAGE, times: 1 });
    await model.refresh();
    assert.equal(kind(), 'error');
    assert.equal(clock.waiting, 120_000, 'a failure was not backed off from');
  });

  it('read() gives the credits for a chat tool, failures as values, and changes nothing shown', async () => {
    make();
    assert.deepEqual(await model.read(), { ok: false, failure: { kind: 'not-connected' } });
    connection.connect(client());
    await waitFor(() => kind() === 'ok', 5_000, 'the answer');
    fixture.emulator.setUsage(DEMO_API_KEY, null);
    const read = await model.read();
    assert.ok(!read.ok && read.failure.kind === 'failed' && !read.failure.cancelled);
    assert.equal(kind(), 'ok');
  });
});

describe('active crawls model', () => {
  const fixture = useClientFixture();
  const client = (): WebDataClient => fixture.client({ retry: { maxAttempts: 1 } });
  let connection: TestConnection;
  let model: ActiveCrawlsModel;
  let changes: PolledChange[];
  let left: Array<Array<{ id: string; url: string }>>;

  beforeEach(() => {
    fixture.emulator.setCrawls(DEMO_API_KEY, [ONE, TWO]);
    connection = new TestConnection();
    model = new ActiveCrawlsModel({ connection, intervalMs: () => 0 });
    changes = [];
    left = [];
    model.onDidChange((change) => changes.push(change));
    model.onDidLeave((crawls) => left.push(crawls));
  });

  afterEach(() => model.dispose());

  const loaded = async (): Promise<void> => {
    connection.connect(client());
    await waitFor(() => model.crawls.length > 0, 5_000, 'the listing');
  };

  it('remove() takes a crawl off at once and returns it, URL and all; an unlisted id returns nothing', async () => {
    await loaded();
    const seen = changes.length;
    const removed = model.remove('c1');
    assert.deepEqual(removed, ONE);
    assert.deepEqual(model.crawls.map((c) => c.id), ['c2']);
    assert.deepEqual(changes.slice(seen), [{ cause: 'edit', asked: false }]);
    assert.equal(model.remove('c1'), undefined);
    assert.equal(model.remove('nobody'), undefined);
    assert.equal(changes.length, seen + 1, 'a remove that took nothing off fired a change');
  });

  it('a listing that lags keeps a removed crawl off; crawls that leave the listing are an event, removed ones not', async () => {
    await loaded();
    model.remove('c1');
    await model.refresh();
    assert.deepEqual(model.crawls.map((c) => c.id), ['c2']);
    assert.deepEqual(left, []);
    fixture.emulator.setCrawls(DEMO_API_KEY, []);
    await model.refresh();
    assert.deepEqual(model.crawls, []);
    // With its start address: the finished crawl's row is named by it, as the running one was.
    assert.deepEqual(left, [[{ id: 'c2', url: 'https://docs.two.example' }]]);
  });

  it('a failure keeps the last list, is the model\'s value, and says whether a person asked', async () => {
    await loaded();
    fixture.emulator.injectFault({ fault: { kind: 'status', status: 502 }, path: CRAWLS, times: 1 });
    await model.refresh({ asked: true });
    assert.ok(model.failure);
    assert.deepEqual(changes.at(-1), { cause: 'failure', asked: true });
    assert.deepEqual(model.crawls.map((c) => c.id), ['c1', 'c2']);
    await model.refresh();
    assert.equal(model.failure, undefined);
  });

  it('a new connection empties the list', async () => {
    await loaded();
    fixture.emulator.setCrawls(DEMO_API_KEY, [TWO]);
    connection.disconnect();
    assert.deepEqual(model.crawls, []);
    assert.deepEqual(changes.at(-1), { cause: 'connection', asked: false });
    assert.deepEqual(left, [], 'a connection change is not crawls leaving');
  });

  it('list() reads the service now, for a chat tool, and leaves the shown list alone', async () => {
    await loaded();
    model.remove('c1');
    const listed = await model.list();
    assert.ok(listed.ok);
    assert.deepEqual(listed.value.map((c) => c.id), ['c1', 'c2']);
    assert.deepEqual(model.crawls.map((c) => c.id), ['c2']);
  });
});

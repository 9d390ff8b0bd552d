// The search service end to end without VS Code: the real client against the emulator through
// real sockets, the real history in a temporary folder. One check per search, settings under the
// request, failures as values, cancellation through a token, and the event after each stored search.
import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { validateSearchRequest, type SearchRequestCheck } from '../../src/core/api';
import { Emitter } from '../../src/core/emitter';
import { SearchHistory } from '../../src/core/search/history';
import { parseSearchIndex, readSearchRecordText, serializeSearchIndex } from '../../src/core/search/record-schema';
import type { SearchDefaults } from '../../src/core/search/request';
import { SearchService, type CancellationLike, type SearchDone, type SearchRun } from '../../src/core/search/service';
import { waitFor } from './wait';
import { SEARCH, useClientFixture } from './client-fixture';

const SETTINGS: SearchDefaults = { limit: 3, sources: ['web'], scrapeFormats: 'none', country: 'US', location: '', timeout: 30000 };
const codec = { parseIndex: parseSearchIndex, readRecordText: readSearchRecordText, serializeIndex: serializeSearchIndex };

/** A token the test cancels, shaped as VS Code's. */
function tokenSource(): { token: CancellationLike; cancel(): void } {
  const fired = new Emitter<void>();
  let cancelled = false;
  return {
    token: { get isCancellationRequested() { return cancelled; }, onCancellationRequested: (listener) => fired.event(listener) },
    cancel: () => { cancelled = true; fired.fire(); },
  };
}

function failureOf(run: SearchRun): Extract<SearchRun, { ok: false }>['failure'] {
  assert.equal(run.ok, false, 'the search succeeded');
  return run.failure;
}

describe('search service', () => {
  const fixture = useClientFixture();
  let dir: string;
  let history: SearchHistory;
  let checks: number;
  let connected: boolean;
  let changes: number;
  let service: SearchService;

  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'wd-search-service-'));
    history = new SearchHistory({ storageDir: dir, codec, log: { warn: () => undefined, error: () => undefined }, limits: () => ({ maxCount: 50, maxBytes: 1e9 }) });
    const changed = new Emitter<void>();
    changes = 0;
    changed.event(() => changes++);
    checks = 0;
    connected = true;
    const client = fixture.client();
    service = new SearchService({
      history: {
        list: () => history.list(),
        get: (id) => history.get(id),
        add: async (record) => { const outcome = await history.add(record); changed.fire(); return outcome; },
        remove: async (id) => { await history.remove(id); changed.fire(); },
        clear: async (options) => { await history.clear(options); changed.fire(); },
        setPinned: async (id, pinned) => { const found = await history.setPinned(id, pinned); changed.fire(); return found; },
        onDidChange: changed.event,
      },
      client: () => Promise.resolve(connected ? client : undefined),
      validate: (request): SearchRequestCheck => { checks++; return validateSearchRequest(request); },
      defaults: () => SETTINGS,
    });
  });

  afterEach(async () => {
    service.dispose();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('a search whose file cannot be written (EPERM at every rename, past the retries) is handed back as not saved, with why, never as kept', async () => {
    const eperm = (): Promise<never> => Promise.reject(Object.assign(new Error('EPERM: operation not permitted, rename (simulated)'), { code: 'EPERM' }));
    history = new SearchHistory({ storageDir: dir, codec, log: { warn: () => undefined, error: () => undefined }, limits: () => ({ maxCount: 50, maxBytes: 1e9 }), fs: { ...fs, rename: eperm }, retry: { delaysMs: [0, 0, 0], sleep: () => Promise.resolve() } });
    const heard: SearchDone[] = [];
    service.onDidSearch((done) => heard.push(done));
    const run = await service.run({ query: 'tideflow backpressure' });
    assert.ok(run.ok, JSON.stringify(run));
    assert.equal(run.saved, false);
    assert.deepEqual([run.notSaved?.kind, run.notSaved?.code], ['in-use', 'EPERM']);
    assert.deepEqual(heard.map((done) => [done.saved, done.notSaved?.code]), [[false, 'EPERM']]);
    // Shown in this window for the session; another window (or a reload) finds nothing on disk.
    assert.deepEqual((await service.list()).map((s) => s.id), [run.record.id]);
    const reloaded = new SearchHistory({ storageDir: dir, codec, log: { warn: () => undefined, error: () => undefined }, limits: () => ({ maxCount: 50, maxBytes: 1e9 }) });
    assert.deepEqual(await reloaded.list(), []);
  });

  it('sends the request over the settings after one check, stores it, and tells its listeners', async () => {
    const heard: SearchDone[] = [];
    service.onDidSearch((done) => heard.push(done));
    const from = fixture.emulator.requests.length;
    const run = await service.run({ query: 'tideflow backpressure', limit: 2 });
    assert.ok(run.ok, JSON.stringify(run));
    assert.equal(checks, 1, 'the request was checked more than once');
    const sent = fixture.emulator.requests.slice(from).filter((r) => r.path === SEARCH);
    assert.equal(sent.length, 1);
    assert.deepEqual(sent[0]?.body, { query: 'tideflow backpressure', limit: 2, timeout: 30000, sources: [{ type: 'web' }], country: 'US' });
    assert.deepEqual(run.record.request, sent[0].body);
    assert.equal(run.saved, true);
    assert.deepEqual((await history.list()).map((s) => s.id), [run.record.id]);
    assert.deepEqual(await history.get(run.record.id), run.record);
    assert.equal(heard.length, 1);
    assert.equal(heard[0]?.record, run.record);
    assert.equal(heard[0].summary.id, run.record.id);
    assert.equal(changes, 1);
  });

  it('sends a request as given when withSettings is false (Search Again)', async () => {
    const run = await service.run({ query: 'tideflow', limit: 1 }, { withSettings: false });
    assert.ok(run.ok);
    assert.deepEqual(run.record.request, { query: 'tideflow', limit: 1 });
  });

  it('refuses an invalid request without sending it, naming the problems that came from settings', async () => {
    const from = fixture.emulator.requests.length;
    const failure = failureOf(await service.run({ query: 'x'.repeat(501), limit: 0 }, {}));
    assert.equal(failure.kind, 'invalid');
    assert.deepEqual(failure.problems.map((p) => p.field).sort(), ['limit', 'query']);
    assert.equal(failure.fromSettings.has('limit'), false, 'the argument set the limit');
    assert.equal(failure.fromSettings.has('country'), true);
    assert.match(failure.message, /^The search was not sent\. /);
    assert.equal(fixture.sentSince(from, SEARCH), 0);
    assert.deepEqual(await history.list(), []);
  });

  it('says not-connected when there is no client, sending nothing', async () => {
    connected = false;
    const from = fixture.emulator.requests.length;
    assert.equal(failureOf(await service.run({ query: 'tideflow' })).kind, 'not-connected');
    assert.equal(fixture.sentSince(from, SEARCH), 0);
  });

  it('stops a search on the way when its token is cancelled: cancelled, nothing stored, no event', async () => {
    fixture.emulator.injectFault({ fault: { kind: 'slow-headers', ms: 15_000 }, path: SEARCH });
    let heard = 0;
    service.onDidSearch(() => heard++);
    const source = tokenSource();
    const sentFrom = fixture.emulator.requests.length;
    const running = service.run({ query: 'tideflow faq' }, { token: source.token });
    // Cancelled while in flight: the emulator logs the request on arrival, before its slow answer.
    await waitFor(() => fixture.sentSince(sentFrom, SEARCH) === 1, 5_000, 'the search to reach the emulator');
    const cancelledAt = Date.now();
    source.cancel();
    assert.equal(failureOf(await running).kind, 'cancelled');
    assert.ok(Date.now() - cancelledAt < 3000, 'cancelling did not stop the request promptly');
    assert.deepEqual(await history.list(), []);
    assert.equal(heard, 0);
    // A token cancelled before the search starts: nothing is sent at all.
    const from = fixture.emulator.requests.length;
    assert.equal(failureOf(await service.run({ query: 'tideflow' }, { token: source.token })).kind, 'cancelled');
    assert.equal(fixture.sentSince(from, SEARCH), 0);
  });

  it('is where the views read the history and the commands change it: list, get, pin, remove, clear keeping pinned', async () => {
    let heard = 0;
    service.onDidChangeHistory(() => heard++);
    const first = await service.run({ query: 'tideflow pinned' });
    const second = await service.run({ query: 'tideflow loose' });
    const third = await service.run({ query: 'tideflow removed' });
    assert.ok(first.ok && second.ok && third.ok);
    assert.deepEqual((await service.list()).map((s) => s.query), ['tideflow removed', 'tideflow loose', 'tideflow pinned']);
    assert.deepEqual(await service.get(second.record.id), second.record);
    assert.equal(await service.get('20200101-000000-000-aaaaaa'), undefined);
    assert.equal(await service.setPinned(first.record.id, true), true);
    await service.remove(third.record.id);
    assert.equal(await service.get(third.record.id), undefined);
    await service.clear();
    assert.deepEqual((await service.list()).map((s) => s.id), [first.record.id], 'clear did not keep the pinned search');
    await service.clear({ includePinned: true });
    assert.deepEqual(await service.list(), []);
    assert.equal(heard, 7, 'each add, pin, remove and clear is heard once');
  });

  it('gives the client\'s error as a failure with its message, and keeps going when a listener throws', async () => {
    fixture.emulator.injectFault({ fault: { kind: 'payment-required' }, path: SEARCH });
    const failure = failureOf(await service.run({ query: 'tideflow' }));
    assert.equal(failure.kind, 'failed');
    assert.ok(failure.message.length > 0);
    service.onDidSearch(() => { throw new Error('a broken listener'); });
    let after = 0;
    service.onDidSearch(() => after++);
    const run = await service.run({ query: 'tideflow' });
    assert.ok(run.ok, 'a throwing listener failed the search');
    assert.equal(after, 1);
  });
});

// Pinned searches: never evicted (by count or bytes), kept by Clear History unless asked, stored in
// the search's own file so a second window and a reload see the pin; older records read fine.
import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { planEviction } from '../../src/core/search/eviction';
import { RECORDS_FOLDER, SearchHistory, type HistoryLog } from '../../src/core/search/history';
import { pinnedFirst, withPin } from '../../src/core/search/pins';
import { summarize } from '../../src/core/search/record';
import { searchTooltip } from '../../src/core/search/tooltip';
import { parseSearchIndex, parseSearchRecord, readSearchRecordText, serializeSearchIndex } from '../../src/core/search/record-schema';
import { makeRecord } from './search-fixtures';

const codec = { parseIndex: parseSearchIndex, readRecordText: readSearchRecordText, serializeIndex: serializeSearchIndex };
const entry = (id: string, minute: number, bytes = 100, pinned = false) => ({ id, createdAt: new Date(Date.UTC(2026, 10, 21, 12, minute)).toISOString(), bytes, ...(pinned ? { pinned } : {}) });
const ids = (list: ReadonlyArray<{ id: string }>): string[] => list.map((e) => e.id);
const record = (id: string, minute: number) => makeRecord({ id, createdAt: new Date(Date.UTC(2026, 10, 21, 12, minute)).toISOString(), request: { query: `query ${id}` } });

describe('history pins: eviction', () => {
  it('never evicts a pinned search by count: the oldest unpinned go instead', () => {
    const { keep, evict } = planEviction([entry('a', 1, 100, true), entry('b', 2), entry('c', 3), entry('d', 4)], { maxCount: 2, maxBytes: 1e9 });
    assert.deepEqual(ids(keep), ['d', 'a']);
    assert.deepEqual(ids(evict), ['b', 'c']);
  });

  it('never evicts a pinned search by bytes, even when pinned ones alone are over the cap', () => {
    const { keep, evict } = planEviction([entry('old-pin', 1, 5000, true), entry('mid', 2, 10), entry('new', 3, 10)], { maxCount: 50, maxBytes: 1000 });
    assert.deepEqual(ids(keep), ['new', 'old-pin']);
    assert.deepEqual(ids(evict), ['mid']);
  });

  it('keeps the newest and every pinned one when all else is gone', () => {
    const { keep } = planEviction([entry('p1', 1, 100, true), entry('p2', 2, 100, true), entry('n', 3)], { maxCount: 1, maxBytes: 1 });
    assert.deepEqual(ids(keep), ['n', 'p2', 'p1']);
  });
});

describe('history pins: records and order', () => {
  it('withPin sets the flag and clears it without leaving a field behind', () => {
    const pinned = withPin(record('a1', 1), true);
    assert.equal(pinned.pinned, true);
    assert.equal(summarize(pinned, 10).pinned, true);
    const unpinned = withPin(pinned, false);
    assert.equal('pinned' in unpinned, false);
    assert.equal('pinned' in summarize(unpinned, 10), false);
    assert.ok(searchTooltip(summarize(pinned, 10)).facts.some((f) => f.kind === 'pinned'));
    assert.ok(!searchTooltip(summarize(unpinned, 10)).facts.some((f) => f.kind === 'pinned'));
  });

  it('reads records and index entries written before pins (no field), and pinned ones', () => {
    const old = JSON.parse(JSON.stringify(record('a1', 1))) as unknown;
    assert.equal(parseSearchRecord(old)?.pinned, undefined);
    assert.equal(parseSearchRecord({ ...(old as object), pinned: true })?.pinned, true);
    const index = parseSearchIndex({ version: 1, searches: [{ ...entry('a1', 1), query: 'q', sources: ['web'], counts: {} }, { ...entry('b1', 2, 100, true), query: 'q', sources: ['web'], counts: {} }] });
    assert.deepEqual(index?.map((s) => s.pinned), [undefined, true]);
  });

  it('sorts pinned first, each part in its order', () => {
    const list = [entry('n1', 4), entry('p1', 3, 1, true), entry('n2', 2), entry('p2', 1, 1, true)];
    assert.deepEqual(ids(pinnedFirst(list)), ['p1', 'p2', 'n1', 'n2']);
  });
});

describe('history pins: on disk, two windows', () => {
  let dir: string;
  const log: HistoryLog = { warn: () => undefined, error: () => undefined };
  const open = (maxCount = 50): SearchHistory => new SearchHistory({ storageDir: dir, codec, log, limits: () => ({ maxCount, maxBytes: 1e9 }) });

  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'wd-pins-'));
  });
  afterEach(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('a pin is written into the search\'s file and seen by another window and after a reload', async () => {
    const a = open();
    await a.add(record('a1', 1));
    await a.add(record('b1', 2));
    assert.equal(await a.setPinned('a1', true), true);
    const stored = JSON.parse(await fs.readFile(path.join(dir, RECORDS_FOLDER, 'a1.json'), 'utf8')) as { pinned?: boolean };
    assert.equal(stored.pinned, true);
    const b = open();
    assert.deepEqual((await b.list()).map((s) => [s.id, s.pinned === true]), [['b1', false], ['a1', true]]);
    assert.equal((await b.get('a1'))?.pinned, true);
    assert.equal(await b.setPinned('a1', false), true);
    assert.equal((await open().get('a1'))?.pinned, undefined);
    assert.equal(await a.setPinned('gone1', true), false);
  });

  it('a pinned search survives eviction by another window\'s new searches', async () => {
    const a = open(2);
    await a.add(record('a1', 1));
    await a.setPinned('a1', true);
    const b = open(2);
    for (const [id, minute] of [['b1', 2], ['c1', 3], ['d1', 4]] as const) await b.add(record(id, minute));
    assert.deepEqual((await b.list()).map((s) => s.id), ['d1', 'a1']);
    assert.ok(await fs.stat(path.join(dir, RECORDS_FOLDER, 'a1.json')));
  });

  it('clear keeps pinned searches (and a pinned file the index does not list yet) unless includePinned', async () => {
    const a = open();
    await a.add(record('a1', 1));
    await a.add(record('b1', 2));
    await a.setPinned('a1', true);
    // Another window's pinned search whose index entry is lost: only its file says it is pinned.
    await fs.writeFile(path.join(dir, RECORDS_FOLDER, 'c1.json'), JSON.stringify(withPin(record('c1', 3), true)));
    await a.clear();
    assert.deepEqual((await fs.readdir(path.join(dir, RECORDS_FOLDER))).sort(), ['a1.json', 'c1.json']);
    assert.deepEqual((await open().list()).map((s) => s.id), ['c1', 'a1']);
    await a.clear({ includePinned: true });
    assert.deepEqual(await fs.readdir(path.join(dir, RECORDS_FOLDER)), []);
    assert.deepEqual(await open().list(), []);
  });
});

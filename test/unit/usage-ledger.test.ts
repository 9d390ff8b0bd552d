// The usage ledger (issue 49, src/core/usage-ledger): spends by local day and kind, watches and jobs
// by their id, the 90-day cut, a spend recorded twice counted once, two windows' writes at once both
// kept, and what a window file holds (counts, kinds, ids, dates, nothing else). Real files in a
// temporary folder for the store.
import * as assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dayBefore, firstKeptDay, parseWindowUsage, spendHash, USAGE_DAYS, usageHistory, withUsage, type WindowUsage } from '../../src/core/usage-ledger/ledger';
import { UsageLedgerStore } from '../../src/core/usage-ledger/store';

const empty = (): WindowUsage => ({ days: {} });

describe('usage ledger: credits by day and kind', () => {
  it('sums each day by kind, days without spend included, in order', () => {
    let w = withUsage(empty(), '2026-11-27', { kind: 'search', credits: 2, id: 's1' });
    w = withUsage(w, '2026-11-27', { kind: 'search', credits: 3, id: 's2' });
    w = withUsage(w, '2026-11-29', { kind: 'page', credits: 1, id: 'p1' });
    w = withUsage(w, '2026-11-29', { kind: 'crawl', credits: 40, id: 'job:c1', subject: 'c1' });
    const history = usageHistory([w], '2026-11-26', '2026-11-29');
    assert.deepEqual(history.days.map((d) => [d.day, d.total]), [['2026-11-26', 0], ['2026-11-27', 5], ['2026-11-28', 0], ['2026-11-29', 41]]);
    assert.equal(history.days[1]?.byKind.search, 5);
    const last = history.days[3];
    assert.equal(last?.byKind.page, 1);
    assert.equal(last.byKind.crawl, 40);
    assert.deepEqual(history.subjects, [{ kind: 'crawl', subject: 'c1', credits: 40 }]);
  });

  it('keeps each watch apart by its id', () => {
    let w = withUsage(empty(), '2026-11-28', { kind: 'watch', credits: 5, id: 'check:a1', subject: 'watch-a' });
    w = withUsage(w, '2026-11-29', { kind: 'watch', credits: 5, id: 'check:a2', subject: 'watch-a' });
    w = withUsage(w, '2026-11-29', { kind: 'watch', credits: 2, id: 'check:b1', subject: 'watch-b' });
    const { subjects, days } = usageHistory([w], '2026-11-28', '2026-11-29');
    assert.deepEqual(subjects.sort((a, b) => a.subject.localeCompare(b.subject)), [
      { kind: 'watch', subject: 'watch-a', credits: 10 }, { kind: 'watch', subject: 'watch-b', credits: 2 },
    ]);
    assert.equal(days[1]?.byKind.watch, 7);
  });

  it('counts a spend recorded twice once, in one window or in two', () => {
    const a = withUsage(withUsage(empty(), '2026-11-29', { kind: 'watch', credits: 5, id: 'check:x', subject: 'w' }), '2026-11-29', { kind: 'watch', credits: 5, id: 'check:x', subject: 'w' });
    assert.equal(a.days['2026-11-29']?.length, 1);
    const b = withUsage(empty(), '2026-11-29', { kind: 'watch', credits: 5, id: 'check:x', subject: 'w' });
    const history = usageHistory([a, b], '2026-11-29', '2026-11-29');
    assert.equal(history.days[0]?.total, 5);
    assert.deepEqual(history.subjects, [{ kind: 'watch', subject: 'w', credits: 5 }]);
  });

  it('keeps 90 days, today included: a write drops the days before, a read leaves them out', () => {
    const today = '2026-11-29';
    const first = firstKeptDay(today);
    assert.equal(first, '2026-09-01');
    assert.equal(dayBefore(first, -(USAGE_DAYS - 1)), today);
    let w = withUsage(empty(), dayBefore(first, 1), { kind: 'search', credits: 9, id: 'old' });
    w = withUsage(w, first, { kind: 'search', credits: 1, id: 'kept' });
    assert.deepEqual(Object.keys(w.days).sort(), [dayBefore(first, 1), first], 'nothing dropped while that day was within 90');
    w = withUsage(w, today, { kind: 'page', credits: 2, id: 'now' });
    assert.deepEqual(Object.keys(w.days).sort(), [first, today]);
    const history = usageHistory([w], first, today);
    assert.equal(history.days.length, USAGE_DAYS);
    assert.equal(history.days.reduce((sum, d) => sum + d.total, 0), 3);
  });

  it('walks calendar days across a month and a year', () => {
    assert.equal(dayBefore('2026-03-01', 1), '2026-02-28');
    assert.equal(dayBefore('2027-01-01', 1), '2026-12-31');
    assert.equal(dayBefore('2026-10-26', 1), '2026-10-25');
  });

  it('reads a broken or foreign value as nothing, and a bad entry is left out', () => {
    assert.deepEqual(parseWindowUsage('nope'), { days: {} });
    assert.deepEqual(parseWindowUsage({ days: { 'x-y-z': [['search', 1, 'h']] } }), { days: {} });
    const parsed = parseWindowUsage({ days: { '2026-11-29': [['search', 1, 'h'], ['nuclear', 1, 'h2'], ['page', -1, 'h3'], ['page', 2, 'h4', 7]] } });
    assert.deepEqual(parsed.days['2026-11-29'], [['search', 1, 'h']]);
  });

  it('hashes an id short and stable, different ids apart', () => {
    assert.equal(spendHash('job:0f7c2d1e-aaaa-4bbb-8ccc-123456789abc'), spendHash('job:0f7c2d1e-aaaa-4bbb-8ccc-123456789abc'));
    assert.ok(spendHash('job:0f7c2d1e-aaaa-4bbb-8ccc-123456789abc').length <= 14);
    const hashes = new Set(Array.from({ length: 20_000 }, (_, i) => spendHash(`search-${i}`)));
    assert.equal(hashes.size, 20_000);
  });
});

describe('usage ledger store: one file per window and day', () => {
  let dir = '';
  beforeEach(() => { dir = mkdtempSync(join(tmpdir(), 'wd-usage-ledger-')); });
  afterEach(() => { rmSync(dir, { recursive: true, force: true }); });

  it("keeps two windows' spends written at the same time, each in its own file of the day", async () => {
    const day = (): string => '2026-11-29';
    const one = new UsageLedgerStore(dir, 'window-one', day);
    const two = new UsageLedgerStore(dir, 'window-two', day);
    await Promise.all(Array.from({ length: 25 }, (_, i) => [
      one.record({ kind: 'search', credits: 1, id: `one-${i}` }),
      two.record({ kind: 'page', credits: 2, id: `two-${i}` }),
    ]).flat());
    assert.equal(readdirSync(dir).filter((f) => f.endsWith('.json')).length, 2);
    const history = await new UsageLedgerStore(dir, 'reader', day).history(7);
    const today = history.days.at(-1);
    assert.ok(today);
    assert.equal(today.byKind.search, 25);
    assert.equal(today.byKind.page, 50);
    one.dispose();
    two.dispose();
  });

  it('holds nothing but kinds, counts, hashed ids, subject ids and dates', async () => {
    const store = new UsageLedgerStore(dir, 'window', () => '2026-11-29');
    await store.record({ kind: 'search', credits: 2, id: 'search-with-a-secret-query-in-its-id' });
    await store.record({ kind: 'watch', credits: 5, id: 'check:c1', subject: 'watch-1' });
    const [file] = readdirSync(dir);
    const text = readFileSync(join(dir, file ?? ''), 'utf8');
    assert.ok(!text.includes('secret'), 'the spend id is kept hashed');
    assert.deepEqual(JSON.parse(text), { days: { '2026-11-29': [['search', 2, spendHash('search-with-a-secret-query-in-its-id')], ['watch', 5, spendHash('check:c1'), 'watch-1']] } });
    store.dispose();
  });

  it('reads nothing until the history is asked for, and then removes the keys of days before the 90', async () => {
    let today = '2026-05-01';
    const old = new UsageLedgerStore(dir, 'closed-window', () => today);
    await old.record({ kind: 'page', credits: 3, id: 'p' });
    today = '2026-11-29';
    const store = new UsageLedgerStore(dir, 'window', () => today);
    await store.record({ kind: 'search', credits: 1, id: 's' });
    assert.equal(store.wasRead, false);
    const history = await store.history(90);
    assert.equal(store.wasRead, true);
    assert.equal(history.days.length, 90);
    assert.equal(history.days.reduce((sum, d) => sum + d.total, 0), 1);
    assert.equal(readdirSync(dir).filter((f) => f.endsWith('.json')).length, 1, "the old day's file is gone");
    const short = await store.history(30);
    assert.equal(short.days.length, 30);
    old.dispose();
    store.dispose();
  });
});

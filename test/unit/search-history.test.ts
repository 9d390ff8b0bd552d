// Search history: what is evicted (by count and by bytes, oldest first), and how tolerant reading
// stored files back is (a bad file or entry is skipped, never a crash).
import * as assert from 'node:assert/strict';
import { newestFirst, planEviction } from '../../src/core/search/eviction';
import { isSearchId, newSearchId, summarize } from '../../src/core/search/record';
import { parseSearchIndex, parseSearchRecord, readSearchRecordText, serializeSearchIndex } from '../../src/core/search/record-schema';
import { makeRecord } from './search-fixtures';

const entry = (id: string, minute: number, bytes = 100) => ({ id, createdAt: new Date(Date.UTC(2026, 10, 21, 12, minute)).toISOString(), bytes });
const ids = (list: ReadonlyArray<{ id: string }>): string[] => list.map((e) => e.id);

describe('search history eviction', () => {
  it('keeps at most maxCount searches, dropping the oldest', () => {
    const { keep, evict } = planEviction([entry('b', 2), entry('d', 4), entry('a', 1), entry('c', 3)], { maxCount: 2, maxBytes: 1e9 });
    assert.deepEqual(ids(keep), ['d', 'c']);
    assert.deepEqual(ids(evict), ['a', 'b']);
  });

  it('keeps the total under maxBytes, dropping the oldest first even when a newer one is larger', () => {
    const list = [entry('old-small', 1, 10), entry('mid-big', 2, 600), entry('new', 3, 300)];
    const { keep, evict } = planEviction(list, { maxCount: 50, maxBytes: 900 });
    assert.deepEqual(ids(keep), ['new', 'mid-big']);
    assert.deepEqual(ids(evict), ['old-small']);
    assert.deepEqual(ids(planEviction(list, { maxCount: 50, maxBytes: 899 }).keep), ['new']);
  });

  it('always keeps the newest search, even alone over the byte cap or with a count below 1', () => {
    const { keep, evict } = planEviction([entry('older', 1, 10), entry('huge', 2, 5000)], { maxCount: 10, maxBytes: 1000 });
    assert.deepEqual(ids(keep), ['huge']);
    assert.deepEqual(ids(evict), ['older']);
    assert.deepEqual(ids(planEviction([entry('a', 1), entry('b', 2)], { maxCount: 0, maxBytes: 1e9 }).keep), ['b']);
    assert.deepEqual(planEviction([], { maxCount: 1, maxBytes: 1 }), { keep: [], evict: [] });
  });

  it('orders newest first, keeping the given order for the same millisecond', () => {
    assert.deepEqual(ids(newestFirst([entry('x', 1), entry('y', 1), entry('z', 5)])), ['z', 'x', 'y']);
  });
});

describe('search ids', () => {
  it('are safe file names and URI segments, and refuse path tricks', () => {
    const id = newSearchId(new Date(Date.UTC(2026, 10, 21)), () => 0.5);
    assert.ok(isSearchId(id), id);
    assert.match(id, /^[a-z0-9]+-[a-z0-9]{6}$/);
    for (const bad of ['', '..', '../x', 'a/b', 'a.json', 'a b', 'x'.repeat(65), 42, undefined]) assert.equal(isSearchId(bad), false, String(bad));
  });
});

describe('reading stored searches back', () => {
  it('accepts a stored record and keeps the request as it was sent', () => {
    const record = makeRecord({ request: { limit: 5, sources: [{ type: 'web' }], scrapeOptions: { formats: [{ type: 'markdown' }] } } });
    const read = parseSearchRecord(JSON.parse(JSON.stringify(record)));
    assert.deepEqual(read, record);
  });

  it('tolerates unknown fields and missing optional ones', () => {
    const value = JSON.parse(JSON.stringify(makeRecord())) as Record<string, unknown> & { response: Record<string, unknown> };
    value.extra = 'from a later version';
    delete value.response.warning;
    delete value.response.creditsUsed;
    delete value.response.id;
    const read = parseSearchRecord(value);
    assert.ok(read);
    assert.equal(read.response.data.web?.length, 2);
  });

  it('refuses records that are not ours: other version, bad id, bad date, no query, bad response', () => {
    const good = JSON.parse(JSON.stringify(makeRecord())) as Record<string, unknown>;
    for (const broken of [
      { ...good, version: 2 },
      { ...good, id: '../../etc/passwd' },
      { ...good, createdAt: 'yesterday' },
      { ...good, request: { limit: 3 } },
      { ...good, response: { success: true, data: { web: [{ title: 'no url' }] } } },
      null, 'text', [],
    ]) assert.equal(parseSearchRecord(broken), undefined, JSON.stringify(broken));
  });

  it('reads a file\'s text into record and summary, and skips text that is not JSON', () => {
    const record = makeRecord();
    const text = JSON.stringify(record);
    const read = readSearchRecordText(text, text.length);
    assert.ok(read);
    assert.deepEqual(read.summary, summarize(record, text.length));
    assert.equal(readSearchRecordText(text.slice(0, text.length / 2), 10), undefined);
    assert.equal(readSearchRecordText('', 0), undefined);
  });

  it('reads an index, dropping bad entries one by one, and refuses a broken index whole', () => {
    const summaries = [summarize(makeRecord({ id: 'a-1' }), 10), summarize(makeRecord({ id: 'b-2' }), 20)];
    const text = serializeSearchIndex(summaries);
    assert.deepEqual(parseSearchIndex(JSON.parse(text)), summaries);
    const value = JSON.parse(text) as { searches: unknown[] };
    value.searches.splice(1, 0, { id: 'bad/id' }, 'junk', { ...summaries[0], bytes: -1 });
    assert.deepEqual(parseSearchIndex(value), summaries);
    const withOddSource = JSON.parse(text) as { searches: Array<{ sources: string[] }> };
    withOddSource.searches[0]?.sources.push('videos');
    assert.deepEqual(parseSearchIndex(withOddSource)?.[0]?.sources, ['web']);
    assert.equal(parseSearchIndex({ version: 1 }), undefined);
    assert.equal(parseSearchIndex({ version: 9, searches: [] }), undefined);
    assert.equal(parseSearchIndex('[]'), undefined);
  });
});

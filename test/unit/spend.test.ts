// What a search costs, said first (the spec's price, else this person's history of searches of
// the same shape, else unknown), which earlier agent answer can be reused, and today's spend by
// who asked over every window's entry, against the agents' daily limit.
import assert from 'node:assert/strict';
import { checkCap, localDay, spendToday, withSpend } from '../../src/core/spend/ledger';
import { canonicalJson, priceOf, reuseCandidates } from '../../src/core/spend/price';
import { shapeKey, summarize, type SearchAsker, type SearchSummary } from '../../src/core/search/record';
import type { SearchRequestBody } from '../../src/core/api/request-types';
import { makeRecord } from './search-fixtures';
import { parseSearchIndex, parseSearchRecord, serializeSearchIndex } from '../../src/core/search/record-schema';

const body = (over: Partial<SearchRequestBody> = {}): SearchRequestBody => ({ query: 'tideflow', limit: 5, sources: [{ type: 'web' }], scrapeOptions: { formats: [{ type: 'markdown' }] }, ...over });
const past = (credits: number | null, request: Partial<SearchRequestBody>, minutesAgo = 60, askedBy: SearchAsker = 'person', id = `id${Math.random().toString(36).slice(2, 8)}`): SearchSummary => {
  const record = { ...makeRecord({ id, creditsUsed: credits, createdAt: new Date(Date.UTC(2026, 10, 24, 9, 0) - minutesAgo * 60_000).toISOString(), request: { ...body(), ...request } }), askedBy };
  return summarize(record, 100);
};
const now = new Date(Date.UTC(2026, 10, 24, 9, 0));

describe('spend: the price first', () => {
  it('zero data retention is priced by the spec, whatever the history says', () => {
    assert.deepEqual(priceOf(body({ enterprise: ['zdr'], limit: 15, sources: [{ type: 'web' }, { type: 'news' }] }), [past(1, {})]), { kind: 'spec', mode: 'zdr', maxCredits: 40 });
  });

  it('otherwise from the last five searches of the same shape (sources, limit, scraped formats), any query', () => {
    const history = [past(2, { query: 'a' }), past(2, { query: 'b' }), past(9, { limit: 6 }), past(3, {}), past(2, {}), past(2, {}), past(7, {})];
    assert.deepEqual(priceOf(body(), history), { kind: 'history', min: 2, max: 3, times: 5 });
    assert.deepEqual(priceOf(body({ limit: 6 }), history), { kind: 'history', min: 9, max: 9, times: 1 });
  });

  it('unknown when no search of that shape reported its credits; never a made-up number', () => {
    assert.deepEqual(priceOf(body({ scrapeOptions: undefined }), [past(2, {}), past(null, { scrapeOptions: undefined })]), { kind: 'unknown' });
  });

  it('the shape ignores order and repeats; sources default to web', () => {
    assert.equal(shapeKey({ sources: [{ type: 'news' }, { type: 'web' }], limit: 5 }), shapeKey({ sources: [{ type: 'web' }, { type: 'news' }, { type: 'web' }], limit: 5 }));
    assert.equal(shapeKey({}), shapeKey({ sources: [{ type: 'web' }], limit: 10 }));
    assert.notEqual(shapeKey({ limit: 5 }), shapeKey({ limit: 5, scrapeOptions: { formats: [{ type: 'summary' }] } }));
  });
});

describe('spend: no paying twice', () => {
  it('offers only an agent\'s search of the same query and shape within the minutes', () => {
    const history = [past(2, {}, 3, 'agent', 'recent'), past(2, {}, 12, 'agent', 'old'), past(2, {}, 1, 'person', 'mine'), past(2, { query: 'other' }, 1, 'agent', 'other')];
    assert.deepEqual(reuseCandidates(history, body(), now, 10).map((s) => s.id), ['recent']);
    assert.deepEqual(reuseCandidates(history, body(), now, 0), [], '0 minutes never reuses');
  });

  it('compares bodies as the same JSON whatever the key order', () => {
    assert.equal(canonicalJson({ b: 1, a: { d: [1, { f: 1, e: 2 }], c: 2 } }), canonicalJson({ a: { c: 2, d: [1, { e: 2, f: 1 }] }, b: 1 }));
    assert.notEqual(canonicalJson({ a: [1, 2] }), canonicalJson({ a: [2, 1] }));
  });
});

describe('spend: today, in every window, and the daily limit', () => {
  it('sums every window\'s entries for today by who asked, each search once; other days and junk count nothing', () => {
    const day = localDay(new Date(2026, 10, 24, 23, 59));
    assert.equal(day, '2026-11-24');
    const a = withSpend(withSpend(undefined, day, { id: 's1', credits: 2, askedBy: 'agent' }), day, { id: 's2', credits: 3, askedBy: 'person' });
    const b = withSpend({ day: '2026-11-23', entries: [{ id: 'old', credits: 50, askedBy: 'agent' }] }, day, { id: 's3', credits: 4, askedBy: 'agent' });
    assert.deepEqual(b.entries.map((e) => e.id), ['s3'], 'a new day starts empty');
    const stale = { day: '2026-11-23', entries: [{ id: 'x', credits: 9, askedBy: 'agent' }] };
    assert.deepEqual(spendToday([a, b, stale, 'junk', { day, entries: [{ id: 's1', credits: 2, askedBy: 'agent' }, { id: 'bad', credits: -1, askedBy: 'agent' }] }, { day, entries: [{ id: 'e', credits: 1, askedBy: 'extension' }] }], day), { agent: 6, person: 3, extension: 1 });
  });

  it('refuses once reached; warns when the known price may pass it; an unknown price cannot warn', () => {
    assert.deepEqual(checkCap(25, 25, undefined), { kind: 'reached', spent: 25, limit: 25 });
    assert.deepEqual(checkCap(20, 25, 6), { kind: 'would-pass', spent: 20, limit: 25, most: 6 });
    assert.deepEqual(checkCap(20, 25, 5), { kind: 'ok' });
    assert.deepEqual(checkCap(20, 25, undefined), { kind: 'ok' });
  });
});

describe('spend: who asked, kept with the search', () => {
  it('the record and its row keep the askedBy and the shape across a write and a read; older rows without them still read', () => {
    const record = { ...makeRecord({ request: body() }), askedBy: 'agent' as const };
    assert.equal(parseSearchRecord(JSON.parse(JSON.stringify(record)))?.askedBy, 'agent');
    const row = summarize(record, 10);
    const read = (parseSearchIndex(JSON.parse(serializeSearchIndex([row]))) ?? [])[0];
    assert.ok(read);
    assert.equal(read.askedBy, 'agent');
    assert.equal(read.shape, shapeKey(body()));
    const { askedBy: _o, shape: _s, ...older } = row;
    assert.deepEqual(parseSearchIndex({ version: 1, searches: [older, { ...row, askedBy: 'robot' }] })?.map((r) => r.id), [row.id]);
  });
});

// The history filter: every word must be found in the query or a result title, ignoring case,
// accents and spacing; an empty filter matches everything.
import assert from 'node:assert/strict';
import { filterLabel, filterTerms, foldForMatch, matchesSearch } from '../../src/core/search/filter';

describe('history filter', () => {
  it('folds case, accents and whitespace', () => {
    assert.equal(foldForMatch('  Café\tRÉSUMÉ  x '), 'cafe resume x');
    assert.deepEqual(filterTerms('  Tide  tide FLOW '), ['tide', 'flow']);
    assert.deepEqual(filterTerms(' \t '), []);
  });

  it('matches every term in the query or in any title, each term anywhere', () => {
    const titles = ['Backpressure - Tideflow', 'Streams in Node'];
    assert.equal(matchesSearch(filterTerms('tideflow'), 'rate limits', titles), true);
    assert.equal(matchesSearch(filterTerms('RATE node'), 'rate limits', titles), true);
    assert.equal(matchesSearch(filterTerms('rate kafka'), 'rate limits', titles), false);
    assert.equal(matchesSearch(filterTerms('resume'), 'Résumé tips', []), true);
    assert.equal(matchesSearch([], 'anything', []), true);
  });

  it('shows the filter on one clean line, cut', () => {
    assert.equal(filterLabel('a\nb\u202Ec'), 'a bc');
    assert.ok(filterLabel('x'.repeat(100)).length <= 40);
  });
});

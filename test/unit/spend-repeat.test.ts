// The price a paid repeat says before it sends (issue 46): from costs reported before, newest first,
// never a made-up number; and Check Now's, from the watch's own checks, else its pages at this
// person's price of a page, else unknown.
import assert from 'node:assert/strict';
import { checkPriceOf, costPrice } from '../../src/core/spend/repeat';

const check = (actualCredits: number | null | undefined, status = 'completed') => ({ status, actualCredits });

describe('spend: a paid repeat\'s price', () => {
  it('reads the last five costs reported, newest first, skipping those not reported', () => {
    assert.deepEqual(costPrice([3, undefined, 2, null, 2, 4, 2, 9, 9]), { kind: 'history', min: 2, max: 4, times: 5 });
    assert.deepEqual(costPrice([7]), { kind: 'history', min: 7, max: 7, times: 1 });
  });

  it('is unknown when nothing was reported; a cost that is not a count is not one', () => {
    assert.deepEqual(costPrice([]), { kind: 'unknown' });
    assert.deepEqual(costPrice([undefined, null, Number.NaN, -1, Number.POSITIVE_INFINITY]), { kind: 'unknown' });
  });

  it('a zero cost is a price (a cached page may cost nothing)', () => {
    assert.deepEqual(costPrice([0, 0]), { kind: 'history', min: 0, max: 0, times: 2 });
  });
});

describe('spend: Check Now\'s price', () => {
  it('the watch\'s checks that ended with their credits, a running one aside', () => {
    assert.deepEqual(checkPriceOf([check(5, 'running'), check(2), check(null, 'failed'), check(3, 'partial')], 2, 1), { kind: 'history', min: 2, max: 3, times: 2 });
  });

  it('no check of the watch said its cost: its pages at what a page costs this person, rounded up', () => {
    assert.deepEqual(checkPriceOf([check(null), check(4, 'queued')], 3, 1.5), { kind: 'pages', pages: 3, about: 5 });
    assert.deepEqual(checkPriceOf([], 2, 1), { kind: 'pages', pages: 2, about: 2 });
  });

  it('unknown with neither: no page price, or no pages known', () => {
    assert.deepEqual(checkPriceOf([], 2, undefined), { kind: 'unknown' });
    assert.deepEqual(checkPriceOf([], 0, 1), { kind: 'unknown' });
    assert.deepEqual(checkPriceOf([], 2, Number.NaN), { kind: 'unknown' });
  });
});

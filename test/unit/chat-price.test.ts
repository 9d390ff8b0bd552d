// The price a search confirmation shows: the most the search can cost, by the spec's prices for
// zero data retention and the emulator's rule for the rest; checked against the emulator's own charge.
import assert from 'node:assert/strict';
import { estimateSearchCredits } from '../../src/core/chat/price';
import { creditsFor } from '../emulator';

describe('chat: the price of a search', () => {
  it('one source, limit 10, no scraping: one block of 1 credit', () => {
    const estimate = estimateSearchCredits({ limit: 10 });
    assert.deepEqual({ max: estimate.maxCredits, sources: estimate.sources, blocks: estimate.blocks, mode: estimate.mode }, { max: 1, sources: ['web'], blocks: 1, mode: 'standard' });
  });

  it('the limit counts per source, in blocks of 10 rounded up; the spec default limit is 10', () => {
    assert.equal(estimateSearchCredits({ limit: 25, sources: [{ type: 'web' }, { type: 'news' }] }).maxCredits, 6);
    assert.equal(estimateSearchCredits({}).maxCredits, 1);
    assert.equal(estimateSearchCredits({ limit: 1, sources: [{ type: 'web' }, { type: 'web' }] }).maxCredits, 1, 'a source named twice is one source');
  });

  it('zero data retention uses the spec prices: anon 2 and zdr 10 credits per 10 results, the dearer one winning', () => {
    assert.equal(estimateSearchCredits({ limit: 20, enterprise: ['anon'] }).maxCredits, 4);
    assert.equal(estimateSearchCredits({ limit: 20, enterprise: ['zdr'] }).maxCredits, 20);
    assert.equal(estimateSearchCredits({ limit: 10, enterprise: ['anon', 'zdr'] }).mode, 'zdr');
  });

  it('scraping adds 1 credit per web or news result, none per image', () => {
    const estimate = estimateSearchCredits({ limit: 5, sources: [{ type: 'web' }, { type: 'images' }, { type: 'news' }], scrapeOptions: { formats: [{ type: 'markdown' }] } });
    assert.equal(estimate.scrapedResults, 10);
    assert.equal(estimate.maxCredits, 3 + 10);
    assert.equal(estimateSearchCredits({ limit: 5, scrapeOptions: { formats: [] } }).scrapedResults, 0);
  });

  it('is never below what the emulator charges for a full answer', () => {
    for (const limit of [1, 9, 10, 11, 50, 100]) {
      for (const enterprise of [[], ['anon'], ['zdr']] as Array<Array<'anon' | 'zdr'>>) {
        const estimate = estimateSearchCredits({ limit, sources: [{ type: 'web' }, { type: 'news' }], enterprise, scrapeOptions: { formats: [{ type: 'summary' }] } });
        assert.equal(estimate.maxCredits, creditsFor([limit, limit], enterprise, 2 * limit), `limit ${limit} ${enterprise.join()}`);
        assert.ok(estimate.maxCredits >= creditsFor([Math.floor(limit / 2), 0], enterprise, Math.floor(limit / 2)));
      }
    }
  });
});

// The crawls' progress as read (src/core/crawls/progress.ts): what the Active Crawls rows show as
// "40 of 400 pages". Only what a status said, never a guess; one change event per new reading.
import assert from 'node:assert/strict';
import { CrawlProgressBook } from '../../src/core/crawls/progress';

describe('crawl progress, as read', () => {
  it('keeps what a status said, by crawl id in any case, and tells the rows once per new reading', () => {
    const book = new CrawlProgressBook();
    const changed: string[] = [];
    book.onDidChange((id) => changed.push(id));
    book.note('AB12', { completed: 40, total: 400, status: 'scraping' }, 1000);
    assert.deepEqual(book.get('ab12'), { completed: 40, total: 400, status: 'scraping', at: 1000 });
    book.note('ab12', { completed: 40, total: 400, status: 'scraping' }, 2000);
    assert.deepEqual(changed, ['ab12'], 'the same reading again changes nothing');
    book.note('ab12', { completed: 400, total: 400, status: 'completed' }, 3000);
    assert.deepEqual(book.get('AB12'), { completed: 400, total: 400, status: 'completed', at: 3000 });
    assert.deepEqual(changed, ['ab12', 'ab12']);
  });

  it('guesses nothing: no total, no progress; counts kept within 0 and the total', () => {
    const book = new CrawlProgressBook();
    book.note('a', { completed: 3, status: 'scraping' });
    assert.equal(book.get('a'), undefined);
    book.note('b', { completed: 900, total: 400, status: 'scraping' }, 1);
    assert.equal(book.get('b')?.completed, 400);
    book.note('c', { total: 10, status: 'scraping' }, 1);
    assert.equal(book.get('c')?.completed, 0);
    book.clear();
    assert.equal(book.get('b'), undefined);
  });
});

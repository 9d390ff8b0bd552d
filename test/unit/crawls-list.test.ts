import assert from 'node:assert/strict';
import type { ActiveCrawl } from '../../src/core/api/schemas';
import { CrawlList } from '../../src/core/crawls';

const crawl = (id: string): ActiveCrawl => ({ id, teamId: 't', url: `https://example.com/${id}`, options: null });

describe('crawls: the list behind the view', () => {
  it('shows the last listing', () => {
    const list = new CrawlList();
    list.set([crawl('a'), crawl('b')]);
    assert.deepEqual(list.crawls.map((c) => c.id), ['a', 'b']);
    list.set([crawl('c')]);
    assert.deepEqual(list.crawls.map((c) => c.id), ['c']);
    list.clear();
    assert.deepEqual(list.crawls, []);
  });

  it('removes a completed crawl at once, and keeps it off a lagging listing for a while', () => {
    let now = 1_000_000;
    const list = new CrawlList(() => now);
    list.set([crawl('a'), crawl('b')]);
    assert.equal(list.remove('a'), true);
    assert.deepEqual(list.crawls.map((c) => c.id), ['b']);
    list.set([crawl('a'), crawl('b')]); // the listing has not caught up yet
    assert.deepEqual(list.crawls.map((c) => c.id), ['b']);
    now += 11 * 60 * 1000;
    assert.deepEqual(list.crawls.map((c) => c.id), ['a', 'b']);
  });

  it('remove of an unlisted id says false and changes nothing shown', () => {
    const list = new CrawlList();
    list.set([crawl('a')]);
    assert.equal(list.remove('zzz'), false);
    assert.deepEqual(list.crawls.map((c) => c.id), ['a']);
  });

  it('remembers a bounded number of completed ids', () => {
    const list = new CrawlList(() => 0);
    for (let i = 0; i < 1000; i++) list.remove(`x${i}`);
    list.set([crawl('x0'), crawl('x999')]);
    // The oldest were forgotten; the newest is still hidden.
    assert.deepEqual(list.crawls.map((c) => c.id), ['x0']);
  });
});

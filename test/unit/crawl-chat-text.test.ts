// The crawl results tool's text: status, titles and addresses, markdown of the first pages that
// fit, and how to read the rest; never over its room, and outside text kept on one line.
import assert from 'node:assert/strict';
import { CRAWL_TOOL_MAX_CHARS, crawlToolText } from '../../src/core/crawls/chat-text';
import type { CrawlJobState } from '../../src/core/crawls/results';

const ID = '3f0c9a52-6a3e-4d7b-9c1e-2b8f4e7a1d01';

function job(pages: number, cursor?: number): CrawlJobState {
  return {
    ref: { id: ID, kind: 'crawl' }, status: 'completed', failed: false, completed: pages, total: pages, creditsUsed: pages,
    pages: Array.from({ length: pages }, (_, index) => ({ index, title: `Title ${index + 1}\n# not a heading`, url: `https://a.example/${index + 1}`, statusCode: 200, stored: true })),
    noWebhook: false, delivered: 0, ...(cursor !== undefined ? { cursor: { skip: cursor } } : {}),
  };
}

const texts = (n: number, size: number): Map<number, string> => new Map(Array.from({ length: n }, (_, i) => [i + 1, `# Page ${i + 1}\n${'x'.repeat(size)}`]));

describe('crawl results tool text', () => {
  it('gives every page when they fit, and says so', () => {
    const { text, nextPage } = crawlToolText(job(3), texts(3, 100), 1, CRAWL_TOOL_MAX_CHARS);
    assert.match(text, /^Crawl 3f0c9a52-.*status completed\. Pages done: 3 of 3\./);
    assert.match(text, /1\. Title 1 # not a heading <https:\/\/a\.example\/1> \(200\)/);
    assert.equal(nextPage, undefined);
    assert.match(text, /That is every page of the results\.$/);
  });

  it('stops within its room and says which page to read from next', () => {
    const { text, nextPage } = crawlToolText(job(20), texts(20, 1500), 1, CRAWL_TOOL_MAX_CHARS);
    const guidance = text.split('\n').at(-1) ?? '';
    assert.ok(text.length - guidance.length <= CRAWL_TOOL_MAX_CHARS, `${text.length} characters`);
    assert.ok(nextPage !== undefined && nextPage > 2 && nextPage < 20, String(nextPage));
    assert.equal(guidance, `To read on, call webData_crawlResults again with {"id": "${ID}", "kind": "crawl", "fromPage": ${nextPage}}; or read one page whole, in parts, with webData_readResult {"jobId":"${ID}","kind":"crawl","page":${nextPage},"part":1} (any page number).`);
    const later = crawlToolText(job(20), texts(20, 1500), nextPage, CRAWL_TOOL_MAX_CHARS);
    assert.match(later.text, new RegExp(`--- Page ${nextPage}: `));
    assert.doesNotMatch(later.text, new RegExp(`--- Page ${nextPage - 1}: `));
  });

  it('a first page longer than the room is cut, and the answer names the webData_readResult call that reads all of it', () => {
    const { text, nextPage } = crawlToolText(job(3), texts(3, 20_000), 2, CRAWL_TOOL_MAX_CHARS);
    assert.match(text, /--- Page 2: [\s\S]*…\(page cut\)/);
    assert.equal(nextPage, 3);
    const guidance = text.split('\n').at(-1) ?? '';
    assert.ok(guidance.startsWith(`Page 2 was cut: read all of it in parts with webData_readResult {"jobId":"${ID}","kind":"crawl","page":2,"part":1}. To read on,`), guidance);
  });

  it('points at the pages not loaded yet when the service has more', () => {
    const { text } = crawlToolText(job(2, 2), texts(2, 10), 1, CRAWL_TOOL_MAX_CHARS);
    assert.match(text, /More pages exist than are loaded\..*"fromPage": 3/);
  });
});

// The crawl's and the batch scrape's checks give back a body made of what they checked: each field
// as the check read it (addresses in their normal form, formats in object form), nothing of the
// input that was not checked, and never the input object itself.
import assert from 'node:assert/strict';
import { validateBatchScrapeRequest, validateCrawlRequest } from '../../src/core/api/job-request';

describe('job requests: the checked body is built from the checked fields', () => {
  it('a crawl: a new object, the start URL normalised, a field given as undefined left out, robotsUserAgent checked as text', () => {
    const input: Record<string, unknown> = {
      url: 'docs.example.com/start', limit: 5, prompt: undefined, robotsUserAgent: 'WebDataBot',
      includePaths: ['^/docs/'], scrapeOptions: { formats: ['markdown'] },
      webhook: { url: 'https://hooks.example.com/in', headers: { 'x-team': 'a' }, events: ['page'] },
    };
    const checked = validateCrawlRequest(input);
    assert.ok(checked.ok, JSON.stringify(checked));
    assert.deepEqual(checked.body, {
      url: 'https://docs.example.com/start', limit: 5, robotsUserAgent: 'WebDataBot', includePaths: ['^/docs/'],
      webhook: { url: 'https://hooks.example.com/in', headers: { 'x-team': 'a' }, events: ['page'] },
      scrapeOptions: { formats: [{ type: 'markdown' }] },
    });
    assert.ok(!('prompt' in checked.body));
    assert.notEqual(checked.body, input);
    (input.includePaths as string[]).push('^/later/');
    assert.deepEqual(checked.body.includePaths, ['^/docs/'], 'the body does not follow the input once checked');

    const refused = validateCrawlRequest({ url: 'https://docs.example.com', robotsUserAgent: 7 });
    assert.ok(!refused.ok);
    assert.deepEqual(refused.problems.map((p) => p.field), ['robotsUserAgent']);
  });

  it('a batch scrape: each address in its normal form, the scrape options as the scrape check gives them', () => {
    const input = { urls: ['a.example/1', 'https://b.example/2'], formats: ['markdown', 'links'], onlyMainContent: false, maxConcurrency: 2, ignoreInvalidURLs: true };
    const checked = validateBatchScrapeRequest(input);
    assert.ok(checked.ok, JSON.stringify(checked));
    assert.deepEqual(checked.body, {
      urls: ['https://a.example/1', 'https://b.example/2'], maxConcurrency: 2, ignoreInvalidURLs: true,
      formats: [{ type: 'markdown' }, { type: 'links' }], onlyMainContent: false,
    });
    assert.notEqual(checked.body.urls, input.urls);
    const bad = validateBatchScrapeRequest({ urls: ['https://a.example/', 3], webhook: { url: 'https://h.example/', events: ['done'] } });
    assert.ok(!bad.ok);
    assert.deepEqual(bad.problems.map((p) => p.field), ['urls[1]', 'webhook.events']);
  });
});

// One name per concept across the chat tools (issue 34): jobId for a job, from for the first item
// to list, and webData_read's one mode field, `source`. The names the tools had before (`id`,
// `fromPage`, a page read without `source`) are still read by the decoders webData_read routes to.
// The page reader's own source names are "job" and "watch" (webData_read's "jobPage" and "diff").
import assert from 'node:assert/strict';
import { readCrawlResultsInput } from '../../src/core/chat/crawl-results-input';
import { readReadInput } from '../../src/core/chat/read-input';

const JOB = '3f0c9a52-6a3e-4d7b-9c1e-2b8f4e7a1d01';

describe('chat tools: one name per concept, the old ones still read', () => {
  it('a job\'s listing: jobId and from; id and fromPage as before', () => {
    assert.deepEqual(readCrawlResultsInput({ jobId: JOB, kind: 'batch', from: 3 }), { ref: { id: JOB, kind: 'batch' }, from: 3 });
    assert.deepEqual(readCrawlResultsInput({ jobId: JOB, from: '4' }), { ref: { id: JOB, kind: 'crawl' }, from: 4 });
    assert.deepEqual(readCrawlResultsInput({ id: JOB, fromPage: 2 }), { ref: { id: JOB, kind: 'crawl' }, from: 2 });
    assert.deepEqual(readCrawlResultsInput({ jobId: JOB, from: 0 }), { ref: { id: JOB, kind: 'crawl' }, from: 1 });
    for (const input of [undefined, 'x', {}, { jobId: 'not-a-uuid' }, [JOB]]) assert.equal(readCrawlResultsInput(input), undefined);
  });

  it('the page reader: source names the kind of page and its id field', () => {
    const search = readReadInput({ source: 'search', searchId: 'lz0abc-xyz123', result: 2 });
    assert.ok(search.ok && search.request.source === 'search' && search.request.id === 'lz0abc-xyz123');
    const job = readReadInput({ source: 'job', jobId: JOB, kind: 'batch', page: 3, part: 2 });
    assert.ok(job.ok && job.request.source === 'batch' && job.request.part === 2);
    const scraped = readReadInput({ source: 'scraped', pageId: JOB });
    assert.ok(scraped.ok && scraped.request.source === 'scrape');
  });

  it('the page reader: a source without its id, or with another kind\'s id, is named as the problem', () => {
    const missing = readReadInput({ source: 'job', searchId: 'lz0abc-xyz123', result: 1 });
    assert.ok(!missing.ok);
    assert.deepEqual(missing.problems.map((p) => p.field), ['jobId']);
    const mixed = readReadInput({ source: 'search', searchId: 'lz0abc-xyz123', result: 1, pageId: JOB });
    assert.ok(!mixed.ok);
    assert.deepEqual(mixed.problems.map((p) => p.field), ['source']);
    const unknown = readReadInput({ source: 'crawl', jobId: JOB, page: 1 });
    assert.ok(!unknown.ok);
    assert.deepEqual(unknown.problems.map((p) => p.field), ['source']);
  });

  it('the page reader: an input without source is read by the id it gives, as before', () => {
    const old = readReadInput({ searchId: 'lz0abc-xyz123', result: 1 });
    assert.ok(old.ok && old.request.source === 'search');
    const oldJob = readReadInput({ jobId: JOB, page: 1 });
    assert.ok(oldJob.ok && oldJob.request.source === 'crawl');
  });
});

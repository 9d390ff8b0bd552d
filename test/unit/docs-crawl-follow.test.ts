// A docs set filled from a crawl as its pages arrive (src/core/docs/crawl-follow.ts): each page
// searchable as soon as it is read, a refresh's count of changed, new and gone pages, and a
// cancelled or failed crawl keeping what arrived. The crawl results service is a fake that hands
// out the job's rows a read at a time, as a running crawl's reads do.
import * as assert from 'node:assert/strict';
import type { CrawlJobState, Outcome } from '../../src/core/crawls/results';
import type { JobRef } from '../../src/core/crawls/job';
import { followDocsCrawl, type DocsCrawlSource } from '../../src/core/docs/crawl-follow';
import { DocsSet } from '../../src/core/docs/docs-set';

const ref: JobRef = { id: '11111111-2222-4333-a444-555555555555', kind: 'crawl' };
const meta = { id: 'docs-example-com', siteUrl: 'https://docs.example.com/', createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z' };

interface FakePage { url: string; title: string; markdown: string; statusCode?: number }

/** A crawl that brings `perRead` pages each read and ends as `status` after the last (or fails its reads from `failFrom`). */
function fakeCrawl(pages: readonly FakePage[], options: { perRead?: number; status?: 'completed' | 'cancelled' | 'failed'; error?: string; failFrom?: number; creditsUsed?: number } = {}): DocsCrawlSource & { reads: number } {
  const perRead = options.perRead ?? 2;
  const job: CrawlJobState = { ref, status: 'scraping', failed: false, pages: [], noWebhook: false, delivered: 0 };
  const source = {
    reads: 0,
    open(): Promise<Outcome<CrawlJobState>> {
      source.reads++;
      if (options.failFrom !== undefined && source.reads >= options.failFrom) return Promise.resolve({ ok: false, failure: { kind: 'network', message: 'connection reset' } });
      const from = job.pages.length;
      for (const [i, p] of pages.slice(from, from + perRead).entries()) job.pages.push({ index: from + i, url: p.url, title: p.title, stored: true, ...(p.statusCode !== undefined ? { statusCode: p.statusCode } : {}) });
      job.total = pages.length;
      if (job.pages.length >= pages.length) {
        job.status = options.status ?? 'completed';
        if (options.error !== undefined) job.error = options.error;
        if (options.creditsUsed !== undefined) job.creditsUsed = options.creditsUsed;
      }
      return Promise.resolve({ ok: true, value: job });
    },
    pageText(_ref: JobRef, index: number): Promise<Outcome<string>> {
      const p = pages[index];
      return Promise.resolve(p ? { ok: true, value: p.markdown } : { ok: false, failure: { kind: 'not-found', message: 'gone' } });
    },
  };
  return source;
}

const noWait = (): Promise<void> => Promise.resolve();

function sitePages(version: number): FakePage[] {
  return [
    { url: 'https://docs.example.com/', title: 'Home', markdown: '# Home\nWelcome to the queue library.' },
    { url: 'https://docs.example.com/retries', title: 'Retries', markdown: `# Retries\n## Backoff\nThe delay doubles (version ${version}).` },
    { url: 'https://docs.example.com/workers', title: 'Workers', markdown: '# Workers\n## Concurrency\nRun jobs at once.' },
    ...(version === 1 ? [{ url: 'https://docs.example.com/legacy', title: 'Legacy', markdown: '# Callbacks\nThe callback style.' }] : [{ url: 'https://docs.example.com/migrate', title: 'Migrate', markdown: '# Migrating\nNamed exports only.' }]),
  ];
}

describe('docs sets: a crawl followed into a set', () => {
  it('indexes each page as it arrives, so the set answers before the crawl ends', async () => {
    const set = DocsSet.empty(meta);
    const seenWhileRunning: number[] = [];
    const end = await followDocsCrawl(ref, fakeCrawl(sitePages(1), { perRead: 1, creditsUsed: 4 }), set, {
      signal: new AbortController().signal, waitMs: 0, sleep: noWait,
      onProgress: (p) => { seenWhileRunning.push(set.search('backoff delay').length); assert.equal(set.pageCount, p.pages); },
    });
    assert.deepEqual(seenWhileRunning, [0, 1, 1, 1], 'the Retries page answers from the read that brought it on');
    assert.deepEqual({ ...end }, { status: 'completed', pages: 4, changed: 0, added: 4, gone: 0, creditsUsed: 4 });
  });

  it('a refresh counts the pages changed, new and gone, and keeps the unchanged ones as they were', async () => {
    const set = DocsSet.empty(meta);
    await followDocsCrawl(ref, fakeCrawl(sitePages(1)), set, { signal: new AbortController().signal, waitMs: 0, sleep: noWait });
    const end = await followDocsCrawl(ref, fakeCrawl(sitePages(2)), set, { signal: new AbortController().signal, waitMs: 0, sleep: noWait });
    assert.deepEqual([end.changed, end.added, end.gone], [1, 1, 1], 'Retries changed, Migrate new, Legacy gone');
    assert.equal(set.page('https://docs.example.com/legacy'), undefined);
    assert.match(set.search('delay doubles')[0]?.text ?? '', /version 2/);
    assert.equal(set.pageCount, 4);
  });

  it('a cancelled crawl keeps the pages that arrived and removes none of the set\'s others', async () => {
    const set = DocsSet.empty(meta);
    await followDocsCrawl(ref, fakeCrawl(sitePages(1)), set, { signal: new AbortController().signal, waitMs: 0, sleep: noWait });
    const controller = new AbortController();
    const end = await followDocsCrawl(ref, fakeCrawl(sitePages(2), { perRead: 1 }), set, {
      signal: controller.signal, waitMs: 0,
      // The person cancels while the crawl waits for its second page.
      sleep: () => { controller.abort(); return Promise.resolve(); },
    });
    assert.equal(end.status, 'cancelled');
    assert.equal(end.pages, 1, 'the one page that arrived');
    assert.equal(end.gone, 0, 'a cancelled crawl did not see the whole site: nothing is called gone');
    assert.ok(set.page('https://docs.example.com/legacy'), 'the earlier pages stay');
  });

  it('a crawl that fails keeps what arrived and says the service\'s error; reads that keep failing end it too', async () => {
    const set = DocsSet.empty(meta);
    const failed = await followDocsCrawl(ref, fakeCrawl(sitePages(1), { status: 'failed', error: 'robots.txt refused the rest' }), set, { signal: new AbortController().signal, waitMs: 0, sleep: noWait });
    assert.deepEqual([failed.status, failed.pages, failed.failure], ['failed', 4, 'robots.txt refused the rest']);
    const other = DocsSet.empty(meta);
    const broken = fakeCrawl(sitePages(1), { failFrom: 2, perRead: 1 });
    const lost = await followDocsCrawl(ref, broken, other, { signal: new AbortController().signal, waitMs: 0, sleep: noWait });
    assert.deepEqual([lost.status, lost.pages, lost.failure], ['failed', 1, 'connection reset']);
    assert.equal(broken.reads, 4, 'one good read, then three failed ones');
  });

  it('leaves out a page the site answered with an error, and an empty one', async () => {
    const set = DocsSet.empty(meta);
    const pages = [...sitePages(1), { url: 'https://docs.example.com/missing', title: 'Not found', markdown: '# 404', statusCode: 404 }, { url: 'https://docs.example.com/blank', title: 'Blank', markdown: '  ' }];
    const end = await followDocsCrawl(ref, fakeCrawl(pages), set, { signal: new AbortController().signal, waitMs: 0, sleep: noWait });
    assert.equal(end.pages, 4);
    assert.equal(set.page('https://docs.example.com/missing'), undefined);
    assert.equal(set.page('https://docs.example.com/blank'), undefined);
  });
});

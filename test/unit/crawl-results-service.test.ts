// The crawl results service against the emulator: one page per open, rows in order, markdown on
// disk within the budget, deliveries not counted twice, reconcile of crawls that finished with
// no webhook, cancel, and a refused `next` that stops paging.
import assert from 'node:assert/strict';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_API_KEY, DEMO_JOBS, jobIdFor } from '../emulator';
import { CrawlResultsService } from '../../src/core/crawls/results';
import { PageStore } from '../../src/core/crawls/page-store';
import { readJobArgument } from '../../src/core/crawls/job';
import type { CrawlDocument } from '../../src/core/api';
import { useClientFixture } from './client-fixture';

describe('crawl results service', () => {
  const fixture = useClientFixture();
  let root: string;
  let budget = 50 * 1024 * 1024;
  const service = (): CrawlResultsService => {
    const client = fixture.client();
    return new CrawlResultsService({
      client: () => Promise.resolve(client),
      store: new PageStore({ root, budgetBytes: () => budget }),
      describe: (error) => ({ kind: 'failed', message: error instanceof Error ? error.message : String(error) }),
    });
  };
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'crawl-results-'));
    budget = 50 * 1024 * 1024;
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('opens the first page of a 10,000-page crawl with one status request, rows in memory and markdown on disk', async () => {
    const results = service();
    const before = fixture.emulator.requests.length;
    const opened = await results.open({ id: DEMO_JOBS.large, kind: 'crawl' });
    assert.ok(opened.ok);
    const job = opened.value;
    assert.equal(job.pages.length, 100);
    assert.equal(job.total, 10_000);
    assert.deepEqual(job.cursor, { skip: 100 });
    assert.equal(job.failures?.length, 12);
    const paths = fixture.emulator.requests.slice(before).map((r) => r.path);
    assert.deepEqual(paths, [`/v2/crawl/${DEMO_JOBS.large}`, `/v2/crawl/${DEMO_JOBS.large}/errors`]);
    assert.equal((await readdir(join(root, `crawl-${DEMO_JOBS.large}`))).length, 100);
    const text = await results.pageText(job.ref, 3);
    assert.ok(text.ok && text.value.startsWith('# Page 4 of handbook.tideflow.dev'));
    await results.open(job.ref);
    assert.equal(job.pages.length, 200);
    assert.equal(job.pages[150]?.url, 'https://handbook.tideflow.dev/page/151');
  });

  it('keeps markdown within the byte budget and reads a page that did not fit from the service', async () => {
    budget = 10_000;
    const results = service();
    const id = fixture.emulator.addCrawlJob(DEMO_API_KEY, { total: 40, completed: 40, pageBytes: 1000, listed: false });
    const opened = await results.open({ id, kind: 'crawl' });
    assert.ok(opened.ok);
    const stored = opened.value.pages.filter((p) => p.stored).length;
    assert.ok(stored >= 9 && stored <= 10, `${stored} stored`);
    const before = fixture.emulator.requests.length;
    const text = await results.pageText({ id, kind: 'crawl' }, 30);
    assert.ok(text.ok && text.value.startsWith('# Page 31'));
    assert.equal(fixture.emulator.requests.length - before, 1);
    // Another job's pages make room by removing the older job's folder, never going over.
    const other = fixture.emulator.addCrawlJob(DEMO_API_KEY, { total: 5, completed: 5, pageBytes: 1000, listed: false });
    await results.open({ id: other, kind: 'crawl' });
    assert.deepEqual(await readdir(root), [`crawl-${other}`]);
  });

  it('a running crawl: one page per open, never a loop; deliveries fill it in and a later read does not list them twice', async () => {
    const results = service();
    const id = fixture.emulator.addCrawlJob(DEMO_API_KEY, { total: 20, completed: 3 });
    const ref = { id, kind: 'crawl' as const };
    const all = await results.readAll(ref);
    assert.ok(all.ok);
    assert.equal(all.value.pages.length, 3);
    assert.equal(all.value.status, 'scraping');
    const delivered = (n: number): CrawlDocument => ({ markdown: `# ${n}`, metadata: { sourceURL: `https://docs.tideflow.dev/page/${n}`, scrapeId: jobIdFor(`${id} ${n - 1}`) } });
    assert.equal(await results.addDelivered(ref, [delivered(4), delivered(5)]), 2);
    assert.equal(await results.addDelivered(ref, [delivered(5)]), 0);
    fixture.emulator.advanceCrawl(id, 17);
    await results.open(ref);
    assert.equal(all.value.pages.length, 20);
    assert.equal(new Set(all.value.pages.map((p) => p.url)).size, 20);
    assert.equal(all.value.status, 'completed');
  });

  it('a delivery that arrives while a read writes its pages waits for it: every page keeps a position of its own', async () => {
    // The store's first write is held until the delivery has come in, as a loaded machine's disk holds it.
    let release: () => void = () => undefined;
    let writing: () => void = () => undefined;
    const firstWrite = new Promise<void>((resolve) => { writing = resolve; });
    const held = new Promise<void>((resolve) => { release = resolve; });
    class HeldStore extends PageStore {
      private first = true;
      override async put(...args: Parameters<PageStore['put']>): ReturnType<PageStore['put']> {
        if (this.first) { this.first = false; writing(); await held; }
        return super.put(...args);
      }
    }
    const client = fixture.client();
    const results = new CrawlResultsService({
      client: () => Promise.resolve(client), store: new HeldStore({ root, budgetBytes: () => budget }),
      describe: (error) => ({ kind: 'failed', message: String(error) }),
    });
    const id = fixture.emulator.addCrawlJob(DEMO_API_KEY, { total: 20, completed: 3 });
    const ref = { id, kind: 'crawl' as const };
    const reading = results.open(ref);
    await firstWrite;
    const delivering = results.addDelivered(ref, [{ markdown: '# 4', metadata: { sourceURL: 'https://docs.tideflow.dev/page/4', scrapeId: jobIdFor(`${id} 3`) } }]);
    release();
    const [read] = await Promise.all([reading, delivering]);
    assert.ok(read.ok);
    assert.deepEqual(read.value.pages.map((row) => row.index), [0, 1, 2, 3], JSON.stringify(read.value.pages));
    assert.equal(new Set(read.value.pages.map((row) => row.url)).size, 4);
    const last = await results.pageText(ref, 3);
    assert.ok(last.ok && last.value === '# 4', JSON.stringify(last));
  });

  it('reconciles a crawl that left the active list with no webhook once; a later crawl.completed is not counted twice', async () => {
    const results = service();
    const id = fixture.emulator.addCrawlJob(DEMO_API_KEY, { total: 4, completed: 1 });
    fixture.emulator.advanceCrawl(id, 3);
    const read = await results.reconcile([id, DEMO_JOBS.cancelled]);
    assert.deepEqual(read.map((j) => [j.status, j.noWebhook]), [['completed', true], ['cancelled', true]]);
    assert.equal(read[0]?.pages.length, 4);
    assert.equal(results.markFinished({ id, kind: 'crawl' }), false);
    assert.equal((await results.reconcile([id])).length, 0);
    assert.equal(results.all.length, 2);
    const other = fixture.emulator.addCrawlJob(DEMO_API_KEY, { total: 1, completed: 1 });
    assert.equal(results.markFinished({ id: other, kind: 'crawl' }), true);
    assert.equal(results.markFinished({ id: other, kind: 'crawl' }), false);
    assert.equal((await results.reconcile([other])).length, 0);
  });

  it('cancels, and says when the crawl had already finished', async () => {
    const results = service();
    const id = fixture.emulator.addCrawlJob(DEMO_API_KEY, { total: 9, completed: 2 });
    await results.open({ id, kind: 'crawl' });
    const cancelled = await results.cancel({ id, kind: 'crawl' });
    assert.ok(cancelled.ok && cancelled.value.kind === 'cancelled');
    assert.equal(results.get({ id, kind: 'crawl' })?.status, 'cancelled');
    const again = await results.cancel({ id, kind: 'crawl' });
    assert.ok(again.ok && again.value.kind === 'already-finished');
  });

  it('notes when a job\'s end became known, once: a read, a webhook or a cancel; a running job has none', async () => {
    let clock = 1000;
    const client = fixture.client();
    const results = new CrawlResultsService({
      client: () => Promise.resolve(client), store: new PageStore({ root, budgetBytes: () => budget }), now: () => clock,
      describe: (error) => ({ kind: 'failed', message: String(error) }),
    });
    const running = fixture.emulator.addCrawlJob(DEMO_API_KEY, { total: 9, completed: 2 });
    await results.open({ id: running, kind: 'crawl' });
    assert.equal(results.get({ id: running, kind: 'crawl' })?.endedAt, undefined);
    clock = 2000;
    await results.cancel({ id: running, kind: 'crawl' });
    assert.equal(results.get({ id: running, kind: 'crawl' })?.endedAt, 2000);
    const done = fixture.emulator.addCrawlJob(DEMO_API_KEY, { total: 1, completed: 1, listed: false });
    clock = 3000;
    results.markFinished({ id: done, kind: 'crawl' });
    clock = 4000;
    await results.open({ id: done, kind: 'crawl' });
    assert.equal(results.get({ id: done, kind: 'crawl' })?.endedAt, 3000, 'a later read does not move it');
  });

  it('cancels a batch scrape at its own address', async () => {
    const results = service();
    const id = fixture.emulator.addCrawlJob(DEMO_API_KEY, { total: 9, completed: 2, kind: 'batch' });
    await results.open({ id, kind: 'batch' });
    const cancelled = await results.cancel({ id, kind: 'batch' });
    assert.ok(cancelled.ok && cancelled.value.kind === 'cancelled', JSON.stringify(cancelled));
    assert.equal(results.get({ id, kind: 'batch' })?.status, 'cancelled');
  });

  it('stops paging at a next that names another address', async () => {
    const results = service();
    const id = fixture.emulator.addCrawlJob(DEMO_API_KEY, { total: 300, completed: 300, listed: false });
    fixture.emulator.injectFault({ path: `/v2/crawl/${id}`, fault: { kind: 'json', body: { success: true, status: 'completed', total: 300, completed: 300, data: [], next: `http://127.0.0.9:1/v2/crawl/${id}?skip=100` } } });
    const all = await results.readAll({ id, kind: 'crawl' });
    assert.ok(all.ok);
    assert.equal(all.value.cursor, undefined);
    assert.equal(all.value.pagingRefused, 'elsewhere');
  });

  it('reads a job from a command argument: an id, a row, an event row; nothing else', () => {
    const id = DEMO_JOBS.batch;
    assert.deepEqual(readJobArgument(id.toUpperCase()), { id, kind: 'crawl' });
    assert.deepEqual(readJobArgument({ id, kind: 'batch' }), { id, kind: 'batch' });
    assert.deepEqual(readJobArgument({ kind: 'event', record: { jobId: id, type: 'batch_scrape.completed' } }), { id, kind: 'batch' });
    assert.deepEqual(readJobArgument({ kind: 'crawl', id, url: 'https://x' }), { id, kind: 'crawl' });
    for (const bad of [undefined, null, 'abc', ['x'], { id: '../x' }, { jobId: 3 }]) assert.equal(readJobArgument(bad), undefined);
  });
});

// The client's results calls against the emulator, through real sockets: paging with skip/limit,
// `next`, the 10 MiB cut, a crawl that failed at its start, the errors list, cancel and 409, and
// the service's 400/404 answers.
import assert from 'node:assert/strict';
import { DEMO_API_KEY, DEMO_JOBS, MAX_PAGE_BYTES } from '../emulator';
import { call, errorOf } from '../emulator/raw-client';
import { WebDataError, type CrawlStatusPage, type JobRef } from '../../src/core/api';
import { useClientFixture } from './client-fixture';

const cursorOf = (page: CrawlStatusPage): number | undefined => (page.next?.kind === 'cursor' ? page.next.skip : undefined);

describe('client: crawl and batch scrape results', () => {
  let clock = Date.parse('2026-11-24T08:00:00Z');
  const fixture = useClientFixture({ now: () => new Date(clock) });

  it('pages through a completed crawl by skip, 100 documents a page, and no next after the last', async () => {
    const id = fixture.emulator.addCrawlJob(DEMO_API_KEY, { total: 250, completed: 250, listed: false });
    const client = fixture.client();
    const job: JobRef = { id, kind: 'crawl' };
    const first = await client.getCrawlStatus(job);
    assert.equal(first.status, 'completed');
    assert.equal(first.total, 250);
    assert.equal(first.completed, 250);
    assert.equal(first.documents.length, 100);
    assert.equal(first.documents[0]?.metadata?.sourceURL, 'https://docs.tideflow.dev/page/1');
    assert.deepEqual(first.next, { kind: 'cursor', skip: 100 });
    const second = await client.getCrawlStatus(job, { skip: 100 });
    assert.equal(second.documents[0]?.metadata?.sourceURL, 'https://docs.tideflow.dev/page/101');
    const last = await client.getCrawlStatus(job, { skip: 200 });
    assert.equal(last.documents.length, 50);
    assert.equal(last.next, undefined);
    const small = await client.getCrawlStatus(job, { skip: 10, limit: 5 });
    assert.equal(small.documents.length, 5);
    assert.deepEqual(small.next, { kind: 'cursor', skip: 15, limit: 5 });
  });

  it('a running crawl keeps a next at its end and moves on with the emulator clock; creditsUsed -1 before billing', async () => {
    const id = fixture.emulator.addCrawlJob(DEMO_API_KEY, { total: 10, msPerPage: 1000 });
    const client = fixture.client();
    const start = await client.getCrawlStatus({ id, kind: 'crawl' });
    assert.equal(start.status, 'scraping');
    assert.equal(start.creditsUsed, -1);
    assert.deepEqual(start.next, { kind: 'cursor', skip: 0 });
    clock += 4500;
    const later = await client.getCrawlStatus({ id, kind: 'crawl' });
    assert.equal(later.completed, 4);
    assert.deepEqual(later.next, { kind: 'cursor', skip: 4 });
    fixture.emulator.advanceCrawl(id, 6);
    const done = await client.getCrawlStatus({ id, kind: 'crawl' });
    assert.equal(done.status, 'completed');
    assert.equal(done.next, undefined);
  });

  it('cuts a page at 10 MiB of JSON and leaves the rest to next', async () => {
    const id = fixture.emulator.addCrawlJob(DEMO_API_KEY, { total: 30, completed: 30, pageBytes: 1024 * 1024, listed: false });
    const before = fixture.emulator.requests.length;
    const page = await fixture.client().getCrawlStatus({ id, kind: 'crawl' });
    assert.ok(page.documents.length > 1 && page.documents.length < 10, `${page.documents.length} documents`);
    assert.equal(cursorOf(page), page.documents.length);
    const raw = await call(fixture.emulator.url, 'GET', `/v2/crawl/${id}`);
    assert.ok(Buffer.byteLength(raw.text) <= MAX_PAGE_BYTES, `${Buffer.byteLength(raw.text)} bytes`);
    assert.equal(fixture.emulator.requests.length - before, 2);
  });

  it('a crawl that failed at its start is a status, not an exception', async () => {
    const page = await fixture.client().getCrawlStatus({ id: DEMO_JOBS.failed, kind: 'crawl' });
    assert.equal(page.status, 'failed');
    assert.equal(page.failed, true);
    assert.match(page.error ?? '', /could not be reached/);
    assert.deepEqual(page.documents, []);
  });

  it('reads a batch scrape at /v2/batch/scrape/{id}', async () => {
    const page = await fixture.client().getCrawlStatus({ id: DEMO_JOBS.batch, kind: 'batch' });
    assert.equal(page.documents.length, 5);
    assert.equal(page.next, undefined);
    assert.ok(fixture.emulator.requests.some((r) => r.path === `/v2/batch/scrape/${DEMO_JOBS.batch}`));
  });

  it('reads the errors and robots-blocked addresses', async () => {
    const errors = await fixture.client().getCrawlErrors({ id: DEMO_JOBS.large, kind: 'crawl' });
    assert.equal(errors.errors.length, 12);
    assert.equal(errors.robotsBlocked.length, 30);
    assert.match(errors.errors[0]?.url ?? '', /\/broken\/1$/);
  });

  it('cancels a running crawl, then says it had already finished (409)', async () => {
    const id = fixture.emulator.addCrawlJob(DEMO_API_KEY, { total: 10, completed: 2 });
    const client = fixture.client();
    assert.deepEqual(await client.cancelCrawl(id), { kind: 'cancelled' });
    assert.equal((await client.getCrawlStatus({ id, kind: 'crawl' })).status, 'cancelled');
    assert.deepEqual(await client.cancelCrawl(id), { kind: 'already-finished', serviceMessage: 'Crawl is already completed' });
  });

  it('404 Job not found for an unknown job or another team\'s; an id that is not a UUID is never sent', async () => {
    const client = fixture.client();
    await assert.rejects(client.getCrawlStatus({ id: '00000000-0000-4000-8000-000000000000', kind: 'crawl' }), (error: unknown) => {
      assert.ok(error instanceof WebDataError);
      assert.equal(error.kind, 'not-found');
      assert.match(error.message, /24 hours.*"Job not found"/);
      return true;
    });
    fixture.emulator.addTeam({ apiKey: 'wd-other-team' });
    const theirs = fixture.emulator.addCrawlJob('wd-other-team', { total: 1, completed: 1 });
    await assert.rejects(client.getCrawlStatus({ id: theirs, kind: 'crawl' }), /Job not found/);
    const before = fixture.emulator.requests.length;
    await assert.rejects(client.getCrawlStatus({ id: '../team/token-usage', kind: 'crawl' }), /is a UUID/);
    assert.equal(fixture.emulator.requests.length, before);
    const raw = await call(fixture.emulator.url, 'GET', '/v2/crawl/not-a-uuid');
    assert.equal(raw.status, 400);
    assert.equal(errorOf(raw), 'Invalid job ID format. Job ID must be a valid UUID.');
  });
});

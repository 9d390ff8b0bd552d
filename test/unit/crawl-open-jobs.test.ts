// The Crawl Results jobs kept across reloads (src/core/crawls/open-jobs.ts): a snapshot that reads
// back whole, a merge that never loses another window's job, and stored values checked field by field.
import assert from 'node:assert/strict';
import { MAX_OPEN_JOBS, MAX_ROWS, mergeOpenJobs, readOpenJobs, snapshotOf, type StoredJob } from '../../src/core/crawls/open-jobs';
import type { CrawlJobState } from '../../src/core/crawls/results';
import { jobName } from '../../src/core/crawls/job';

const id = (n: number): string => `3f0c9a52-6a3e-4d7b-9c1e-${String(n).padStart(12, '0')}`;
const job = (n: number, pages = 2): CrawlJobState => ({
  ref: { id: id(n), kind: 'crawl' }, status: 'scraping', failed: false, completed: pages, total: 400, creditsUsed: 3,
  pages: Array.from({ length: pages }, (_, index) => ({ index, title: `Page ${index + 1}`, url: `https://a.example/${index}`, statusCode: 200, stored: true })),
  cursor: { skip: pages }, noWebhook: false, delivered: 0,
  lastFailure: { kind: 'network', message: 'this window\'s' }, failures: [{ url: 'https://a.example/x', error: 'boom' }],
});
const entry = (n: number, savedAt: number, address = 'http://127.0.0.1:8485'): StoredJob => ({ address, savedAt, job: snapshotOf(job(n)) });

describe('crawl results kept across reloads', () => {
  it('a job reads back as it was kept (through JSON, as global state keeps it), without this window\'s failure', () => {
    const kept = [{ ...entry(1, 10), url: 'https://a.example' }];
    const [back] = readOpenJobs(JSON.parse(JSON.stringify(kept)));
    assert.ok(back);
    assert.deepEqual(back, kept[0]);
    assert.equal('lastFailure' in back.job, false);
    assert.equal('failures' in back.job, false);
    assert.equal(back.job.pages.length, 2);
    assert.deepEqual(back.job.cursor, { skip: 2 });
  });

  it('a batch scrape reads back with how many addresses it was given (its row\'s name); a count that is not one is skipped, the job kept', () => {
    const batch: StoredJob = { ...entry(8, 10), url: 'https://a.example/1', addresses: 12, job: { ...snapshotOf(job(8)), ref: { id: id(8), kind: 'batch' } } };
    assert.deepEqual(readOpenJobs(JSON.parse(JSON.stringify([batch]))), [batch]);
    for (const addresses of [0, -3, 1.5, '12']) {
      const [back] = readOpenJobs(JSON.parse(JSON.stringify([{ ...batch, addresses }])));
      assert.ok(back);
      assert.equal('addresses' in back, false, String(addresses));
    }
  });

  it('names a job\'s row by where it started, as a running crawl\'s: its address, a batch\'s count of addresses; its short id only when neither is known', () => {
    const crawl = { id: id(9), kind: 'crawl' as const };
    const batch = { id: id(9), kind: 'batch' as const };
    assert.deepEqual(jobName(crawl, { url: 'https://a.example' }), { kind: 'address', url: 'https://a.example' });
    assert.deepEqual(jobName(batch, { url: 'https://a.example/1', addresses: 12 }), { kind: 'addresses', count: 12 });
    assert.deepEqual(jobName(batch, { url: 'https://a.example/1', addresses: 1 }), { kind: 'address', url: 'https://a.example/1' });
    assert.deepEqual(jobName(crawl, undefined), { kind: 'id', short: '3f0c9a52' });
    assert.deepEqual(jobName(batch, {}), { kind: 'id', short: '3f0c9a52' });
  });

  it('a finished job reads back with when this window saw it end (its Jobs row\'s time); a bad time is skipped', () => {
    const ended = { ...entry(4, 10), job: { ...snapshotOf(job(4)), status: 'completed', endedAt: 1_764_400_000_000 } };
    const [back] = readOpenJobs(JSON.parse(JSON.stringify([ended])));
    assert.equal(back?.job.endedAt, 1_764_400_000_000);
    assert.deepEqual(readOpenJobs([{ ...ended, job: { ...ended.job, endedAt: 'yesterday' } }]), []);
  });

  it('a write merges into what is stored: another window\'s jobs stay, each job\'s newer snapshot wins, the newest ten are kept', () => {
    const other = [entry(1, 10), entry(2, 20)];
    const mine = [{ ...entry(2, 30), job: { ...snapshotOf(job(2)), completed: 99 } }, entry(3, 5)];
    const merged = mergeOpenJobs(other, mine);
    assert.deepEqual(merged.map((e) => [e.job.ref.id, e.savedAt]), [[id(2), 30], [id(1), 10], [id(3), 5]]);
    assert.equal(merged[0]?.job.completed, 99);
    // An older snapshot from this window does not overwrite a newer one another window wrote.
    assert.equal(mergeOpenJobs([entry(4, 50)], [entry(4, 40)])[0]?.savedAt, 50);
    // Jobs of another service address are kept apart.
    assert.equal(mergeOpenJobs([entry(5, 1, 'https://api.example.com')], [entry(5, 2)]).length, 2);
    const many = Array.from({ length: 15 }, (_, n) => entry(n, n));
    assert.deepEqual(mergeOpenJobs([], many).map((e) => e.savedAt), Array.from({ length: MAX_OPEN_JOBS }, (_, n) => 14 - n));
  });

  it('rows past the cap are left to the service: the cursor goes back to where the kept rows stop', () => {
    const big = snapshotOf(job(6, MAX_ROWS + 5));
    assert.equal(big.pages.length, MAX_ROWS);
    assert.deepEqual(big.cursor, { skip: MAX_ROWS });
  });

  it('skips what does not read back whole: other shapes, a bad id, a bad row', () => {
    assert.deepEqual(readOpenJobs(undefined), []);
    assert.deepEqual(readOpenJobs({ jobs: [] }), []);
    const good = JSON.parse(JSON.stringify(entry(7, 1))) as { job: { ref: { id: string }; pages: unknown[] } };
    const badId = JSON.parse(JSON.stringify(good)) as typeof good;
    badId.job.ref.id = '../../etc';
    const badRow = JSON.parse(JSON.stringify(good)) as typeof good;
    badRow.job.pages.push({ index: -1, stored: true });
    assert.deepEqual(readOpenJobs([good, badId, badRow, 'x', null]).length, 1);
  });
});

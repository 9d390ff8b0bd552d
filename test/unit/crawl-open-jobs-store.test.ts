// The jobs open in Jobs, kept across reloads in files (src/core/crawls/open-jobs-store.ts, issue 47):
// two windows saving at once, each its jobs one by one without waiting, keep every job; the old
// global-state key moves in once; each job's newer snapshot wins, whichever window's file holds it;
// another window's file is removed only once nothing in it is shown and it has been idle. Real files
// in a temporary folder, each window with its own SharedFolder over it.
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OPEN_JOBS_KEY, snapshotOf, type StoredJob } from '../../src/core/crawls/open-jobs';
import { openJobsKeyOf, OpenJobsStore } from '../../src/core/crawls/open-jobs-store';
import type { CrawlJobState } from '../../src/core/crawls/results';
import { SharedFolder } from '../../src/core/shared-folder';
import { MemoryState } from './memory-state';

const ADDRESS = 'http://127.0.0.1:8485';
const id = (n: number): string => `3f0c9a52-6a3e-4d7b-9c1e-${String(n).padStart(12, '0')}`;
const job = (n: number, completed = 1): CrawlJobState => ({
  ref: { id: id(n), kind: 'crawl' }, status: 'scraping', failed: false, completed, total: 10, noWebhook: false, delivered: 0,
  pages: Array.from({ length: completed }, (_, index) => ({ index, title: `Page ${index + 1}`, stored: true })),
});
const entry = (n: number, savedAt: number, completed = 1, address = ADDRESS): StoredJob => ({ address, savedAt, job: snapshotOf(job(n, completed)) });
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Global state as an earlier version left it: a plain map. */
const Legacy = MemoryState;

describe('OpenJobsStore: the jobs open in Jobs, one file per window', () => {
  let dir = '';
  beforeEach(() => { dir = mkdtempSync(join(tmpdir(), 'wd-open-jobs-')); });
  afterEach(() => { rmSync(dir, { recursive: true, force: true }); });

  const window = (session: string, legacy = new Legacy(), now?: () => number): OpenJobsStore => new OpenJobsStore(new SharedFolder(dir), openJobsKeyOf(session), legacy, now);

  it('two windows saving at once, each its jobs one by one without waiting, keep every job of both', async () => {
    const windows = [window('window-a'), window('window-b')];
    // Interleaved at fixed delays (no randomness): each window's saves overlap its own earlier ones.
    await Promise.all(windows.map(async (store, w) => {
      const saves: Array<Promise<void>> = [];
      for (let i = 0; i < 5; i++) {
        await sleep(w === 0 ? (i * 3) % 5 : 4 - ((i * 3) % 5));
        saves.push(store.save([entry(w * 5 + i, 1000 + i)]));
      }
      await Promise.all(saves);
    }));
    const kept = await window('after-a-reload').read(ADDRESS);
    assert.deepEqual(kept.map((e) => e.job.ref.id).sort(), Array.from({ length: 10 }, (_, n) => id(n)).sort());
  });

  it('moves the old global-state key in once: read by this window and the next, removed from global state', async () => {
    const legacy = new Legacy(new Map([[OPEN_JOBS_KEY, JSON.parse(JSON.stringify([entry(1, 10), entry(2, 20, 1, 'https://other.example')]))]]));
    const first = await window('first', legacy).read(ADDRESS);
    assert.deepEqual(first.map((e) => e.job.ref.id), [id(1)], 'only this address\'s job');
    assert.equal(legacy.get(OPEN_JOBS_KEY), undefined, 'still in global state');
    const next = await window('next', new Legacy()).read(ADDRESS);
    assert.deepEqual(next.map((e) => e.job.ref.id), [id(1)]);
  });

  it('a job\'s newer snapshot wins, whichever window\'s file holds it; a save merges into this window\'s own file only', async () => {
    const a = window('a');
    const b = window('b');
    await a.save([entry(1, 10, 1), entry(2, 10, 1)]);
    await b.save([entry(1, 20, 3)]);
    await a.save([entry(3, 30)]);
    const kept = await window('c').read(ADDRESS);
    assert.deepEqual(kept.map((e) => [e.job.ref.id, e.job.completed]), [[id(3), 1], [id(1), 3], [id(2), 1]]);
    assert.deepEqual(readdirSync(dir).sort(), [`${encodeURIComponent(openJobsKeyOf('a'))}.json`, `${encodeURIComponent(openJobsKeyOf('b'))}.json`].sort());
  });

  it('removes another window\'s file once nothing in it is shown and it has been idle an hour, never one still shown', async () => {
    const hour = 60 * 60 * 1000;
    const start = 1_764_400_000_000;
    await window('gone', new Legacy(), () => start).save([entry(1, start), entry(2, start)]);
    await window('newer', new Legacy(), () => start).save([entry(1, start + 10)]);
    // Within the hour: kept, although its job 1 is newer elsewhere.
    await window('reader', new Legacy(), () => start + hour - 1).read(ADDRESS);
    assert.equal(readdirSync(dir).length, 2);
    // Its job 2 is still shown: kept after the hour too.
    await window('reader', new Legacy(), () => start + 2 * hour).read(ADDRESS);
    assert.equal(readdirSync(dir).length, 2);
    // Job 2 newer elsewhere as well: nothing of it is shown, and it is removed.
    await window('newer', new Legacy(), () => start + 2 * hour).save([entry(2, start + 20)]);
    const kept = await window('reader', new Legacy(), () => start + 2 * hour).read(ADDRESS);
    assert.deepEqual(readdirSync(dir), [`${encodeURIComponent(openJobsKeyOf('newer'))}.json`]);
    assert.deepEqual(kept.map((e) => e.job.ref.id), [id(2), id(1)]);
  });
});

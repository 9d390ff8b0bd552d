// Which jobs opened here the Jobs view lists below the running crawls (src/core/crawls/job-rows.ts,
// issue 46): the running ones first, then the finished ones, the most recently ended first, at most
// twenty; a crawl the active list holds is its own row there, not listed twice.
import assert from 'node:assert/strict';
import { jobRows, MAX_FINISHED_ROWS } from '../../src/core/crawls/job-rows';
import type { JobKind } from '../../src/core/crawls/job';

const id = (n: number): string => `3f0c9a52-6a3e-4d7b-9c1e-${String(n).padStart(12, '0')}`;
const job = (n: number, status: string, endedAt?: number, kind: JobKind = 'crawl') => ({ ref: { id: id(n), kind }, status, ...(endedAt !== undefined ? { endedAt } : {}) });
const ids = (jobs: ReadonlyArray<{ ref: { id: string } }>): number[] => jobs.map((j) => Number(j.ref.id.slice(-12)));

describe('the Jobs view\'s jobs opened here', () => {
  it('running first (as used), then finished, the most recently ended first; a job whose end was not seen last', () => {
    // The service's order: most recently used first.
    const jobs = [job(1, 'completed', 100), job(2, 'scraping', undefined, 'batch'), job(3, 'failed'), job(4, 'cancelled', 300), job(5, 'scraping')];
    assert.deepEqual(ids(jobRows(jobs, new Set())), [2, 5, 4, 1, 3]);
  });

  it('a crawl whose end is known but whose status was not read (it left the list, the read failed) is ended, not running', () => {
    const left = { ...job(1, 'scraping'), finishedVia: 'read' as const, endedAt: 50 };
    assert.deepEqual(ids(jobRows([left, job(2, 'scraping'), job(3, 'completed', 10)], new Set())), [2, 1, 3]);
  });

  it('leaves out a crawl the active list holds (its own row holds its pages), not a batch scrape of the same id', () => {
    const jobs = [job(1, 'scraping'), job(2, 'scraping', undefined, 'batch'), job(3, 'completed', 5)];
    assert.deepEqual(ids(jobRows(jobs, new Set([id(1), id(2), id(3)]))), [2]);
  });

  it(`lists at most ${MAX_FINISHED_ROWS} finished jobs, the newest; every running one`, () => {
    const finished = Array.from({ length: 30 }, (_, n) => job(n + 1, 'completed', n));
    const running = [job(100, 'scraping'), job(101, 'scraping')];
    const rows = jobRows([...finished, ...running], new Set());
    assert.equal(rows.length, MAX_FINISHED_ROWS + 2);
    assert.deepEqual(ids(rows.slice(0, 2)), [100, 101]);
    assert.deepEqual(ids(rows.slice(2, 4)), [30, 29]);
    assert.equal(ids(rows).at(-1), 11);
  });
});

// The team's recent jobs and queue as the Jobs view shows them (issue 49,
// src/core/usage-ledger/team-jobs.ts): what each row opens, and the queue's figures.
import assert from 'node:assert/strict';
import { queueFigures, teamJobs } from '../../src/core/usage-ledger/team-jobs';

const CRAWL = '6D1F2A3B-4C5D-4E6F-8A7B-9C0D1E2F3A4B';

describe("the team's recent jobs (issue 49)", () => {
  it("opens a crawl's and a batch scrape's results by their job id, nothing else", () => {
    const jobs = teamJobs([
      { id: CRAWL, endpoint: 'crawl', created_at: '2026-11-29T10:00:00Z', target: 'https://a.example' },
      { id: '7e2a3b4c-5d6e-4f70-8b8c-9d0e1f2a3b4c', endpoint: 'batch_scrape', created_at: '2026-11-29T09:00:00Z', target: null },
      { id: 'search-1', endpoint: 'search', created_at: 'not a date' },
      { id: 'not-a-job-id', endpoint: 'crawl', created_at: '2026-11-29T08:00:00Z' },
      { id: 'x', endpoint: 'something_new', created_at: '2026-11-29T08:00:00Z' },
    ]);
    assert.deepEqual(jobs.map((j) => j.opens), [{ id: CRAWL.toLowerCase(), kind: 'crawl' }, { id: '7e2a3b4c-5d6e-4f70-8b8c-9d0e1f2a3b4c', kind: 'batch' }, undefined, undefined, undefined]);
    assert.equal(jobs[0]?.createdAt?.toISOString(), '2026-11-29T10:00:00.000Z');
    assert.equal(jobs[2]?.createdAt, undefined);
    assert.equal(jobs[1]?.target, undefined);
    assert.equal(jobs[4]?.endpoint, 'something_new', 'an endpoint this version does not know is kept as given');
  });

  it('reads the queue as whole numbers, never negative', () => {
    assert.deepEqual(queueFigures({ activeJobsInQueue: 2, waitingJobsInQueue: 3, maxConcurrency: 5 }), { running: 2, waiting: 3, atOnce: 5 });
    assert.deepEqual(queueFigures({ activeJobsInQueue: -1, waitingJobsInQueue: 2.7, maxConcurrency: Number.NaN }), { running: 0, waiting: 2, atOnce: 0 });
  });
});

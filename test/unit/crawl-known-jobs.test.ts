// The palette's job list (issue 34, point 8): the active crawls and the jobs open in Crawl Results,
// once each, running first; Cancel Crawl leaves out the jobs that ended.
import assert from 'node:assert/strict';
import { knownJobs, type OpenJob } from '../../src/core/crawls/known-jobs';

const A = '3f0c9a52-6a3e-4d7b-9c1e-2b8f4e7a1d01';
const B = '4a1d9b63-7b4f-4e8c-8d2f-3c9f5f8b2e12';
const C = '5b2eac74-8c5a-4f9d-9e3a-4dab6a9c3f23';

describe('crawl results: the jobs the palette offers', () => {
  const open: OpenJob[] = [
    { ref: { id: B, kind: 'batch' }, status: 'completed', completed: 5, total: 5 },
    { ref: { id: C, kind: 'crawl' }, status: 'scraping', completed: 1, total: 10 },
    { ref: { id: A, kind: 'crawl' }, status: 'scraping', completed: 3, total: 40 },
  ];

  it('Open: the active crawls first (with what is known of them), then the open jobs, running before ended, each once', () => {
    const jobs = knownJobs([{ id: A.toUpperCase(), url: 'https://docs.example.com' }], open, 'open', (ref) => (ref.id === C ? 'https://c.example' : undefined));
    assert.deepEqual(jobs.map((j) => [j.ref.id, j.ref.kind, j.active, j.url, j.status]), [
      [A, 'crawl', true, 'https://docs.example.com', 'scraping'],
      [C, 'crawl', false, 'https://c.example', 'scraping'],
      [B, 'batch', false, undefined, 'completed'],
    ]);
  });

  it('Cancel: a job that ended is not offered', () => {
    assert.deepEqual(knownJobs([], open, 'cancel').map((j) => j.ref.id), [C, A]);
  });

  it('nothing known: an empty list (the box then asks for a pasted id)', () => {
    assert.deepEqual(knownJobs([], [], 'open'), []);
  });
});

// The bound before a job starts: pages always, credits only from this person's finished jobs of
// the same shape (the worst rate seen), unknown otherwise.
import assert from 'node:assert/strict';
import { jobBound, jobShape, withJobCost, type JobCost } from '../../src/core/spend/job-bound';

const markdown = jobShape({ formats: ['markdown'] });
const cost = (pages: number, creditsUsed: number, shape = markdown, id = `${pages}-${creditsUsed}`): JobCost & { id: string } => ({ id, shape, pages, creditsUsed, finishedAt: '2026-11-27T00:00:00Z' });

describe('jobBound', () => {
  it('unknown credits without a finished job of the shape', () => {
    assert.deepEqual(jobBound(50, markdown, []), { pages: 50, credits: { kind: 'unknown' } });
    assert.deepEqual(jobBound(50, markdown, [cost(10, 10, jobShape({ formats: ['markdown'], zeroDataRetention: true }))]).credits, { kind: 'unknown' });
  });

  it('the worst rate of the shape, rounded up, from at most ten jobs', () => {
    const bound = jobBound(40, markdown, [cost(10, 10), cost(20, 30), cost(4, 2)]);
    assert.deepEqual(bound, { pages: 40, credits: { kind: 'history', perPage: 1.5, atMost: 60, samples: 3 } });
    const odd = jobBound(7, markdown, [cost(3, 1)]);
    assert.ok(odd.credits.kind === 'history');
    assert.equal(odd.credits.atMost, 3, '7 × 1/3 = 2.33…, never under');
    const many = Array.from({ length: 12 }, (_, i) => cost(10, i === 11 ? 100 : 10, markdown, String(i)));
    const capped = jobBound(10, markdown, many);
    assert.ok(capped.credits.kind === 'history' && capped.credits.samples === 10 && capped.credits.atMost === 10, 'the eleventh-newest is not read');
  });

  it('the shape is the formats (in any order, strings or objects) and zero data retention', () => {
    assert.equal(jobShape({ formats: ['summary', { type: 'markdown' }] }), jobShape({ formats: [{ type: 'summary' }, 'markdown', 'markdown'] }));
    assert.equal(jobShape({}), markdown);
    assert.notEqual(jobShape({ formats: ['markdown'], zeroDataRetention: true }), markdown);
  });

  it('a job recorded by two windows counts once, newest first, bounded', () => {
    const a = cost(1, 1, markdown, 'a');
    const b = cost(2, 2, markdown, 'b');
    assert.deepEqual(withJobCost(withJobCost([a], b), a).map((c) => c.id), ['a', 'b']);
    assert.equal(withJobCost(Array.from({ length: 60 }, (_, i) => cost(1, 1, markdown, String(i))), a).length, 50);
  });
});

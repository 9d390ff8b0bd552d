import * as assert from 'node:assert/strict';
import { DEFAULT_MAX_DISK_MB, maxDiskMbOf, overDiskBound } from '../../src/core/docs/disk-bound';

const MB = 1024 * 1024;
const set = (id: string, updatedAt: string, megabytes: number) => ({ meta: { id, siteUrl: `https://${id}.example/`, createdAt: updatedAt, updatedAt }, bytes: megabytes * MB });

describe('Docs sets\' bound on disk (disk-bound.ts)', () => {
  const sets = [set('newest', '2026-03-01T00:00:00Z', 200), set('oldest', '2026-01-01T00:00:00Z', 150), set('middle', '2026-02-01T00:00:00Z', 250)];

  it('says nothing while the sets fit', () => {
    assert.equal(overDiskBound(sets, 600), undefined);
    assert.equal(overDiskBound(sets, 601), undefined);
  });

  it('names the oldest sets first, only as many as bring the total within the bound', () => {
    const over = overDiskBound(sets, 500);
    assert.deepEqual(over?.sets.map((s) => s.meta.id), ['oldest'], '600 MB less the oldest 150 MB fits 500 MB');
    assert.equal(over.overBytes, 100 * MB);
    assert.equal(over.totalBytes, 600 * MB);
    assert.equal(over.stillOver, false);
    assert.deepEqual(overDiskBound(sets, 300)?.sets.map((s) => s.meta.id), ['oldest', 'middle']);
  });

  it('never names a set being kept, and says when the rest cannot bring it within the bound', () => {
    const over = overDiskBound(sets, 100, ['newest']);
    assert.deepEqual(over?.sets.map((s) => s.meta.id), ['oldest', 'middle']);
    assert.equal(over.stillOver, true);
  });

  it('reads the setting: a positive number of megabytes, else 500', () => {
    assert.equal(maxDiskMbOf(250), 250);
    assert.equal(DEFAULT_MAX_DISK_MB, 500);
    for (const bad of [undefined, 0, -5, '300', Number.NaN, Number.POSITIVE_INFINITY]) assert.equal(maxDiskMbOf(bad), 500, String(bad));
  });
});

// The short form of `npm run bench`: every section but activation (its own, being rewritten) and
// workbench (it reads the end-to-end run's file) runs with BENCH_QUICK=1, counts shrunk so that the
// whole takes seconds, in a child process as `npm run bench` runs it, on loopback. Values mean
// nothing here; what is checked is that each section still returns its figures, each with a finite
// value, a unit and a goal, and that the run is written as JSON (into a temporary BENCH_OUT).
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunRecord } from '../../bench/report';

/** Each section and the figures it returns: one fewer fails the test. */
const EXPECTED: Record<string, number> = { client: 3, webhooks: 3, entries: 1, 'crawl-results': 4, history: 2, scrape: 1, watch: 2, usage: 3 };

function runBench(out: string): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['--import', 'tsx', 'bench/index.ts', ...Object.keys(EXPECTED)], {
      env: { ...process.env, BENCH_QUICK: '1', BENCH_OUT: out },
      maxBuffer: 4 * 1024 * 1024,
    }, (error, stdout, stderr) => (error ? reject(new Error(`npm run bench (quick) failed: ${error.message}\n${stderr}\n${stdout.slice(-2000)}`)) : resolve({ stdout, stderr })));
  });
}

describe('bench, short form', () => {
  let out: string;
  before(() => {
    out = mkdtempSync(join(tmpdir(), 'bench-short-'));
  });
  after(() => rmSync(out, { recursive: true, force: true }));

  it('every section returns its figures, each with a finite value, a unit and a goal, and the run is written as JSON', async function () {
    // About 17 s on an idle machine here; the sections grow with each family, and a loaded machine
    // (a CPU hog, other sessions) takes several times as long: this is the hang detector, not a goal.
    this.timeout(180_000);
    const { stdout } = await runBench(out);
    const run = JSON.parse(readFileSync(join(out, 'latest.json'), 'utf8')) as RunRecord;
    assert.equal(run.quick, true);
    assert.match(run.node, /^v\d+/);
    assert.ok(run.cores >= 1);
    assert.ok(!Number.isNaN(Date.parse(run.date)), run.date);
    for (const [section, count] of Object.entries(EXPECTED)) {
      const figures = run.figures.filter((f) => f.section === section);
      assert.equal(figures.length, count, `${section} returned ${figures.length} figures, not ${count}: ${figures.map((f) => f.name).join('; ')}`);
      for (const f of figures) {
        assert.ok(Number.isFinite(f.value), `${section} / ${f.name}: ${f.value}`);
        assert.ok(f.unit.trim() !== '', `${section} / ${f.name} has no unit`);
        assert.ok(f.goal, `${section} / ${f.name} has no goal`);
        assert.match(f.goal.at, /^(most|least)$/);
        assert.ok(Number.isFinite(f.goal.value), `${section} / ${f.name}: goal ${f.goal.value}`);
        // The table at the end prints every figure beside its goal.
        assert.ok(stdout.includes(f.name), `the table does not show ${f.name}`);
      }
    }
  });
});

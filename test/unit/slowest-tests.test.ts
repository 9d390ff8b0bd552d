// The slowest tests `npm test` lists at its end: read from the durations files each mocha run
// writes (test/durations-reporter.ts), ranked across runs, hooks left out, a bad file named.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DurationsFile, TimedRunnable } from '../durations-reporter';
import { failureLines, parseDurations, parseFailures, readDurations, slowestLines, slowestTests } from '../../scripts/lib/slowest-tests.mjs';

const REPO = join(__dirname, '..', '..');
const test = (suite: string, title: string, ms: number, state: TimedRunnable['state'] = 'passed'): TimedRunnable => ({ kind: 'test', suite, title, ms, state });

describe('the slowest tests of npm test', () => {
  let dir = '';
  beforeEach(() => { dir = mkdtempSync(join(tmpdir(), 'slowest-')); });
  afterEach(() => { rmSync(dir, { recursive: true, force: true }); });

  const write = (name: string, file: DurationsFile | string): void => {
    writeFileSync(join(dir, name), typeof file === 'string' ? file : JSON.stringify(file));
  };

  it('reads a run\'s tests with the run\'s name, and leaves hooks and malformed entries out', () => {
    const file = { run: 'unit', tests: [test('client', 'retries', 1200), { kind: 'hook', suite: 'client', title: '"before all" hook', ms: 9000, state: 'passed' },
      { kind: 'test', suite: 'client', title: 'no time' }, { kind: 'test', suite: 'client', title: 'negative', ms: -1 }, null] };
    assert.deepEqual(parseDurations(JSON.stringify(file)), [{ run: 'unit', suite: 'client', title: 'retries', ms: 1200, state: 'passed' }]);
    assert.throws(() => parseDurations('{"tests": []}'), /not a durations file/);
  });

  it('ranks the tests of every run together, slowest first, ten by default', () => {
    write('unit.json', { run: 'unit', tests: Array.from({ length: 12 }, (_, i) => test('unit suite', `unit ${i}`, i * 100)) });
    write('host-floor.json', { run: 'host-floor', tests: [test('search', 'finds', 5000), test('search', 'slow', 900)] });
    write('host-latest.json', { run: 'host-latest', tests: [test('search', 'finds', 5000, 'failed')] });
    write('e2e.json', { run: 'e2e', tests: [test('journey', 'step 1', 30_000)] });
    writeFileSync(join(dir, 'notes.txt'), 'not a durations file');
    const { tests, unreadable } = readDurations(dir);
    assert.deepEqual(unreadable, []);
    assert.equal(tests.length, 16);
    const slowest = slowestTests(tests);
    assert.equal(slowest.length, 10);
    assert.deepEqual(slowest.slice(0, 5).map((t) => `${t.run}: ${t.title}`),
      ['e2e: step 1', 'host-floor: finds', 'host-latest: finds', 'unit: unit 11', 'unit: unit 10']);
    assert.deepEqual(slowest.slice(5).map((t) => t.ms), [900, 900, 800, 700, 600]);
    assert.deepEqual(slowestTests(tests, 2).map((t) => t.ms), [30_000, 5000]);
  });

  it('names a file it cannot read and still ranks the others; no folder is no tests', () => {
    write('unit.json', { run: 'unit', tests: [test('a', 'b', 10)] });
    write('host-floor.json', '{"run": "host-floor", "tests": [');
    const { tests, unreadable } = readDurations(dir);
    assert.equal(tests.length, 1);
    assert.equal(unreadable.length, 1);
    assert.match(unreadable[0] ?? '', /^host-floor\.json: /);
    assert.deepEqual(readDurations(join(dir, 'none')), { tests: [], failures: [], unreadable: [] });
  });

  it('prints each test\'s seconds, run, suite and title on a line, a failed one marked', () => {
    const lines = slowestLines([
      { run: 'e2e', suite: 'journey', title: 'step 1', ms: 30_000, state: 'passed' },
      { run: 'host-floor', suite: 'search', title: 'finds', ms: 4_950, state: 'failed' },
      { run: 'unit', suite: '', title: 'top level', ms: 49, state: 'passed' },
    ]);
    assert.deepEqual(lines, [
      '   30.0 s  e2e         journey › step 1',
      '    5.0 s  host-floor  search › finds (failed)',
      '    0.0 s  unit        top level',
    ]);
  });

  it('reads what the reporter writes: a mocha run of a sample file, through test/durations-reporter.ts', function () {
    this.timeout(30_000);
    const out = join(dir, 'sample.json');
    // Another process, so the sample's spec output stays out of this run's (npm test counts its "passing" lines).
    const child = spawnSync(process.execPath, [join(REPO, 'node_modules', 'mocha', 'bin', 'mocha.js'), '--no-config', '--node-option', 'import=tsx',
      '--reporter', 'test/durations-reporter.ts', '--reporter-option', 'run=sample', '--reporter-option', `out=${out}`,
      'test/unit/fixtures/durations-sample.ts'], { cwd: REPO, encoding: 'utf8', timeout: 25_000 });
    assert.equal(child.status, 2, `the sample run should fail its failing test and its failing hook: ${child.stdout}${child.stderr}`);
    assert.match(child.stdout, /1 passing/, 'the reporter no longer prints as the spec reporter does');
    const written = JSON.parse(readFileSync(out, 'utf8')) as DurationsFile;
    assert.equal(written.run, 'sample');
    assert.deepEqual(written.tests.map((t) => `${t.kind} ${t.state}: ${t.suite} / ${t.title}`), [
      'hook passed: sample outer sample inner / "before all" hook for "passes"',
      'test passed: sample outer sample inner / passes',
      'test failed: sample outer sample inner / fails',
      'hook failed: sample hook / "before all" hook for "never runs"',
    ]);
    assert.ok(written.tests.every((t) => Number.isFinite(t.ms) && t.ms >= 0));
    assert.deepEqual(parseDurations(JSON.stringify(written)).map((t) => `${t.run} ${t.state}: ${t.title}`), ['sample passed: passes', 'sample failed: fails']);
    // What npm test prints last: each failure with its message, the hook's without its colours.
    assert.deepEqual(failureLines(parseFailures(JSON.stringify(written))), [
      '   sample  sample outer sample inner › fails',
      '        failing on purpose',
      '   sample  sample hook › "before all" hook for "never runs"',
      '        set-up failed',
      '        second line',
    ]);
  });
});

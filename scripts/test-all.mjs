#!/usr/bin/env node
// `npm test`: every suite, in groups, stopping after the first group with a failure, as `a && b && …`
// would; the stages of a group run at once (typecheck, lint and the unit tests are one process each,
// so on 2 cores three at once take about half their sum; their output is shown whole, one stage
// after another, as each is done: no two stages' lines mix; WEBDATA_TEST_SERIAL=1 runs one at a time); then
// where the time went (seconds per stage) and one closing line that any CI reads:
// "tests: N passed, N failed, N skipped", summed from each mocha run's closing counts. Before
// that, the ten slowest tests of all the mocha runs and what failed with its message, from the
// durations each writes (test/durations-reporter.ts) to test-results/durations/, emptied first.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { failureLines, readDurations, slowestLines, slowestTests } from './lib/slowest-tests.mjs';

const DURATIONS = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'test-results', 'durations');

// The package check builds dist/ for production and makes the .vsix, which the end-to-end run then
// installs as it is (WEBDATA_VSIX_FRESH): nothing rebuilds dist/ while the host tests run on it.
// The host run (two VS Code versions at once) keeps the cores about two thirds busy: its tests wait
// on the extension's own timers; the end-to-end run, one file at a time beside it, fills the rest.
const ALL_GROUPS = [['typecheck', 'lint', 'test:unit'], ['test:package'], ['test:host', 'test:e2e']];
/** A stage's arguments when it shares its group: the end-to-end files one at a time beside the host run. */
const SHARED_ARGS = { 'test:e2e': ['--jobs', '1'] };
// WEBDATA_TEST_STAGES=lint,test:unit runs only those (in the order above): for trying this script.
const chosen = (process.env.WEBDATA_TEST_STAGES ?? '').split(',').map((s) => s.trim()).filter(Boolean);
const SERIAL = process.env.WEBDATA_TEST_SERIAL === '1';
const GROUPS = ALL_GROUPS
  .map((group) => group.filter((name) => chosen.length === 0 || chosen.includes(name)))
  .flatMap((group) => (SERIAL ? group.map((name) => [name]) : [group]))
  .filter((group) => group.length > 0);
const STAGES = GROUPS.flat();

/** Mocha's closing counts in a piece of output ("739 passing (25s)", "2 failing", "1 pending"). */
export function mochaCounts(text) {
  const sum = (word) => [...text.matchAll(new RegExp(`^\\s*(\\d+) ${word}\\b`, 'gm'))].reduce((total, m) => total + Number(m[1]), 0);
  return { passed: sum('passing'), failed: sum('failing'), skipped: sum('pending') };
}

/**
 * Runs one stage; its output is shown as it comes when `live`, else kept in `kept` (stream, chunk)
 * for the caller to show when it is done.
 */
function runStage(name, { live = true, kept = [], args = [] } = {}) {
  return new Promise((resolve) => {
    const started = Date.now();
    let tail = '';
    const counts = { passed: 0, failed: 0, skipped: 0 };
    const child = spawn('npm', ['run', '--silent', name, ...(args.length > 0 ? ['--', ...args] : [])], { stdio: ['ignore', 'pipe', 'pipe'] });
    const onData = (stream) => (chunk) => {
      if (live) stream.write(chunk);
      else kept.push([stream, chunk]);
      // Count whole lines only: a closing line may arrive split across chunks.
      const text = tail + chunk.toString('utf8');
      const end = text.lastIndexOf('\n');
      const found = mochaCounts(text.slice(0, end + 1));
      for (const key of Object.keys(counts)) counts[key] += found[key];
      tail = text.slice(end + 1);
    };
    child.stdout.on('data', onData(process.stdout));
    child.stderr.on('data', onData(process.stderr));
    child.on('close', (code, signal) => {
      const found = mochaCounts(`${tail}\n`);
      for (const key of Object.keys(counts)) counts[key] += found[key];
      resolve({ name, ok: code === 0, code: code ?? signal, seconds: (Date.now() - started) / 1000, ...counts });
    });
  });
}

/**
 * The stages of a group at once: the first one's output as it comes, each other's whole once it
 * and those before it are done. Resolves with their results in the group's order.
 */
async function runGroup(group) {
  if (group.length > 1) console.log(`\n== ${group.join(', ')} at once; the output of each after the one before it`);
  const runs = group.map((name, index) => {
    const kept = [];
    return { kept, done: runStage(name, { live: index === 0, kept, args: group.length > 1 ? SHARED_ARGS[name] ?? [] : [] }) };
  });
  const results = [];
  for (const run of runs) {
    const result = await run.done;
    for (const [stream, chunk] of run.kept) stream.write(chunk);
    results.push(result);
  }
  return results;
}

/**
 * The ten slowest tests of the runs that wrote their durations, any file that could not be read,
 * then what failed with its message: near the end, where a CI's shortened log still shows it.
 */
function printSlowestAndFailed() {
  const { tests, failures, unreadable } = readDurations(DURATIONS);
  if (tests.length > 0 || unreadable.length > 0) {
    console.log('\n== the ten slowest tests');
    for (const line of slowestLines(slowestTests(tests, 10))) console.log(line);
    for (const file of unreadable) console.log(`   (durations not read from ${file})`);
  }
  if (failures.length === 0) return;
  console.log('\n== what failed');
  for (const line of failureLines(failures)) console.log(line);
}

async function main() {
  const started = Date.now();
  // Only this run's durations: a file an earlier run left would name tests not run now.
  fs.rmSync(DURATIONS, { recursive: true, force: true });
  const results = [];
  for (const group of GROUPS) {
    results.push(...await runGroup(group));
    if (results.some((r) => !r.ok)) break;
    // The end-to-end run installs the .vsix the package check just made and checked.
    if (group.includes('test:package')) process.env.WEBDATA_VSIX_FRESH = '1';
  }
  const total = (key) => results.reduce((sum, r) => sum + r[key], 0);
  printSlowestAndFailed();
  console.log('\n== where the time went');
  for (const r of results) {
    const tests = r.passed + r.failed + r.skipped > 0 ? `  (${r.passed} passed${r.failed ? `, ${r.failed} failed` : ''}${r.skipped ? `, ${r.skipped} skipped` : ''})` : '';
    console.log(`   ${r.name.padEnd(13)} ${r.seconds.toFixed(1).padStart(6)} s  ${r.ok ? 'ok' : `FAILED (exit ${r.code})`}${tests}`);
  }
  for (const name of STAGES.slice(results.length)) console.log(`   ${name.padEnd(13)}      -    not run (an earlier stage failed)`);
  console.log(`   ${'all'.padEnd(13)} ${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s`);
  const failedStage = results.find((r) => !r.ok);
  // A stage that failed without a mocha count (typecheck, lint, a runner that died) counts once.
  const failed = total('failed') + results.filter((r) => !r.ok && r.failed === 0).length;
  console.log(`tests: ${total('passed')} passed, ${failed} failed, ${total('skipped')} skipped`);
  process.exitCode = failedStage ? 1 : 0;
}

if (import.meta.url === `file://${process.argv[1]}`) void main();

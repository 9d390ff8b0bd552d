// The slowest tests of all the mocha runs of `npm test`: each run (unit, host on each VS Code
// version, end-to-end) writes its tests' durations to a JSON file in test-results/durations/
// (test/durations-reporter.ts); scripts/test-all.mjs reads them all at its end and prints the
// slowest ten, so a test that grows slow shows before the whole run does.
import fs from 'node:fs';
import path from 'node:path';

/**
 * The tests of one durations file's text, each with its run's name; hooks and entries of another
 * shape are left out. Throws when the text is not such a file.
 */
export function parseDurations(text) {
  const file = JSON.parse(text);
  if (typeof file !== 'object' || file === null || typeof file.run !== 'string' || !Array.isArray(file.tests)) {
    throw new Error('not a durations file: { run, tests: [...] } expected');
  }
  return file.tests
    .filter((t) => typeof t === 'object' && t !== null && t.kind === 'test' && typeof t.title === 'string'
      && typeof t.suite === 'string' && typeof t.ms === 'number' && Number.isFinite(t.ms) && t.ms >= 0)
    .map((t) => ({ run: file.run, suite: t.suite, title: t.title, ms: t.ms, state: t.state === 'failed' ? 'failed' : 'passed' }));
}

/**
 * The failed tests and hooks of one durations file's text, each with its run's name and its error's
 * first lines ("" when the file kept none). Throws when the text is not such a file.
 */
export function parseFailures(text) {
  const file = JSON.parse(text);
  if (typeof file !== 'object' || file === null || typeof file.run !== 'string' || !Array.isArray(file.tests)) {
    throw new Error('not a durations file: { run, tests: [...] } expected');
  }
  return file.tests
    .filter((t) => typeof t === 'object' && t !== null && t.state === 'failed' && typeof t.title === 'string' && typeof t.suite === 'string')
    .map((t) => ({ run: file.run, suite: t.suite, title: t.title, error: typeof t.error === 'string' ? t.error : '' }));
}

/** Every test and every failure of every `*.json` file in `dir` (none when it does not exist), and the files that could not be read. */
export function readDurations(dir) {
  const tests = [];
  const failures = [];
  const unreadable = [];
  const names = fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => name.endsWith('.json')).sort() : [];
  for (const name of names) {
    try {
      const text = fs.readFileSync(path.join(dir, name), 'utf8');
      tests.push(...parseDurations(text));
      failures.push(...parseFailures(text));
    } catch (error) {
      unreadable.push(`${name}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return { tests, failures, unreadable };
}

/** The `count` slowest tests, slowest first; equal times in a stable order (run, suite, title). */
export function slowestTests(tests, count = 10) {
  const order = (a, b) => b.ms - a.ms || a.run.localeCompare(b.run) || a.suite.localeCompare(b.suite) || a.title.localeCompare(b.title);
  return [...tests].sort(order).slice(0, count);
}

/** One line per test: its seconds, its run, its suite and title ("   12.3 s  host-floor  search › finds"). */
export function slowestLines(tests) {
  const width = Math.max(0, ...tests.map((t) => t.run.length));
  return tests.map((t) => `${(t.ms / 1000).toFixed(1).padStart(7)} s  ${t.run.padEnd(width)}  ${t.suite ? `${t.suite} › ` : ''}${t.title}${t.state === 'failed' ? ' (failed)' : ''}`);
}

/**
 * Each failure as its run, suite and title, then its error's lines indented: `npm test` prints them
 * last but for its totals, so the end of a long log (all a CI may keep) says what failed and why.
 */
export function failureLines(failures) {
  return failures.flatMap((f) => [
    `   ${f.run}  ${f.suite ? `${f.suite} › ` : ''}${f.title}`,
    ...(f.error ? f.error.split('\n').map((line) => `        ${line}`) : ['        (no message kept)']),
  ]);
}

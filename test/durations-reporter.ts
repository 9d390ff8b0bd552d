// Mocha's spec reporter, which also writes every test's and hook's duration to a JSON file, so
// that `npm test` can name the slowest tests of all its mocha runs (unit, host on each VS Code
// version, end-to-end) at its end (scripts/lib/slowest-tests.mjs reads the files).
// Options: `out`, the file (default test-results/durations/<run>.json), and `run`, the run's name.
// The unit and end-to-end runs name it as their reporter (`.mocharc.json`, package.json's
// test:e2e); the host runs pass the class to their Mocha (test/host/index.ts).
import * as fs from 'node:fs';
import * as path from 'node:path';
import Mocha from 'mocha';

/** One test or hook as the file records it; `suite` is the titles of the describes around it. */
export interface TimedRunnable {
  kind: 'test' | 'hook';
  suite: string;
  title: string;
  ms: number;
  state: 'passed' | 'failed';
  /** A failure's message, its first lines without colours: `npm test` repeats it at its end, where a CI's tail shows it. */
  error?: string;
}

export interface DurationsFile {
  run: string;
  tests: TimedRunnable[];
}

const { EVENT_TEST_PASS, EVENT_TEST_FAIL, EVENT_HOOK_END, EVENT_RUN_END } = Mocha.Runner.constants;

function option(options: unknown, name: string): string | undefined {
  if (typeof options !== 'object' || options === null) return undefined;
  const value = (options as Record<string, unknown>)[name];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

/** An error's message, its first eight lines and at most 1,200 characters, without terminal colours. */
function firstLines(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  // eslint-disable-next-line no-control-regex -- the colours are control sequences
  const plain = text.replace(/\u001b\[[0-9;]*m/g, '');
  return plain.split('\n').slice(0, 8).join('\n').slice(0, 1200);
}

export default class DurationsReporter extends Mocha.reporters.Spec {
  constructor(runner: Mocha.Runner, options?: Mocha.MochaOptions) {
    super(runner, options);
    const reporterOptions: unknown = options?.reporterOptions;
    const run = option(reporterOptions, 'run') ?? 'mocha';
    const out = path.resolve(option(reporterOptions, 'out') ?? path.join('test-results', 'durations', `${run}.json`));
    const tests: TimedRunnable[] = [];
    const record = (kind: TimedRunnable['kind'], runnable: Mocha.Runnable, state: TimedRunnable['state'], error?: unknown): void => {
      // A hook that failed reports no duration (kept as 0 ms, for its error); a test that timed out reports its timeout.
      if (runnable.duration === undefined && state === 'passed') return;
      tests.push({ kind, suite: runnable.parent?.fullTitle() ?? '', title: runnable.title, ms: runnable.duration ?? 0, state,
        ...(state === 'failed' ? { error: firstLines(error) } : {}) });
    };
    runner.on(EVENT_TEST_PASS, (test) => { record('test', test, 'passed'); });
    // A failed hook comes through here too, though the types say a test.
    runner.on(EVENT_TEST_FAIL, (runnable: Mocha.Runnable, error: unknown) => { record((runnable as { type?: unknown }).type === 'hook' ? 'hook' : 'test', runnable, 'failed', error); });
    runner.on(EVENT_HOOK_END, (hook) => { record('hook', hook, 'passed'); });
    // Synchronously: the unit run exits (`exit: true`) right after its end.
    runner.once(EVENT_RUN_END, () => {
      const file: DurationsFile = { run, tests };
      fs.mkdirSync(path.dirname(out), { recursive: true });
      fs.writeFileSync(out, `${JSON.stringify(file, null, 1)}\n`);
    });
  }
}

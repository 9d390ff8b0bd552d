// Entry of the host tests: the real extension host require()s this bundle (out/host/index.js,
// built by scripts/run-host-tests.mjs) and calls run(). Mocha is bundled in; the suites
// (test/host/suite/**/*.test.ts) come from a module the bundler generates, so adding a suite
// needs no list to maintain.
import Mocha from 'mocha';
import * as vscode from 'vscode';
import { loadSuites } from 'virtual:host-suites';
import { progressLine } from '../../scripts/lib/host-progress.mjs';
import DurationsReporter from '../durations-reporter';

const { EVENT_RUN_BEGIN, EVENT_TEST_BEGIN, EVENT_TEST_END, EVENT_HOOK_BEGIN, EVENT_HOOK_END } = Mocha.Runner.constants;

/**
 * Tells the shim (test/host/code-shim.mjs) each test and hook as it begins, with its own timeout,
 * and as it ends: its hang detector allows the run that long, where a fixed cap on the whole run
 * would be reached by the suite's own growth (scripts/lib/host-progress.mjs).
 */
function announceProgress(runner: Mocha.Runner): void {
  const say = (line: string): void => { console.log(line); };
  runner.once(EVENT_RUN_BEGIN, () => { say(progressLine({ event: 'start', total: runner.total })); });
  const begin = (runnable: Mocha.Runnable): void => { say(progressLine({ event: 'begin', title: runnable.fullTitle(), timeoutMs: runnable.timeout() })); };
  const end = (runnable: Mocha.Runnable): void => { say(progressLine({ event: 'end', title: runnable.fullTitle() })); };
  runner.on(EVENT_TEST_BEGIN, begin);
  runner.on(EVENT_HOOK_BEGIN, begin);
  runner.on(EVENT_TEST_END, end);
  runner.on(EVENT_HOOK_END, end);
}

/**
 * Do Not Disturb: the workbench draws no toast but an error's. It keeps every toast a run shows
 * until it hides, and lays all of them out again at each new one; no host test reads the page (the
 * end-to-end run does, with every toast), and the extension's calls are the same. WEBDATA_HOST_SHOW_TOASTS=1
 * keeps them, to watch a run.
 */
async function quietToasts(): Promise<void> {
  if (process.env.WEBDATA_HOST_SHOW_TOASTS === '1') return;
  const commands = await vscode.commands.getCommands(true);
  if (commands.includes('notifications.toggleDoNotDisturbMode')) await vscode.commands.executeCommand('notifications.toggleDoNotDisturbMode');
}

export async function run(): Promise<void> {
  await quietToasts();
  // The spec reporter, which also writes each test's duration where scripts/run-host-tests.mjs says.
  const durations = process.env.WEBDATA_TEST_DURATIONS_FILE;
  const mocha = new Mocha({ ui: 'bdd', timeout: 20_000, color: false, reporter: DurationsReporter,
    reporterOptions: { run: `host-${process.env.WEBDATA_TEST_VSCODE ?? 'vscode'}`, ...(durations ? { out: durations } : {}) } });
  const grep = process.env.WEBDATA_HOST_TEST_GREP;
  if (grep) mocha.grep(grep);
  // describe/it must be globals before the suites' top-level code runs.
  mocha.suite.emit('pre-require', globalThis, 'host-suites', mocha);
  loadSuites();
  return new Promise((resolve, reject) => {
    const runner = mocha.run((failures) => {
      if (failures > 0) reject(new Error(`${failures} host test(s) failed`));
      else resolve();
    });
    announceProgress(runner);
  });
}

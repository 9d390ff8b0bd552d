// Entry of the host tests: the real extension host require()s this bundle (out/host/index.js,
// built by scripts/run-host-tests.mjs) and calls run(). Mocha is bundled in; the suites
// (test/host/suite/**/*.test.ts) come from a module the bundler generates, so adding a suite
// needs no list to maintain.
import Mocha from 'mocha';
import { loadSuites } from 'virtual:host-suites';
import DurationsReporter from '../durations-reporter';

export function run(): Promise<void> {
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
    mocha.run((failures) => {
      if (failures > 0) reject(new Error(`${failures} host test(s) failed`));
      else resolve();
    });
  });
}

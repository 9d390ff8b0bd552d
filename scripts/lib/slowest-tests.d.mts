// Types for slowest-tests.mjs (used from the TypeScript unit tests).
export interface TimedTest {
  run: string;
  suite: string;
  title: string;
  ms: number;
  state: 'passed' | 'failed';
}
/** A failed test or hook, with its error's first lines ("" when none was kept). */
export interface FailedTest {
  run: string;
  suite: string;
  title: string;
  error: string;
}
export declare function parseDurations(text: string): TimedTest[];
export declare function parseFailures(text: string): FailedTest[];
export declare function readDurations(dir: string): { tests: TimedTest[]; failures: FailedTest[]; unreadable: string[] };
export declare function slowestTests(tests: readonly TimedTest[], count?: number): TimedTest[];
export declare function slowestLines(tests: readonly TimedTest[]): string[];
export declare function failureLines(failures: readonly FailedTest[]): string[];

// Types for slowest-tests.mjs (used from the TypeScript unit tests).
export interface TimedTest {
  run: string;
  suite: string;
  title: string;
  ms: number;
  state: 'passed' | 'failed';
}
export declare function parseDurations(text: string): TimedTest[];
export declare function readDurations(dir: string): { tests: TimedTest[]; unreadable: string[] };
export declare function slowestTests(tests: readonly TimedTest[], count?: number): TimedTest[];
export declare function slowestLines(tests: readonly TimedTest[]): string[];

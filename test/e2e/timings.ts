// Times a person feels in the real workbench, measured by the journey with the same condition
// waits its steps use (no sleeps), written to test-results/e2e/timings.json for `npm run bench`
// (bench/workbench.ts). Each run of the journey replaces the file's entries it measures.
import fs from 'node:fs';
import path from 'node:path';
import { SHOTS_DIR } from './workbench';

export const TIMINGS_FILE = path.join(SHOTS_DIR, 'timings.json');

/** What timings.json holds: when it was written, and each timing in milliseconds by name. */
export interface WorkbenchTimings {
  date: string;
  timings: Record<string, number>;
}

/** Starts a clock; the function it returns records the time since under `name`. */
export function startTiming(name: string): () => number {
  const started = performance.now();
  return () => {
    const ms = performance.now() - started;
    recordTiming(name, ms);
    return ms;
  };
}

/** The middle one of a few timings of the same thing, recorded under `name`: one click is too noisy to compare. */
export function recordMedian(name: string, samples: readonly number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
  recordTiming(name, median);
  return median;
}

function recordTiming(name: string, ms: number): void {
  let timings: Record<string, number> = {};
  try {
    const read = JSON.parse(fs.readFileSync(TIMINGS_FILE, 'utf8')) as { timings?: unknown };
    if (typeof read.timings === 'object' && read.timings !== null) timings = read.timings as Record<string, number>;
  } catch {
    // No file yet (or a broken one): start afresh.
  }
  timings[name] = Math.round(ms * 10) / 10;
  const record: WorkbenchTimings = { date: new Date().toISOString(), timings };
  fs.mkdirSync(SHOTS_DIR, { recursive: true });
  fs.writeFileSync(TIMINGS_FILE, `${JSON.stringify(record, null, 2)}\n`);
}

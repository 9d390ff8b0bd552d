// Small helpers shared by bench sections: medians, a compact table, the Figure each section
// returns, and BENCH_QUICK.

/**
 * BENCH_QUICK=1: every section shrinks its counts so that the whole bench runs in seconds. The
 * figures keep their shape (names, units, goals) and lose their meaning: the short form in
 * `npm test` (test/unit/bench-short.test.ts) checks that each section still returns its figures.
 */
export const QUICK = process.env.BENCH_QUICK === '1';

/** `full` for a real run, `quick` under BENCH_QUICK=1. */
export function sized(full: number, quick: number): number {
  return QUICK ? quick : full;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

export function ms(value: number): string {
  return value >= 10 ? `${value.toFixed(1)} ms` : value >= 1 ? `${value.toFixed(2)} ms` : `${(value * 1000).toFixed(0)} µs`;
}

/** Prints rows as aligned columns; the first row is the heading, the first `left` columns are text. */
export function table(rows: string[][], left = 1): void {
  const widths = rows[0]?.map((_, col) => Math.max(...rows.map((row) => (row[col] ?? '').length))) ?? [];
  for (const [i, row] of rows.entries()) {
    console.log(row.map((cell, col) => (col < left ? cell.padEnd(widths[col] ?? 0) : cell.padStart(widths[col] ?? 0))).join('  '));
    if (i === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  }
}

/**
 * One figure a section measured, with its goal: `npm run bench` prints every figure of a run in
 * one table beside its goal and writes them all as JSON, so two runs can be compared.
 */
export interface Figure {
  /** What was measured, in a user's words ("activation, no key stored"). */
  name: string;
  value: number;
  /** 'ms', 'µs', '×', '/s', 'KiB', 'MB', … as printed after the value. */
  unit: string;
  /** The goal the value is held to: at most or at least `value`; none for a figure kept for reading. */
  goal?: { at: 'most' | 'least'; value: number };
  /** How it was measured or what it compares with, in a few words. */
  note?: string;
}

export function figure(name: string, value: number, unit: string, goal?: Figure['goal'], note?: string): Figure {
  return { name, value, unit, ...(goal ? { goal } : {}), ...(note ? { note } : {}) };
}

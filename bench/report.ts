// What `npm run bench` does with the figures the sections return: one table of every figure beside
// its goal, the JSON file of the run (so that two runs can be compared), and the comparison.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { table, type Figure } from './stats';

export interface SectionFigure extends Figure {
  section: string;
}

/** The JSON file of one run: enough to tell two runs' machines and code apart. */
export interface RunRecord {
  date: string;
  commit: string;
  node: string;
  cores: number;
  /** BENCH_QUICK=1 runs are marked: their values mean nothing. */
  quick: boolean;
  figures: SectionFigure[];
}

/** A value with as many digits as a reader can use: 1.05, 12.4, 173, 10,670. */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  if (Number.isInteger(value)) return value.toLocaleString('en-US');
  const size = Math.abs(value);
  if (size >= 1000) return Math.round(value).toLocaleString('en-US');
  if (size >= 100) return value.toFixed(0);
  if (size >= 10) return value.toFixed(1);
  return value.toFixed(2);
}

function withUnit(value: number, unit: string): string {
  return unit === '×' || unit === '/s' || unit === '%' ? `${formatNumber(value)}${unit}` : `${formatNumber(value)} ${unit}`;
}

export function goalText(f: Figure): string {
  return f.goal ? `${f.goal.at === 'most' ? '≤' : '≥'} ${withUnit(f.goal.value, f.unit)}` : '-';
}

/** True when the figure meets its goal; undefined when it has none. */
export function met(f: Figure): boolean | undefined {
  if (!f.goal) return undefined;
  return f.goal.at === 'most' ? f.value <= f.goal.value : f.value >= f.goal.value;
}

function verdict(f: Figure): string {
  const ok = met(f);
  return ok === undefined ? '-' : ok ? 'met' : 'MISSED';
}

export function printFigures(figures: readonly SectionFigure[]): void {
  table([
    ['section', 'figure', 'measured', 'goal', ''],
    ...figures.map((f) => [f.section, f.name, withUnit(f.value, f.unit), goalText(f), verdict(f)]),
  ], 2);
  const notes = figures.filter((f) => f.note !== undefined);
  if (notes.length > 0) console.log(`\n${notes.map((f) => `${f.section} / ${f.name}: ${f.note}`).join('\n')}`);
}

function gitCommit(): string {
  const head = spawnSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8', timeout: 10_000 });
  if (head.status !== 0) return 'unknown';
  const dirty = spawnSync('git', ['status', '--porcelain', '--untracked-files=no'], { encoding: 'utf8', timeout: 10_000 });
  return `${head.stdout.trim()}${dirty.stdout.trim() !== '' ? '+changes' : ''}`;
}

/** Writes `latest.json` and `<timestamp>.json` into `dir`; returns the timestamped file. */
export function writeRun(dir: string, figures: SectionFigure[], quick: boolean): string {
  const date = new Date();
  const record: RunRecord = { date: date.toISOString(), commit: gitCommit(), node: process.version, cores: availableParallelism(), quick, figures };
  const text = `${JSON.stringify(record, null, 2)}\n`;
  mkdirSync(dir, { recursive: true });
  // A name that sorts by time and is valid on every file system (no colons).
  const file = join(dir, `${date.toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, text);
  writeFileSync(join(dir, 'latest.json'), text);
  return file;
}

function readRun(file: string): RunRecord {
  const value = JSON.parse(readFileSync(file, 'utf8')) as Partial<RunRecord>;
  if (!Array.isArray(value.figures)) throw new Error(`${file} is not a bench run (no figures).`);
  return value as RunRecord;
}

/** `npm run bench -- --compare A.json B.json`: each figure of either run, A beside B, with the change. */
export function compareRuns(fileA: string, fileB: string): void {
  const a = readRun(fileA);
  const b = readRun(fileB);
  for (const [label, run] of [['A', a], ['B', b]] as const) {
    console.log(`${label}: ${run.date}, commit ${run.commit}, node ${run.node}, ${run.cores} cores${run.quick ? ' (BENCH_QUICK: values mean nothing)' : ''}`);
  }
  const key = (f: SectionFigure): string => `${f.section}\u0000${f.name}`;
  const inB = new Map(b.figures.map((f) => [key(f), f]));
  const rows: string[][] = [['section', 'figure', 'A', 'B', 'change', 'goal', 'A', 'B']];
  for (const fa of a.figures) {
    const fb = inB.get(key(fa));
    inB.delete(key(fa));
    const change = fb && fa.value !== 0 ? `${fb.value >= fa.value ? '+' : ''}${(((fb.value - fa.value) / Math.abs(fa.value)) * 100).toFixed(1)}%` : '-';
    rows.push([fa.section, fa.name, withUnit(fa.value, fa.unit), fb ? withUnit(fb.value, fb.unit) : '(none)', change, goalText(fb ?? fa), verdict(fa), fb ? verdict(fb) : '-']);
  }
  for (const fb of inB.values()) rows.push([fb.section, fb.name, '(none)', withUnit(fb.value, fb.unit), '-', goalText(fb), '-', verdict(fb)]);
  console.log('');
  table(rows, 2);
}

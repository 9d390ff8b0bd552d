// The entry queries on hostile text: the cleaner runs when a person picks an entry, on text of any
// shape (a terminal's scrollback, a generated message). Each input is the longest the cleaner
// scrubs (longer text is cut first) and is shaped to make a careless pattern backtrack: long runs
// with no space, "a.a.a." without an @, "https://" again and again. The goal: every one well under
// a frame (16 ms); the ordinary message for comparison.
import { problemQuery, terminalQuery } from '../src/core/entries/query';
import { figure, median, ms, sized, table, type Figure } from './stats';

const CONTEXT = { homeDir: '/home/alice', userName: 'alice' };
const LENGTH = 4000;
const RUNS = sized(15, 3);

function repeat(unit: string): string {
  return unit.repeat(Math.ceil(LENGTH / unit.length)).slice(0, LENGTH);
}

const INPUTS: Record<string, string> = {
  'ts 2322 message': "Type 'string' is not assignable to type 'number'.",
  'one long word': repeat('a'),
  'a.a.a. (no @)': repeat('a.'),
  'a@a@a@': repeat('a@'),
  'key-shaped': repeat('aB3_'),
  'https://a again': repeat('https://a'),
  'password= again': repeat('password='),
  'Bearer again': repeat('Bearer '),
  '1:1:1: (IPv6-ish)': repeat('1:'),
  '/a/a/a path': repeat('/a'),
  'escapes': repeat('\u001b['),
  'prompts': repeat('$ \n'),
};

export async function run(): Promise<Figure[]> {
  const rows = [['input (4,000 characters)', 'problem', 'terminal']];
  let worst = { name: '', ms: 0 };
  for (const [name, text] of Object.entries(INPUTS)) {
    const times = { problem: [] as number[], terminal: [] as number[] };
    for (let i = 0; i < RUNS; i++) {
      let start = performance.now();
      problemQuery({ message: text, source: 'ts', code: 2322 }, CONTEXT);
      times.problem.push(performance.now() - start);
      start = performance.now();
      terminalQuery(text, CONTEXT);
      times.terminal.push(performance.now() - start);
    }
    rows.push([name, ms(median(times.problem)), ms(median(times.terminal))]);
    const slower = Math.max(median(times.problem), median(times.terminal));
    if (slower > worst.ms) worst = { name, ms: slower };
  }
  table(rows);
  await Promise.resolve();
  // A frame: the cleaner runs when a person picks an entry, before the query box opens.
  return [figure('cleaner, worst hostile 4,000-character input', worst.ms, 'ms', { at: 'most', value: 16 }, `worst: ${worst.name}, median of ${RUNS}`)];
}

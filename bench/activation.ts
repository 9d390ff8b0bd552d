// Startup cost, measured on the production bundle (dist/extension.js) in fresh processes with a
// stand-in `vscode` module (bench/activation-probe.cjs). VS Code's own share of registering
// commands and views is not ours to measure here. Two cases:
// Both start after loading the Node built-ins an extension host has loaded already
// (bench/extension-host-builtins.json), as the baseline below does.
// - no key stored: require + activate() must stay under 5 ms and load neither undici nor zod,
//   nor the lazily loaded dist/core.js;
// - a key stored (every real user): require + activate() + every bundle required until the
//   credits item shows credits from an emulator on 127.0.0.1. Every bundle loaded on the way
//   (dist/extension.js included) is compared with a plain `require('undici')` in fresh processes
//   of the same run, interleaved with them so that the machine's drift hits both; the goal is at
//   most 0.45× of it. The probe's CPU time until the credits is printed beside it: it also counts
//   code a bundle holds but runs only when first called, which no require shows.
import { execFile } from 'node:child_process';
import * as path from 'node:path';
import { DEMO_API_KEY, startEmulator } from '../test/emulator';
import { median, ms } from './stats';

const root = path.resolve(__dirname, '..');
const probe = path.join(__dirname, 'activation-probe.cjs');
const RUNS = Number(process.env.BENCH_ACTIVATION_RUNS ?? 21);
const BUNDLES_GOAL = 0.45;

// The baseline: undici's index, after the same warm-up the probe does (Node's built-ins an
// extension host has loaded already, bench/extension-host-builtins.json).
const requireUndici = String.raw`
require('node:os');
require(require('node:path').join(process.cwd(), 'package.json'));
for (const name of require('./bench/extension-host-builtins.json').modules) require('node:' + name);
const { performance } = require('node:perf_hooks');
const cpu0 = process.cpuUsage();
const t0 = performance.now();
require('undici');
const ms = performance.now() - t0;
const { user, system } = process.cpuUsage(cpu0);
process.stdout.write(JSON.stringify({ ms, cpu: (user + system) / 1000 }));
`;

interface ProbeResult {
  load: number;
  loadCpu: number;
  activate: number;
  bundles: Array<{ file: string; ms: number; cpu: number }>;
  heavy: string[];
  credits?: number;
  cpu?: number;
  text?: string;
}

/** Runs node with `args` in the project folder; async, so the emulator in this process can answer. */
function node(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, args, { cwd: root, encoding: 'utf8' }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${args[0] ?? ''}: ${stderr || error.message}`));
      else resolve(stdout);
    });
  });
}

export async function run(): Promise<void> {
  await node([path.join(root, 'scripts/build.mjs'), '--production']);
  // BENCH_ACTIVATION_COMPARE: other builds' dist/extension.js (comma-separated), probed in the
  // same loop, for a before/after in one run.
  const bundles = [path.join(root, 'dist/extension.js'), ...(process.env.BENCH_ACTIVATION_COMPARE ?? '').split(',').filter(Boolean)];
  const emulator = await startEmulator();
  const cold = bundles.map((): ProbeResult[] => []);
  const warm = bundles.map((): ProbeResult[] => []);
  const undici: Array<{ ms: number; cpu: number }> = [];
  try {
    for (let i = 0; i < RUNS; i++) {
      undici.push(JSON.parse(await node(['-e', requireUndici])) as { ms: number; cpu: number });
      for (const [b, bundle] of bundles.entries()) {
        cold[b]?.push(JSON.parse(await node([probe, bundle])) as ProbeResult);
        warm[b]?.push(JSON.parse(await node([probe, bundle, emulator.url, DEMO_API_KEY])) as ProbeResult);
      }
    }
  } finally {
    await emulator.close();
  }
  for (const [b, bundle] of bundles.entries()) {
    if (b > 0) console.log(`\n-- compared: ${bundle}`);
    printNoKey(cold[b] ?? []);
    printKeyStored(warm[b] ?? [], median(undici.map((u) => u.ms)), median(undici.map((u) => u.cpu)));
  }
}

function printNoKey(runs: ProbeResult[]): void {
  const total = median(runs.map((r) => r.load + r.activate));
  const heavy = runs[runs.length - 1]?.heavy ?? [];
  console.log(`\nActivation, no key stored (dist/extension.js, production bundle, ${runs.length} fresh processes, medians)`);
  console.log(`  require(extension.js)   ${ms(median(runs.map((r) => r.load)))}`);
  console.log(`  activate()              ${ms(median(runs.map((r) => r.activate)))}`);
  console.log(`  own work in total       ${ms(total)}   (goal: under 5 ms → ${(total / 5).toFixed(2)}× the budget)`);
  console.log(`  heavy modules loaded at activation: ${heavy.length === 0 ? 'none' : heavy.map((k) => path.relative(root, k)).join(', ')}`);
}

function printKeyStored(runs: ProbeResult[], undici: number, undiciCpu: number): void {
  const lazyOf = (r: ProbeResult): number => r.bundles.reduce((sum, b) => sum + b.ms, 0);
  const files = [...new Set(runs.flatMap((r) => r.bundles.map((b) => b.file)))];
  const bundles = median(runs.map((r) => r.load + lazyOf(r)));
  const bundlesCpu = median(runs.map((r) => r.loadCpu + r.bundles.reduce((sum, b) => sum + b.cpu, 0)));
  const own = median(runs.map((r) => r.load + r.activate + lazyOf(r)));
  const cpu = median(runs.map((r) => r.cpu ?? NaN));
  console.log(`\nStartup with a key stored, until the credits show (emulator on 127.0.0.1, ${runs.length} fresh processes each, medians)`);
  console.log(`  require('undici')                 ${ms(undici)}, CPU ${ms(undiciCpu)}   (baseline, its own fresh processes, interleaved)`);
  console.log(`  require(extension.js)             ${ms(median(runs.map((r) => r.load)))}`);
  console.log(`  activate()                        ${ms(median(runs.map((r) => r.activate)))}`);
  for (const file of files) {
    console.log(`  require(${file})${' '.repeat(Math.max(1, 24 - file.length))}${ms(median(runs.map((r) => r.bundles.find((b) => b.file === file)?.ms ?? 0)))}`);
  }
  console.log(`  every bundle before the credits   ${ms(bundles)}   = ${(bundles / undici).toFixed(2)}× require('undici')   (extension.js${files.map((f) => ` + ${f}`).join('')}; goal: ≤ ${BUNDLES_GOAL}×)`);
  console.log(`  the same in CPU time               ${ms(bundlesCpu)}   = ${(bundlesCpu / undiciCpu).toFixed(2)}× require('undici')'s   (less stretched by other processes on a busy machine)`);
  console.log(`  own work: require + activate + bundles   ${ms(own)}   = ${(own / undici).toFixed(2)}× require('undici')`);
  console.log(`  CPU time of the process until the credits   ${ms(cpu)}   = ${(cpu / undiciCpu).toFixed(2)}× require('undici')'s   (all threads, the request's own work included)`);
  console.log(`  time to credits (from the require of extension.js, round trip included)   ${ms(median(runs.map((r) => r.credits ?? NaN)))}`);
  console.log(`  credits item shows: ${runs[runs.length - 1]?.text ?? '?'}`);
}

if (require.main === module) void run();

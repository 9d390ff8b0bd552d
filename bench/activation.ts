// Startup cost, measured on the production bundles in fresh processes with a stand-in `vscode`
// module (bench/activation-probe.cjs). VS Code's own share of registering commands and views is
// not ours to measure here. Both cases start after loading the Node built-ins an extension host
// has loaded already (bench/extension-host-builtins.json), as the baseline below does, and each is
// measured twice: at a first start (no code cache yet: after an install or an update), and at the
// starts after it, which find V8's code cache that the first one wrote in global storage
// (src/platform/bundles.ts). The goals are on the later starts, the ones a user has every day.
// - no key stored: require(extension.js) + activate() must stay under 5 ms and load neither undici
//   nor zod, nor the lazily loaded dist/core.js;
// - a key stored (every real user): every bundle loaded until the credits item shows credits
//   from an emulator on 127.0.0.1 (extension.js, shell.js, core.js) is compared with a plain
//   `require('undici')` in fresh processes of the same run, interleaved with them so that the
//   machine's drift hits both; the goal is at most 0.35× of it. CPU time is printed beside it;
// - a feature's first use (issue 33): after a start with no key, Search the Web run through its
//   stand-in until its query box shows, its feature's bundle (and the client's) loaded on the way:
//   at most 50 ms.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { DEMO_API_KEY, startEmulator } from '../test/emulator';
import { figure, median, ms, QUICK, type Figure } from './stats';

const root = path.resolve(__dirname, '..');
const probe = path.join(__dirname, 'activation-probe.cjs');
const RUNS = Number(process.env.BENCH_ACTIVATION_RUNS ?? (QUICK ? 3 : 21));
const NO_KEY_GOAL_MS = 5;
const BUNDLES_GOAL = 0.35;
/** A feature's first use, loading its bundle on the way, stays within a frame or three of a person's keypress. */
const FIRST_USE_GOAL_MS = 50;
/** The first use measured: Search the Web, the palette's first command, until its query box shows. */
const FIRST_COMMAND = 'webData.search';

// The baseline: undici's index, after the same warm-up the probe does (Node's built-ins an
// extension host has loaded already, bench/extension-host-builtins.json).
const requireUndici = String.raw`
require('node:os');
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
  bundles: Array<{ file: string; ms: number; cpu: number; cached: boolean }>;
  heavy: string[];
  credits?: number;
  cpu?: number;
  text?: string;
  firstUse?: number;
  firstUseBundles?: string[];
}

/** Runs node with `args` in the project folder; async, so the emulator in this process can answer. */
function node(args: string[], env: Record<string, string> = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, args, { cwd: root, encoding: 'utf8', env: { ...process.env, ...env } }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${args[0] ?? ''}: ${stderr || error.message}`));
      else resolve(stdout);
    });
  });
}

/** One start in a fresh process; `storage` is the global storage folder (the code cache is in it). */
async function start(bundle: string, storage: string, key?: { url: string; key: string }, prime = false, command?: string): Promise<ProbeResult> {
  const env = { WEB_DATA_PROBE_STORAGE: storage, ...(prime ? { WEB_DATA_PROBE_PRIME: '1' } : {}), ...(command ? { WEB_DATA_PROBE_COMMAND: command } : {}) };
  return JSON.parse(await node([probe, bundle, ...(key ? [key.url, key.key] : [])], env)) as ProbeResult;
}

interface Starts { first: ProbeResult[]; later: ProbeResult[] }

export async function run(): Promise<Figure[]> {
  await node([path.join(root, 'scripts/build.mjs'), '--production']);
  // BENCH_ACTIVATION_COMPARE: other builds' dist/extension.js (comma-separated), probed in the
  // same loop, for a before/after in one run.
  const bundles = [path.join(root, 'dist/extension.js'), ...(process.env.BENCH_ACTIVATION_COMPARE ?? '').split(',').filter(Boolean)];
  const emulator = await startEmulator();
  const key = { url: emulator.url, key: DEMO_API_KEY };
  const scratch = mkdtempSync(path.join(tmpdir(), 'web-data-bench-activation-'));
  const noKey = bundles.map((): Starts => ({ first: [], later: [] }));
  const withKey = bundles.map((): Starts => ({ first: [], later: [] }));
  const firstUse = bundles.map((): Starts => ({ first: [], later: [] }));
  const undici: Array<{ ms: number; cpu: number }> = [];
  let folders = 0;
  const folder = (): string => mkdtempSync(path.join(scratch, `${folders++}-`));
  try {
    // One storage folder per bundle and case, primed once: every later start finds the cache there.
    const warm = await Promise.all(bundles.map(async (bundle) => {
      const plain = folder();
      const keyed = folder();
      const used = folder();
      await start(bundle, plain, undefined, true);
      await start(bundle, keyed, key, true);
      await start(bundle, used, undefined, true, FIRST_COMMAND);
      return { plain, keyed, used };
    }));
    for (let i = 0; i < RUNS; i++) {
      undici.push(JSON.parse(await node(['-e', requireUndici])) as { ms: number; cpu: number });
      for (const [b, bundle] of bundles.entries()) {
        noKey[b]?.first.push(await start(bundle, folder()));
        noKey[b]?.later.push(await start(bundle, warm[b]?.plain ?? folder()));
        withKey[b]?.first.push(await start(bundle, folder(), key));
        withKey[b]?.later.push(await start(bundle, warm[b]?.keyed ?? folder(), key));
        firstUse[b]?.first.push(await start(bundle, folder(), undefined, false, FIRST_COMMAND));
        firstUse[b]?.later.push(await start(bundle, warm[b]?.used ?? folder(), undefined, false, FIRST_COMMAND));
      }
    }
  } finally {
    await emulator.close();
    rmSync(scratch, { recursive: true, force: true });
  }
  const baseline = { ms: median(undici.map((u) => u.ms)), cpu: median(undici.map((u) => u.cpu)) };
  const figures: Figure[] = [];
  for (const [b, bundle] of bundles.entries()) {
    if (b > 0) console.log(`\n-- compared: ${bundle}`);
    const named = (name: string): string => (b > 0 ? `${name} (${path.relative(root, bundle)})` : name);
    figures.push(...printNoKey(noKey[b] ?? { first: [], later: [] }, named));
    figures.push(...printKeyStored(withKey[b] ?? { first: [], later: [] }, baseline, named));
    figures.push(...printFirstUse(firstUse[b] ?? { first: [], later: [] }, named));
  }
  return figures;
}

const ownWork = (r: ProbeResult): number => r.load + r.activate;
const bundleTime = (r: ProbeResult): number => r.load + r.bundles.reduce((sum, b) => sum + b.ms, 0);
const bundleCpu = (r: ProbeResult): number => r.loadCpu + r.bundles.reduce((sum, b) => sum + b.cpu, 0);
const cachedShare = (runs: ProbeResult[]): string => {
  const loads = runs.flatMap((r) => r.bundles);
  return `${loads.filter((l) => l.cached).length} of ${loads.length} bundle loads took the code cache`;
};

function printNoKey(starts: Starts, named: (name: string) => string): Figure[] {
  const heavy = starts.later[starts.later.length - 1]?.heavy ?? [];
  const first = median(starts.first.map(ownWork));
  const later = median(starts.later.map(ownWork));
  console.log(`\nActivation, no key stored (production bundles, ${starts.later.length} fresh processes each, medians)`);
  console.log(`  first start (no code cache)     require ${ms(median(starts.first.map((r) => r.load)))} + activate() ${ms(median(starts.first.map((r) => r.activate)))} = ${ms(first)}`);
  console.log(`  later starts (code cache)       require ${ms(median(starts.later.map((r) => r.load)))} + activate() ${ms(median(starts.later.map((r) => r.activate)))} = ${ms(later)}   (goal: under ${NO_KEY_GOAL_MS} ms; ${cachedShare(starts.later)})`);
  console.log(`  heavy modules loaded at activation: ${heavy.length === 0 ? 'none' : heavy.map((k) => path.relative(root, k)).join(', ')}`);
  return [
    figure(named('activation, no key stored'), later, 'ms', { at: 'most', value: NO_KEY_GOAL_MS }, 'require + activate(), code cache written by an earlier start'),
    figure(named('activation, no key stored, first start'), first, 'ms', undefined, 'no code cache yet: after an install or an update'),
  ];
}

function printKeyStored(starts: Starts, undici: { ms: number; cpu: number }, named: (name: string) => string): Figure[] {
  const files = [...new Set(starts.later.flatMap((r) => r.bundles.map((b) => b.file)))];
  const later = median(starts.later.map(bundleTime));
  const first = median(starts.first.map(bundleTime));
  const laterCpu = median(starts.later.map(bundleCpu));
  console.log(`\nStartup with a key stored, until the credits show (emulator on 127.0.0.1, ${starts.later.length} fresh processes each, medians)`);
  console.log(`  require('undici')                 ${ms(undici.ms)}, CPU ${ms(undici.cpu)}   (baseline, its own fresh processes, interleaved)`);
  console.log(`  require(extension.js)             ${ms(median(starts.later.map((r) => r.load)))}`);
  for (const file of files) {
    console.log(`  load ${file}${' '.repeat(Math.max(1, 28 - file.length))}${ms(median(starts.later.map((r) => r.bundles.find((b) => b.file === file)?.ms ?? 0)))}`);
  }
  console.log(`  every bundle before the credits   ${ms(later)} = ${(later / undici.ms).toFixed(2)}× require('undici')   (goal: ≤ ${BUNDLES_GOAL}×; ${cachedShare(starts.later)})`);
  console.log(`  the same in CPU time              ${ms(laterCpu)} = ${(laterCpu / undici.cpu).toFixed(2)}× require('undici')'s`);
  console.log(`  at a first start (no code cache)  ${ms(first)} = ${(first / undici.ms).toFixed(2)}× require('undici')`);
  console.log(`  time to credits (from the require of extension.js, round trip included)   ${ms(median(starts.later.map((r) => r.credits ?? NaN)))}`);
  console.log(`  credits item shows: ${starts.later[starts.later.length - 1]?.text ?? '?'}`);
  return [
    figure(named('startup with a key: every bundle before the credits, against require(\'undici\')'), later / undici.ms, '×', { at: 'most', value: BUNDLES_GOAL }, `${ms(later)} against ${ms(undici.ms)}, code cache written by an earlier start`),
    figure(named('the same in CPU time'), laterCpu / undici.cpu, '×', undefined, `${ms(laterCpu)} against ${ms(undici.cpu)}`),
    figure(named('startup with a key, first start'), first / undici.ms, '×', undefined, 'no code cache yet: after an install or an update'),
  ];
}

function printFirstUse(starts: Starts, named: (name: string) => string): Figure[] {
  const later = median(starts.later.map((r) => r.firstUse ?? NaN));
  const first = median(starts.first.map((r) => r.firstUse ?? NaN));
  const loaded = starts.later[starts.later.length - 1]?.firstUseBundles ?? [];
  console.log(`\nA first command after activation, no key stored: ${FIRST_COMMAND} until its first quick input shows (${starts.later.length} fresh processes each, medians)`);
  console.log(`  later starts (code cache)       ${ms(later)}   (goal: under ${FIRST_USE_GOAL_MS} ms; bundles loaded on the way: ${loaded.join(', ') || 'none'})`);
  console.log(`  first start (no code cache)     ${ms(first)}`);
  return [
    figure(named(`first use of a feature: ${FIRST_COMMAND} to its quick input`), later, 'ms', { at: 'most', value: FIRST_USE_GOAL_MS }, `its bundles read on the way (${loaded.join(', ') || 'none'}), code cache written by an earlier use`),
    figure(named('first use of a feature, first start'), first, 'ms', undefined, 'no code cache yet: after an install or an update'),
  ];
}

if (require.main === module) void run();

#!/usr/bin/env node
// `npm run test:repeat -- [runs] [--parallel N] [--busy] [--ref REV] [--keep]`: proves the suite passes every
// time, as CI meets it. Each run is a fresh clone of this repository at REV (default HEAD: what is
// committed, never the work tree), with the shared folder linked beside it as CI has it, running
// `bash .ci/run` (tool install from nothing, then `npm test`) with CI=true and no standard input.
// Runs go one after another; `--parallel 2` starts them two at a time, so each loads the machine
// for the other. `--busy` (`npm run test:busy`) keeps every core busy for the length of the runs
// (a busy loop per core, at the runs' own priority), as a machine doing other work would.
// Prints one line per run and a summary; exits 1 if any run failed.
// Logs stay in the run folder (printed); clones are removed unless --keep or the run failed.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function parseArgs(argv) {
  const options = { runs: 3, parallel: 1, ref: 'HEAD', keep: false, busy: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--parallel') options.parallel = Number(argv[++i]);
    else if (arg === '--ref') options.ref = String(argv[++i]);
    else if (arg === '--keep') options.keep = true;
    else if (arg === '--busy') options.busy = true;
    else if (/^\d+$/.test(arg)) options.runs = Number(arg);
    else throw new Error(`unknown argument ${arg}; usage: npm run test:repeat -- [runs] [--parallel N] [--busy] [--ref REV] [--keep]`);
  }
  if (!(options.runs >= 1 && options.runs <= 20)) throw new Error('runs: 1 to 20');
  if (!(options.parallel >= 1 && options.parallel <= 4)) throw new Error('--parallel: 1 to 4');
  return options;
}

function git(args, cwd = REPO) {
  const result = spawnSync('git', args, { cwd, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr.trim()}`);
  return result.stdout.trim();
}

/** The closing counts of every mocha run in a log ("739 passing", "2 failing", "1 pending"). */
export function countsOf(log) {
  const sum = (word) => [...log.matchAll(new RegExp(`^\\s*(\\d+) ${word}\\b`, 'gm'))].reduce((total, m) => total + Number(m[1]), 0);
  return { passing: sum('passing'), failing: sum('failing'), pending: sum('pending') };
}

/**
 * The environment CI gives .ci/run: this machine's, without what `npm run test:repeat` added
 * (npm's lifecycle variables, its .bin folders on PATH), which a nested npm would take as its own
 * configuration.
 */
function ciEnvironment() {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name) && name !== 'INIT_CWD'));
  env.PATH = (env.PATH ?? '').split(path.delimiter).filter((dir) => !/[\\/]node_modules[\\/]\.bin$|[\\/]node-gyp-bin$/.test(dir)).join(path.delimiter);
  return env;
}

function oneRun({ index, commit, root, keep }) {
  const dir = path.join(root, `run-${index}`);
  const checkout = path.join(dir, 'main');
  fs.mkdirSync(dir, { recursive: true });
  git(['clone', '--quiet', '--no-checkout', REPO, checkout]);
  git(['checkout', '--quiet', '--detach', commit], checkout);
  // CI runs in a clone with the shared folder beside it.
  const shared = path.resolve(REPO, '..', 'shared');
  if (fs.existsSync(shared)) fs.symlinkSync(shared, path.join(dir, 'shared'));
  const logFile = path.join(dir, 'ci.log');
  const out = fs.openSync(logFile, 'w');
  const startedAt = Date.now();
  const marks = {};
  return new Promise((resolve) => {
    const child = spawn('bash', ['.ci/run'], {
      cwd: checkout,
      env: { ...ciEnvironment(), CI: 'true' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,   // its own process group, so a stop ends the VS Code servers it started too
    });
    const stopOnSignal = () => { try { process.kill(-child.pid, 'SIGTERM'); } catch { /* already gone */ } };
    process.once('SIGINT', stopOnSignal);
    process.once('SIGTERM', stopOnSignal);
    const onData = (chunk) => {
      fs.writeSync(out, chunk);
      if (marks.npmTestAt === undefined && chunk.toString('utf8').includes('== npm test')) marks.npmTestAt = Date.now();
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('close', (code, signal) => {
      process.off('SIGINT', stopOnSignal);
      process.off('SIGTERM', stopOnSignal);
      fs.closeSync(out);
      const seconds = (Date.now() - startedAt) / 1000;
      const log = fs.readFileSync(logFile, 'utf8');
      const result = { index, ok: code === 0, code: code ?? signal, seconds, install: marks.npmTestAt === undefined ? undefined : (marks.npmTestAt - startedAt) / 1000, ...countsOf(log), logFile };
      if (result.ok && !keep) fs.rmSync(checkout, { recursive: true, force: true });
      resolve(result);
    });
  });
}

const HOG_MAX_MS = 3 * 60 * 60 * 1000;

/**
 * A busy loop on each core, each a child process at the runs' own priority, until stop() is called;
 * stop() also returns their CPU seconds, to show they really ran beside the runs.
 */
export function startCpuHog(cores = os.availableParallelism()) {
  // Bounded, should this script die without stopping them: each loop ends on its own when its parent
  // is gone or after HOG_MAX_MS, whichever comes first.
  const loop = `const end = Date.now() + ${HOG_MAX_MS}; for (let n = 1; ; n++) ` +
    `if (n % 1e7 === 0 && (Date.now() > end || process.ppid !== ${process.pid})) break;`;
  const hogs = Array.from({ length: cores }, () => spawn(process.execPath, ['-e', loop], { stdio: 'ignore' }));
  const started = process.hrtime.bigint();
  return {
    cores,
    stop() {
      const cpuSeconds = hogs.map((hog) => cpuSecondsOf(hog.pid));
      for (const hog of hogs) hog.kill('SIGKILL');
      return { cpuSeconds, wallSeconds: Number(process.hrtime.bigint() - started) / 1e9 };
    },
  };
}

/** The CPU seconds a process has used (user + system), from /proc; 0 where it cannot be read. */
function cpuSecondsOf(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;   // utime, stime in clock ticks (100 a second on Linux)
  } catch {
    return 0;
  }
}

function line(r) {
  const install = r.install === undefined ? '' : `, tools ${r.install.toFixed(0)} s + tests ${(r.seconds - r.install).toFixed(0)} s`;
  return `run ${r.index}: ${r.ok ? 'passed' : `FAILED (exit ${r.code})`} in ${r.seconds.toFixed(0)} s${install}; ` +
    `${r.passing} passing, ${r.failing} failing, ${r.pending} pending; log ${r.logFile}`;
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const commit = git(['rev-parse', options.ref]);
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'wd-repeat-'));
  console.log(`== ${options.runs} fresh clone(s) of ${commit.slice(0, 7)}, ${options.parallel} at a time, in ${root}`);
  const hog = options.busy ? startCpuHog() : undefined;
  if (hog) console.log(`   beside a CPU hog: a busy loop on each of ${hog.cores} cores for the length of the runs`);
  const results = [];
  try {
    await runAll(options, commit, root, results);
  } finally {
    if (hog) {
      const { cpuSeconds, wallSeconds } = hog.stop();
      console.log(`   the hog's loops used ${cpuSeconds.map((s) => `${s.toFixed(0)} s`).join(', ')} of CPU in ${wallSeconds.toFixed(0)} s`);
    }
  }
  const failed = results.filter((r) => !r.ok).length;
  const passing = results.reduce((total, r) => total + r.passing, 0);
  console.log(`== ${results.length - failed} of ${results.length} runs passed (${passing} tests passed in all; ` +
    `${results.map((r) => `${r.seconds.toFixed(0)} s`).join(', ')})${hog ? ', beside the CPU hog' : ''}`);
  process.exitCode = failed === 0 ? 0 : 1;
}

async function runAll(options, commit, root, results) {
  for (let next = 1; next <= options.runs; next += options.parallel) {
    const batch = [];
    for (let index = next; index < next + options.parallel && index <= options.runs; index++) {
      console.log(`   run ${index} started ${new Date().toISOString()}`);
      batch.push(oneRun({ index, commit, root, keep: options.keep }));
    }
    for (const result of await Promise.all(batch)) {
      console.log(line(result));
      results.push(result);
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error) => {
    console.error(`test:repeat: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 2;
  });
}

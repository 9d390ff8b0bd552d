// Activation cost: the extension's own work in activate(), measured on the production bundle
// (dist/extension.js) with a stand-in `vscode` module whose calls do nothing. VS Code's own
// share of registering commands and views is not ours to measure here; the goal is that our
// part stays under 5 ms, and that activation loads neither undici nor zod, nor the lazily loaded
// dist/core.js and dist/ui.js.
import { execFileSync } from 'node:child_process';
import * as path from 'node:path';

const root = path.resolve(__dirname, '..');

const probe = String.raw`
const Module = require('node:module');
const { performance } = require('node:perf_hooks');
const noop = () => {};
const disposable = { dispose: noop };
// A stand-in for the vscode module: every property is a function returning another stand-in,
// so any call chain works and costs next to nothing.
function stub() {
  const fn = function () { return proxy; };
  const proxy = new Proxy(fn, {
    get(_t, key) {
      if (key === 'then') return undefined;
      if (key === 'dispose') return noop;
      if (key === 'event') return () => disposable;
      if (key === Symbol.toPrimitive) return () => '';
      return proxy;
    },
    set() { return true; },
    apply() { return proxy; },
    construct() { return proxy; },
  });
  return proxy;
}
// esbuild's interop copies the module's own property names, so name every export of the API.
const names = [...require('node:fs').readFileSync(require.resolve('@types/vscode/index.d.ts'), 'utf8')
  .matchAll(/^\s*export (?:namespace|class|enum|function|const|let) (\w+)/gm)].map((m) => m[1]);
const vscode = Object.fromEntries(names.map((name) => [name, stub()]));
// Settings read as a fresh install has them (each get returns its default), not as stand-ins:
// a stand-in where a string is expected sends the code down paths VS Code never takes (new URL()
// throwing on it, webhooks.autoStart reading as true), measured at about 0.35 ms of activate().
const settings = { get: (_key, fallback) => fallback, has: () => false, inspect: () => undefined, update: () => Promise.resolve() };
const workspace = vscode.workspace;
vscode.workspace = new Proxy(workspace, { get: (target, key) => (key === 'getConfiguration' ? () => settings : target[key]) });
const realResolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return request === 'vscode' ? 'vscode' : realResolve.call(this, request, ...rest);
};
require.cache.vscode = { id: 'vscode', filename: 'vscode', loaded: true, exports: vscode };
// Warm the module loader first, as the extension host has: we measure our module, not Node's start.
require('node:os');
require(require('node:path').join(process.cwd(), 'package.json'));
const t0 = performance.now();
const ext = require(process.argv[1]);
const t1 = performance.now();
const context = { subscriptions: [], secrets: stub(), globalState: stub(), workspaceState: stub(), extension: { packageJSON: { version: '0' } }, globalStorageUri: stub(), logUri: stub(), extensionUri: stub() };
ext.activate(context);
const t2 = performance.now();
const heavy = Object.keys(require.cache).filter((k) => /[\\/](undici|zod)[\\/]|(core|ui)\.js$/.test(k));
process.stdout.write(JSON.stringify({ load: t1 - t0, activate: t2 - t1, heavy }));
`;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

export async function run(): Promise<void> {
  execFileSync(process.execPath, [path.join(root, 'scripts/build.mjs'), '--production'], { cwd: root, stdio: 'ignore' });
  const bundle = path.join(root, 'dist/extension.js');
  const loads: number[] = [];
  const activations: number[] = [];
  let heavy: string[] = [];
  for (let i = 0; i < 15; i++) {
    const out = execFileSync(process.execPath, ['-e', probe, bundle], { cwd: root, encoding: 'utf8' });
    const result = JSON.parse(out) as { load: number; activate: number; heavy: string[] };
    loads.push(result.load);
    activations.push(result.activate);
    heavy = result.heavy;
  }
  const total = loads.map((l, i) => l + (activations[i] ?? 0));
  console.log('\nActivation (dist/extension.js, production bundle, 15 fresh processes, medians)');
  console.log(`  require(extension.js)   ${median(loads).toFixed(2)} ms`);
  console.log(`  activate()              ${median(activations).toFixed(2)} ms`);
  console.log(`  own work in total       ${median(total).toFixed(2)} ms   (goal: under 5 ms → ${(median(total) / 5).toFixed(2)}× the budget)`);
  console.log(`  heavy modules loaded at activation: ${heavy.length === 0 ? 'none' : heavy.join(', ')}`);
}

if (require.main === module) void run();

// One activation of the production bundle, in a fresh process, with a stand-in `vscode` module
// whose calls do nothing, except the few the measured path needs to behave as in VS Code: events
// that fire, SecretStorage, settings, and a status bar item whose text is watched.
// Plain JavaScript run by plain node, so no loader hook of tsx sits in the require path measured.
//
//   node activation-probe.cjs <dist/extension.js> [<baseUrl> <apiKey>]
//
// Without a key: prints { load, activate, heavy } as soon as activate() returns.
// With one: the stand-in's SecretStorage returns it and webData.baseUrl is <baseUrl>; prints, once
// the credits item shows credits, also every bundle of dist/ required on the way and its time, and
// the process's CPU time since the require of the bundle (which counts code a bundle defers until
// it is first called, that no require shows).
/* eslint-disable @typescript-eslint/no-require-imports */
/* global require */
'use strict';
const Module = require('node:module');
const path = require('node:path');
const fs = require('node:fs');
const { performance } = require('node:perf_hooks');

const [bundle, baseUrl, apiKey] = process.argv.slice(2);
const dist = path.dirname(bundle);
const noop = () => {};
const disposable = { dispose: noop };

// Every property a function returning another stand-in, so any call chain works and costs next to nothing.
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

/** A stand-in whose named members are real, and which keeps what is assigned to it. */
function partly(members) {
  return new Proxy(stub(), {
    get: (target, key) => (key in members ? members[key] : target[key]),
    set: (_target, key, value) => Reflect.set(members, key, value),
  });
}

// Events fire: the first credits refresh follows the connection's first event.
class EventEmitter {
  listeners = new Set();
  event = (listener, thisArgs, disposables) => {
    const entry = thisArgs ? listener.bind(thisArgs) : listener;
    this.listeners.add(entry);
    const d = { dispose: () => this.listeners.delete(entry) };
    disposables?.push(d);
    return d;
  };
  fire(value) { for (const l of [...this.listeners]) l(value); }
  dispose() { this.listeners.clear(); }
}

const result = { load: 0, loadCpu: 0, activate: 0, bundles: [], heavy: [] };
let t0 = 0;
let cpu0 = process.cpuUsage();
/** CPU time of the process (all threads) since `since`, in ms: unlike wall time, not stretched by other processes. */
const cpuMs = (since) => {
  const { user, system } = process.cpuUsage(since);
  return (user + system) / 1000;
};

function finish(extra) {
  result.heavy = [
    ...Object.keys(require.cache).filter((k) => /[\\/](undici|zod)[\\/]|core\.js$/.test(k)),
    ...result.bundles.filter((b) => b.file === 'core.js').map((b) => path.join(dist, b.file)),
  ];
  process.stdout.write(JSON.stringify({ ...result, ...extra }));
  if (process.env.WEB_DATA_PROBE_PRIME === '1') primed();
  else process.exit(0);
}

// A priming start: exit once every bundle loaded has its code cache written (the extension writes
// it a moment after the load), so the starts after it find one, as every start after a user's first does.
function primed() {
  const dir = path.join(storage, 'code-cache');
  const deadline = Date.now() + 10_000;
  const look = () => {
    const written = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.cache')) : [];
    if (result.bundles.every((b) => written.some((f) => f.startsWith(`${b.file}.`)))) process.exit(0);
    if (Date.now() > deadline) { process.stderr.write(`no code cache written in ${dir} within 10 s\n`); process.exit(1); }
    // The extension writes its cache on a timer of its own: there is no event to wait for.
    setTimeout(look, 50);
  };
  look();
}

// The credits item: the measurement ends when its text first shows a number of credits.
function statusBarItem(id) {
  let text = '';
  return partly({
    get text() { return text; },
    set text(value) {
      text = String(value);
      if (id !== 'webData.credits' || !apiKey) return;
      if (/^\$\(credit-card\) -?\d/.test(text)) {
        finish({ credits: performance.now() - t0, cpu: cpuMs(cpu0), text });
      }
      else if (/^\$\(warning\)/.test(text)) { process.stderr.write(`the credits item shows an error: ${text}\n`); process.exit(1); }
    },
    show: noop, hide: noop, dispose: noop,
  });
}

const names = [...fs.readFileSync(require.resolve('@types/vscode/index.d.ts'), 'utf8')
  .matchAll(/^\s*export (?:namespace|class|enum|function|const|let) (\w+)/gm)].map((m) => m[1]);
const vscode = Object.fromEntries(names.map((name) => [name, stub()]));
vscode.EventEmitter = EventEmitter;
vscode.env = partly({ language: 'en' });
// The credits' words come through l10n.t: VS Code's placeholder rules, with no bundle loaded.
vscode.l10n = partly({
  t: (message, ...args) => {
    const values = typeof args[0] === 'object' && args[0] !== null ? args[0] : args;
    return String(typeof message === 'string' ? message : message.message).replace(/\{(\w+)\}/g, (whole, key) => (key in values ? String(values[key]) : whole));
  },
});
// The commands activation registers, so WEB_DATA_PROBE_COMMAND can run one after it.
const commands = new Map();
vscode.commands = partly({
  executeCommand: () => Promise.resolve(undefined),
  registerCommand: (id, handler) => { commands.set(id, handler); return disposable; },
});
// A quick input shown: the end of a first command's measurement (WEB_DATA_PROBE_COMMAND).
let onQuickInput = noop;
const quickInput = () => partly({ show: () => onQuickInput(), hide: noop, dispose: noop, onDidAccept: () => disposable, onDidHide: () => disposable, onDidChangeValue: () => disposable, onDidTriggerButton: () => disposable, onDidChangeActive: () => disposable, onDidChangeSelection: () => disposable, onDidTriggerItemButton: () => disposable });
vscode.window = partly({
  createInputBox: quickInput,
  createQuickPick: quickInput,
  createStatusBarItem: (id) => statusBarItem(typeof id === 'string' ? id : ''),
  // Views start hidden, as in a window that restores none of ours.
  createTreeView: () => partly({ visible: false }),
});
// Settings read as a fresh install has them (each get returns its default) but the address: a
// stand-in where a string is expected would send the code down paths VS Code never takes.
const settings = {
  get: (key, fallback) => (key === 'baseUrl' && baseUrl ? baseUrl : fallback),
  has: () => false, inspect: () => undefined, update: () => Promise.resolve(),
};
vscode.workspace = partly({ getConfiguration: () => settings });

const realResolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return request === 'vscode' ? 'vscode' : realResolve.call(this, request, ...rest);
};
require.cache.vscode = { id: 'vscode', filename: 'vscode', loaded: true, exports: vscode };

// Every bundle the extension loads after extension.js (shell.js, a feature's pack, shared.js, core.js), with its own time,
// as src/platform/bundles.ts publishes it; `cached`: V8 took the code cache.
require('node:diagnostics_channel').subscribe('web-data:bundle-load', (load) => {
  result.bundles.push({ file: load.file, ms: load.ms, cpu: load.cpu, cached: load.cached });
});

function memento() {
  const values = new Map();
  return { get: (key, fallback) => (values.has(key) ? values.get(key) : fallback), update: (key, value) => { values.set(key, value); return Promise.resolve(); }, keys: () => [...values.keys()], setKeysForSync: noop };
}
const secrets = {
  get: (name) => Promise.resolve(apiKey && name !== 'webData.webhookSecret' ? apiKey : undefined),
  store: () => Promise.resolve(), delete: () => Promise.resolve(), onDidChange: () => disposable,
};

// Warm the module loader first, as the extension host has: we measure our module, not Node's start.
// That includes Node's built-ins a real extension host has loaded before any extension
// (bench/extension-host-builtins.json), as the baseline does: a bundle that requires one pays
// nothing for it there, so it pays nothing here either.
// Not the extension's own package.json: the host reads that with its own code, never through
// Node's loader, so Node's first look at it (for its "type") is ours to pay, as in VS Code.
require('node:os');
for (const name of require('./extension-host-builtins.json').modules) require(`node:${name}`);
// The global storage folder holds the code cache (WEB_DATA_PROBE_STORAGE; none: a folder of its own,
// so the start is a first one). ExtensionMode.Production: 1. Made before the clock starts.
const storage = process.env.WEB_DATA_PROBE_STORAGE || fs.mkdtempSync(path.join(require('node:os').tmpdir(), 'web-data-probe-'));
// A later start (its storage folder holds what an earlier start wrote there) also finds what that
// start kept in global state: the walkthrough, opened once on the first start, is not opened again.
const globalState = memento();
if (fs.readdirSync(storage).length > 0) void globalState.update('webData.walkthroughShown', true);
const context = { subscriptions: [], secrets, globalState, workspaceState: memento(), extension: { packageJSON: { version: '0' } }, extensionMode: 1, globalStorageUri: partly({ fsPath: storage }), logUri: stub(), extensionUri: stub() };
cpu0 = process.cpuUsage();
t0 = performance.now();
const ext = require(bundle);
const t1 = performance.now();
result.loadCpu = cpuMs(cpu0);
ext.activate(context);
const t2 = performance.now();
result.load = t1 - t0;
result.activate = t2 - t1;
const firstCommand = process.env.WEB_DATA_PROBE_COMMAND;
if (firstCommand && !apiKey) {
  // The command's first use, as a person's first run of it: from the call until its first quick
  // input shows (its feature's bundle loaded on the way, when the build loads features on first use).
  const handler = commands.get(firstCommand);
  if (!handler) { process.stderr.write(`${firstCommand} is not registered at activation\n`); process.exit(1); }
  const bundlesBefore = result.bundles.length;
  const t3 = performance.now();
  onQuickInput = () => {
    onQuickInput = noop;
    finish({ firstUse: performance.now() - t3, firstUseBundles: result.bundles.slice(bundlesBefore).map((b) => b.file) });
  };
  Promise.resolve(handler()).catch((error) => { process.stderr.write(`${firstCommand}: ${error}\n`); process.exit(1); });
  setTimeout(() => { process.stderr.write(`${firstCommand} showed no quick input within 5 s\n`); process.exit(1); }, 5000);
} else if (!apiKey) finish({});
setTimeout(() => { process.stderr.write('no credits within 10 s\n'); process.exit(1); }, 10_000);

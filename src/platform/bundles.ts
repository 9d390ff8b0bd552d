// Requires one of our own bundles in dist/ through V8's code cache, kept in the extension's global
// storage. Most of what activation costs is V8 compiling the features' bundle (about 64 µs per KiB
// here), and with a key stored the client's bundle too; neither VS Code version's extension host
// turns Node's compile cache on (nor could the floor's Node 20), and turning it on for the whole
// host would cache every other extension as well. So we do it for our own files only: the first
// start compiles and runs the bundle as `require` would, then writes V8's cache of it (taken
// after activation, so it holds the functions activation ran); every later start hands V8 that
// cache instead of compiling. Plain Node, no VS Code: the bench and the unit tests load it too.
//
// The cache is an optimisation only: anything that goes wrong with it (no folder, a file from
// another build, a V8 that refuses it, a full disk) falls back to compiling, and never fails a load.
import { channel } from 'node:diagnostics_channel';
import { closeSync, fstatSync, mkdirSync, openSync, readFileSync, readSync, readdirSync, renameSync, rmSync, writeFileSync, type Stats } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Script } from 'node:vm';

/** What each load publishes on BUNDLE_LOAD_CHANNEL, for the bench: nothing is measured without a subscriber. */
export interface BundleLoad {
  file: string;
  ms: number;
  /** The process's CPU time (all threads) for the same load, in ms. */
  cpu: number;
  /** V8 took the stored cache: nothing was compiled up front. */
  cached: boolean;
}
export const BUNDLE_LOAD_CHANNEL = 'web-data:bundle-load';
const bundleLoads = channel(BUNDLE_LOAD_CHANNEL);

/** A module's body as a pack holds it: CommonJS's wrapper, run once. */
type ModuleFactory = (this: unknown, exports: unknown, require: (id: string) => unknown, module: { exports: unknown }, filename: string, dirname: string) => void;

/** What a pack file of dist/ exports (scripts/build.mjs, `pack`); the shell's also names every module's pack. */
interface Pack {
  modules: Record<string, ModuleFactory>;
  packs?: Record<string, string>;
}

function isPack(value: unknown): value is Pack {
  return typeof value === 'object' && value !== null && 'modules' in value && typeof value.modules === 'object' && value.modules !== null;
}

/**
 * The modules of dist/'s packs (the shell, the features, the chunks they share), each run once
 * however many packs import it: a shared module's state and classes exist once. `require('x.js')`
 * and a module's own `require('./chunk-….js')` find the module, reading its pack (through the code
 * cache) the first time; anything else (`vscode`, Node's modules, dist/core.js) goes to the host's
 * `require`, so VS Code still sees our extension as the one requiring `vscode`.
 */
export class Bundles {
  private readonly factories = new Map<string, ModuleFactory>();
  private readonly modules = new Map<string, { exports: unknown }>();
  private readonly packOf = new Map<string, string>();
  private readonly read = new Set<string>();

  constructor(private readonly dir: string, private readonly cacheDir: string | undefined, private readonly hostRequire: NodeJS.Require) {}

  /** Where V8's code cache of the bundles is kept; undefined: they are required plainly. */
  get cacheDirectory(): string | undefined {
    return this.cacheDir;
  }

  /** The exports of one of dist/'s modules (`shell.js`, `feature-search.js`, `./chunk-….js`). */
  require(id: string): unknown {
    const name = id.startsWith('./') ? id.slice(2) : id;
    const known = this.modules.get(name);
    if (known) return known.exports;
    let factory = this.factories.get(name);
    if (!factory) {
      this.readPack(this.packOf.get(name) ?? name);
      factory = this.factories.get(name);
      if (!factory) throw new Error(`No module ${name} in dist/ (the build is incomplete)`);
    }
    const module = { exports: {} as unknown };
    // Registered before it runs, as Node does: a cycle sees the exports made so far.
    this.modules.set(name, module);
    factory.call(module.exports, module.exports, (inner): unknown => (inner.startsWith('./') ? this.require(inner) : this.hostRequire(inner)), module, join(this.dir, name), this.dir);
    return module.exports;
  }

  /** Another dist/ file the host requires as it is (dist/core.js), through the same code cache. */
  requireWhole(file: string): unknown {
    return requireBundle(join(this.dir, file), this.cacheDir, this.hostRequire);
  }

  private readPack(file: string): void {
    if (this.read.has(file)) return;
    this.read.add(file);
    const pack = requireBundle(join(this.dir, file), this.cacheDir, this.hostRequire);
    if (!isPack(pack)) throw new Error(`dist/${file} is not a pack of modules`);
    for (const [name, factory] of Object.entries(pack.modules)) this.factories.set(name, factory);
    for (const [name, into] of Object.entries(pack.packs ?? {})) this.packOf.set(name, into);
  }
}

/** How long after a load its cache is written: late enough that activation's functions are compiled and in it. */
const WRITE_AFTER_MS = 1500;

/**
 * The module's exports, as `parentRequire(file)` would give them. `parentRequire` is the caller's
 * own `require`: the bundle's `require('vscode')` and `require('node:…')` resolve as the
 * caller's do, which is how VS Code finds the extension a `vscode` import belongs to.
 * Without `cacheDir` this is a plain require.
 */
export function requireBundle(file: string, cacheDir: string | undefined, parentRequire: NodeJS.Require): unknown {
  const started = { at: performance.now(), cpu: bundleLoads.hasSubscribers ? process.cpuUsage() : undefined };
  if (cacheDir === undefined) return published(file, started, false, parentRequire(file));
  let source: string;
  let stat: Stats;
  try {
    ({ source, stat } = readBundle(file));
  } catch {
    return published(file, started, false, parentRequire(file));
  }
  const cacheFile = cacheFileOf(file, stat, cacheDir);
  const cachedData = readOrUndefined(cacheFile);
  // The wrapper on a line of its own, and the line offset that takes it back: positions in stack
  // traces and source maps stay the file's own.
  const script = new Script(`(function (exports, require, module, __filename, __dirname) {\n${source}\n})`, {
    filename: file, lineOffset: -1, ...(cachedData ? { cachedData } : {}),
  });
  const module = { exports: {} as unknown, id: file, filename: file, loaded: false };
  const wrapper = script.runInThisContext() as (...args: unknown[]) => void;
  wrapper.call(module.exports, module.exports, parentRequire, module, file, dirname(file));
  module.loaded = true;
  const cached = cachedData !== undefined && !script.cachedDataRejected;
  if (!cached) writeLater(script, cacheFile);
  return published(file, started, cached, module.exports);
}

/**
 * The bundle's text and its size and time, through one open file (a path's stat and read cost
 * more, about 0.15 ms of every start). latin1: our bundles are ASCII (test/unit/bundles.test.ts),
 * for which it is the same text, read without UTF-8 decoding (about 0.2 ms for the 342 KiB dist/features.js of before issue 33).
 */
function readBundle(file: string): { source: string; stat: Stats } {
  const fd = openSync(file, 'r');
  try {
    const stat = fstatSync(fd);
    const bytes = Buffer.allocUnsafe(stat.size);
    let read = 0;
    while (read < stat.size) {
      const count = readSync(fd, bytes, read, stat.size - read, read);
      if (count === 0) break;
      read += count;
    }
    return { source: bytes.toString('latin1', 0, read), stat };
  } finally {
    closeSync(fd);
  }
}

function published(file: string, started: { at: number; cpu: NodeJS.CpuUsage | undefined }, cached: boolean, exports: unknown): unknown {
  if (started.cpu !== undefined) {
    const { user, system } = process.cpuUsage(started.cpu);
    const load: BundleLoad = { file: basename(file), ms: performance.now() - started.at, cpu: (user + system) / 1000, cached };
    bundleLoads.publish(load);
  }
  return exports;
}

/**
 * One cache file per build of the bundle and per V8: its size and modification time name the
 * build (every build writes the file anew; V8 itself checks only the source's length), V8's
 * version the format.
 */
function cacheFileOf(file: string, stat: Stats, cacheDir: string): string {
  const build = `${stat.size.toString(36)}-${Math.round(stat.mtimeMs).toString(36)}`;
  const v8 = process.versions.v8.replace(/[^\w.-]/g, '_');
  return join(cacheDir, `${basename(file)}.${build}.${v8}.cache`);
}

function readOrUndefined(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

/** Caches not yet written, by file: `flushCodeCaches` writes them at once. */
const pending = new Map<string, { script: Script; timer: NodeJS.Timeout }>();

function writeLater(script: Script, cacheFile: string): void {
  const timer = setTimeout(() => {
    pending.delete(cacheFile);
    writeCache(script, cacheFile);
  }, WRITE_AFTER_MS);
  // Never what keeps a process alive: a process that ends first just compiles again next time.
  timer.unref();
  pending.set(cacheFile, { script, timer });
}

/** Writes now every cache still waiting for its timer (the unit tests, which do not wait on time). */
export function flushCodeCaches(): void {
  for (const [cacheFile, { script, timer }] of pending) {
    clearTimeout(timer);
    pending.delete(cacheFile);
    writeCache(script, cacheFile);
  }
}

/**
 * Written to a file of its own, then renamed: two windows starting at once each write a whole
 * file, and a reader never sees half of one. Older builds' caches of the same bundle go.
 */
function writeCache(script: Script, cacheFile: string): void {
  const dir = dirname(cacheFile);
  const name = basename(cacheFile);
  const bundle = name.slice(0, name.indexOf('.js.') + 3);
  const temporary = `${cacheFile}.${process.pid}-${Date.now().toString(36)}.tmp`;
  try {
    mkdirSync(dir, { recursive: true });
    writeFileSync(temporary, script.createCachedData());
    renameSync(temporary, cacheFile);
    for (const other of readdirSync(dir)) {
      if (other !== name && other.startsWith(`${bundle}.`) && other.endsWith('.cache')) rmSync(join(dir, other), { force: true });
    }
  } catch {
    // A read-only or full disk: the next start compiles again, as it would without a cache.
    try {
      rmSync(temporary, { force: true });
    } catch {
      // Nothing more to undo.
    }
  }
}

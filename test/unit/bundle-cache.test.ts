// Our bundles required through V8's code cache (src/platform/bundles.ts): the same exports as a
// plain require, a cache written after the first load and taken by the next, and every way the
// cache can be wrong (another build, a broken file, a folder that cannot be written) ending in a
// load that works, as if there were no cache.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import * as esbuild from 'esbuild';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { BUNDLE_LOAD_CHANNEL, flushCodeCaches, requireBundle, type BundleLoad } from '../../src/platform/bundles';

interface Sample {
  answer: number;
  dir: string;
  file: string;
  joined: string;
  lines: number;
  throwsAt: () => string;
}

/** A CommonJS file shaped as esbuild writes ours, using what a bundle uses of its wrapper. */
function sampleSource(answer: number): string {
  return [
    '"use strict";',
    'const path = require("node:path");',
    `exports.answer = ${answer};`,
    'exports.dir = __dirname;',
    'exports.file = __filename;',
    'exports.joined = path.join(__dirname, "core.js");',
    'module.exports.lines = 8;',
    'exports.throwsAt = () => new Error("where").stack.split("\\n")[1];',
  ].join('\n');
}

/**
 * V8 keeps what it compiled in the process, and takes a second compile of the same text from that,
 * not from the cache file: whether a file is taken shows only in a fresh process, as a new window is.
 */
const CHILD = `
const { BUNDLE_LOAD_CHANNEL, flushCodeCaches, requireBundle } = require(process.argv[1]);
let cached;
require('node:diagnostics_channel').subscribe(BUNDLE_LOAD_CHANNEL, (load) => { cached = load.cached; });
const { answer } = requireBundle(process.argv[2], process.argv[3], require);
flushCodeCaches();
process.stdout.write(JSON.stringify({ answer, cached }));
`;

describe('bundles through the code cache', () => {
  let loader: string;
  let root: string;
  let bundle: string;
  let cacheDir: string;
  let loads: BundleLoad[];
  const listen = (message: unknown): void => void loads.push(message as BundleLoad);

  before(async function () {
    this.timeout(20_000);
    loader = path.join(mkdtempSync(path.join(tmpdir(), 'web-data-loader-')), 'bundles.js');
    await esbuild.build({ entryPoints: ['src/platform/bundles.ts'], outfile: loader, bundle: true, format: 'cjs', platform: 'node', target: 'node20', logLevel: 'warning' });
  });

  after(() => rmSync(path.dirname(loader), { recursive: true, force: true }));

  /** One start of a window: a fresh process loads the bundle, then writes its cache if it made one. */
  const start = (): { answer: number; cached: boolean } => {
    const child = spawnSync(process.execPath, ['-e', CHILD, loader, bundle, cacheDir], { encoding: 'utf8', timeout: 10_000 });
    assert.equal(child.status, 0, child.stderr);
    return JSON.parse(child.stdout) as { answer: number; cached: boolean };
  };

  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'web-data-bundles-'));
    bundle = path.join(root, 'dist', 'features.js');
    mkdirSync(path.dirname(bundle));
    writeFileSync(bundle, sampleSource(42));
    cacheDir = path.join(root, 'storage', 'code-cache');
    loads = [];
    subscribe(BUNDLE_LOAD_CHANNEL, listen);
  });

  afterEach(() => {
    unsubscribe(BUNDLE_LOAD_CHANNEL, listen);
    flushCodeCaches();
    chmodSync(root, 0o700);
    rmSync(root, { recursive: true, force: true });
  });

  const load = (): Sample => requireBundle(bundle, cacheDir, require) as Sample;
  const caches = (): string[] => readdirSync(cacheDir).filter((f) => f.endsWith('.cache'));

  it('gives the exports a plain require gives, with the file as __filename and its folder as __dirname', () => {
    const sample = load();
    assert.equal(sample.answer, 42);
    assert.equal(sample.lines, 8);
    assert.equal(sample.file, bundle);
    assert.equal(sample.dir, path.dirname(bundle));
    assert.equal(sample.joined, path.join(path.dirname(bundle), 'core.js'));
  });

  it('keeps the file\'s own line numbers in stack traces (the wrapper takes no line)', () => {
    assert.match(load().throwsAt(), new RegExp(`features\\.js:8:`));
  });

  it('writes the cache after the first load and hands it to V8 at the next start', () => {
    load();
    assert.deepEqual(loads.map((l) => l.cached), [false]);
    assert.throws(() => caches(), /ENOENT/, 'nothing written during the load itself');
    flushCodeCaches();
    assert.equal(caches().length, 1, 'one cache file after the first load');
    assert.match(caches()[0] ?? '', /^features\.js\..+\.cache$/);
    assert.deepEqual(start(), { answer: 42, cached: true });
    assert.deepEqual(start(), { answer: 42, cached: true });
  });

  it('compiles a new build afresh and removes the old build\'s cache once the new one is written', () => {
    assert.deepEqual(start(), { answer: 42, cached: false });
    const old = caches();
    // The same length and a new time: V8's own check (the source's length) would take the old cache.
    writeFileSync(bundle, sampleSource(43));
    utimesSync(bundle, new Date(), new Date(Date.now() + 5_000));
    assert.deepEqual(start(), { answer: 43, cached: false });
    assert.equal(caches().length, 1);
    assert.notDeepEqual(caches(), old);
    assert.deepEqual(start(), { answer: 43, cached: true });
  });

  it('loads as without a cache when the cache file is broken, and writes a good one', () => {
    assert.deepEqual(start(), { answer: 42, cached: false });
    const [name] = caches();
    writeFileSync(path.join(cacheDir, name ?? 'missing'), 'not a code cache');
    assert.deepEqual(start(), { answer: 42, cached: false }, 'V8 refused the broken cache');
    assert.deepEqual(start(), { answer: 42, cached: true });
  });

  it('loads when the cache folder cannot be made, and leaves nothing behind', function () {
    if (process.getuid?.() === 0) {
      // root writes through permissions: a file where the folder should be stops it as well.
      mkdirSync(path.dirname(cacheDir), { recursive: true });
      writeFileSync(cacheDir, 'a file, not a folder');
    } else {
      chmodSync(root, 0o500);
    }
    assert.equal(load().answer, 42);
    assert.doesNotThrow(() => flushCodeCaches());
    assert.equal(load().answer, 42);
    assert.deepEqual(loads.map((l) => l.cached), [false, false]);
  });

  it('is a plain require without a folder: nothing written, the module cached by Node', () => {
    const plain = requireBundle(bundle, undefined, require) as Sample;
    assert.equal(plain.answer, 42);
    assert.equal(requireBundle(bundle, undefined, require), plain, 'Node\'s own module cache');
    assert.equal(require.cache[bundle]?.exports, plain);
    flushCodeCaches();
    assert.throws(() => readdirSync(cacheDir), /ENOENT/);
    Reflect.deleteProperty(require.cache, bundle);
  });
});

// The loader of dist/'s packs (src/platform/bundles.ts, `Bundles`): the shell's pack first, a
// feature's on its first require, each module run once whichever pack imports it, so a module the
// shell and two features share has one state. Packs written here by hand in the shape
// scripts/build.mjs writes; the real build is loaded by the bench's probe and the host tests.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { Bundles, flushCodeCaches } from '../../src/platform/bundles';

/** A pack file: its modules' bodies, and (the shell's) the pack of every module. */
function pack(modules: Record<string, string>, packs?: Record<string, string>): string {
  const bodies = Object.entries(modules).map(([name, body]) => `${JSON.stringify(name)}: function (exports, require, module, __filename, __dirname) {\n${body}\n}`);
  return `"use strict";\nmodule.exports = { modules: {\n${bodies.join(',\n')}\n}${packs ? `, packs: ${JSON.stringify(packs)}` : ''} };\n`;
}

describe('bundles: the packs of dist/', () => {
  let dir: string;
  let cacheDir: string;

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'web-data-packs-'));
    cacheDir = path.join(dir, 'cache');
    // chunk-a: state the shell and both features share; chunk-b: only the two features.
    writeFileSync(path.join(dir, 'shell.js'), pack({
      'shell.js': 'const a = require("./chunk-a.js"); exports.bump = () => a.bump(); exports.dir = __dirname;',
      'chunk-a.js': 'let n = 0; globalThis.__packRuns = (globalThis.__packRuns ?? 0) + 1; exports.bump = () => ++n;',
    }, { 'shell.js': 'shell.js', 'chunk-a.js': 'shell.js', 'chunk-b.js': 'shared.js', 'feature-one.js': 'feature-one.js', 'feature-two.js': 'feature-two.js' }));
    writeFileSync(path.join(dir, 'shared.js'), pack({ 'chunk-b.js': 'exports.made = Symbol("b");' }));
    writeFileSync(path.join(dir, 'feature-one.js'), pack({ 'feature-one.js': 'const a = require("./chunk-a.js"); const b = require("./chunk-b.js"); exports.bump = () => a.bump(); exports.b = b.made; exports.path = require("node:path").sep;' }));
    writeFileSync(path.join(dir, 'feature-two.js'), pack({ 'feature-two.js': 'const a = require("./chunk-a.js"); const b = require("./chunk-b.js"); exports.bump = () => a.bump(); exports.b = b.made;' }));
    Reflect.deleteProperty(globalThis, '__packRuns');
  });

  afterEach(() => {
    flushCodeCaches();
    rmSync(dir, { recursive: true, force: true });
  });

  for (const cached of [false, true]) {
    it(`runs each module once, shared across packs, and reads a pack only when a module in it is needed${cached ? ' (through the code cache)' : ''}`, () => {
      const bundles = new Bundles(dir, cached ? cacheDir : undefined, require);
      const shell = bundles.require('shell.js') as { bump: () => number; dir: string };
      assert.equal(shell.dir, dir);
      assert.equal(shell.bump(), 1);
      const one = bundles.require('feature-one.js') as { bump: () => number; b: symbol; path: string };
      const two = bundles.require('feature-two.js') as { bump: () => number; b: symbol };
      // One chunk-a: the features count on from the shell's count.
      assert.equal(one.bump(), 2);
      assert.equal(two.bump(), 3);
      assert.equal(Reflect.get(globalThis, '__packRuns'), 1);
      // One chunk-b, read from shared.js with the first feature that needed it.
      assert.equal(one.b, two.b);
      // Anything not ./ goes to the host's require.
      assert.equal(one.path, path.sep);
      assert.equal(bundles.require('feature-one.js'), one);
    });
  }

  it('says which module is missing instead of running half a build', () => {
    const bundles = new Bundles(dir, undefined, require);
    bundles.require('shell.js');
    writeFileSync(path.join(dir, 'feature-one.js'), pack({ 'other.js': '' }));
    assert.throws(() => bundles.require('feature-one.js'), /No module feature-one\.js in dist\//);
  });
});

// What each bundle holds, from the production build's own metafile (scripts/build.mjs). Three
// promises: the file VS Code loads first (dist/extension.js) holds the code-cache loader and
// nothing else, activation loads no undici and no zod (they are in dist/core.js, required on first
// use), and each error class the features check with `instanceof` is defined in one bundle only,
// since a class copied into both would make `instanceof` false for the other bundle's errors.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';

const root = path.resolve(__dirname, '../..');

interface Metafile {
  outputs: Record<string, { inputs: Record<string, unknown> }>;
}

describe('bundles', function () {
  this.timeout(60_000);
  let inputs: Map<string, string[]>;
  let nonAscii: Map<string, string[]>;
  let distPackage: string;

  before(() => {
    const dir = mkdtempSync(path.join(tmpdir(), 'web-data-bundles-'));
    try {
      const metafile = path.join(dir, 'meta.json');
      const build = spawnSync(process.execPath, ['scripts/build.mjs', '--production', `--outdir=${dir}`, `--metafile=${metafile}`], { cwd: root, encoding: 'utf8' });
      assert.equal(build.status, 0, build.stderr);
      const meta = JSON.parse(readFileSync(metafile, 'utf8')) as Metafile;
      inputs = new Map(Object.entries(meta.outputs)
        .filter(([file]) => file.endsWith('.js'))
        .map(([file, out]) => [path.basename(file), Object.keys(out.inputs)]));
      distPackage = readFileSync(path.join(dir, 'package.json'), 'utf8');
      nonAscii = new Map([...inputs.keys()].map((file) => [file, [...readFileSync(path.join(dir, file))].filter((byte) => byte > 0x7f).map((byte) => byte.toString(16))]));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('builds dist/extension.js, dist/features.js and dist/core.js, nothing else', () => {
    assert.deepEqual([...inputs.keys()].sort(), ['core.js', 'extension.js', 'features.js']);
  });

  it('keeps the file VS Code loads first to the loader: it is compiled in full at every start', () => {
    assert.deepEqual((inputs.get('extension.js') ?? []).sort(), ['src/main.ts', 'src/platform/bundles.ts']);
  });

  it('writes dist/package.json, so Node does not parse the extension\'s manifest for the bundles\' "type"', () => {
    assert.deepEqual(JSON.parse(distPackage), { type: 'commonjs' });
  });

  it('keeps undici and zod out of what activation loads', () => {
    const heavy = [...(inputs.get('extension.js') ?? []), ...(inputs.get('features.js') ?? [])]
      .filter((input) => /node_modules[\\/](undici|zod)[\\/]/.test(input));
    assert.deepEqual(heavy, []);
    assert.ok((inputs.get('features.js') ?? []).includes('src/extension.ts'), 'the features are in dist/features.js');
  });

  // One non-ASCII character anywhere makes V8 hold the whole source as two-byte text, and Node
  // decode all of it from UTF-8 at every start (about 0.6 ms for dist/features.js here); esbuild
  // escapes strings but not regular expression literals, so write those with \u escapes.
  it('writes every bundle in ASCII', () => {
    assert.deepEqual(Object.fromEntries(nonAscii), { 'core.js': [], 'extension.js': [], 'features.js': [] }, 'bytes past ASCII, in hex');
  });

  for (const source of ['src/core/api/errors.ts', 'src/core/webhooks/receiver-setup.ts']) {
    it(`defines the error classes of ${source} in dist/core.js only`, () => {
      const holders = [...inputs].filter(([, files]) => files.includes(source)).map(([file]) => file);
      assert.deepEqual(holders, ['core.js']);
    });
  }
});

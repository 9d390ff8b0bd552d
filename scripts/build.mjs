// Bundles the extension with esbuild (type-checking is `npm run typecheck`, separately).
// Three bundles: dist/extension.js (src/main.ts) is the small file VS Code loads, which requires
// dist/features.js (src/extension.ts: every feature, no undici or zod) through V8's code cache
// (src/platform/bundles.ts); dist/core.js holds undici, zod, the API client and the webhook
// receiver and is required on first use (see src/platform/core.ts), so a window without a key
// never loads it.
import * as esbuild from 'esbuild';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');
/** `--outdir=<dir>` and `--metafile=<file>`: for the unit test that checks what each bundle holds. */
const arg = (name) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);

/**
 * `import * as vscode from 'vscode'` makes esbuild copy every property of the API object into a
 * fresh namespace object in each importing file (about 35 files x 400 names). Instead, 'vscode'
 * resolves to one small module that exports, as plain bindings, just the names the source uses,
 * read once from the real module. Kept because it pays: measured with `npm run bench` (the
 * two-bundle build with and without it, interleaved in one run on the busy 2-core machine),
 * without it require(dist/extension.js) took about 4x as long (387 against 96 ms wall, no key
 * stored) and the startup figure went from 0.43x to 0.62x require('undici') in CPU time, over
 * the 0.45x goal.
 */
function usedVscodeNames(dir) {
  const names = new Set();
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts')) continue;
    const text = readFileSync(join(entry.parentPath, entry.name), 'utf8');
    for (const match of text.matchAll(/\bvscode\.([A-Za-z_$][\w$]*)/g)) names.add(match[1]);
  }
  return [...names].sort();
}

const vscodeBindings = {
  name: 'vscode-bindings',
  setup(build) {
    build.onResolve({ filter: /^vscode$/ }, (args) =>
      args.namespace === 'vscode-bindings' ? { path: 'vscode', external: true } : { path: 'vscode', namespace: 'vscode-bindings' });
    build.onLoad({ filter: /.*/, namespace: 'vscode-bindings' }, () => ({
      loader: 'js',
      contents: ['const api = require("vscode");', ...usedVscodeNames('src').map((n) => `export const ${n} = api.${n};`)].join('\n'),
    }));
  },
};

/**
 * dist/package.json: Node looks for the nearest package.json of every CommonJS file it loads (for
 * its "type"); without this one it reads and parses the extension's 46 KiB manifest at the first
 * require of dist/extension.js, about 1 ms of every start (measured with the bench's probe).
 */
const DIST_PACKAGE = { type: 'commonjs' };

const options = {
  entryPoints: { extension: 'src/main.ts', features: 'src/extension.ts', core: 'src/core/entry.ts' },
  outdir: arg('outdir') ?? 'dist',
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  external: ['vscode'],
  minify: production,
  sourcemap: !production,
  sourcesContent: false,
  legalComments: 'none',
  logLevel: 'warning',
  metafile: true,
  plugins: [vscodeBindings],
};

mkdirSync(options.outdir, { recursive: true });
writeFileSync(join(options.outdir, 'package.json'), `${JSON.stringify(DIST_PACKAGE)}\n`);
if (watch) {
  const ctx = await esbuild.context(options);
  await ctx.watch();
  console.log('esbuild: watching');
} else {
  const result = await esbuild.build(options);
  const metafile = arg('metafile');
  if (metafile) writeFileSync(metafile, JSON.stringify(result.metafile));
  for (const [file, out] of Object.entries(result.metafile.outputs)) {
    if (file.endsWith('.js')) console.log(`${file}  ${(out.bytes / 1024).toFixed(1)} KiB`);
  }
}

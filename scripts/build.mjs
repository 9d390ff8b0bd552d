// Bundles the extension with esbuild (type-checking is `npm run typecheck`, separately).
// Three bundles: dist/extension.js (src/main.ts) is the small file VS Code loads, which requires
// dist/features.js (src/extension.ts: every feature, no undici or zod) through V8's code cache
// (src/platform/bundles.ts); dist/core.js holds undici, zod, the API client and the webhook
// receiver and is required on first use (see src/platform/core.ts), so a window without a key
// never loads it.
import * as esbuild from 'esbuild';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

/**
 * Every feature is a bundle of its own, required the first time one of its entries is used
 * (src/platform/features.ts); what activation reads is `dist/shell.js` alone (src/extension.ts:
 * the services, the entries' stand-ins, the few features every start runs). The features share
 * code with the shell and with each other, and a shared module must exist once (its state, its
 * classes for `instanceof`), so they are built together with esbuild's code splitting, which only
 * ESM output has; each output file is then turned into CommonJS (the extension host requires
 * CommonJS) and packed (see `pack`). The folder under src/features/ names each feature; the
 * few src/extension.ts imports as values run at every start and are in the shell.
 */
const SHELL_FEATURES = new Set([...readFileSync('src/extension.ts', 'utf8').matchAll(/^import (?!type )[^;]*from '\.\/features\/([\w-]+)'/gm)].map((m) => m[1]));
const FEATURES = readdirSync('src/features', { withFileTypes: true })
  .filter((e) => e.isDirectory() && !SHELL_FEATURES.has(e.name)).map((e) => e.name).sort();

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  external: ['vscode'],
  minify: production,
  legalComments: 'none',
  logLevel: 'warning',
  metafile: true,
  plugins: [vscodeBindings],
};

/** The loader VS Code loads (src/main.ts) and dist/core.js (undici, zod, the client): each whole, on its own. */
const single = {
  ...common,
  entryPoints: { extension: 'src/main.ts', core: 'src/core/entry.ts' },
  outdir: arg('outdir') ?? 'dist',
  format: 'cjs',
  sourcemap: !production,
  sourcesContent: false,
};

/** The shell and the features, split into ESM chunks in a folder of their own, then packed into outdir. */
const split = {
  ...common,
  entryPoints: { shell: 'src/extension.ts', ...Object.fromEntries(FEATURES.map((name) => [`feature-${name}`, `src/features/${name}/index.ts`])) },
  outdir: join(single.outdir, '.split'),
  format: 'esm',
  splitting: true,
  chunkNames: 'chunk-[hash]',
  write: false,
};

/**
 * The split build's files as packs: a pack is one CommonJS file that exports the factories of the
 * modules in it (`{ modules: { 'name.js': function (exports, require, module, __filename, __dirname) {…} } }`),
 * which src/platform/bundles.ts registers and runs once each, resolving `require('./chunk-….js')`
 * among them. Fewer files than chunks: every file read at a start is a file opened, read and
 * checked against its code cache.
 * - dist/shell.js holds the shell and every chunk it imports, however deep: activation reads this one file.
 * - dist/feature-<name>.js holds the feature and the chunks no other pack needs.
 * - dist/shared.js holds every chunk two features need and the shell does not, read with the first of them.
 * The shell's pack also names the pack of every module (`packs`), so a require finds its file.
 */
async function pack(result, outdir) {
  const outputs = result.metafile.outputs;
  const nameOf = (file) => file.slice(file.lastIndexOf('/') + 1);
  const importsOf = new Map(Object.entries(outputs).filter(([file]) => file.endsWith('.js'))
    .map(([file, out]) => [nameOf(file), out.imports.filter((i) => !i.external && i.kind === 'import-statement').map((i) => nameOf(i.path))]));
  const inputsOf = new Map(Object.entries(outputs).map(([file, out]) => [nameOf(file), Object.keys(out.inputs)]));
  const closure = (name, into = new Set()) => {
    if (into.has(name)) return into;
    into.add(name);
    for (const next of importsOf.get(name) ?? []) closure(next, into);
    return into;
  };
  const packOf = new Map();
  for (const name of closure('shell.js')) packOf.set(name, 'shell.js');
  const users = new Map();
  const entries = [...importsOf.keys()].filter((name) => name.startsWith('feature-'));
  for (const entry of entries) {
    for (const name of closure(entry)) if (!packOf.has(name)) users.set(name, [...(users.get(name) ?? []), entry]);
  }
  for (const [name, by] of users) packOf.set(name, by.length === 1 ? by[0] : 'shared.js');
  const code = new Map();
  for (const file of result.outputFiles) {
    const name = nameOf(file.path);
    if (!name.endsWith('.js')) continue;
    const cjs = await esbuild.transform(file.text, { format: 'cjs', loader: 'js', target: 'node20', minify: production, legalComments: 'none' });
    code.set(name, cjs.code);
  }
  const packs = new Map();
  for (const [name, into] of packOf) packs.set(into, [...(packs.get(into) ?? []), name]);
  const written = [];
  for (const [file, names] of packs) {
    const modules = names.map((name) => `${JSON.stringify(name)}: function (exports, require, module, __filename, __dirname) {\n${code.get(name)}\n}`);
    const table = file === 'shell.js' ? `,\npacks: ${JSON.stringify(Object.fromEntries(packOf))}` : '';
    const text = `"use strict";\nmodule.exports = { modules: {\n${modules.join(',\n')}\n}${table} };\n`;
    writeFileSync(join(outdir, file), text);
    written.push({ file, bytes: Buffer.byteLength(text), modules: names, inputs: names.flatMap((name) => inputsOf.get(name) ?? []) });
  }
  return written;
}

/**
 * The webviews' scripts (src/webview/*.ts): for the browser, each one file with what it imports
 * (the credits panel's with Chart.js), read by the webview when its panel opens and never by the
 * extension host, so neither activation nor any feature bundle grows with a charting library.
 * Minified in every build: a webview is debugged through its own developer tools, not a source map.
 */
const webviews = {
  entryPoints: readdirSync('src/webview').filter((name) => name.endsWith('.ts')).map((name) => join('src/webview', name)),
  outdir: join(single.outdir, 'webview'),
  bundle: true,
  platform: 'browser',
  format: 'iife',
  target: 'es2022',
  minify: true,
  legalComments: 'none',
  logLevel: 'warning',
  metafile: true,
};

mkdirSync(single.outdir, { recursive: true });
writeFileSync(join(single.outdir, 'package.json'), `${JSON.stringify(DIST_PACKAGE)}\n`);
// Packs of an earlier build: a chunk's name changes with its content.
for (const old of readdirSync(single.outdir)) if (/^(chunk-|feature-).*\.js$/.test(old)) rmSync(join(single.outdir, old));
if (watch) {
  const ctx = await esbuild.context({ ...single, plugins: [...single.plugins, {
    name: 'repack',
    setup(build) {
      build.onEnd(async () => { await pack(await esbuild.build(split), single.outdir); });
    },
  }] });
  await ctx.watch();
  await (await esbuild.context(webviews)).watch();
  console.log('esbuild: watching (the shell and features are packed again after each build of src/main.ts and core)');
} else {
  const whole = await esbuild.build(single);
  const packs = await pack(await esbuild.build(split), single.outdir);
  const pages = await esbuild.build(webviews);
  const metafile = arg('metafile');
  const listing = [
    ...Object.entries(whole.metafile.outputs).filter(([file]) => file.endsWith('.js'))
      .map(([file, out]) => ({ file: file.slice(file.lastIndexOf('/') + 1), bytes: out.bytes, modules: [], inputs: Object.keys(out.inputs) })),
    ...packs,
    ...Object.entries(pages.metafile.outputs).filter(([file]) => file.endsWith('.js'))
      .map(([file, out]) => ({ file: `webview/${file.slice(file.lastIndexOf('/') + 1)}`, bytes: out.bytes, modules: [], inputs: Object.keys(out.inputs) })),
  ];
  if (metafile) writeFileSync(metafile, JSON.stringify({ bundles: listing }));
  for (const { file, bytes, modules } of listing.sort((a, b) => a.file.localeCompare(b.file))) {
    console.log(`dist/${file.padEnd(28)} ${(bytes / 1024).toFixed(1).padStart(7)} KiB${modules.length > 1 ? `  (${modules.length} modules)` : ''}`);
  }
}

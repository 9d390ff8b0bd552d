// Bundles the extension with esbuild (type-checking is `npm run typecheck`, separately).
// Two bundles: dist/extension.js is what activation loads and stays tiny; dist/core.js holds
// undici, zod and the API client and is required on first use (see src/platform/core.ts).
import * as esbuild from 'esbuild';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

const options = {
  entryPoints: { extension: 'src/extension.ts', core: 'src/core/entry.ts' },
  outdir: 'dist',
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
};

if (watch) {
  const ctx = await esbuild.context(options);
  await ctx.watch();
  console.log('esbuild: watching');
} else {
  const result = await esbuild.build(options);
  for (const [file, out] of Object.entries(result.metafile.outputs)) {
    if (file.endsWith('.js')) console.log(`${file}  ${(out.bytes / 1024).toFixed(1)} KiB`);
  }
}

// What each bundle holds, from the production build's own listing (scripts/build.mjs). The
// promises: the file VS Code loads first (dist/extension.js) holds the loader and nothing else;
// activation reads dist/shell.js, which holds no lazy feature's code and stays under a fixed
// ceiling however many features there are; no undici and no zod but in dist/core.js (required on
// first use); and each error class the features check with `instanceof` is defined in one bundle
// only, since a class copied into both would make `instanceof` false for the other bundle's errors.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';

const root = path.resolve(__dirname, '../..');

/** What scripts/build.mjs --metafile writes: each file of dist/ with its size and the sources in it. */
interface Listing {
  bundles: Array<{ file: string; bytes: number; inputs: string[] }>;
}

/**
 * The most dist/shell.js (what activation reads without a key, besides the 4 KiB loader) may weigh,
 * minified: 65.5 KiB when every feature moved to its own bundle (issue 33), 73.5 KiB once the editor
 * menu's context keys (issue 34) joined every start, 80.3 KiB with the four families of issues
 * 35-38 (documents, research, watches, @webData): each adds only its row's ids, its factory and its
 * spend wiring here, about 1.5 KiB, and a bundle of its own. 84.3 KiB with browser sessions (issue
 * 39) and the one writer of global state every store goes through (src/core/shared-state.ts, 1.1
 * KiB: it must be there before any feature writes). 86.0 KiB with one view per kind and the
 * walkthrough's document, job and watch steps (issue 46: their ids, owners and events, which the
 * walkthrough must hear from activation on); 87.4 KiB with the Code Action's severity setting (the
 * provider answers before any feature loads) and the flag that keeps Clear Webhook Secret out of the
 * palette without a secret (read at start, as the key is). 92.3 KiB with the shared folder
 * (src/core/shared-folder.ts with its retried renames, 3.5 KiB: what windows add to, today's spend
 * first, is read and written there, one file per window's key, from the first credit counted; issue
 * 47). 93.2 KiB once the same day's other work of issues 46 and 47 joined it: routine progress in the
 * window (src/platform/progress.ts), the start-up look for browser sessions a reload left running,
 * and the Jobs view's finished rows. Anything more belongs in a feature's bundle. 98.0 KiB with the
 * usage ledger (issue 49): every spend writes it, so its write (src/core/usage-ledger/store.ts and
 * ledger.ts, created with today's spend) is here, and with it, for now, the history's merge that
 * only the credits panel reads; moving that part to the panel's bundle would give back some of it.
 * With docs sets (issue 48) beside it: their five command ids, two tools, view, settings and scheme,
 * their row, factory and view's rows, 0.9 KiB more (their page rows open with vscode.open): 99.3 KiB.
 * 98.2 KiB once the ledger's store moved to dist/core.js, made at the first spend (a spend has loaded
 * that bundle already), with the credits tooltip's bar line and forecast words added here (issue 49).
 * 98.7 KiB with the window's own id for the shared files and the Webhook Events files (issue 47),
 * the docs sets' Keep Fresh and disk bound ids (issue 48) and the receiver's "another window" words.
 * 99.3 KiB with the shared folder's one-writer path (0.5 KiB: a window's own key starts a change
 * from what it last wrote, without reading its file), which today's spend here and the usage ledger
 * use for each spend's write (issue 49's goal of 1 ms a write). 99.9 KiB with the docs sets' link
 * that keeps the webhook's notification of a set's crawl from saying its end twice, after the links
 * to features that may not be loaded were written with `ifMade` (0.1 KiB less).
 */
const SHELL_CEILING_KIB = 100;

const LAZY = ['agent', 'browser', 'chat', 'connect', 'credits-usage', 'crawl-results', 'crawls', 'docs', 'doctor', 'entries', 'jobs', 'parse', 'participant', 'scrape', 'search', 'watch', 'webhooks'];

/**
 * The most the credits panel's page script (src/webview/credits-usage.ts with the parts of Chart.js
 * it registers: bars, a line, two scales, the tooltip and legend) may weigh, minified: it is read by
 * the webview when the panel opens, never by the extension host. 172.5 KiB when written: Chart.js's
 * core is most of it (its whole UMD build is 205 KiB), so registering fewer parts saved little.
 */
const CREDITS_PAGE_CEILING_KIB = 180;

describe('bundles', function () {
  this.timeout(60_000);
  let inputs: Map<string, string[]>;
  let bytes: Map<string, number>;
  let nonAscii: Map<string, string[]>;
  let distPackage: string;

  before(() => {
    const dir = mkdtempSync(path.join(tmpdir(), 'web-data-bundles-'));
    try {
      const metafile = path.join(dir, 'meta.json');
      const build = spawnSync(process.execPath, ['scripts/build.mjs', '--production', `--outdir=${dir}`, `--metafile=${metafile}`], { cwd: root, encoding: 'utf8' });
      assert.equal(build.status, 0, build.stderr);
      const listing = JSON.parse(readFileSync(metafile, 'utf8')) as Listing;
      inputs = new Map(listing.bundles.map((b) => [b.file, b.inputs]));
      bytes = new Map(listing.bundles.map((b) => [b.file, b.bytes]));
      distPackage = readFileSync(path.join(dir, 'package.json'), 'utf8');
      nonAscii = new Map([...inputs.keys()].map((file) => [file, [...readFileSync(path.join(dir, file))].filter((byte) => byte > 0x7f).map((byte) => byte.toString(16))]));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('builds the loader, the shell, dist/core.js, one bundle per lazy feature and the code they share, nothing else', () => {
    assert.deepEqual([...inputs.keys()].sort(), ['core.js', 'extension.js', ...LAZY.map((f) => `feature-${f}.js`), 'shared.js', 'shell.js', 'webview/credits-usage.js'].sort());
  });

  it(`keeps the charting library in the credits page's script alone, under ${CREDITS_PAGE_CEILING_KIB} KiB`, () => {
    const charting = [...inputs].filter(([file]) => !file.startsWith('webview/'))
      .flatMap(([file, files]) => files.filter((input) => /node_modules[\\/](chart\.js|@kurkle)[\\/]/.test(input)).map((input) => `${file}: ${input}`));
    assert.deepEqual(charting, []);
    assert.ok((inputs.get('webview/credits-usage.js') ?? []).some((input) => input.includes('node_modules/chart.js/')), 'the page bundles Chart.js');
    const kib = (bytes.get('webview/credits-usage.js') ?? Infinity) / 1024;
    assert.ok(kib <= CREDITS_PAGE_CEILING_KIB, `dist/webview/credits-usage.js is ${kib.toFixed(1)} KiB`);
  });

  it('keeps the file VS Code loads first to the loader: it is compiled in full at every start', () => {
    assert.deepEqual((inputs.get('extension.js') ?? []).sort(), ['src/main.ts', 'src/platform/bundles.ts']);
  });

  it('writes dist/package.json, so Node does not parse the extension\'s manifest for the bundles\' "type"', () => {
    assert.deepEqual(JSON.parse(distPackage), { type: 'commonjs' });
  });

  it('keeps undici and zod out of everything but dist/core.js', () => {
    const heavy = [...inputs].filter(([file]) => file !== 'core.js')
      .flatMap(([file, files]) => files.filter((input) => /node_modules[\\/](undici|zod)[\\/]/.test(input)).map((input) => `${file}: ${input}`));
    assert.deepEqual(heavy, []);
    assert.ok((inputs.get('shell.js') ?? []).includes('src/extension.ts'), 'activate() is in dist/shell.js');
  });

  it('keeps every lazy feature\'s code out of what activation reads', () => {
    const shell = inputs.get('shell.js') ?? [];
    assert.deepEqual(shell.filter((input) => LAZY.some((feature) => input.startsWith(`src/features/${feature}/`))), []);
    for (const feature of LAZY) assert.ok((inputs.get(`feature-${feature}.js`) ?? []).includes(`src/features/${feature}/index.ts`), `${feature} has its bundle`);
  });

  it("keeps the usage ledger's store and merge out of dist/shell.js: dist/core.js holds them, read at the first spend", () => {
    const ledger = ['src/core/usage-ledger/store.ts', 'src/core/usage-ledger/ledger.ts', 'src/core/usage-ledger/forecast.ts', 'src/core/usage-ledger/recent.ts'];
    assert.deepEqual((inputs.get('shell.js') ?? []).filter((input) => ledger.includes(input)), []);
    for (const input of ledger) assert.ok((inputs.get('core.js') ?? []).includes(input), `${input} in dist/core.js`);
  });

  it(`keeps dist/shell.js under its ceiling of ${SHELL_CEILING_KIB} KiB`, () => {
    const kib = (bytes.get('shell.js') ?? Infinity) / 1024;
    assert.ok(kib <= SHELL_CEILING_KIB, `dist/shell.js is ${kib.toFixed(1)} KiB`);
  });

  // One non-ASCII character anywhere makes V8 hold the whole source as two-byte text, and Node
  // decode all of it from UTF-8 at every start (about 0.6 ms for dist/features.js here); esbuild
  // escapes strings but not regular expression literals, so write those with \u escapes.
  it('writes every bundle in ASCII', () => {
    assert.deepEqual(Object.fromEntries([...nonAscii].filter(([, found]) => found.length > 0)), {}, 'bytes past ASCII, in hex');
  });

  for (const source of ['src/core/api/errors.ts', 'src/core/webhooks/receiver-setup.ts']) {
    it(`defines the error classes of ${source} in dist/core.js only`, () => {
      const holders = [...inputs].filter(([, files]) => files.includes(source)).map(([file]) => file);
      assert.deepEqual(holders, ['core.js']);
    });
  }
});

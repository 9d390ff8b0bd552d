// Client overhead on loopback against the emulator (issues 2 and 22): client.search() of a
// three-source search against a bare undici.request + JSON.parse of the same endpoint, read twice
// with the same code (bench/client-probe.cjs) on the production bundle:
// - here, with the emulator in this process;
// - independently, in a fresh `node` process that loads only the bundle and undici, the emulator
//   in this process, as a real service is in another;
// and parse+validate of a 3.2 MB search answer against JSON.parse. Before issue 22 this bench read
// a one-source, one-result search through the TypeScript source under tsx: that reading is printed
// beside the others (CONTRIBUTING.md, "Benchmarks", says why they differed).
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { DEMO_API_KEY, startEmulator } from '../test/emulator';
import type * as Core from '../src/core/entry';
import { figure, median, ms, sized, table, type Figure } from './stats';

interface Reading { clientUs: number; bareUs: number; bytes: number; results: string }
interface ProbeInput { bundle: string; url: string; apiKey: string; request: unknown; count: number; warmUp: number }

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the probe is plain JS, shared with the fresh process
const { measure } = require('./client-probe.cjs') as { measure: (input: ProbeInput) => Promise<Reading> };

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? sized(2000, 30));
const WARM_UP = sized(300, 10);
const PARSES = Number(process.env.BENCH_PARSES ?? sized(2000, 5));
const REQUIRE_RUNS = sized(15, 2);
const GOAL = 1.1;
// Three sources with a few results each (3 web, 1 news, 2 images: about 1.4 KB), as a person's
// search with the sources setting at web, news and images.
const SEARCH = { query: 'stream', limit: 3, sources: ['web', 'news', 'images'] };
// The bench's search before issue 22: one source, one result.
const OLD_SEARCH = { query: 'typescript', limit: 1 };

export async function run(): Promise<Figure[]> {
  const dir = mkdtempSync(join(tmpdir(), 'web-data-bench-'));
  try {
    const bundle = buildProduction(dir);
    const emulator = await startEmulator();
    let here: Reading, fresh: Reading, old: Reading;
    let host: { node: string; reading: Reading } | undefined;
    try {
      const input = { bundle, url: emulator.url, apiKey: DEMO_API_KEY, request: SEARCH, count: REQUESTS, warmUp: WARM_UP };
      here = await measure(input);
      fresh = await inFreshProcess(input);
      const hostNode = extensionHostNode();
      if (hostNode) host = { node: hostNode.version, reading: await inFreshProcess(input, hostNode.path) };
      old = await measure({ ...input, bundle: resolve('src/core/api/index.ts'), request: OLD_SEARCH });
    } finally {
      await emulator.close();
    }
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the bundle just built, as the extension loads it
    const core = require(bundle) as typeof Core;
    const parse = parseVsJson(core);
    const load = requireCost(bundle);
    const ratio = (r: Reading): number => r.clientUs / r.bareUs;
    const us = (n: number): string => ms(n / 1000);
    table([
      ['measure', 'n', 'client', 'baseline', 'ratio', 'goal'],
      [`client.search() vs undici.request + JSON.parse, this process (${here.results} results, ${here.bytes} B)`, String(REQUESTS), us(here.clientUs), us(here.bareUs), `${ratio(here).toFixed(2)}×`, `≤ ${GOAL.toFixed(2)}×`],
      ['the same in a fresh node process, emulator outside it (independent reading)', String(REQUESTS), us(fresh.clientUs), us(fresh.bareUs), `${ratio(fresh).toFixed(2)}×`, `≤ ${GOAL.toFixed(2)}×`],
      ...(host ? [[`the same with the extension host's node ${host.node} (the VS Code server's)`, String(REQUESTS), us(host.reading.clientUs), us(host.reading.bareUs), `${ratio(host.reading).toFixed(2)}×`, '(≤ 1.10×)']] : []),
      [`before issue 22: one source, one result (${old.bytes} B), TypeScript source under tsx`, String(REQUESTS), us(old.clientUs), us(old.bareUs), `${ratio(old).toFixed(2)}×`, '-'],
      [`parse+validate ${(parse.bytes / 1e6).toFixed(1)} MB (300 results) vs JSON.parse`, String(PARSES), ms(parse.validated), ms(parse.json), `${(parse.validated / parse.json).toFixed(2)}×`, '≤ 1.50×'],
      [`require production core.js (${(load.bytes / 1024).toFixed(0)} KiB, fresh processes)`, String(REQUIRE_RUNS), ms(load.median), '-', '-', '-'],
    ]);
    const over = (r: Reading): string => `${Math.round(r.clientUs - r.bareUs)} µs over ${Math.round(r.bareUs)} µs a call`;
    return [
      // Within 10% of the leanest call undici makes: the client's checks stay cheap beside a round trip.
      figure('client.search() / bare undici, 3 sources, this process', ratio(here), '×', { at: 'most', value: GOAL }, over(here)),
      figure('client.search() / bare undici, 3 sources, fresh process', ratio(fresh), '×', { at: 'most', value: GOAL }, `${over(fresh)}; production bundle, emulator in another process`),
      // Validation may cost half again the parse itself on the largest answers (issue 2).
      figure('parse+validate 3.2 MB answer / JSON.parse', parse.validated / parse.json, '×', { at: 'most', value: 1.5 }, `${ms(parse.validated)} vs ${ms(parse.json)}`),
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `npm run build -- --production` into `dir` (dist/ is left alone); returns core.js's path. */
function buildProduction(dir: string): string {
  const built = spawnSync(process.execPath, ['scripts/build.mjs', '--production', `--outdir=${dir}`], { encoding: 'utf8', timeout: 120_000 });
  if (built.status !== 0) throw new Error(`the production build failed: ${built.stderr}`);
  return join(dir, 'core.js');
}

/**
 * The Node of the newest VS Code server `npm run tools` installed (.vscode-test), which runs the
 * extension host: the client's overhead differs between Node versions (node 24's floor is lower).
 * Printed beside the figures, not one of them: not every checkout has a server.
 */
function extensionHostNode(): { path: string; version: string } | undefined {
  if (!existsSync('.vscode-test')) return undefined;
  for (const name of readdirSync('.vscode-test').sort().reverse()) {
    const path = resolve('.vscode-test', name, 'node', 'node_modules', 'node', 'bin', 'node');
    if (!existsSync(path)) continue;
    const version = spawnSync(path, ['--version'], { encoding: 'utf8', timeout: 10_000 }).stdout.trim();
    if (version !== '') return { path, version };
  }
  return undefined;
}

/** The probe in a fresh plain `node` (no tsx, nothing preloaded), as the extension host loads the bundle. */
function inFreshProcess(input: ProbeInput, node = process.execPath): Promise<Reading> {
  return new Promise((resolvePromise, reject) => {
    execFile(node, [join(__dirname, 'client-probe.cjs'), JSON.stringify(input)], { timeout: 300_000 }, (error, stdout, stderr) => {
      if (error) return reject(new Error(`the fresh-process probe failed: ${stderr || error.message}`));
      try {
        resolvePromise(JSON.parse(stdout) as Reading);
      } catch {
        reject(new Error(`the fresh-process probe printed no reading: ${stdout.slice(0, 200)}`));
      }
    });
  });
}

/** 300 web results, each with about 10 KB of markdown and its metadata: about 3 MB of JSON. */
function bigSearchResponse(): string {
  const paragraph = 'Web data arrives as markdown: headings, lists, links and code. '.repeat(8);
  const web = Array.from({ length: 300 }, (_, i) => ({
    url: `https://site${i % 17}.example/articles/${i}`,
    title: `Article ${i} about web data`,
    description: `A description of article ${i}, long enough to be realistic for a search result snippet.`,
    position: i + 1,
    markdown: `# Article ${i}\n\n${Array.from({ length: 19 }, (_, p) => `## Part ${p}\n\n${paragraph}\n`).join('\n')}`,
    links: Array.from({ length: 8 }, (_, l) => `https://site${l}.example/${i}/${l}`),
    metadata: { title: `Article ${i}`, description: 'About web data', sourceURL: `https://site${i % 17}.example/articles/${i}`, url: `https://site${i % 17}.example/articles/${i}`, statusCode: 200 },
  }));
  return JSON.stringify({ success: true, data: { web }, warning: null, id: '7b0c3e1a-3c51-4e0f-9a55-0f3c2b6c4d11', creditsUsed: 30 });
}

function parseVsJson(core: typeof Core): { validated: number; json: number; bytes: number } {
  const text = bigSearchResponse();
  for (let i = 0; i < sized(30, 2); i++) {
    JSON.parse(text);
    core.parseSearchResponse(text);
  }
  const validated: number[] = [];
  const json: number[] = [];
  const plain = (): unknown => JSON.parse(text);
  const checked = (): unknown => core.parseSearchResponse(text);
  for (let i = 0; i < PARSES; i++) {
    // Alternate the order: whichever runs second inherits the first one's garbage.
    for (const parse of i % 2 === 0 ? [plain, checked] : [checked, plain]) {
      const started = performance.now();
      parse();
      (parse === plain ? json : validated).push(performance.now() - started);
    }
  }
  return { validated: median(validated), json: median(json), bytes: Buffer.byteLength(text) };
}

/** require() of the production core.js in fresh processes (the extension's first use of it). */
function requireCost(bundle: string): { median: number; bytes: number } {
  const script = `const { performance } = require('node:perf_hooks'); const t = performance.now(); require(${JSON.stringify(bundle)}); process.stdout.write(String(performance.now() - t));`;
  const times: number[] = [];
  for (let i = 0; i < REQUIRE_RUNS; i++) {
    const child = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', timeout: 30_000 });
    if (child.status !== 0) throw new Error(`require failed: ${child.stderr}`);
    times.push(Number(child.stdout));
  }
  return { median: median(times), bytes: statSync(bundle).size };
}

// Client overhead on loopback against the emulator (issue 2 §5): client.search() against a bare
// undici.request + JSON.parse; parse+validate of a 3 MB search response against JSON.parse; and
// the cost of require-ing the bundled client. Measurements are interleaved so drift hits both.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import * as esbuild from 'esbuild';
import { request } from 'undici';
import { DEMO_API_KEY, startEmulator } from '../test/emulator';
import { parseSearchResponse, WebDataClient, type SearchResponse } from '../src/core/api';
import { median, ms, table } from './stats';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const PARSES = Number(process.env.BENCH_PARSES ?? 2000);
const REQUIRE_RUNS = 15;
// A tiny query with one result keeps the emulator's own work small, so client overhead shows.
const SEARCH = { query: 'typescript', limit: 1 };

export async function run(): Promise<void> {
  const rows: string[][] = [['measure', 'n', 'client', 'baseline', 'ratio', 'goal']];
  const search = await searchVsBare();
  rows.push(['client.search() vs undici.request + JSON.parse', String(REQUESTS), ms(search.client), ms(search.bare), `${(search.client / search.bare).toFixed(2)}×`, '≤ 1.10×']);
  const parse = parseVsJson();
  rows.push([`parse+validate ${(parse.bytes / 1e6).toFixed(1)} MB (300 results) vs JSON.parse`, String(PARSES), ms(parse.validated), ms(parse.json), `${(parse.validated / parse.json).toFixed(2)}×`, '≤ 1.50×']);
  const load = await requireCost();
  rows.push([`require bundled core.js (${(load.bytes / 1024).toFixed(0)} KiB, minified)`, String(REQUIRE_RUNS), ms(load.median), '-', '-', '-']);
  table(rows);
}

async function searchVsBare(): Promise<{ client: number; bare: number }> {
  const emulator = await startEmulator();
  const client = new WebDataClient({ baseUrl: emulator.url, apiKey: DEMO_API_KEY });
  const url = `${emulator.url}/v2/search`;
  const headers = { authorization: `Bearer ${DEMO_API_KEY}`, 'content-type': 'application/json', accept: 'application/json' };
  const bare = async (): Promise<unknown> => {
    const response = await request(url, { method: 'POST', headers, body: JSON.stringify(SEARCH) });
    return JSON.parse(await response.body.text()) as unknown;
  };
  const viaClient = (): Promise<SearchResponse> => client.search(SEARCH);
  try {
    for (let i = 0; i < 300; i++) {
      await viaClient();
      await bare();
    }
    const clientTimes: number[] = [];
    const bareTimes: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      // Alternate which goes first, so neither always follows the other's garbage.
      const order = i % 2 === 0 ? [viaClient, bare] : [bare, viaClient];
      for (const call of order) {
        const started = performance.now();
        await call();
        (call === bare ? bareTimes : clientTimes).push(performance.now() - started);
      }
    }
    return { client: median(clientTimes), bare: median(bareTimes) };
  } finally {
    await client.close();
    await emulator.close();
  }
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

function parseVsJson(): { validated: number; json: number; bytes: number } {
  const text = bigSearchResponse();
  for (let i = 0; i < 30; i++) {
    JSON.parse(text);
    parseSearchResponse(text);
  }
  const validated: number[] = [];
  const json: number[] = [];
  const plain = (): unknown => JSON.parse(text);
  const checked = (): unknown => parseSearchResponse(text);
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

/**
 * Bundles src/core/entry.ts as the production build does (dist/core.js: the client, schemas and
 * webhook receiver the extension requires on first use), then times require() in fresh processes.
 */
async function requireCost(): Promise<{ median: number; bytes: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'web-data-bench-'));
  try {
    const outfile = join(dir, 'core.js');
    await esbuild.build({ entryPoints: ['src/core/entry.ts'], outfile, bundle: true, format: 'cjs', platform: 'node', target: 'node20', minify: true, logLevel: 'warning' });
    const script = `const { performance } = require('node:perf_hooks'); const t = performance.now(); require(${JSON.stringify(outfile)}); process.stdout.write(String(performance.now() - t));`;
    const times: number[] = [];
    for (let i = 0; i < REQUIRE_RUNS; i++) {
      const child = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', timeout: 30_000 });
      if (child.status !== 0) throw new Error(`require failed: ${child.stderr}`);
      times.push(Number(child.stdout));
    }
    return { median: median(times), bytes: statSync(outfile).size };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

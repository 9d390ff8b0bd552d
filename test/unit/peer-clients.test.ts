// The service's own public clients against the emulator, as a user would point them at it: the JS
// SDK (@mendable/firecrawl-js, pinned) and the MCP server (firecrawl-mcp, pinned, over stdio), each
// in its own process with a guard that refuses and reports any connection not to loopback.
// The emulator runs as `npm run emulator` runs it, on a free port.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makePdf } from '../emulator/document-files';
import { DEMO_API_KEY, DEMO_JOBS } from '../emulator';
import { demoCrawls } from '../emulator/demo';
import { McpClient } from '../peer/mcp-stdio';
import { cleanEnv, GUARD, GUARD_MARK, startChild, startEmulatorProcess, type Child } from '../peer/processes';

type Results = Array<{ url?: string; markdown?: string }>;
/** A job as sdk-run.mjs prints it: the SDK's fields, and its documents' addresses. */
type Job = { id: string; status: string; total: number; completed: number; next?: string | null; urls: string[] };

/** The demo's running crawl (40 pages, 12 done when the emulator starts, one a minute after). */
const RUNNING = demoCrawls('')[0] as { id: string; url: string };
/** `base/page/1` … `base/page/n`: the emulator's documents of a job, in order. */
const pagesOf = (base: string, n: number): string[] => Array.from({ length: n }, (_, i) => `${base}/page/${i + 1}`);

describe('peer clients: the service\'s JS SDK and MCP server accept the emulator', function () {
  this.timeout(60_000);
  let emulator: Child & { url: string };
  const children: Child[] = [];
  let dir = '';

  before(async () => {
    emulator = await startEmulatorProcess();
    dir = mkdtempSync(join(tmpdir(), 'webdata-peer-parse-'));
  });
  after(async () => {
    for (const child of children) await child.stop();
    await emulator.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  function assertOnlyLoopback(child: Child): void {
    const refused = child.stderr.all.filter((l) => l.includes(GUARD_MARK));
    assert.deepEqual(refused, [], 'the client tried to reach something other than the emulator');
  }

  it('the SDK: token usage, one and three sources, markdown, active crawls; crawl and batch status, paging and errors', async () => {
    const jobs = { running: RUNNING.id, large: DEMO_JOBS.large, batch: DEMO_JOBS.batch };
    const sdk = startChild(['--import', GUARD, 'test/peer/sdk-run.mjs'], cleanEnv({ PEER_API_URL: emulator.url, PEER_API_KEY: DEMO_API_KEY, PEER_JOBS: JSON.stringify(jobs) }));
    children.push(sdk);
    const line = await sdk.stdout.wait((l) => l.startsWith('{'), 'the SDK run to print its results', 30_000);
    const out = JSON.parse(line) as {
      usage: { remainingTokens: number; planTokens: number };
      oneSource: { web?: Results; images?: Results; news?: Results };
      threeSources: { web?: Results; images?: Results; news?: Results };
      markdown: { web?: Results };
      crawls: { success: boolean; crawls: Array<{ id: string; url: string }> };
      running: Job;
      paginated: Job;
      batch: Job;
      errors: { errors: Array<{ id: string; url: string; code?: string; error: string }>; robotsBlocked: string[] };
      json: { title?: unknown };
      agent: { started: boolean; first: string; status: string; creditsUsed: number; hasData: boolean; cancelled: boolean };
    };
    // Issue 36: JSON from a page, and a research run that ends with data, and one cancelled.
    assert.equal(typeof out.json.title, 'string');
    assert.deepEqual(out.agent, { started: true, first: 'processing', status: 'completed', creditsUsed: 8, hasData: true, cancelled: true });
    assert.equal(out.usage.planTokens, 1_500_000);
    assert.ok(out.usage.remainingTokens > 0);
    assert.ok((out.oneSource.web ?? []).length > 0 && (out.oneSource.web ?? []).length <= 3, JSON.stringify(out.oneSource));
    assert.equal(out.oneSource.images, undefined);
    for (const source of ['web', 'images', 'news'] as const) {
      assert.ok((out.threeSources[source] ?? []).length > 0, `${source}: ${JSON.stringify(out.threeSources)}`);
    }
    const pages = out.markdown.web ?? [];
    assert.ok(pages.length > 0 && pages.every((p) => typeof p.markdown === 'string' && p.markdown.length > 0), JSON.stringify(pages).slice(0, 300));
    assert.equal(out.crawls.success, true);
    assert.deepEqual(out.crawls.crawls.map((c) => c.url), ['https://docs.tideflow.dev', 'https://www.gardenjournal.example/tomatoes']);

    // A running crawl: the pages done so far and a `next` to come back to, on the emulator itself.
    assert.equal(out.running.status, 'scraping');
    assert.equal(out.running.total, 40);
    assert.ok(out.running.completed >= 12 && out.running.completed < 40, String(out.running.completed));
    assert.deepEqual(out.running.urls, pagesOf(RUNNING.url, out.running.completed));
    assert.ok(out.running.next?.startsWith(`${emulator.url}/v2/crawl/${RUNNING.id}?skip=${out.running.completed}`), String(out.running.next));
    // A finished crawl of 10,000 pages: the SDK followed `next` twice on its own (100 a page), in order.
    assert.equal(out.paginated.status, 'completed');
    assert.equal(out.paginated.total, 10_000);
    assert.deepEqual(out.paginated.urls, pagesOf('https://handbook.tideflow.dev', 300));
    assert.equal(out.paginated.next, null);
    assert.equal(out.batch.status, 'completed');
    assert.deepEqual(out.batch.urls, pagesOf('https://status.tideflow.dev', 5));
    assert.equal(out.errors.errors.length, 12);
    assert.deepEqual(out.errors.errors[0] && { url: out.errors.errors[0].url, code: out.errors.errors[0].code }, { url: 'https://handbook.tideflow.dev/broken/1', code: 'SCRAPE_TIMEOUT' });
    assert.deepEqual(out.errors.robotsBlocked, Array.from({ length: 30 }, (_, k) => `https://handbook.tideflow.dev/private/${k + 1}`));
    assertOnlyLoopback(sdk);
  });

  it('the SDK\'s parse: a PDF the test wrote, its pages as markdown (issue 35)', async () => {
    const file = join(dir, 'spec.pdf');
    writeFileSync(file, makePdf([['First page'], ['Second page']]));
    const sdk = startChild(['--import', GUARD, 'test/peer/sdk-parse-run.mjs'], cleanEnv({ PEER_API_URL: emulator.url, PEER_API_KEY: DEMO_API_KEY, PEER_PARSE_FILE: file }));
    children.push(sdk);
    const line = await sdk.stdout.wait((l) => l.startsWith('{'), 'the SDK\'s parse to print its result', 30_000);
    const out = JSON.parse(line) as { parsed: { markdown?: string; pages?: Array<{ pageNumber: number; markdown: string }>; metadata?: { creditsUsed?: number } } };
    assert.deepEqual(out.parsed.pages, [{ pageNumber: 1, markdown: 'First page\n' }, { pageNumber: 2, markdown: 'Second page\n' }]);
    assert.equal(out.parsed.metadata?.creditsUsed, 2);
    assertOnlyLoopback(sdk);
  });

  it('the MCP server over stdio: firecrawl_parse of a local file (its local mode; the hosted two-call upload is not emulated) (issue 35)', async () => {
    const file = join(dir, 'table.html');
    writeFileSync(file, '<h1>Prices</h1><p>Widgets cost 3.</p>');
    const env = cleanEnv({ FIRECRAWL_API_URL: emulator.url, FIRECRAWL_API_KEY: DEMO_API_KEY });
    const server = startChild(['--import', GUARD, require.resolve('firecrawl-mcp/dist/index.js')], env);
    children.push(server);
    const mcp = new McpClient(server);
    await mcp.initialize();
    assert.ok((await mcp.tools()).includes('firecrawl_parse'));
    const result = await mcp.callTool('firecrawl_parse', { filePath: file });
    const text = result.content?.find((c) => c.type === 'text')?.text ?? '';
    assert.notEqual(result.isError, true, text);
    assert.match(text, /# Prices/);
    assert.match(text, /Widgets cost 3\./);
    assertOnlyLoopback(server);
  });

  it('the MCP server over stdio: searches as it sends them by default, of one and of three sources, and with markdown', async () => {
    const env = cleanEnv({ FIRECRAWL_API_URL: emulator.url, FIRECRAWL_API_KEY: DEMO_API_KEY });
    const server = startChild(['--import', GUARD, require.resolve('firecrawl-mcp/dist/index.js')], env);
    children.push(server);
    const mcp = new McpClient(server);
    assert.equal((await mcp.initialize()).serverInfo.version, '3.26.0');
    assert.ok((await mcp.tools()).includes('firecrawl_search'));

    const search = async (args: Record<string, unknown>): Promise<Record<string, Results | undefined>> => {
      const result = await mcp.callTool('firecrawl_search', { query: 'tideflow', ...args });
      const text = result.content?.find((c) => c.type === 'text')?.text ?? '';
      assert.notEqual(result.isError, true, text);
      const data = (result.structuredContent ?? JSON.parse(text)) as { data?: Record<string, Results> } & Record<string, Results>;
      return data.data ?? data;
    };
    // No sources: with a key, 3.26 asks for web and the service's data tools (alexandria, domainTools).
    const byDefault = await search({ limit: 2 });
    assert.ok((byDefault.web ?? []).length > 0, JSON.stringify(byDefault));
    const one = await search({ sources: ['web'], limit: 2 });
    assert.ok((one.web ?? []).length > 0, JSON.stringify(one));
    const three = await search({ sources: ['web', 'images', 'news'], limit: 2 });
    for (const source of ['web', 'images', 'news']) assert.ok((three[source] ?? []).length > 0, `${source}: ${JSON.stringify(three)}`);
    const markdown = await search({ sources: ['web'], limit: 1, scrapeOptions: { formats: ['markdown'] } });
    assert.ok((markdown.web ?? []).every((p) => typeof p.markdown === 'string' && p.markdown.length > 0), JSON.stringify(markdown).slice(0, 300));
    assertOnlyLoopback(server);
  });

  it('the MCP server over stdio: JSON from a page, and a research run started and read to its end (issue 36)', async () => {
    const env = cleanEnv({ FIRECRAWL_API_URL: emulator.url, FIRECRAWL_API_KEY: DEMO_API_KEY });
    const server = startChild(['--import', GUARD, require.resolve('firecrawl-mcp/dist/index.js')], env);
    children.push(server);
    const mcp = new McpClient(server);
    await mcp.initialize();
    const tools = await mcp.tools();
    for (const name of ['firecrawl_agent', 'firecrawl_agent_status', 'firecrawl_scrape']) assert.ok(tools.includes(name), `${name} is not in ${tools.join(', ')}`);
    const call = async (name: string, args: Record<string, unknown>): Promise<Record<string, unknown>> => {
      const result = await mcp.callTool(name, args);
      const text = result.content?.find((c) => c.type === 'text')?.text ?? '';
      assert.notEqual(result.isError, true, `${name}: ${text}`);
      return result.structuredContent ?? (JSON.parse(text) as Record<string, unknown>);
    };
    const page = await call('firecrawl_scrape', { url: 'https://docs.tideflow.dev/guide/streams', formats: ['json'], jsonOptions: { schema: { type: 'object', properties: { title: { type: 'string' } } } } });
    assert.equal(typeof (page.json as { title?: unknown } | undefined)?.title, 'string', JSON.stringify(page).slice(0, 300));
    const started = await call('firecrawl_agent', { prompt: 'Tideflow streams', urls: ['https://docs.tideflow.dev/guide/streams'] });
    assert.equal(typeof started.id, 'string', JSON.stringify(started));
    let status: Record<string, unknown> = {};
    for (let i = 0; i < 40; i++) {
      status = await call('firecrawl_agent_status', { id: started.id });
      if (status.status !== 'processing') break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    assert.equal(status.status, 'completed', JSON.stringify(status));
    assert.equal(typeof status.data, 'object');
    assertOnlyLoopback(server);
  });

  it('the MCP server over stdio: a crawl\'s status with its pages, and the team\'s credit usage', async () => {
    const env = cleanEnv({ FIRECRAWL_API_URL: emulator.url, FIRECRAWL_API_KEY: DEMO_API_KEY });
    const server = startChild(['--import', GUARD, require.resolve('firecrawl-mcp/dist/index.js')], env);
    children.push(server);
    const mcp = new McpClient(server);
    await mcp.initialize();
    // The names this version lists: a rename in a later version fails here, not in a call.
    const tools = await mcp.tools();
    for (const name of ['firecrawl_check_crawl_status', 'firecrawl_credit_usage']) assert.ok(tools.includes(name), `${name} is not in ${tools.join(', ')}`);
    const call = async (name: string, args: Record<string, unknown>): Promise<Record<string, unknown>> => {
      const result = await mcp.callTool(name, args);
      const text = result.content?.find((c) => c.type === 'text')?.text ?? '';
      assert.notEqual(result.isError, true, `${name}: ${text}`);
      return result.structuredContent ?? (JSON.parse(text) as Record<string, unknown>);
    };

    // A finished crawl: the server follows `next` to the end itself, so a running one (whose
    // `next` never ends while it runs) is not asked here.
    const crawl = await call('firecrawl_check_crawl_status', { id: DEMO_JOBS.cancelled }) as Job & { data: Array<{ metadata?: { sourceURL?: string } }> };
    assert.deepEqual({ status: crawl.status, completed: crawl.completed, total: crawl.total }, { status: 'cancelled', completed: 7, total: 30 });
    assert.deepEqual(crawl.data.map((d) => d.metadata?.sourceURL), pagesOf('https://blog.tideflow.dev', 7));

    // The same balance as token usage, in credits (15 tokens each); nothing is spent in between.
    const tokens = ((await (await fetch(`${emulator.url}/v2/team/token-usage`, { headers: { authorization: `Bearer ${DEMO_API_KEY}` } })).json()) as { data: { remainingTokens: number; billingPeriodStart: string; billingPeriodEnd: string } }).data;
    const credits = await call('firecrawl_credit_usage', {});
    assert.deepEqual(credits, {
      remainingCredits: Math.trunc(tokens.remainingTokens / 15), planCredits: 100_000,
      billingPeriodStart: tokens.billingPeriodStart, billingPeriodEnd: tokens.billingPeriodEnd,
    });
    assertOnlyLoopback(server);
  });

  it('the emulator named the fields it accepted but ignores, once each', async () => {
    await emulator.stdout.wait((l) => l.includes('"toolDetail"'), 'the log line for the MCP server\'s toolDetail');
    const named = emulator.stdout.all.filter((l) => l.startsWith('search: accepted'));
    assert.ok(named.some((l) => l.includes('"origin"')), named.join('\n'));
    assert.equal(new Set(named).size, named.length, named.join('\n'));
  });
});

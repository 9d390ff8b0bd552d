// The service's own public clients' page and job calls against the emulator (issues 27 and 28):
// the JS SDK's scrape, map, startCrawl and startBatchScrape, and the MCP server's firecrawl_scrape,
// firecrawl_map and firecrawl_crawl, each in its own process behind the loopback guard.
import assert from 'node:assert/strict';
import { DEMO_API_KEY } from '../emulator';
import { McpClient } from '../peer/mcp-stdio';
import { cleanEnv, GUARD, GUARD_MARK, startChild, startEmulatorProcess, type Child } from '../peer/processes';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('peer clients: scrape, map, crawl and batch scrape against the emulator', function () {
  this.timeout(60_000);
  let emulator: Child & { url: string };
  const children: Child[] = [];

  before(async () => { emulator = await startEmulatorProcess(); });
  after(async () => {
    for (const child of children) await child.stop();
    await emulator.stop();
  });

  const assertOnlyLoopback = (child: Child): void => {
    assert.deepEqual(child.stderr.all.filter((l) => l.includes(GUARD_MARK)), [], 'the client tried to reach something other than the emulator');
  };

  it('the SDK: a page as markdown with its links, a site\'s map, a crawl and a batch scrape started', async () => {
    const sdk = startChild(['--import', GUARD, 'test/peer/sdk-jobs-run.mjs'], cleanEnv({ PEER_API_URL: emulator.url, PEER_API_KEY: DEMO_API_KEY }));
    children.push(sdk);
    const line = await sdk.stdout.wait((l) => l.startsWith('{'), 'the SDK run to print its results', 30_000);
    const out = JSON.parse(line) as {
      page: { markdown: string; links: string[]; title: string; statusCode: number };
      map: Array<{ url: string; title?: string; description?: string }>;
      crawl: { id: string; url: string };
      batch: { id: string; url: string; invalidURLs?: string[] };
    };
    assert.match(out.page.markdown, /^# Getting started with Tideflow/);
    assert.deepEqual(out.page.links, ['https://docs.tideflow.dev/guide/streams']);
    assert.equal(out.page.title, 'Getting started with Tideflow');
    assert.equal(out.page.statusCode, 200);
    assert.equal(out.map.length, 3);
    assert.deepEqual(out.map[0], { url: 'https://docs.tideflow.dev/guide/streams', title: 'Streams guide - Tideflow', description: out.map[0]?.description });
    assert.match(out.crawl.id, UUID);
    assert.equal(out.crawl.url, `${emulator.url}/v2/crawl/${out.crawl.id}`);
    assert.match(out.batch.id, UUID);
    assertOnlyLoopback(sdk);
  });

  it('the MCP server over stdio: firecrawl_scrape, firecrawl_map and firecrawl_crawl', async () => {
    const server = startChild(['--import', GUARD, require.resolve('firecrawl-mcp/dist/index.js')], cleanEnv({ FIRECRAWL_API_URL: emulator.url, FIRECRAWL_API_KEY: DEMO_API_KEY }));
    children.push(server);
    const mcp = new McpClient(server);
    await mcp.initialize();
    const tools = await mcp.tools();
    for (const name of ['firecrawl_scrape', 'firecrawl_map', 'firecrawl_crawl']) assert.ok(tools.includes(name), `${name} is not in ${tools.join(', ')}`);
    const call = async (name: string, args: Record<string, unknown>): Promise<string> => {
      const result = await mcp.callTool(name, args);
      const text = result.content?.find((c) => c.type === 'text')?.text ?? '';
      assert.notEqual(result.isError, true, `${name}: ${text}`);
      return result.structuredContent ? JSON.stringify(result.structuredContent) : text;
    };
    assert.match(await call('firecrawl_scrape', { url: 'https://docs.tideflow.dev/getting-started', formats: ['markdown'] }), /Getting started with Tideflow/);
    assert.match(await call('firecrawl_map', { url: 'https://docs.tideflow.dev', search: 'streams', limit: 3 }), /https:\/\/docs\.tideflow\.dev\/guide\/streams/);
    assert.match(await call('firecrawl_crawl', { url: 'https://docs.tideflow.dev', limit: 2 }), /[0-9a-f]{8}-[0-9a-f]{4}-/);
    assertOnlyLoopback(server);
  });
});

// The service's own public clients against the emulator, as a user would point them at it: the JS
// SDK (@mendable/firecrawl-js, pinned) and the MCP server (firecrawl-mcp, pinned, over stdio), each
// in its own process with a guard that refuses and reports any connection not to loopback.
// The emulator runs as `npm run emulator` runs it, on a free port.
import assert from 'node:assert/strict';
import { DEMO_API_KEY } from '../emulator';
import { McpClient } from '../peer/mcp-stdio';
import { cleanEnv, GUARD, GUARD_MARK, startChild, startEmulatorProcess, type Child } from '../peer/processes';

type Results = Array<{ url?: string; markdown?: string }>;

describe('peer clients: the service\'s JS SDK and MCP server accept the emulator', function () {
  this.timeout(60_000);
  let emulator: Child & { url: string };
  const children: Child[] = [];

  before(async () => {
    emulator = await startEmulatorProcess();
  });
  after(async () => {
    for (const child of children) await child.stop();
    await emulator.stop();
  });

  function assertOnlyLoopback(child: Child): void {
    const refused = child.stderr.all.filter((l) => l.includes(GUARD_MARK));
    assert.deepEqual(refused, [], 'the client tried to reach something other than the emulator');
  }

  it('the SDK: token usage, one and three sources, markdown, active crawls', async () => {
    const sdk = startChild(['--import', GUARD, 'test/peer/sdk-run.mjs'], cleanEnv({ PEER_API_URL: emulator.url, PEER_API_KEY: DEMO_API_KEY }));
    children.push(sdk);
    const line = await sdk.stdout.wait((l) => l.startsWith('{'), 'the SDK run to print its results', 30_000);
    const out = JSON.parse(line) as {
      usage: { remainingTokens: number; planTokens: number };
      oneSource: { web?: Results; images?: Results; news?: Results };
      threeSources: { web?: Results; images?: Results; news?: Results };
      markdown: { web?: Results };
      crawls: { success: boolean; crawls: Array<{ id: string; url: string }> };
    };
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
    assertOnlyLoopback(sdk);
  });

  it('the MCP server over stdio: searches of one and of three sources, and with markdown', async () => {
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
    const one = await search({ sources: ['web'], limit: 2 });
    assert.ok((one.web ?? []).length > 0, JSON.stringify(one));
    const three = await search({ sources: ['web', 'images', 'news'], limit: 2 });
    for (const source of ['web', 'images', 'news']) assert.ok((three[source] ?? []).length > 0, `${source}: ${JSON.stringify(three)}`);
    const markdown = await search({ sources: ['web'], limit: 1, scrapeOptions: { formats: ['markdown'] } });
    assert.ok((markdown.web ?? []).every((p) => typeof p.markdown === 'string' && p.markdown.length > 0), JSON.stringify(markdown).slice(0, 300));
    assertOnlyLoopback(server);
  });

  it('the emulator named the fields it accepted but ignores, once each', async () => {
    await emulator.stdout.wait((l) => l.includes('"toolDetail"'), 'the log line for the MCP server\'s toolDetail');
    const named = emulator.stdout.all.filter((l) => l.startsWith('search: accepted'));
    assert.ok(named.some((l) => l.includes('"origin"')), named.join('\n'));
    assert.equal(new Set(named).size, named.length, named.join('\n'));
  });
});

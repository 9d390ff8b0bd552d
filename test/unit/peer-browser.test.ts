// The service's own public clients' browser calls against the emulator (issue 39): the JS SDK's
// browser, browserExecute, listBrowsers, deleteBrowser, interact and stopInteraction (on the SDK's
// /v2/browser names), and the MCP server's firecrawl_interact and firecrawl_interact_stop, each in
// its own process behind the loopback guard.
import assert from 'node:assert/strict';
import { DEMO_API_KEY } from '../emulator';
import { McpClient } from '../peer/mcp-stdio';
import { cleanEnv, GUARD, GUARD_MARK, startChild, startEmulatorProcess, type Child } from '../peer/processes';

const PAGE = 'https://docs.tideflow.dev/guide/streams';

describe('peer clients: browser sessions against the emulator', function () {
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

  it('the SDK: a session started, run in, listed and deleted with its bill; a scraped page\'s browser', async () => {
    const sdk = startChild(['--import', GUARD, 'test/peer/sdk-browser-run.mjs'], cleanEnv({ PEER_API_URL: emulator.url, PEER_API_KEY: DEMO_API_KEY }));
    children.push(sdk);
    const line = await sdk.stdout.wait((l) => l.startsWith('{'), 'the SDK\'s browser run to print its results', 30_000);
    const out = JSON.parse(line) as {
      started: { success: boolean; id: string; hasCdpUrl: boolean; liveViewUrl: string; expiresAt: string };
      ran: { stdout: string; exitCode: number };
      unsupported: { stderr: string; exitCode: number };
      listed: Array<{ id: string; status: string }>;
      deleted: { success: boolean; sessionDurationMs: number; creditsBilled: number };
      interacted: { output: string; exitCode: number; title: string };
      stopped: { success: boolean };
    };
    assert.equal(out.started.success, true);
    assert.equal(out.started.hasCdpUrl, true);
    assert.ok(out.started.liveViewUrl.startsWith(`${emulator.url}/_live/`), out.started.liveViewUrl);
    // The SDK runs bash by default: the service's browser command line.
    assert.deepEqual(out.ran, { stdout: `${PAGE}\n`, exitCode: 0 });
    assert.equal(out.unsupported.exitCode, 1);
    assert.match(out.unsupported.stderr, /Unsupported in the emulator/);
    assert.ok(out.listed.some((s) => s.id === out.started.id && s.status === 'active'), JSON.stringify(out.listed));
    assert.equal(out.deleted.success, true);
    assert.equal(typeof out.deleted.sessionDurationMs, 'number');
    assert.ok(out.deleted.creditsBilled > 0);
    assert.deepEqual(out.interacted, { output: `${out.interacted.title}\n`, exitCode: 0, title: out.interacted.title });
    assert.equal(out.stopped.success, true);
    assertOnlyLoopback(sdk);
  });

  it('the MCP server over stdio: firecrawl_interact from an address (it scrapes, then runs in the page\'s browser), and firecrawl_interact_stop', async () => {
    const env = cleanEnv({ FIRECRAWL_API_URL: emulator.url, FIRECRAWL_API_KEY: DEMO_API_KEY });
    const server = startChild(['--import', GUARD, require.resolve('firecrawl-mcp/dist/index.js')], env);
    children.push(server);
    const mcp = new McpClient(server);
    await mcp.initialize();
    const tools = await mcp.tools();
    for (const name of ['firecrawl_interact', 'firecrawl_interact_stop']) assert.ok(tools.includes(name), `${name} is not in ${tools.join(', ')}`);
    const call = async (name: string, args: Record<string, unknown>): Promise<Record<string, unknown>> => {
      const result = await mcp.callTool(name, args);
      const text = result.content?.find((c) => c.type === 'text')?.text ?? '';
      assert.notEqual(result.isError, true, `${name}: ${text}`);
      return result.structuredContent ?? (JSON.parse(text) as Record<string, unknown>);
    };
    const ran = await call('firecrawl_interact', { url: PAGE, code: 'console.log(page.url())', language: 'node' });
    assert.equal(ran.stdout, `${PAGE}\n`, JSON.stringify(ran).slice(0, 400));
    assert.equal(typeof ran.scrapeId, 'string');
    const again = await call('firecrawl_interact', { scrapeId: ran.scrapeId, code: 'console.log(await page.title())' });
    assert.equal(again.exitCode, 0, JSON.stringify(again).slice(0, 400));
    const stopped = await call('firecrawl_interact_stop', { scrapeId: ran.scrapeId });
    assert.equal(stopped.success, true, JSON.stringify(stopped));
    assertOnlyLoopback(server);
  });
});

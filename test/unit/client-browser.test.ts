// Browser sessions through the client over real sockets to the emulator (issue 39): start, list,
// run, stop with its bill, a scraped page's own browser, the checks before sending, and the secret
// handling of `cdpUrl`: the emulator sends one with every start, list and scrape run, and it is in
// nothing the client returns nor in any line it hands the log.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { DEMO_API_KEY, startEmulator, type Emulator } from '../emulator';
import { BROWSER_CREDITS_PER_MINUTE } from '../emulator/browser';
import { WebDataClient, WebDataError, type RequestInfo } from '../../src/core/api';
import { BrowserClient } from '../../src/core/browser/api';
import { BROWSER_LANGUAGES, MAX_TTL_S, MIN_TTL_S } from '../../src/core/browser/request';

const PAGE = 'https://docs.tideflow.dev/guide/streams';

describe('BrowserClient: browser sessions against the emulator', () => {
  let emulator: Emulator;
  let client: WebDataClient;
  let browser: BrowserClient;
  const clock = Date.parse('2026-11-28T09:00:00Z');
  const logged: RequestInfo[] = [];

  before(async () => {
    emulator = await startEmulator({ now: () => new Date(clock) });
  });
  after(() => emulator.close());
  beforeEach(() => {
    logged.length = 0;
    client = new WebDataClient({ baseUrl: emulator.url, apiKey: DEMO_API_KEY, retry: { maxAttempts: 1 }, onRequest: (info) => logged.push(info) });
    browser = new BrowserClient(client);
  });
  afterEach(() => client.close());

  /** The cdpUrl the emulator sent in its last answer, read off the wire by a raw request. */
  async function cdpUrlOf(id: string): Promise<string> {
    const res = await fetch(`${emulator.url}/v2/interact`, { headers: { authorization: `Bearer ${DEMO_API_KEY}` } });
    const body = await res.json() as { sessions: Array<{ id: string; cdpUrl: string }> };
    const found = body.sessions.find((s) => s.id === id)?.cdpUrl;
    assert.ok(found?.includes('token=') === true, 'the emulator sends a credential-bearing cdpUrl');
    return found;
  }

  it('starts, lists, runs and stops a session; the stop answers the duration and credits billed', async () => {
    const started = await browser.startSession({ ttl: 120, profile: { name: ' work ' } });
    assert.equal(Date.parse(started.expiresAt ?? '') - clock, 120_000);
    assert.match(started.liveViewUrl ?? '', /\/_live\//);
    const listed = await browser.listSessions('active');
    assert.ok(listed.some((s) => s.id === started.id && s.status === 'active'));
    const ran = await browser.execute(started.id, { code: `await page.goto('${PAGE}');\nconsole.log(page.url());`, language: 'node' });
    assert.deepEqual({ stdout: ran.stdout, exitCode: ran.exitCode, killed: ran.killed }, { stdout: `${PAGE}\n`, exitCode: 0, killed: false });
    emulator.advanceMonitorClock(61_000);
    const stopped = await browser.stopSession(started.id);
    assert.deepEqual(stopped, { success: true, sessionDurationMs: 61_000, creditsBilled: 2 * BROWSER_CREDITS_PER_MINUTE });
    await assert.rejects(browser.execute(started.id, { code: 'console.log("x")' }), (e: unknown) => e instanceof WebDataError && e.status === 410);
  });

  it('never returns, nor logs, the cdpUrl the service sends', async () => {
    const started = await browser.startSession({});
    const secret = await cdpUrlOf(started.id);
    const token = new URL(secret).searchParams.get('token') ?? 'no token';
    const listed = await browser.listSessions();
    const scraped = await client.scrape({ url: PAGE });
    const scrapeId = scraped.metadata?.scrapeId ?? '';
    const ran = await browser.interactWithScrape(scrapeId, { code: 'console.log(await page.title())' });
    assert.equal(ran.output, `${String(scraped.metadata?.title)}\n`);
    for (const kept of [started, listed, ran, logged]) {
      const text = JSON.stringify(kept);
      assert.ok(!text.includes('cdpUrl') && !text.includes(token) && !text.includes('cdp.emulator.invalid'), text.slice(0, 300));
    }
    await browser.stopScrapeInteraction(scrapeId);
    await browser.stopSession(started.id);
  });

  it('refuses out-of-bounds requests before sending anything', async () => {
    const sent = emulator.requests.length;
    await assert.rejects(browser.startSession({ ttl: MIN_TTL_S - 1 }), /from 30 to 3600/);
    await assert.rejects(browser.startSession({ ttl: MAX_TTL_S + 1 }), /from 30 to 3600/);
    await assert.rejects(browser.startSession({ profile: { name: '  ' } }), /1 to 128/);
    await assert.rejects(browser.execute('abc', { code: '   ' }), /no code to run/);
    await assert.rejects(browser.execute('abc', { code: 'x'.repeat(100_001) }), /at most 100,000/);
    await assert.rejects(browser.execute('abc', { code: 'x', timeout: 301 }), /from 1 to 300/);
    await assert.rejects(browser.execute('../team/credit-usage', { code: 'x' }), /not one/);
    await assert.rejects(browser.interactWithScrape('not-a-uuid', { code: 'x' }), /UUID/);
    assert.equal(emulator.requests.length, sent);
  });

  it('knows the published languages and ttl bounds', () => {
    const spec = JSON.parse(readFileSync('../shared/spec/service-v2-beyond-the-seed.json', 'utf8')) as { paths: Record<string, { post?: { requestBody: { 'application/json': { properties: Record<string, { enum?: string[]; minimum?: number; maximum?: number }> } } } }> };
    const execute = spec.paths['/interact/{sessionId}/execute']?.post?.requestBody['application/json'].properties;
    assert.deepEqual([...BROWSER_LANGUAGES].sort(), [...(execute?.language?.enum ?? [])].sort());
    const ttl = spec.paths['/interact']?.post?.requestBody['application/json'].properties.ttl;
    assert.deepEqual([ttl?.minimum, ttl?.maximum], [MIN_TTL_S, MAX_TTL_S]);
  });
});

// The emulator's browser sessions (issue 39) over real sockets: both names of the paths, the
// executor's small subset (and its refusal of anything else, with nothing run), the live view page,
// expiry on the emulator's clock, the bill when a session stops, and a scrape's own browser.
import assert from 'node:assert/strict';
import { request } from 'undici';
import { DEMO_API_KEY, startEmulator, type Emulator } from '../emulator';
import { BROWSER_CREDITS_PER_MINUTE } from '../emulator/browser';
import { call, errorOf } from '../emulator/raw-client';

const PAGE = 'https://docs.tideflow.dev/guide/streams';
type Created = { success: boolean; id: string; cdpUrl: string; liveViewUrl: string; interactiveLiveViewUrl: string; expiresAt: string };
type Ran = { success: boolean; stdout: string; stderr: string; exitCode: number | null; killed: boolean; error: string | null };

describe('emulator: browser sessions', function () {
  this.timeout(10_000);
  let emulator: Emulator;
  const clock = Date.parse('2026-11-28T09:00:00Z');

  before(async () => {
    emulator = await startEmulator({ now: () => new Date(clock) });
  });
  after(() => emulator.close());

  async function start(body: unknown = {}, path = '/v2/interact'): Promise<Created> {
    const answer = await call(emulator.url, 'POST', path, { body });
    assert.equal(answer.status, 200, answer.text);
    return answer.json as Created;
  }
  async function run(id: string, code: string, language?: string, path = '/v2/interact'): Promise<Ran> {
    const answer = await call(emulator.url, 'POST', `${path}/${id}/execute`, { body: { code, ...(language ? { language } : {}) } });
    assert.equal(answer.status, 200, answer.text);
    return answer.json as Ran;
  }

  it('starts a session with its ttl, runs the subset in each language, and lists it as active', async () => {
    const session = await start({ ttl: 120, profile: { name: 'work' } });
    assert.match(session.cdpUrl, /^wss:\/\/cdp\.emulator\.invalid\/.+\?token=[0-9a-f]{32}$/);
    assert.equal(Date.parse(session.expiresAt) - clock, 120_000);
    const node = await run(session.id, `await page.goto('${PAGE}');\nconsole.log(await page.title());\nconsole.log(page.url());`);
    assert.equal(node.exitCode, 0);
    assert.match(node.stdout, /^.+\nhttps:\/\/docs\.tideflow\.dev\/guide\/streams\n$/);
    const python = await run(session.id, 'print(await page.title())', 'python');
    assert.equal(python.stdout, `${node.stdout.split('\n')[0] ?? ''}\n`);
    const bash = await run(session.id, 'agent-browser open https://nowhere.example/\nagent-browser get title', 'bash', '/v2/browser');
    assert.equal(bash.stdout, 'Not Found\n');
    const listed = await call(emulator.url, 'GET', '/v2/interact?status=active');
    const sessions = (listed.json as { sessions: Array<{ id: string; status: string }> }).sessions;
    assert.deepEqual(sessions.filter((s) => s.id === session.id).map((s) => s.status), ['active']);
  });

  it('answers code outside its subset as unsupported and runs none of it', async () => {
    const session = await start();
    const ran = await run(session.id, "require('child_process').execSync('touch /tmp/webdata-browser-ran')");
    assert.equal(ran.exitCode, 1);
    assert.match(ran.stderr, /Unsupported in the emulator: line 1 \(node\)/);
    assert.match(ran.error ?? '', /Unsupported in the emulator/);
  });

  it('serves a live view page with the session\'s address, and refuses a wrong token', async () => {
    const session = await start();
    await run(session.id, `await page.goto("${PAGE}")`);
    const page = await request(session.interactiveLiveViewUrl);
    const html = await page.body.text();
    assert.equal(page.statusCode, 200);
    assert.match(html, new RegExp(`<span id="address">${PAGE.replace(/[./]/g, '\\$&')}</span>`));
    assert.match(html, /interactive/);
    const wrong = await request(session.liveViewUrl.replace(/token=[^&]+/, 'token=nope'));
    assert.equal(wrong.statusCode, 404);
    await wrong.body.dump();
  });

  it('destroys a session when its ttl runs out on the clock and bills its minutes; a stopped one cannot run', async () => {
    const usage = emulator.usageOf(DEMO_API_KEY);
    const session = await start({ ttl: 90 });
    emulator.advanceMonitorClock(91_000);
    const listed = await call(emulator.url, 'GET', '/v2/browser?status=destroyed');
    assert.ok((listed.json as { sessions: Array<{ id: string }> }).sessions.some((s) => s.id === session.id));
    const late = await call(emulator.url, 'POST', `/v2/interact/${session.id}/execute`, { body: { code: 'console.log("x")' } });
    assert.equal(late.status, 410, late.text);
    const after = emulator.usageOf(DEMO_API_KEY);
    assert.equal((usage?.remainingTokens ?? 0) - (after?.remainingTokens ?? 0), 2 * BROWSER_CREDITS_PER_MINUTE * 15);
  });

  it('DELETE answers the duration and the credits billed, by started minute', async () => {
    const session = await start();
    emulator.advanceMonitorClock(150_000);
    const stopped = await call(emulator.url, 'DELETE', `/v2/interact/${session.id}`);
    assert.deepEqual(stopped.json, { success: true, sessionDurationMs: 150_000, creditsBilled: 3 * BROWSER_CREDITS_PER_MINUTE });
    const again = await call(emulator.url, 'DELETE', `/v2/interact/${session.id}`);
    assert.equal(again.status, 410);
  });

  it('checks its fields as the published shapes say', async () => {
    const ttl = await call(emulator.url, 'POST', '/v2/interact', { body: { ttl: 5 } });
    assert.equal(ttl.status, 400);
    const extra = await call(emulator.url, 'POST', '/v2/interact', { body: { colour: 'red' } });
    assert.equal(extra.status, 400);
    const session = await start();
    const language = await call(emulator.url, 'POST', `/v2/interact/${session.id}/execute`, { body: { code: 'x', language: 'ruby' } });
    assert.equal(language.status, 400);
    const missing = await call(emulator.url, 'POST', '/v2/interact/no-such-session/execute', { body: { code: 'x' } });
    assert.equal(missing.status, 404);
    assert.match(errorOf(missing), /not found/);
  });

  it('a scrape\'s own browser opens at the scraped page and stops with DELETE', async () => {
    const scraped = await call(emulator.url, 'POST', '/v2/scrape', { body: { url: PAGE } });
    const scrapeId = (scraped.json as { data: { metadata: { scrapeId: string; title: string } } }).data.metadata.scrapeId;
    const title = (scraped.json as { data: { metadata: { title: string } } }).data.metadata.title;
    const ran = await call(emulator.url, 'POST', `/v2/scrape/${scrapeId}/interact`, { body: { code: 'console.log(await page.title())' } });
    assert.equal(ran.status, 200, ran.text);
    const body = ran.json as Ran & { output: string; liveViewUrl: string };
    assert.equal(body.output, `${title}\n`);
    assert.match(body.liveViewUrl, /\/_live\//);
    const stopped = await call(emulator.url, 'DELETE', `/v2/scrape/${scrapeId}/interact`);
    assert.equal(stopped.status, 200, stopped.text);
    const unknown = await call(emulator.url, 'POST', '/v2/scrape/00000000-0000-4000-8000-000000000000/interact', { body: { code: 'x' } });
    assert.equal(unknown.status, 404);
  });
});

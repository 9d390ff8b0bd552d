// The emulator as a service: auth, routing, token usage, active crawls, credits, the request log,
// the rate limit, the admin endpoint and close(), all through real sockets.
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { ActiveCrawlsResponseSchema, TokenUsageResponseSchema } from '../../src/core/api/schemas';
import { DEMO_API_KEY, startEmulator } from '../emulator';
import type { Emulator } from '../emulator';
import { call, errorOf, search } from '../emulator/raw-client';

const usage = { remainingTokens: 15_000, planTokens: 30_000, billingPeriodStart: null, billingPeriodEnd: null };
const remaining = async (e: Emulator, key = DEMO_API_KEY): Promise<number> =>
  TokenUsageResponseSchema.parse((await call(e.url, 'GET', '/v2/team/token-usage', { key })).json).data.remainingTokens;

describe('emulator: auth, routes, usage and crawls', () => {
  let emulator: Emulator;
  before(async () => {
    emulator = await startEmulator();
  });
  after(() => emulator.close());

  it('401 without a key, with a wrong key, with another scheme', async () => {
    for (const options of [{ key: null }, { key: 'wd-wrong-key' }, { key: null, headers: { authorization: `Basic ${DEMO_API_KEY}` } }]) {
      for (const [method, path] of [['GET', '/v2/team/token-usage'], ['GET', '/v2/crawl/active'], ['POST', '/v2/search']] as const) {
        const res = await call(emulator.url, method, path, { ...options, body: method === 'POST' ? { query: 'a' } : undefined });
        assert.equal(res.status, 401, `${method} ${path}`);
        assert.match(errorOf(res), /Unauthorized/);
        assert.ok(!res.text.includes(DEMO_API_KEY));
      }
    }
  });

  it('404 JSON for unknown paths and paths without /v2; 405 for wrong methods', async () => {
    for (const path of ['/v2/nothing', '/search', '/team/token-usage', '/v1/search', '/v2/search/']) {
      const res = await call(emulator.url, 'GET', path);
      assert.equal(res.status, 404, path);
      assert.match(errorOf(res), /not an endpoint/);
    }
    const res = await call(emulator.url, 'GET', '/v2/search');
    assert.equal(res.status, 405);
    assert.equal(res.headers.allow, 'POST');
    assert.equal((await call(emulator.url, 'DELETE', '/v2/crawl/active')).status, 405);
  });

  it('answers token usage per team, and 404 for a team without usage', async () => {
    const res = TokenUsageResponseSchema.parse((await call(emulator.url, 'GET', '/v2/team/token-usage')).json);
    assert.equal(res.success, true);
    assert.ok(res.data.remainingTokens > 0 && (res.data.planTokens ?? 0) >= res.data.remainingTokens);
    assert.match(res.data.billingPeriodStart ?? '', /^\d{4}-\d{2}-01T00:00:00.000Z$/);
    emulator.addTeam({ apiKey: 'wd-free-team', usage: null });
    const none = await call(emulator.url, 'GET', '/v2/team/token-usage', { key: 'wd-free-team' });
    assert.equal(none.status, 404);
    assert.deepEqual(none.json, { success: false, error: 'No token usage information found for this team.' });
    emulator.setUsage('wd-free-team', usage);
    assert.equal(await remaining(emulator, 'wd-free-team'), 15_000);
  });

  it('lists the active crawls of the team with every option field of spec 2.6', async () => {
    const res = ActiveCrawlsResponseSchema.parse((await call(emulator.url, 'GET', '/v2/crawl/active')).json);
    assert.equal(res.crawls.length, 2);
    const options = res.crawls[0]?.options?.scrapeOptions;
    const fields = ['formats', 'onlyMainContent', 'onlyCleanContent', 'includeTags', 'excludeTags', 'maxAge', 'minAge', 'headers', 'waitFor', 'mobile', 'skipTlsVerification', 'timeout', 'parsers', 'actions', 'location', 'removeBase64Images', 'blockAds', 'proxy', 'storeInCache', 'lockdown', 'profile'];
    for (const field of fields) assert.ok(options && field in options && options[field as keyof typeof options] != null, field);
    assert.deepEqual(options?.actions, [{ type: 'wait', milliseconds: 1000 }]);
    emulator.setCrawls(DEMO_API_KEY, []);
    assert.deepEqual((await call(emulator.url, 'GET', '/v2/crawl/active')).json, { success: true, crawls: [] });
    assert.throws(() => emulator.setCrawls('wd-nobody', []), /No emulated team/);
  });
});

describe('emulator: credits', () => {
  let emulator: Emulator;
  before(async () => {
    emulator = await startEmulator({ teams: [{ apiKey: DEMO_API_KEY, usage, enterprise: ['anon', 'zdr'] }, { apiKey: 'wd-no-usage', usage: null }] });
  });
  after(() => emulator.close());

  it('charges a block per 10 results per source, ×2 anon, ×10 zdr, +1 per scraped result', async () => {
    const cases: Array<[object, number]> = [
      [{ query: '-xyzzy', limit: 25 }, 3],
      [{ query: '-xyzzy', limit: 10 }, 1],
      [{ query: 'qwertyuiop' }, 1],
      [{ query: '-xyzzy', limit: 5, sources: ['web', 'news', 'images'] }, 3],
      [{ query: 'sourdough', scrapeOptions: { formats: [{ type: 'markdown' }] } }, 2],
      [{ query: '-xyzzy', limit: 20, enterprise: ['anon'] }, 4],
      [{ query: '-xyzzy', limit: 20, enterprise: ['zdr'] }, 20],
      [{ query: '-xyzzy', limit: 20, enterprise: ['anon', 'zdr'] }, 20],
    ];
    for (const [body, credits] of cases) {
      const before = await remaining(emulator);
      const res = await search(emulator.url, body);
      assert.equal(res.creditsUsed, credits, JSON.stringify(body));
      assert.equal(await remaining(emulator), before - credits * 15, 'remainingTokens drops by creditsUsed × 15');
    }
  });

  it('searches for a team without usage information, charging nothing visible', async () => {
    const res = await search(emulator.url, { query: 'compost' }, 'wd-no-usage');
    assert.equal(res.creditsUsed, 1);
  });
});

describe('emulator: request log, rate limit, admin endpoint, close', () => {
  let emulator: Emulator;
  beforeEach(async () => {
    emulator = await startEmulator();
  });
  afterEach(() => emulator.close());

  it('logs every request in order, with its parsed body and status, never the key', async () => {
    await call(emulator.url, 'POST', '/v2/search?x=1', { body: { query: 'compost' } });
    await call(emulator.url, 'GET', '/v2/crawl/active', { key: 'wd-wrong-key' });
    await call(emulator.url, 'GET', '/nowhere');
    await call(emulator.adminUrl, 'GET', '/state');
    assert.deepEqual(emulator.requests.map((r) => [r.method, r.path, r.status, r.apiKeyMatched]), [
      ['POST', '/v2/search', 200, true],
      ['GET', '/v2/crawl/active', 401, false],
      ['GET', '/nowhere', 404, true],
    ]);
    assert.deepEqual(emulator.requests[0]?.body, { query: 'compost' });
    assert.ok(!JSON.stringify(emulator.requests).includes(DEMO_API_KEY));
    assert.ok(!JSON.stringify(emulator.requests).includes('wd-wrong-key'));
  });

  it('429 with Retry-After once a key spends its budget; other keys and the next window pass', async () => {
    // The emulator's own clock, moved by the test: the next window comes when the test says, not after a sleep.
    let clock = Date.UTC(2026, 10, 21, 12);
    const own = await startEmulator({ now: () => new Date(clock) });
    try {
      await rateLimitWindows(own, () => (clock += 300));
    } finally {
      await own.close();
    }
  });

  async function rateLimitWindows(emulator: Emulator, nextWindow: () => void): Promise<void> {
    emulator.addTeam({ apiKey: 'wd-other-team', usage });
    emulator.setRateLimit({ requests: 3, windowMs: 300 });
    for (let i = 0; i < 3; i++) assert.equal((await call(emulator.url, 'GET', '/v2/crawl/active')).status, 200);
    const limited = await call(emulator.url, 'GET', '/v2/team/token-usage');
    assert.equal(limited.status, 429);
    assert.equal(limited.headers['retry-after'], '1');
    assert.match(errorOf(limited), /Rate limit exceeded.*retry after 1s/);
    assert.equal((await call(emulator.url, 'GET', '/v2/crawl/active', { key: 'wd-other-team' })).status, 200);
    assert.equal((await call(emulator.url, 'GET', '/v2/crawl/active')).status, 429, 'the window is still the same one');
    nextWindow();
    assert.equal((await call(emulator.url, 'GET', '/v2/crawl/active')).status, 200);
    emulator.setRateLimit(null);
    for (let i = 0; i < 5; i++) assert.equal((await call(emulator.url, 'GET', '/v2/crawl/active')).status, 200);
  }

  it('admin: state, faults, usage, crawls, teams and rate limit over HTTP, checked with zod', async () => {
    const admin = (method: string, path: string, body?: unknown): ReturnType<typeof call> => call(emulator.adminUrl, method, path, { key: null, body });
    const state = (await admin('GET', '/state')).json as { teams: Array<{ keyHint: string }>; requestCount: number };
    assert.equal(state.teams.length, 1);
    assert.ok(!JSON.stringify(state).includes(DEMO_API_KEY));

    assert.equal((await admin('PUT', `/teams/${DEMO_API_KEY}/usage`, usage)).status, 200);
    assert.equal(await remaining(emulator), 15_000);
    assert.equal((await admin('PUT', `/teams/${DEMO_API_KEY}/usage`, null)).status, 200);
    assert.equal((await call(emulator.url, 'GET', '/v2/team/token-usage')).status, 404);
    assert.equal((await admin('PUT', `/teams/${DEMO_API_KEY}/usage`, { remainingTokens: 'lots' })).status, 400);
    assert.equal((await admin('PUT', '/teams/wd-nobody/usage', usage)).status, 404);

    const crawl = { id: '5d3c1e0a-9b7f-4c2d-8e6a-1f0b2c3d4e5f', url: 'https://example.com', options: { scrapeOptions: { formats: ['markdown'], proxy: 'auto' } } };
    assert.equal((await admin('PUT', `/teams/${DEMO_API_KEY}/crawls`, [crawl])).status, 200);
    const crawls = ActiveCrawlsResponseSchema.parse((await call(emulator.url, 'GET', '/v2/crawl/active')).json).crawls;
    assert.equal(crawls[0]?.id, crawl.id);
    assert.match(crawls[0].teamId ?? '', /^team_/);
    assert.equal((await admin('PUT', `/teams/${DEMO_API_KEY}/crawls`, [{ url: 1 }])).status, 400);

    assert.equal((await admin('POST', '/teams', { apiKey: 'wd-script-team', usage })).status, 200);
    assert.equal(await remaining(emulator, 'wd-script-team'), 15_000);

    assert.equal((await admin('POST', '/faults', { fault: { kind: 'status', status: 503 }, path: '/v2/crawl/active', times: 'Infinity' })).status, 200);
    assert.equal((await admin('POST', '/faults', { fault: { kind: 'status', status: 418 } })).status, 400);
    assert.equal((await call(emulator.url, 'GET', '/v2/crawl/active')).status, 503);
    assert.equal((await call(emulator.url, 'GET', '/v2/crawl/active')).status, 503);
    assert.equal((await admin('DELETE', '/faults')).status, 200);
    assert.equal((await call(emulator.url, 'GET', '/v2/crawl/active')).status, 200);

    assert.equal((await admin('PUT', '/rate-limit', { requests: 1, windowMs: 60_000 })).status, 200);
    await call(emulator.url, 'GET', '/v2/crawl/active');
    const limited = await call(emulator.url, 'GET', '/v2/crawl/active');
    assert.equal(limited.status, 429);
    assert.ok(Number(limited.headers['retry-after']) >= 59);
    assert.equal((await admin('PUT', '/rate-limit', null)).status, 200);
    assert.equal((await call(emulator.url, 'GET', '/v2/crawl/active')).status, 200);

    assert.equal((await admin('GET', '/nothing')).status, 404);
    assert.equal((await admin('POST', '/faults', undefined)).status, 400);
  });

  it('close() ends idle keep-alive sockets at once', async () => {
    const socket = connect(Number(new URL(emulator.url).port), '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write(`GET /v2/crawl/active HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${DEMO_API_KEY}\r\nConnection: keep-alive\r\n\r\n`);
    await new Promise<void>((resolve) => socket.once('data', () => resolve()));
    const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    const started = Date.now();
    await emulator.close();
    await ended;
    assert.ok(Date.now() - started < 1000, 'closed without waiting for the keep-alive timeout');
  });
});

// The client against the emulator through real sockets on 127.0.0.1: every endpoint, the wire form
// it sends, the log hook, and that an invalid request sends nothing.
import assert from 'node:assert/strict';
import { DEMO_API_KEY, startEmulator, type Emulator } from '../emulator';
import { tokensToCredits, WebDataClient, WebDataError, type RequestInfo } from '../../src/core/api';

describe('WebDataClient against the emulator', () => {
  let emulator: Emulator;
  let client: WebDataClient;
  let log: RequestInfo[];

  before(async () => {
    emulator = await startEmulator();
  });
  after(async () => {
    await emulator.close();
  });
  beforeEach(() => {
    log = [];
    emulator.clearFaults();
    client = new WebDataClient({ baseUrl: emulator.url, apiKey: DEMO_API_KEY, onRequest: (info) => log.push(info) });
  });
  afterEach(async () => {
    await client.close();
  });

  it('searches: POST /v2/search with the normalised body, and a validated response', async () => {
    const before = emulator.requests.length;
    const response = await client.search({ query: 'typescript', limit: 3, sources: ['web', 'news'], scrapeOptions: { formats: ['markdown'] } });
    assert.equal(response.success, true);
    assert.ok(Array.isArray(response.data.web) && response.data.web.length > 0 && response.data.web.length <= 3);
    assert.ok(Array.isArray(response.data.news));
    assert.equal(response.data.images, undefined);
    assert.equal(typeof response.data.web[0]?.markdown, 'string');
    assert.equal(typeof response.creditsUsed, 'number');
    const sent = emulator.requests.slice(before);
    assert.equal(sent.length, 1);
    assert.equal(sent[0]?.method, 'POST');
    assert.equal(sent[0].path, '/v2/search');
    assert.equal(sent[0].apiKeyMatched, true);
    assert.deepEqual(sent[0].body, { query: 'typescript', limit: 3, sources: [{ type: 'web' }, { type: 'news' }], scrapeOptions: { formats: [{ type: 'markdown' }] } });
  });

  it('searches with every option the spec lists', async () => {
    await client.search({
      query: 'site:docs.tideflow.dev -beta "getting started"', limit: 5, sources: [{ type: 'web' }, 'images'], categories: ['research', { type: 'pdf' }],
      excludeDomains: ['example.org'], tbs: 'sbd:1,cdr:1,cd_min:01/01/2000,cd_max:12/31/2099', location: 'Berlin,Germany', country: 'de',
      timeout: 30000, ignoreInvalidURLs: true, scrapeOptions: { formats: [{ type: 'summary' }] },
    });
    assert.equal(log.at(-1)?.status, 200);
  });

  it('lowers remainingTokens by the credits a search used (15 tokens each)', async () => {
    const before = await client.getTokenUsage();
    const response = await client.search({ query: 'data' });
    const after = await client.getTokenUsage();
    assert.equal(before.remainingTokens - after.remainingTokens, (response.creditsUsed ?? 0) * 15);
    assert.equal(tokensToCredits(45), 3);
  });

  it('gets the token usage record', async () => {
    const usage = await client.getTokenUsage();
    assert.equal(typeof usage.remainingTokens, 'number');
    assert.equal(typeof usage.planTokens, 'number');
    assert.equal(emulator.requests.at(-1)?.path, '/v2/team/token-usage');
    assert.equal(emulator.requests.at(-1)?.method, 'GET');
  });

  it('lists active crawls as an array, with their scrape options', async () => {
    const crawls = await client.listActiveCrawls();
    assert.ok(crawls.length >= 1);
    assert.equal(typeof crawls[0]?.id, 'string');
    assert.ok(Array.isArray(crawls[0]?.options?.scrapeOptions?.formats));
    emulator.setCrawls(DEMO_API_KEY, []);
    assert.deepEqual(await client.listActiveCrawls(), []);
    assert.equal(emulator.requests.at(-1)?.path, '/v2/crawl/active');
  });

  it('accepts a base URL that already ends in /v2, and a trailing slash', async () => {
    const other = new WebDataClient({ baseUrl: `${emulator.url}/v2/`, apiKey: DEMO_API_KEY });
    try {
      await other.getTokenUsage();
      assert.equal(emulator.requests.at(-1)?.path, '/v2/team/token-usage');
    } finally {
      await other.close();
    }
  });

  it('sends nothing for an invalid request, and lists every problem', async () => {
    const before = emulator.requests.length;
    const error = await client.search({ query: 'q'.repeat(612), limit: 0 }).then(() => undefined, (e: unknown) => e);
    assert.ok(error instanceof WebDataError);
    assert.equal(error.kind, 'invalid-request');
    assert.deepEqual(error.problems?.map((p) => p.field), ['query', 'limit']);
    assert.match(error.message, /query: The query is 612 characters long; the service allows at most 500\./);
    assert.equal(emulator.requests.length, before);
    assert.deepEqual(log, [{ method: 'POST', path: '/v2/search', ms: 0, attempts: 0, retries: 0, error: 'invalid-request' }]);
  });

  it('reports one line per call to onRequest, and survives a throwing hook', async () => {
    await client.getTokenUsage();
    assert.equal(log.length, 1);
    assert.deepEqual({ ...log[0], ms: 0 }, { method: 'GET', path: '/v2/team/token-usage', status: 200, ms: 0, attempts: 1, retries: 0 });
    assert.ok((log[0]?.ms ?? -1) >= 0);
    const throwing = new WebDataClient({ baseUrl: emulator.url, apiKey: DEMO_API_KEY, onRequest: () => { throw new Error('log broke'); } });
    try {
      await throwing.listActiveCrawls();
    } finally {
      await throwing.close();
    }
  });

  it('reuses keep-alive connections instead of opening one per request', async () => {
    for (let i = 0; i < 20; i++) await client.getTokenUsage();
    // undici may open a second socket while the first finishes its answer; never one per request.
    const transport = (client as unknown as { transport: { connections: number } }).transport;
    assert.ok(transport.connections >= 1 && transport.connections <= 2, `${transport.connections} connections`);
    assert.equal(log.length, 20);
  });

  it('fails with network after close(), without touching the service', async () => {
    await client.close();
    const before = emulator.requests.length;
    await assert.rejects(client.getTokenUsage(), (e: unknown) => e instanceof WebDataError && e.kind === 'network' && /closed/.test(e.message));
    assert.equal(emulator.requests.length, before);
  });
});

// POST /v2/scrape and POST /v2/map through real sockets to the emulator: the body as sent, the
// answer as read, the cache age, the service's failures (408, 402, 400), and that a request the
// client refuses sends nothing. The field names are held to the service's published OpenAPI.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { DEMO_API_KEY, startEmulator, type Emulator } from '../emulator';
import { CACHED_AGE_MS, CACHED_PAGE_URL } from '../emulator/scrape';
import { SCRAPE_OPTION_FIELDS, MAP_FIELDS } from '../../src/core/api/scrape-request';
import { WebDataClient } from '../../src/core/api';
import { refused } from './client-refused';

interface Published {
  scrape: { body: string[]; data: string[]; metadata: string[]; metadataFromServer: string[] };
  map: { body: string[]; link: string[]; limit: { default: number; maximum: number }; sitemap: string[] };
}
const PUBLISHED = JSON.parse(readFileSync(new URL('./fixtures/openapi-v2-scrape-map.json', import.meta.url), 'utf8')) as Published;

describe('scrape and map: the published shapes', () => {
  it('the client knows exactly the published request fields', () => {
    assert.deepEqual(['url', ...SCRAPE_OPTION_FIELDS, 'zeroDataRetention'].sort(), [...PUBLISHED.scrape.body].sort());
    assert.deepEqual([...MAP_FIELDS].sort(), [...PUBLISHED.map.body].sort());
  });
});

describe('WebDataClient: scrape and map against the emulator', () => {
  let emulator: Emulator;
  let client: WebDataClient;

  before(async () => { emulator = await startEmulator(); });
  after(async () => { await emulator.close(); });
  beforeEach(() => {
    emulator.clearFaults();
    client = new WebDataClient({ baseUrl: emulator.url, apiKey: DEMO_API_KEY, retry: { maxAttempts: 1 } });
  });
  afterEach(async () => { await client.close(); });

  it('scrapes a page: the body as sent, the markdown, the title, and only published fields in the answer', async () => {
    const before = emulator.requests.length;
    const page = await client.scrape({ url: 'https://docs.tideflow.dev/getting-started', formats: ['markdown', { type: 'links' }], onlyMainContent: true });
    const sent = emulator.requests.slice(before);
    assert.equal(sent.length, 1);
    assert.equal(sent[0]?.path, '/v2/scrape');
    assert.deepEqual(sent[0].body, { url: 'https://docs.tideflow.dev/getting-started', formats: [{ type: 'markdown' }, { type: 'links' }], onlyMainContent: true });
    assert.match(page.markdown ?? '', /^# Getting started with Tideflow/);
    const meta = page.metadata ?? assert.fail('no metadata');
    assert.equal(meta.title, 'Getting started with Tideflow');
    assert.equal(meta.statusCode, 200);
    assert.equal(meta.cacheState, 'miss');
    assert.equal(typeof meta.creditsUsed, 'number');
    assert.deepEqual(page.links, ['https://docs.tideflow.dev/guide/streams']);
  });

  it('every key of the emulator\'s answer is one the service publishes (or its server sends)', async () => {
    const res = await fetch(`${emulator.url}/v2/scrape`, {
      method: 'POST', headers: { authorization: `Bearer ${DEMO_API_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url: 'https://docs.tideflow.dev/whitepaper.pdf', formats: ['markdown', 'summary', 'links', 'html'] }),
    });
    const body = await res.json() as { data: Record<string, unknown> & { metadata: Record<string, unknown> } };
    for (const key of Object.keys(body.data)) assert.ok(PUBLISHED.scrape.data.includes(key), `data.${key}`);
    const metadataKeys = [...PUBLISHED.scrape.metadata, ...PUBLISHED.scrape.metadataFromServer];
    // Any other meta tag of the page rides along as a string or a list of strings (the OpenAPI's "<any other metadata>").
    for (const [key, value] of Object.entries(body.data.metadata)) assert.ok(metadataKeys.includes(key) || typeof value === 'string' || Array.isArray(value), `metadata.${key}`);
    assert.equal(body.data.metadata.contentType, 'application/pdf');
    const map = await fetch(`${emulator.url}/v2/map`, {
      method: 'POST', headers: { authorization: `Bearer ${DEMO_API_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url: 'https://tideflow.dev' }),
    });
    const links = (await map.json() as { links: Array<Record<string, unknown>> }).links;
    assert.ok(links.length > 3);
    for (const link of links) for (const key of Object.keys(link)) assert.ok(PUBLISHED.map.link.includes(key), `links[].${key}`);
  });

  it('an http:// address lands on https://: sourceURL as asked, url as landed', async () => {
    const page = await client.scrape({ url: 'http://docs.tideflow.dev/getting-started' });
    const meta = page.metadata ?? assert.fail('no metadata');
    assert.equal(meta.sourceURL, 'http://docs.tideflow.dev/getting-started');
    assert.equal(meta.url, 'https://docs.tideflow.dev/getting-started');
  });

  it('a cached page says so with its age; maxAge 0 scrapes it fresh', async () => {
    const cached = await client.scrape({ url: CACHED_PAGE_URL });
    const meta = cached.metadata ?? assert.fail('no metadata');
    assert.equal(meta.cacheState, 'hit');
    const age = Date.now() - Date.parse(meta.cachedAt ?? '');
    assert.ok(Math.abs(age - CACHED_AGE_MS) < 60_000, `age ${age}`);
    const fresh = await client.scrape({ url: CACHED_PAGE_URL, maxAge: 0 });
    const freshMeta = fresh.metadata ?? assert.fail('no metadata');
    assert.equal(freshMeta.cacheState, 'miss');
    assert.equal(freshMeta.cachedAt, undefined);
  });

  it('a page the corpus lacks is a 404 page, as the service answers a missing page', async () => {
    const page = await client.scrape({ url: 'https://docs.tideflow.dev/no-such-page' });
    assert.equal(page.metadata?.statusCode, 404);
  });

  it('a scrape that times out at the service is a timeout (408), in words', async () => {
    const error = await refused(client.scrape({ url: 'https://slow.example/report' }), 'timeout');
    assert.match(error.message, /gave up waiting for the scrape \(408\)/);
  });

  it('402: no credits left', async () => {
    emulator.injectFault({ path: '/v2/scrape', fault: { kind: 'payment-required' } });
    await refused(client.scrape({ url: 'https://docs.tideflow.dev/getting-started' }), 'payment-required');
  });

  it('refuses before sending: a scheme other than http(s), an unknown option, a bad maxAge; nothing reaches the service', async () => {
    const before = emulator.requests.length;
    const scheme = await refused(client.scrape({ url: 'file:///etc/passwd' }), 'invalid-request');
    assert.match(scheme.message, /^The scrape was not sent\. url: Only http: and https: addresses/);
    const unknown = await refused(client.scrape({ url: 'https://example.com', fresh: true }), 'invalid-request');
    assert.match(unknown.message, /no scrape option called "fresh"/);
    await refused(client.scrape({ url: 'https://example.com', maxAge: -1 }), 'invalid-request');
    await refused(client.map({ url: 'https://example.com', limit: 100_001 }), 'invalid-request');
    await refused(client.map({ url: 'https://example.com', sitemap: 'sometimes' as 'skip' }), 'invalid-request');
    assert.equal(emulator.requests.length, before);
  });

  it('the emulator refuses an unknown key as the service does (400 with details), when a client sends one', async () => {
    const res = await fetch(`${emulator.url}/v2/map`, {
      method: 'POST', headers: { authorization: `Bearer ${DEMO_API_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url: 'https://tideflow.dev', depth: 2 }),
    });
    assert.equal(res.status, 400);
    const body = await res.json() as { details: Array<{ keys?: string[] }> };
    assert.deepEqual(body.details[0]?.keys, ['depth']);
  });

  it('maps a site: addresses with titles, ranked by search, within the limit', async () => {
    const links = await client.map({ url: 'https://docs.tideflow.dev', search: 'streams', limit: 3 });
    assert.equal(links.length, 3);
    const first = links[0] ?? assert.fail('no links');
    assert.equal(first.url, 'https://docs.tideflow.dev/guide/streams');
    assert.equal(first.title, 'Streams guide - Tideflow');
    const all = await client.map({ url: 'https://docs.tideflow.dev' });
    assert.ok(all.every((link) => new URL(link.url).hostname.endsWith('tideflow.dev')));
    assert.ok(all.length > 3);
  });

  it('charges the team for what it scraped (the emulator\'s own price: a credit a page)', async () => {
    const before = (await client.getTokenUsage()).remainingTokens;
    await client.scrape({ url: 'https://docs.tideflow.dev/getting-started' });
    const after = (await client.getTokenUsage()).remainingTokens;
    assert.equal(before - after, 15);
  });
});

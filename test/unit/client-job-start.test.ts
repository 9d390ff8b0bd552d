// Starting a crawl or a batch scrape (POST /v2/crawl, POST /v2/batch/scrape) through real sockets
// to the emulator: the body as sent, the job listed while it runs, the webhook the start names
// delivered by the emulator itself (started, pages, completed, with the start's headers and
// metadata, signed with the account's secret), and the problems refused before anything is sent.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEMO_API_KEY, startEmulator, type Emulator } from '../emulator';
import { CRAWL_FIELDS, WebDataClient } from '../../src/core/api';
import { SIGNATURE_HEADER, verifySignature } from '../../src/core/webhooks';
import { refused } from './client-refused';
import { waitFor } from './wait';

interface Delivery { headers: IncomingHttpHeaders; raw: Buffer; body: { type: string; id: string; metadata?: unknown; data: unknown[] } }
const SECRET = 'whsec-job-start-test';


describe('WebDataClient: starting crawls and batch scrapes against the emulator', () => {
  let emulator: Emulator;
  let client: WebDataClient;
  let receiver: Server;
  let receiverUrl: string;
  const deliveries: Delivery[] = [];

  before(async () => {
    emulator = await startEmulator();
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const raw = Buffer.concat(chunks);
        deliveries.push({ headers: req.headers, raw, body: JSON.parse(raw.toString('utf8')) as Delivery['body'] });
        res.end('ok');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  });
  after(async () => {
    await emulator.close();
    await new Promise((resolve) => receiver.close(resolve));
  });
  beforeEach(() => {
    deliveries.length = 0;
    client = new WebDataClient({ baseUrl: emulator.url, apiKey: DEMO_API_KEY, retry: { maxAttempts: 1 } });
  });
  afterEach(async () => { await client.close(); });

  it('knows exactly the published crawl fields', () => {
    const published = JSON.parse(readFileSync(new URL('./fixtures/openapi-v2-scrape-map.json', import.meta.url), 'utf8')) as { crawl: { body: string[] } };
    assert.deepEqual([...CRAWL_FIELDS].sort(), [...published.crawl.body].sort());
  });

  it('starts a crawl: listed while it runs, its webhook delivered with the start\'s headers and metadata, signed', async () => {
    emulator.setWebhook({ url: 'http://127.0.0.1:9/unused', secret: SECRET });
    const before = emulator.requests.length;
    const started = await client.startCrawl({
      url: 'https://docs.tideflow.dev', limit: 3, includePaths: ['^/guide/'],
      webhook: { url: receiverUrl, headers: { 'x-job-token': 'per-job-token' }, metadata: { startedFrom: 'test' }, events: ['started', 'page', 'completed'] },
    });
    assert.match(started.id, /^[0-9a-f-]{36}$/);
    assert.equal(started.url, `${emulator.url}/v2/crawl/${started.id}`);
    const sent = emulator.requests.slice(before);
    assert.equal(sent.length, 1);
    assert.equal(sent[0]?.path, '/v2/crawl');
    assert.deepEqual((sent[0].body as { includePaths: string[] }).includePaths, ['^/guide/']);
    assert.ok((await client.listActiveCrawls()).some((crawl) => crawl.id === started.id), 'listed while it runs');
    await waitFor(() => deliveries.some((d) => d.body.type === 'crawl.completed'), 10_000, 'the crawl.completed delivery');
    const types = deliveries.map((d) => d.body.type);
    assert.deepEqual(types, ['crawl.started', 'crawl.page', 'crawl.page', 'crawl.page', 'crawl.completed']);
    for (const delivery of deliveries) {
      assert.equal(delivery.body.id, started.id);
      assert.deepEqual(delivery.body.metadata, { startedFrom: 'test' });
      assert.equal(delivery.headers['x-job-token'], 'per-job-token');
      assert.equal(verifySignature(delivery.raw, String(delivery.headers[SIGNATURE_HEADER.toLowerCase()]), SECRET), true);
    }
    assert.equal((await client.listActiveCrawls()).some((crawl) => crawl.id === started.id), false, 'gone once completed');
  });

  it('starts a batch scrape: invalid addresses named, cancelled by its kind', async () => {
    emulator.setWebhook(null);
    const raw = await fetch(`${emulator.url}/v2/batch/scrape`, {
      method: 'POST', headers: { authorization: `Bearer ${DEMO_API_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ urls: ['https://docs.tideflow.dev/getting-started', 'not a url', 'https://docs.tideflow.dev/guide/streams'] }),
    });
    const body = await raw.json() as { id: string; invalidURLs: string[] };
    assert.deepEqual(body.invalidURLs, ['not a url']);
    const started = await client.startBatchScrape({ urls: ['https://docs.tideflow.dev/getting-started', 'https://docs.tideflow.dev/guide/streams'], formats: ['markdown'] });
    assert.deepEqual(started.invalidURLs ?? [], []);
    const outcome = await client.cancelCrawl({ id: started.id, kind: 'batch' });
    assert.equal(outcome.kind, 'cancelled');
    const status = await client.getCrawlStatus({ id: started.id, kind: 'batch' });
    assert.equal(status.status, 'cancelled');
  });

  it('refuses before sending: a bad regex, a limit out of range, an empty URL list, an unknown option, a webhook without a URL', async () => {
    const before = emulator.requests.length;
    const regex = await refused(client.startCrawl({ url: 'https://docs.tideflow.dev', includePaths: ['^/docs/(unclosed'] }), 'invalid-request');
    assert.match(regex.message, /^The crawl start was not sent\. includePaths\[0\]: "\^\/docs\/\(unclosed" is not a regular expression/);
    await refused(client.startCrawl({ url: 'https://docs.tideflow.dev', limit: 0 }), 'invalid-request');
    await refused(client.startCrawl({ url: 'https://docs.tideflow.dev', limit: 100_001 }), 'invalid-request');
    await refused(client.startBatchScrape({ urls: [] }), 'invalid-request');
    const bad = await refused(client.startBatchScrape({ urls: ['https://a.example', 'ftp://b.example/x'] }), 'invalid-request');
    assert.match(bad.message, /urls\[1\]: Only http: and https:/);
    await refused(client.startCrawl({ url: 'https://docs.tideflow.dev', depth: 2 } as never), 'invalid-request');
    await refused(client.startCrawl({ url: 'https://docs.tideflow.dev', webhook: { headers: {} } } as never), 'invalid-request');
    await refused(client.startCrawl({ url: 'https://docs.tideflow.dev', scrapeOptions: { maxAge: -5 } }), 'invalid-request');
    assert.equal(emulator.requests.length, before);
  });

  it('402 at the start: said once, nothing retried', async () => {
    emulator.injectFault({ path: '/v2/crawl', fault: { kind: 'payment-required' } });
    const before = emulator.requests.length;
    await refused(new WebDataClient({ baseUrl: emulator.url, apiKey: DEMO_API_KEY }).startCrawl({ url: 'https://docs.tideflow.dev', limit: 5 }), 'payment-required');
    assert.equal(emulator.requests.length - before, 1);
  });
});

// The emulator's `next` link over HTTPS: built from the scheme and host the request came on (as
// the real service's is), so a client configured with an https address follows it. An http link
// from an https service would be refused by the next guard (another scheme) and stop the paging.
import assert from 'node:assert/strict';
import { request } from 'node:https';
import { DEMO_API_KEY, makeTestCertificates, startEmulator, type Emulator, type TestCertificates } from '../emulator';
import { WebDataClient } from '../../src/core/api';

describe('emulator: next links over HTTPS, followed by the client', function () {
  this.timeout(30_000);
  let certs: TestCertificates;
  let emulator: Emulator;
  let client: WebDataClient;

  before(async () => {
    certs = makeTestCertificates();
    emulator = await startEmulator({ tls: { key: certs.key, cert: certs.cert } });
    // The certificate names localhost; the authority made for this run is trusted for this client only.
    const baseUrl = `https://localhost:${new URL(emulator.url).port}`;
    client = new WebDataClient({ baseUrl, apiKey: DEMO_API_KEY, network: { env: { NODE_EXTRA_CA_CERTS: certs.caFile } }, retry: { maxAttempts: 1 } });
  });
  after(async () => {
    await client.close();
    await emulator.close();
    certs.dispose();
  });

  it('a crawl\'s next starts with https and the host called, and the client reads the next page through it', async () => {
    const id = emulator.addCrawlJob(DEMO_API_KEY, { total: 150, completed: 150, listed: false });
    const first = await client.getCrawlStatus({ id, kind: 'crawl' });
    assert.equal(first.documents.length, 100);
    assert.deepEqual(first.next, { kind: 'cursor', skip: 100 });
    const second = await client.getCrawlStatus({ id, kind: 'crawl' }, first.next);
    assert.equal(second.documents.length, 50);
    assert.equal(second.next, undefined);
  });

  it('the link itself, as the service sends it: https, the host and port called, the next cursor', async () => {
    const id = emulator.addCrawlJob(DEMO_API_KEY, { total: 150, completed: 150, listed: false });
    const port = new URL(emulator.url).port;
    const body = await new Promise<string>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', servername: 'localhost', port, path: `/v2/crawl/${id}`, headers: { host: `localhost:${port}`, authorization: `Bearer ${DEMO_API_KEY}` }, ca: certs.ca }, (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (chunk: string) => { text += chunk; }).on('end', () => resolve(text)).on('error', reject);
      });
      req.on('error', reject).end();
    });
    assert.equal((JSON.parse(body) as { next?: unknown }).next, `https://localhost:${port}/v2/crawl/${id}?skip=100`);
  });
});

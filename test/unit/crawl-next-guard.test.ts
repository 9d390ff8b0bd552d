// The `next` guard: a results page's `next` is followed only when it names the configured service
// (same scheme, host, port and /v2 path of the same job). A `next` naming a second local server,
// which records every header it gets, is refused, and that server never sees a request (so never
// the key), whichever way the address differs.
import assert from 'node:assert/strict';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEMO_API_KEY } from '../emulator';
import { judgeNext, type JobRef } from '../../src/core/api';
import { parseServiceAddress } from '../../src/core/service-address';
import { useClientFixture } from './client-fixture';

describe('client: the next guard', () => {
  const fixture = useClientFixture();
  let recorder: Server;
  let recorderUrl: string;
  const seen: IncomingHttpHeaders[] = [];

  before(async () => {
    recorder = createServer((req, res) => {
      seen.push(req.headers);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"success":true,"status":"completed","data":[]}');
    });
    await new Promise<void>((resolve) => recorder.listen(0, '127.0.0.1', resolve));
    recorderUrl = `http://127.0.0.1:${(recorder.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((resolve) => recorder.close(() => resolve())));

  it('refuses a next naming another server, and that server never hears from the client', async () => {
    const id = fixture.emulator.addCrawlJob(DEMO_API_KEY, { total: 300, completed: 300, listed: false });
    const job: JobRef = { id, kind: 'crawl' };
    const path = `/v2/crawl/${id}`;
    const port = new URL(fixture.emulator.url).port;
    const nexts = [
      `${recorderUrl}${path}?skip=100`, // same host, another port
      `http://localhost:${new URL(recorderUrl).port}${path}?skip=100`,
      `https://127.0.0.1:${port}${path}?skip=100`, // another scheme
      `http://user:pw@127.0.0.1:${port}${path}?skip=100`,
      `${fixture.emulator.url}/v1/crawl/${id}?skip=100`, // another path
      `${fixture.emulator.url}/v2/crawl/00000000-0000-4000-8000-000000000000?skip=100`, // another job
      `${fixture.emulator.url}/v2/team/token-usage?skip=100`,
      `${fixture.emulator.url}${path}`, // no cursor
      'not a url',
    ];
    const client = fixture.client();
    for (const next of nexts) {
      fixture.emulator.injectFault({ path, fault: { kind: 'json', body: { success: true, status: 'completed', completed: 300, total: 300, data: [], next } } });
      const page = await client.getCrawlStatus(job);
      assert.equal(page.next?.kind, 'refused', next);
    }
    assert.equal(seen.length, 0, 'the second server got a request');
  });

  it('follows a next naming the configured service, asking for its cursor there', async () => {
    const id = fixture.emulator.addCrawlJob(DEMO_API_KEY, { total: 150, completed: 150, listed: false });
    const job: JobRef = { id, kind: 'crawl' };
    const client = fixture.client();
    const first = await client.getCrawlStatus(job);
    const next = first.next;
    assert.ok(next?.kind === 'cursor' && next.skip === 100);
    const second = await client.getCrawlStatus(job, next);
    assert.equal(second.documents.length, 50);
    assert.equal(seen.length, 0);
  });

  it('judges by the address as configured: a path prefix, default ports, case', () => {
    const check = parseServiceAddress('https://api.example.com/proxy');
    assert.ok(check.ok);
    const job: JobRef = { id: 'AB0C9A52-6A3E-4D7B-9C1E-2B8F4E7A1D01', kind: 'batch' };
    const good = 'https://API.example.com:443/proxy/v2/batch/scrape/ab0c9a52-6a3e-4d7b-9c1e-2b8f4e7a1d01?skip=7&limit=3';
    assert.deepEqual(judgeNext(check.address, job, good), { kind: 'cursor', skip: 7, limit: 3 });
    assert.deepEqual(judgeNext(check.address, job, good.replace('/proxy', '')), { kind: 'refused', reason: 'other-path' });
    assert.deepEqual(judgeNext(check.address, job, good.replace(':443', ':8443')), { kind: 'refused', reason: 'elsewhere' });
    assert.deepEqual(judgeNext(check.address, job, good.replace('batch/scrape', 'crawl')), { kind: 'refused', reason: 'other-path' });
    assert.deepEqual(judgeNext(check.address, job, good.replace('skip=7', 'skip=-7')), { kind: 'refused', reason: 'no-cursor' });
  });
});

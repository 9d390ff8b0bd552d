// Answers the emulator never gives (it follows the spec), served by a tiny canned server on
// 127.0.0.1: a 2xx that says success:false, a redirect, a search result of the wrong shape, extra
// and missing fields the live service is known for, and a plain-text 200.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebDataClient, WebDataError, type WebDataErrorKind } from '../../src/core/api';

interface Canned { status: number; body: string; type?: string; headers?: Record<string, string> }

describe('WebDataClient with answers outside the spec', () => {
  let server: Server;
  let next: Canned;
  let client: WebDataClient;

  before(async () => {
    server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(next.status, { 'content-type': next.type ?? 'application/json', 'content-length': Buffer.byteLength(next.body), ...next.headers });
        res.end(next.body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    client = new WebDataClient({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, apiKey: 'wd-canned-key', retry: { maxAttempts: 1 } });
  });
  after(async () => {
    await client.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const fails = async (canned: Canned, call: () => Promise<unknown>, kind: WebDataErrorKind): Promise<WebDataError> => {
    next = canned;
    const error = await call().then(() => undefined, (e: unknown) => e);
    assert.ok(error instanceof WebDataError, String(error));
    assert.equal(error.kind, kind, error.message);
    assert.ok(!/undefined|TypeError|SyntaxError/.test(error.message), error.message);
    return error;
  };

  it('a 200 that says success:false is a server failure with the service\'s words', async () => {
    const error = await fails({ status: 200, body: JSON.stringify({ success: false, error: 'Search engine unavailable' }) }, () => client.search({ query: 'q' }), 'server');
    assert.equal(error.serviceMessage, 'Search engine unavailable');
    assert.match(error.message, /reported that the search failed: "Search engine unavailable"/);
  });

  it('a search result of the wrong shape names the field path', async () => {
    const web = [0, 1, 2, 3].map((i) => ({ url: i === 3 ? 7 : `https://a.example/${i}`, title: 't' }));
    const error = await fails({ status: 200, body: JSON.stringify({ success: true, data: { web } }) }, () => client.search({ query: 'q' }), 'bad-response');
    assert.match(error.message, /data\.web\[3\]\.url: expected a string, got the number 7/);
  });

  it('a body that is not an object at all is bad-response', async () => {
    await fails({ status: 200, body: '[1,2]' }, () => client.listActiveCrawls(), 'bad-response');
    await fails({ status: 200, body: 'null' }, () => client.getTokenUsage(), 'bad-response');
  });

  it('keeps what is known, ignores unknown fields, accepts missing optional ones', async () => {
    next = { status: 200, body: JSON.stringify({ success: true, data: { web: [{ url: 'https://a.example', title: 'A', position: 1, rank: 9 }] }, extra: true }) };
    let raw: unknown;
    const response = await client.search({ query: 'q' }, { onBody: (body) => (raw = body) });
    assert.deepEqual(response, { success: true, data: { web: [{ url: 'https://a.example', title: 'A', position: 1 }] } });
    // The JSON export's copy: the answer as it came, unknown fields included.
    assert.deepEqual(raw, JSON.parse(next.body));
    next = { status: 200, body: JSON.stringify({ success: true, crawls: [{ id: 'c', url: 'https://a.example', created_at: '2026-01-01' }] }) };
    assert.deepEqual(await client.listActiveCrawls(), [{ id: 'c', url: 'https://a.example' }]);
  });

  it('a redirect is not followed and says to check the address', async () => {
    const error = await fails({ status: 301, body: '', headers: { location: 'https://elsewhere.example/' } }, () => client.getTokenUsage(), 'bad-response');
    assert.match(error.message, /301 Moved Permanently.*check the service address/);
  });

  it('a 200 in plain text names the status and the content type', async () => {
    const error = await fails({ status: 200, body: 'OK', type: 'text/plain' }, () => client.getTokenUsage(), 'bad-response');
    assert.match(error.message, /200 but the body is not JSON \(text\/plain\)/);
  });

  it('a 403 is forbidden (never "set a valid key"); a 402 is payment-required with the service\'s reason', async () => {
    const forbidden = await fails({ status: 403, body: JSON.stringify({ success: false, error: 'Forbidden' }) }, () => client.getTokenUsage(), 'forbidden');
    assert.doesNotMatch(forbidden.message, /API key/);
    const error = await fails({ status: 402, body: JSON.stringify({ success: false, error: 'Insufficient credits' }) }, () => client.search({ query: 'q' }), 'payment-required');
    assert.match(error.message, /\(402\): "Insufficient credits"/);
  });
});

// Faults on demand: each kind, rules matched by path, key and count, and the per-request header.
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { DEMO_API_KEY, startEmulator } from '../emulator';
import type { Emulator, EmulatorFault } from '../emulator';
import { call, errorOf } from '../emulator/raw-client';
import { waitFor } from './wait';

/** A GET through node:http that reports what arrived on the wire, even when cut short. */
function rawGet(base: string, path: string, headers: Record<string, string> = {}): Promise<{ status?: number; declared?: number; received: number; error?: string; headersAt?: number; doneAt: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const out: { status?: number; declared?: number; received: number; error?: string; headersAt?: number; doneAt: number } = { received: 0, doneAt: 0 };
    const finish = (error?: string): void => resolve({ ...out, error, doneAt: Date.now() - started });
    const req = httpRequest(base + path, { headers: { authorization: `Bearer ${DEMO_API_KEY}`, ...headers }, agent: false }, (res) => {
      out.status = res.statusCode;
      out.headersAt = Date.now() - started;
      out.declared = Number(res.headers['content-length']);
      res.on('data', (chunk: Buffer) => (out.received += chunk.length));
      res.on('end', () => finish());
      res.on('error', (e) => finish(e.message));
    });
    req.on('error', (e: NodeJS.ErrnoException) => finish(e.code ?? e.message));
    req.end();
  });
}

describe('emulator: faults', () => {
  let emulator: Emulator;
  const withFault = (fault: EmulatorFault, path = '/v2/crawl/active'): ReturnType<typeof call> =>
    call(emulator.url, path === '/v2/search' ? 'POST' : 'GET', path, { headers: { 'x-emulator-fault': JSON.stringify(fault) }, body: path === '/v2/search' ? { query: 'compost' } : undefined });

  before(async () => {
    emulator = await startEmulator();
  });
  afterEach(() => emulator.clearFaults());
  after(() => emulator.close());

  it('status: 500, 502, 503, 504 as {success:false,error}, with a given or default text', async () => {
    for (const status of [500, 502, 503, 504] as const) {
      const res = await withFault({ kind: 'status', status });
      assert.equal(res.status, status);
      assert.equal((res.json as { success: unknown }).success, false);
      assert.ok(errorOf(res).length > 5);
    }
    assert.equal(errorOf(await withFault({ kind: 'status', status: 500, error: 'database on fire' })), 'database on fire');
  });

  it('rate-limit: Retry-After in seconds, as an HTTP date, only in the text, or nowhere', async () => {
    const seconds = await withFault({ kind: 'rate-limit', retryAfter: '7' });
    assert.equal(seconds.status, 429);
    assert.equal(seconds.headers['retry-after'], '7');
    const date = new Date(Date.now() + 5000).toUTCString();
    assert.equal((await withFault({ kind: 'rate-limit', retryAfter: date })).headers['retry-after'], date);
    const text = await withFault({ kind: 'rate-limit', message: 'Rate limit exceeded. Consumed (req/min): 20. Please retry after 12s.' });
    assert.equal(text.headers['retry-after'], undefined);
    assert.match(errorOf(text), /retry after 12s/);
    const neither = await withFault({ kind: 'rate-limit' });
    assert.equal(neither.status, 429);
    assert.equal(neither.headers['retry-after'], undefined);
    assert.doesNotMatch(errorOf(neither), /\d/);
  });

  it('answers as the live service does: 400 with details, 402, 403, 429 with retry_after_seconds', async () => {
    const bad = await withFault({ kind: 'bad-request' }, '/v2/search');
    assert.equal(bad.status, 400);
    assert.equal(errorOf(bad), 'Invalid request body');
    const details = (bad.json as { details?: Array<{ path?: unknown; message?: unknown }> }).details;
    assert.deepEqual(details?.map((d) => [d.path, d.message]), [[['limit'], 'Number must be less than or equal to 100'], [['tbs'], 'Invalid tbs format']]);
    const credits = await withFault({ kind: 'payment-required' }, '/v2/search');
    assert.equal(credits.status, 402);
    assert.match(errorOf(credits), /^Insufficient credits/);
    const feature = await withFault({ kind: 'forbidden' }, '/v2/search');
    assert.equal(feature.status, 403);
    assert.match(errorOf(feature), /Zero data retention \(zdr\) is not enabled for your team/);
    const busy = await withFault({ kind: 'rate-limit', retryAfterSeconds: 28 });
    assert.equal(busy.status, 429);
    assert.equal(busy.headers['retry-after'], undefined);
    assert.equal((busy.json as { retry_after_seconds?: unknown }).retry_after_seconds, 28);
  });

  it('result-shapes: the search answers, images and news without url, and an extra data.research', async () => {
    const res = await call(emulator.url, 'POST', '/v2/search', {
      headers: { 'x-emulator-fault': JSON.stringify({ kind: 'result-shapes' }) },
      body: { query: 'tomato', sources: ['web', 'images', 'news'] },
    });
    assert.equal(res.status, 200);
    const data = (res.json as { data: Record<string, Array<Record<string, unknown>>> }).data;
    assert.deepEqual(Object.keys(data).sort(), ['images', 'news', 'research', 'web']);
    assert.ok((data.images?.length ?? 0) > 0 && (data.news?.length ?? 0) > 0);
    for (const item of [...(data.images ?? []), ...(data.news ?? [])]) assert.equal('url' in item, false);
    assert.ok(data.web?.every((item) => typeof item.url === 'string'));
    const onlyNews = await call(emulator.url, 'POST', '/v2/search', {
      headers: { 'x-emulator-fault': JSON.stringify({ kind: 'result-shapes', withoutUrl: ['news'], extraData: {} }) },
      body: { query: 'tomato', sources: ['images', 'news'] },
    });
    const kept = (onlyNews.json as { data: Record<string, Array<Record<string, unknown>>> }).data;
    assert.deepEqual(Object.keys(kept).sort(), ['images', 'news']);
    assert.ok(kept.images?.every((item) => typeof item.url === 'string'));
  });

  it('slow-headers delays the answer; slow-body sends headers at once and dribbles the body', async () => {
    const slowHeaders = await rawGet(emulator.url, '/v2/crawl/active', { 'x-emulator-fault': JSON.stringify({ kind: 'slow-headers', ms: 200 }) });
    assert.equal(slowHeaders.status, 200);
    assert.ok((slowHeaders.headersAt ?? 0) >= 190, `headers after ${slowHeaders.headersAt} ms`);
    const slowBody = await rawGet(emulator.url, '/v2/crawl/active', { 'x-emulator-fault': JSON.stringify({ kind: 'slow-body', ms: 300 }) });
    assert.equal(slowBody.status, 200);
    assert.ok((slowBody.headersAt ?? 999) < 150, `headers after ${slowBody.headersAt} ms`);
    assert.ok(slowBody.doneAt >= 250, `body done after ${slowBody.doneAt} ms`);
    assert.equal(slowBody.received, slowBody.declared);
  });

  it('truncated-body declares the full length, sends half and closes', async () => {
    const cut = await rawGet(emulator.url, '/v2/crawl/active', { 'x-emulator-fault': JSON.stringify({ kind: 'truncated-body' }) });
    assert.equal(cut.status, 200);
    assert.ok(cut.error, 'the response ends in an error');
    assert.ok((cut.declared ?? 0) > 100 && cut.received < (cut.declared ?? 0));
  });

  it('misshapes the real answer: another content type, JSON cut under a matching length, fields dropped or set', async () => {
    const plain = await call(emulator.url, 'GET', '/v2/team/token-usage');
    const html = await withFault({ kind: 'content-type', type: 'text/html' }, '/v2/team/token-usage');
    assert.equal(html.headers['content-type'], 'text/html');
    assert.deepEqual(html.json, plain.json);
    const cut = await withFault({ kind: 'cut-json' }, '/v2/team/token-usage');
    assert.equal(cut.status, 200);
    assert.equal(cut.json, undefined, 'the cut body does not parse');
    assert.equal(Number(cut.headers['content-length']), Buffer.byteLength(cut.text), 'the declared length is what was sent');
    assert.ok(plain.text.startsWith(cut.text) && cut.text.length === Math.floor(plain.text.length / 2));
    const altered = await withFault({ kind: 'alter', drop: ['data.remainingTokens'], set: { 'data.planTokens': 7, extra: ['x'] } }, '/v2/team/token-usage');
    const data = (altered.json as { data: Record<string, unknown> }).data;
    assert.equal('remainingTokens' in data, false);
    assert.equal(data.planTokens, 7);
    assert.deepEqual((altered.json as { extra?: unknown }).extra, ['x']);
  });

  it('stalled-body declares the full length, sends half and then nothing, the connection open', async () => {
    const seen = { declared: 0, received: 0, ended: false };
    const req = httpRequest(`${emulator.url}/v2/crawl/active`, { headers: { authorization: `Bearer ${DEMO_API_KEY}`, 'x-emulator-fault': JSON.stringify({ kind: 'stalled-body' }) }, agent: false }, (res) => {
      seen.declared = Number(res.headers['content-length']);
      res.on('data', (chunk: Buffer) => (seen.received += chunk.length));
      res.on('end', () => (seen.ended = true));
      res.on('error', () => undefined);
    });
    req.on('error', () => undefined);
    req.end();
    try {
      await waitFor(() => seen.declared > 0 && seen.received >= Math.floor(seen.declared / 2), 2000, 'half the body');
      assert.equal(seen.received, Math.floor(seen.declared / 2));
      assert.equal(seen.ended, false);
      assert.equal(req.socket?.destroyed, false, 'the connection is still open');
    } finally {
      req.destroy();
    }
  });

  it('reset destroys the connection without an answer, logged with status 0', async () => {
    const reset = await rawGet(emulator.url, '/v2/crawl/active', { 'x-emulator-fault': JSON.stringify({ kind: 'reset' }) });
    assert.equal(reset.status, undefined);
    assert.equal(reset.error, 'ECONNRESET');
    assert.equal(emulator.requests.at(-1)?.status, 0);
  });

  it('html answers 502 with a proxy page; garbage answers 200 with a body that is not JSON', async () => {
    const html = await withFault({ kind: 'html' });
    assert.equal(html.status, 502);
    assert.match(String(html.headers['content-type']), /text\/html/);
    assert.match(html.text, /<h1>502 Bad Gateway<\/h1>/);
    const garbage = await withFault({ kind: 'garbage' }, '/v2/search');
    assert.equal(garbage.status, 200);
    assert.throws(() => JSON.parse(garbage.text) as unknown);
  });

  it('json answers the given body as it is, with the given status (200 by default)', async () => {
    const body = { success: true, data: { web: [{ title: '\u202Etitle', url: 'command:x', description: '' }] }, warning: null, id: 'j', creditsUsed: 1 };
    // Through a rule: a header cannot carry the U+202E.
    emulator.injectFault({ path: '/v2/search', fault: { kind: 'json', body } });
    const ok = await call(emulator.url, 'POST', '/v2/search', { body: { query: 'compost' } });
    assert.equal(ok.status, 200);
    assert.deepEqual(ok.json, body);
    const teapot = await withFault({ kind: 'json', status: 418, body: { success: false, error: 'no' } });
    assert.equal(teapot.status, 418);
    assert.deepEqual(teapot.json, { success: false, error: 'no' });
  });

  it('huge-body streams a valid JSON body of the asked size', async () => {
    const bytes = 8 * 1024 * 1024;
    const res = await withFault({ kind: 'huge-body', bytes }, '/v2/search');
    assert.equal(res.status, 200);
    assert.equal(Buffer.byteLength(res.text), bytes);
    assert.equal((res.json as { success: unknown }).success, true);
  });

  it('rules match by path and key, hit `times` requests, Infinity until cleared', async () => {
    emulator.addTeam({ apiKey: 'wd-other-team', usage: null });
    emulator.injectFault({ fault: { kind: 'status', status: 503 }, path: '/v2/search', times: 2 });
    assert.equal((await call(emulator.url, 'GET', '/v2/crawl/active')).status, 200);
    for (let i = 0; i < 2; i++) assert.equal((await call(emulator.url, 'POST', '/v2/search', { body: { query: 'a' } })).status, 503);
    assert.equal((await call(emulator.url, 'POST', '/v2/search', { body: { query: 'a' } })).status, 200);

    emulator.injectFault({ fault: { kind: 'status', status: 500 }, apiKey: 'wd-other-team', times: Infinity });
    assert.equal((await call(emulator.url, 'GET', '/v2/crawl/active')).status, 200);
    for (let i = 0; i < 3; i++) assert.equal((await call(emulator.url, 'GET', '/v2/crawl/active', { key: 'wd-other-team' })).status, 500);
    emulator.clearFaults();
    assert.equal((await call(emulator.url, 'GET', '/v2/crawl/active', { key: 'wd-other-team' })).status, 200);

    emulator.injectFault({ fault: { kind: 'html' } });
    assert.equal((await call(emulator.url, 'GET', '/v2/team/token-usage')).status, 502);
    assert.equal((await call(emulator.url, 'GET', '/v2/team/token-usage')).status, 200, 'times defaults to 1');
  });

  it('a malformed x-emulator-fault header is a 400 naming the problem', async () => {
    const notJson = await call(emulator.url, 'GET', '/v2/crawl/active', { headers: { 'x-emulator-fault': 'slow' } });
    assert.equal(notJson.status, 400);
    assert.match(errorOf(notJson), /x-emulator-fault/);
    const unknown = await call(emulator.url, 'GET', '/v2/crawl/active', { headers: { 'x-emulator-fault': '{"kind":"status","status":418}' } });
    assert.equal(unknown.status, 400);
    assert.match(errorOf(unknown), /status/);
  });

  it('close() ends a connection held open by a slow fault', async () => {
    const own = await startEmulator();
    const pending = rawGet(own.url, '/v2/crawl/active', { 'x-emulator-fault': JSON.stringify({ kind: 'slow-headers', ms: 60_000 }) });
    await waitFor(() => own.requests.length === 1, 5_000, 'the emulator to log the slow request on arrival');
    // The 1 s is what is tested (close() must not wait for the 60 s fault), not a wait for something.
    const closed = await Promise.race([own.close().then(() => true), new Promise((resolve) => setTimeout(resolve, 1000, false))]);
    assert.equal(closed, true, 'close() resolved within a second');
    const result = await pending;
    assert.equal(result.status, undefined);
  });
});

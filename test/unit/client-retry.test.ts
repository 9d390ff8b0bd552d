// Pure parts of the client: Retry-After and waits in words, backoff with jitter, a cancellable
// sleep, the base URL rule (https unless loopback) and the scrubbing of the key.
import assert from 'node:assert/strict';
import { parseRetryAfter, parseWaitFromText, WebDataClient, WebDataError } from '../../src/core/api';
import { parseBaseUrl } from '../../src/core/api/base-url';
import { backoffBaseMs, backoffMs, parseWaitFromBody, sleep } from '../../src/core/api/retry';
import { safeCause, scrub } from '../../src/core/api/secrets';

describe('retry: Retry-After', () => {
  const now = Date.parse('2026-11-21T12:00:00Z');
  it('reads seconds', () => {
    assert.equal(parseRetryAfter('12', now), 12000);
    assert.equal(parseRetryAfter(' 0 ', now), 0);
    assert.equal(parseRetryAfter(['3', '9'], now), 3000);
  });
  it('reads an HTTP date, as the time left until it', () => {
    assert.equal(parseRetryAfter('Sat, 21 Nov 2026 12:00:30 GMT', now), 30000);
    assert.equal(parseRetryAfter('Sat, 21 Nov 2026 11:00:00 GMT', now), 0);
  });
  it('ignores what it cannot read', () => {
    for (const value of [undefined, '', 'soon', '-5', '1e3', 'Sat, 99 Foo 2026']) assert.equal(parseRetryAfter(value, now), undefined, String(value));
  });
});

describe('retry: a wait given only in words', () => {
  it('reads the usual phrasings', () => {
    assert.equal(parseWaitFromText('Rate limit exceeded. Consumed (req/min): 101, Remaining (req/min): 0. Upgrade your plan or please retry after 12s'), 12000);
    assert.equal(parseWaitFromText('Too many requests, retry after 1.5 seconds'), 1500);
    assert.equal(parseWaitFromText('Try again in 30 seconds.'), 30000);
    assert.equal(parseWaitFromText('please wait 2 minutes'), 120000);
    assert.equal(parseWaitFromText('retry after 250ms'), 250);
    assert.equal(parseWaitFromText('Daily limit reached; retry after 2 hours'), 7_200_000);
    assert.equal(parseWaitFromText('retry after 28h'), 100_800_000);
  });
  it('reads retry_after_seconds from a 429 body, a number or numeric text', () => {
    assert.equal(parseWaitFromBody({ success: false, error: 'Rate limit exceeded', retry_after_seconds: 28 }), 28_000);
    assert.equal(parseWaitFromBody({ retry_after_seconds: '1.5' }), 1500);
    assert.equal(parseWaitFromBody({ retry_after_seconds: 0 }), 0);
    for (const body of [{ retry_after_seconds: -1 }, { retry_after_seconds: 'soon' }, { retryAfter: 3 }, null, 'text']) assert.equal(parseWaitFromBody(body), undefined, JSON.stringify(body));
  });
  it('prefers the wait named after "after" or "wait" to a window named after "in"', () => {
    assert.equal(parseWaitFromText('Too many requests: at most 100 in 1 minute; please retry after 20s'), 20000);
    assert.equal(parseWaitFromText('Limit of 10 requests in 60 seconds reached, wait 5 seconds'), 5000);
  });
  it('finds nothing where there is no wait', () => {
    assert.equal(parseWaitFromText('Rate limit exceeded'), undefined);
    assert.equal(parseWaitFromText('results in 2024 were few'), undefined);
    assert.equal(parseWaitFromText(undefined), undefined);
  });
});

describe('retry: backoff and sleep', () => {
  it('backs off exponentially with full jitter, capped', () => {
    assert.equal(backoffMs(0, 500, () => 1), 500);
    assert.equal(backoffMs(3, 500, () => 1), 4000);
    assert.equal(backoffMs(20, 500, () => 1), 8000);
    assert.equal(backoffMs(5, 500, () => 0), 0);
    assert.equal(backoffMs(2, 500, () => 0.5), 1000);
  });
  it('fits the whole backoff schedule into the wait budget', () => {
    assert.equal(backoffBaseMs(4, 30_000), 500);
    assert.equal(backoffBaseMs(3, 300), 100);
    assert.equal(backoffBaseMs(1, 300), 300);
    assert.ok(backoffBaseMs(4, 0) >= 1);
  });
  it('sleeps, and an abort ends the sleep at once with the reason', async () => {
    const started = Date.now();
    await sleep(20); // the function under test: it must wait
    assert.ok(Date.now() - started >= 15);
    const controller = new AbortController();
    const sleeping = sleep(10_000, controller.signal);
    controller.abort(new Error('stop')); // while its 10 s timer is armed
    const t0 = Date.now();
    await assert.rejects(sleeping, /stop/);
    assert.ok(Date.now() - t0 < 1000);
    await assert.rejects(sleep(10, controller.signal), /stop/);
  });
});

describe('base URL', () => {
  it('takes https anywhere and http on loopback only', () => {
    assert.deepEqual([parseBaseUrl('https://api.example.com')].map(({ origin, prefix }) => ({ origin, prefix })), [{ origin: 'https://api.example.com', prefix: '/v2' }]);
    assert.deepEqual([parseBaseUrl('https://proxy.example.com/svc/v2/')].map(({ origin, prefix }) => ({ origin, prefix })), [{ origin: 'https://proxy.example.com', prefix: '/svc/v2' }]);
    for (const url of ['http://127.0.0.1:3000', 'http://127.9.8.7', 'http://localhost:1', 'http://[::1]:8080']) assert.equal(parseBaseUrl(url).prefix, '/v2', url);
  });
  it('refuses plain http elsewhere, other schemes, credentials and queries, before any connection', () => {
    for (const url of ['http://api.example.com', 'http://10.0.0.1', 'http://128.0.0.1', 'http://localhost.example.com', 'ftp://127.0.0.1', 'https://user:secret@api.example.com', 'https://api.example.com/?key=abc', 'not a url', '']) {
      assert.throws(() => parseBaseUrl(url), (error: unknown) => error instanceof WebDataError && error.kind === 'invalid-request' && !error.message.includes('secret') && !error.message.includes('abc'), url);
    }
    assert.throws(() => new WebDataClient({ baseUrl: 'http://api.example.com', apiKey: 'k' }), /plain http is only allowed/);
  });
  it('refuses an empty key or one that cannot be a header, without quoting it', () => {
    assert.throws(() => new WebDataClient({ baseUrl: 'https://a.example', apiKey: '' }), (e: unknown) => e instanceof WebDataError && e.kind === 'unauthorized' && /Web Data: Connect…/.test(e.message));
    assert.throws(() => new WebDataClient({ baseUrl: 'https://a.example', apiKey: 'wd-key with space\n' }), (e: unknown) => e instanceof WebDataError && !e.message.includes('wd-key'));
  });
});

describe('secrets', () => {
  it('scrubs the key from text and from a cause chain, keeping only safe facts', () => {
    assert.equal(scrub('bad key wd-123 given', 'wd-123'), 'bad key [API key] given');
    const inner = Object.assign(new Error('header Bearer wd-123'), { code: 'E_X', headers: { authorization: 'Bearer wd-123' } });
    const cause = safeCause(new Error('outer wd-123', { cause: inner }), 'wd-123');
    assert.ok(cause);
    const all = JSON.stringify(cause, Object.getOwnPropertyNames(cause)) + String(cause.stack) + String(cause.cause) + JSON.stringify(cause.cause);
    assert.ok(!all.includes('wd-123'), all);
    assert.equal((cause.cause as { code?: string }).code, 'E_X');
  });
});

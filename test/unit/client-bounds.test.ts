// The bounds that must hold whatever the caller passes: attempts, waiting, time and body size,
// a deadline that passes while the body streams, and an address refused before any look-up.
import assert from 'node:assert/strict';
import dns from 'node:dns';
import diagnostics from 'node:diagnostics_channel';
import { DEMO_API_KEY } from '../emulator';
import { WebDataClient, WebDataError, type WebDataErrorKind } from '../../src/core/api';
import { CRAWLS, SEARCH, USAGE, useClientFixture } from './client-fixture';

/** The call's failure, or a test failure after `ms` (a client without bounds would go on for ever). */
async function failureWithin(promise: Promise<unknown>, kind: WebDataErrorKind, ms = 3000): Promise<WebDataError> {
  let timer: NodeJS.Timeout | undefined;
  // A deadline that bounds the test: being late is the failure asserted, not a wait for something.
  const late = new Promise<'late'>((resolve) => { timer = setTimeout(() => resolve('late'), ms); });
  const error = await Promise.race([promise.then(() => undefined, (e: unknown) => e), late]).finally(() => clearTimeout(timer));
  assert.notEqual(error, 'late', `still retrying after ${ms} ms`);
  assert.ok(error instanceof WebDataError, `expected a WebDataError, got ${String(error)}`);
  assert.equal(error.kind, kind, error.message);
  return error;
}

describe('WebDataClient bounds', () => {
  const fx = useClientFixture();
  const { client, sentSince } = fx;

  describe('options that are not finite numbers fall back to the defaults', () => {
    it('maxAttempts NaN still stops after the default 4 attempts', async () => {
      const from = fx.emulator.requests.length;
      fx.emulator.injectFault({ path: USAGE, fault: { kind: 'status', status: 503 }, times: Infinity });
      const error = await failureWithin(client({ retry: { maxAttempts: Number.NaN, maxWaitMs: 200 } }).getTokenUsage(), 'server');
      assert.equal(error.attempts, 4);
      assert.equal(sentSince(from, USAGE), 4);
    });

    it('maxAttempts Infinity does not resend for ever when the service keeps asking for no wait', async () => {
      const from = fx.emulator.requests.length;
      fx.emulator.injectFault({ path: SEARCH, fault: { kind: 'rate-limit', retryAfter: '0' }, times: Infinity });
      const error = await failureWithin(client({ retry: { maxAttempts: Infinity } }).search({ query: 'data' }), 'rate-limited');
      assert.equal(error.attempts, 4);
      assert.equal(sentSince(from, SEARCH), 4);
    });

    it('maxWaitMs NaN still bounds the total wait', async () => {
      fx.emulator.injectFault({ path: USAGE, fault: { kind: 'rate-limit', retryAfter: '600' } });
      const error = await failureWithin(client({ retry: { maxWaitMs: Number.NaN } }).getTokenUsage(), 'rate-limited');
      assert.equal(error.retryAfterMs, 600_000);
      assert.match(error.message, /The service asks to wait 10 minutes; try again later\./);
    });

    it('timeoutMs NaN is the default timeout, not a failed request', async () => {
      const lenient = client({ timeoutMs: Number.NaN, searchTimeoutMarginMs: Number.NaN });
      const usage = await lenient.getTokenUsage();
      assert.ok(usage.remainingTokens > 0);
      assert.equal((await lenient.search({ query: 'data' })).success, true);
    });

    it('maxBodyBytes NaN keeps the 64 MiB cap', async function () {
      this.timeout(20_000);
      fx.emulator.injectFault({ path: SEARCH, fault: { kind: 'huge-body', bytes: 65 * 1024 * 1024 } });
      const error = await failureWithin(client({ maxBodyBytes: Number.NaN }).search({ query: 'data' }), 'bad-response', 15_000);
      assert.match(error.message, /larger than 64 MiB/);
    });
  });

  describe('a deadline that passes while the body streams', () => {
    it('a GET whose body arrives too slowly fails with timeout, once', async () => {
      const from = fx.emulator.requests.length;
      fx.emulator.injectFault({ path: CRAWLS, fault: { kind: 'slow-body', ms: 3000 } });
      const started = Date.now();
      await failureWithin(client({ timeoutMs: 300 }).listActiveCrawls(), 'timeout');
      assert.ok(Date.now() - started < 1500, `${Date.now() - started} ms`);
      assert.equal(sentSince(from, CRAWLS), 1);
      assert.equal(fx.emulator.requests.at(-1)?.status, 200, 'the service had begun its answer');
    });

    it('a search whose body outlasts its timeout plus the margin fails with timeout and is not resent', async () => {
      const from = fx.emulator.requests.length;
      fx.emulator.injectFault({ path: SEARCH, fault: { kind: 'slow-body', ms: 3000 }, times: 3 });
      const started = Date.now();
      const error = await failureWithin(client({ searchTimeoutMarginMs: 100 }).search({ query: 'data', timeout: 200 }), 'timeout');
      const took = Date.now() - started;
      assert.ok(took >= 280 && took < 1500, `${took} ms`);
      assert.match(error.message, /within 0.3 seconds/);
      assert.equal(sentSince(from, SEARCH), 1);
    });
  });

  it('a plain-http address off this machine is refused with no name look-up and no socket', () => {
    const seen: string[] = [];
    const onSocket = (): void => { seen.push('socket'); };
    const onConnect = (): void => { seen.push('undici connect'); };
    const realLookup = dns.lookup;
    const lookups: unknown[] = [];
    diagnostics.subscribe('net.client.socket', onSocket);
    diagnostics.subscribe('undici:client:beforeConnect', onConnect);
    // Any look-up, from net or undici, goes through dns.lookup; record instead of resolving.
    Object.assign(dns, { lookup: (...args: unknown[]) => { lookups.push(args[0]); } });
    try {
      for (const baseUrl of ['http://api.example.com', 'http://10.0.0.1:3000', 'ftp://127.0.0.1']) {
        assert.throws(() => new WebDataClient({ baseUrl, apiKey: DEMO_API_KEY }), (e: unknown) => e instanceof WebDataError && e.kind === 'invalid-request', baseUrl);
      }
    } finally {
      Object.assign(dns, { lookup: realLookup });
      diagnostics.unsubscribe('net.client.socket', onSocket);
      diagnostics.unsubscribe('undici:client:beforeConnect', onConnect);
    }
    assert.deepEqual(seen, []);
    assert.deepEqual(lookups, []);
  });
});

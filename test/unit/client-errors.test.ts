// Every error kind, retries and their bounds, timeouts, cancellation and bodies that misbehave,
// against the emulator's faults through real sockets. Retry waits are kept small.
import assert from 'node:assert/strict';
import diagnostics from 'node:diagnostics_channel';
import { DEMO_API_KEY, startEmulator } from '../emulator';
import { WebDataError, type WebDataErrorKind } from '../../src/core/api';
import { CRAWLS, SEARCH, USAGE, useClientFixture } from './client-fixture';
import { within } from './wait';

/** Resolves when undici reports `channel` (a request's headers, or its end) for a request to `path`; a hook undici publishes for everyone. */
function undiciSaw(channel: 'undici:request:headers' | 'undici:request:trailers', path: string): Promise<void> {
  return new Promise((resolve) => {
    const listener = (message: unknown): void => {
      if (!(message as { request?: { path?: string } }).request?.path?.startsWith(path)) return;
      diagnostics.unsubscribe(channel, listener);
      // After the client's own handling of the same event, so it has moved on to what comes next.
      setImmediate(resolve);
    };
    diagnostics.subscribe(channel, listener);
  });
}

async function failure(promise: Promise<unknown>, kind: WebDataErrorKind): Promise<WebDataError> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  assert.ok(error instanceof WebDataError, `expected a WebDataError, got ${String(error)}`);
  assert.equal(error.kind, kind, error.message);
  assert.ok(!/undefined|SyntaxError|TypeError|Unexpected token|\bat \//.test(error.message), `unreadable message: ${error.message}`);
  return error;
}

describe('WebDataClient errors and retries', () => {
  const fx = useClientFixture(
    { teams: [{ apiKey: DEMO_API_KEY, enterprise: [], usage: { remainingTokens: 1500, planTokens: 3000, billingPeriodStart: null, billingPeriodEnd: null } }] },
    { retry: { maxAttempts: 4, maxWaitMs: 400 } },
  );
  const { client, sentSince } = fx;

  describe('status codes', () => {
    it('401 is unauthorized, with the hint to set the key', async () => {
      const error = await failure(client({ apiKey: 'wd-wrong-key-1234' }).getTokenUsage(), 'unauthorized');
      assert.equal(error.status, 401);
      assert.match(error.message, /"Web Data: Connect…"/);
      assert.match(error.serviceMessage ?? '', /invalid API key/);
    });

    it('404 for token usage is not-found: no usage information for this team', async () => {
      fx.emulator.setUsage(DEMO_API_KEY, null);
      try {
        const error = await failure(client().getTokenUsage(), 'not-found');
        assert.equal(error.status, 404);
        assert.match(error.message, /no usage information for this team/);
      } finally {
        fx.emulator.setUsage(DEMO_API_KEY, { remainingTokens: 1500, planTokens: 3000, billingPeriodStart: null, billingPeriodEnd: null });
      }
    });

    it('404 from a wrong service address is not-found, pointing at the address', async () => {
      const error = await failure(client({ baseUrl: `${fx.emulator.url}/wrong` }).listActiveCrawls(), 'not-found');
      assert.match(error.message, /check the service address/i);
    });

    it('403 for an enterprise mode the team lacks is forbidden, naming the feature, never asking for a key', async () => {
      const error = await failure(client().search({ query: 'data', enterprise: ['zdr'] }), 'forbidden');
      assert.equal(error.status, 403);
      assert.equal(error.feature, 'zero data retention (zdr)');
      assert.match(error.message, /^Your team's plan does not include zero data retention \(zdr\), which the search asked for \(403\)/);
      assert.doesNotMatch(error.message, /API key|Set API Key/);
    });

    it('500 is server and is not retried, even for a GET', async () => {
      const from = fx.emulator.requests.length;
      fx.emulator.injectFault({ path: USAGE, fault: { kind: 'status', status: 500 } });
      const error = await failure(client().getTokenUsage(), 'server');
      assert.equal(error.status, 500);
      assert.match(error.message, /internal error/);
      assert.equal(sentSince(from, USAGE), 1);
    });
  });

  describe('retries of 502/503/504 and lost connections: GETs only', () => {
    for (const status of [502, 503, 504] as const) {
      it(`retries a GET after ${status}`, async () => {
        const from = fx.emulator.requests.length;
        fx.emulator.injectFault({ path: CRAWLS, fault: { kind: 'status', status }, times: 2 });
        const log: number[] = [];
        const crawls = await client({ onRequest: (info) => log.push(info.retries) }).listActiveCrawls();
        assert.ok(Array.isArray(crawls));
        assert.equal(sentSince(from, CRAWLS), 3);
        assert.deepEqual(log, [2]);
      });
    }

    it('gives up on a GET after maxAttempts, as server, saying how many attempts', async () => {
      const from = fx.emulator.requests.length;
      fx.emulator.injectFault({ path: USAGE, fault: { kind: 'status', status: 503 }, times: Infinity });
      const error = await failure(client({ retry: { maxAttempts: 3, maxWaitMs: 300 } }).getTokenUsage(), 'server');
      assert.equal(error.attempts, 3);
      assert.match(error.message, /after 3 attempts/);
      assert.equal(sentSince(from, USAGE), 3);
    });

    it('retries a GET after a connection reset', async () => {
      const from = fx.emulator.requests.length;
      fx.emulator.injectFault({ path: USAGE, fault: { kind: 'reset' } });
      const usage = await client().getTokenUsage();
      assert.equal(usage.remainingTokens > 0, true);
      assert.equal(sentSince(from, USAGE), 2);
    });

    it('retries a GET after a truncated body', async () => {
      const from = fx.emulator.requests.length;
      fx.emulator.injectFault({ path: CRAWLS, fault: { kind: 'truncated-body' } });
      await client().listActiveCrawls();
      assert.equal(sentSince(from, CRAWLS), 2);
    });

    for (const status of [502, 503, 504] as const) {
      it(`never resends a search after ${status}`, async () => {
        const from = fx.emulator.requests.length;
        fx.emulator.injectFault({ path: SEARCH, fault: { kind: 'status', status }, times: 3 });
        const error = await failure(client().search({ query: 'data' }), 'server');
        assert.equal(error.status, status);
        assert.equal(sentSince(from, SEARCH), 1);
      });
    }

    it('never resends a search after a reset or a truncated body', async () => {
      for (const kind of ['reset', 'truncated-body'] as const) {
        const from = fx.emulator.requests.length;
        fx.emulator.injectFault({ path: SEARCH, fault: { kind }, times: 3 });
        const error = await failure(client().search({ query: 'data' }), 'network');
        assert.match(error.message, /not sent again/);
        assert.equal(sentSince(from, SEARCH), 1, kind);
        fx.emulator.clearFaults();
      }
    });
  });

  describe('429 rate limits', () => {
    it('waits for Retry-After in seconds, then succeeds (a search too)', async () => {
      const from = fx.emulator.requests.length;
      fx.emulator.injectFault({ path: SEARCH, fault: { kind: 'rate-limit', retryAfter: '1' } });
      const started = Date.now();
      const response = await client({ retry: { maxWaitMs: 2000 } }).search({ query: 'data' });
      assert.equal(response.success, true);
      assert.ok(Date.now() - started >= 950, 'waited the second it was asked to');
      assert.equal(sentSince(from, SEARCH), 2);
    });

    it('gives up at once when Retry-After asks for more than maxWaitMs, saying how long to wait', async () => {
      const from = fx.emulator.requests.length;
      fx.emulator.injectFault({ path: USAGE, fault: { kind: 'rate-limit', retryAfter: '12' } });
      const error = await failure(client().getTokenUsage(), 'rate-limited');
      assert.equal(error.retryAfterMs, 12000);
      assert.match(error.message, /The service asks to wait 12 seconds before trying again\./);
      assert.equal(sentSince(from, USAGE), 1);
    });

    it('reads Retry-After as an HTTP date', async () => {
      fx.emulator.injectFault({ path: USAGE, fault: { kind: 'rate-limit', retryAfter: new Date(Date.now() + 20_000).toUTCString() } });
      const error = await failure(client().getTokenUsage(), 'rate-limited');
      assert.ok((error.retryAfterMs ?? 0) > 15_000 && (error.retryAfterMs ?? 0) <= 20_000, String(error.retryAfterMs));
    });

    it('uses a wait given only in the text', async () => {
      fx.emulator.injectFault({ path: USAGE, fault: { kind: 'rate-limit', message: 'Rate limit exceeded. Please retry after 7s' } });
      const error = await failure(client().getTokenUsage(), 'rate-limited');
      assert.equal(error.retryAfterMs, 7000);
      const from = fx.emulator.requests.length;
      fx.emulator.injectFault({ path: USAGE, fault: { kind: 'rate-limit', message: 'Too many requests; retry after 0.2 seconds' } });
      const started = Date.now();
      await client().getTokenUsage();
      assert.ok(Date.now() - started >= 180);
      assert.equal(sentSince(from, USAGE), 2);
    });

    it('backs off with jitter when the service names no wait, bounded by attempts and total wait', async () => {
      const from = fx.emulator.requests.length;
      fx.emulator.injectFault({ path: SEARCH, fault: { kind: 'rate-limit' }, times: Infinity });
      const started = Date.now();
      const error = await failure(client({ retry: { maxAttempts: 3, maxWaitMs: 300 } }).search({ query: 'data' }), 'rate-limited');
      assert.ok(Date.now() - started < 1500);
      assert.equal(error.attempts, 3);
      assert.equal(sentSince(from, SEARCH), 3);
      assert.match(error.message, /still after 3 attempts\. Wait a few seconds and try again\./);
      assert.ok((error.retryAfterMs ?? 0) > 0);
    });

    it('honours the emulator\'s own rate limit window', async () => {
      fx.emulator.setRateLimit({ requests: 2, windowMs: 300 });
      try {
        const c = client({ retry: { maxAttempts: 4, maxWaitMs: 3000 } });
        const results = await Promise.all([c.getTokenUsage(), c.getTokenUsage(), c.getTokenUsage()]);
        assert.equal(results.length, 3);
      } finally {
        fx.emulator.setRateLimit(null);
      }
    });

    it('cancels the wait when the signal aborts', async () => {
      const from = fx.emulator.requests.length;
      fx.emulator.injectFault({ path: USAGE, fault: { kind: 'rate-limit', retryAfter: '5' } });
      const controller = new AbortController();
      const started = Date.now();
      const answered = undiciSaw('undici:request:trailers', USAGE);
      const calling = failure(client({ retry: { maxWaitMs: 10_000 } }).getTokenUsage({ signal: controller.signal }), 'cancelled');
      // Aborted once the client has read the whole 429 (Retry-After: 5): it is then in its 5 s wait.
      await within(answered, 5_000, 'the client to read the 429 to its end');
      controller.abort();
      await calling;
      assert.ok(Date.now() - started < 1000);
      assert.equal(sentSince(from, USAGE), 1, 'no retry after the abort');
    });
  });

  describe('timeouts and cancellation', () => {
    it('a search waits for its own timeout plus the margin, then fails with timeout', async () => {
      fx.emulator.injectFault({ path: SEARCH, fault: { kind: 'slow-headers', ms: 3000 } });
      const started = Date.now();
      const error = await failure(client({ searchTimeoutMarginMs: 100 }).search({ query: 'data', timeout: 150 }), 'timeout');
      const took = Date.now() - started;
      assert.ok(took >= 240 && took < 1500, `${took} ms`);
      assert.match(error.message, /longer timeout/);
    });

    it('a GET has its own timeout option and is not retried after it', async () => {
      const from = fx.emulator.requests.length;
      fx.emulator.injectFault({ path: USAGE, fault: { kind: 'slow-headers', ms: 3000 } });
      await failure(client({ timeoutMs: 100 }).getTokenUsage(), 'timeout');
      assert.equal(sentSince(from, USAGE), 1);
    });

    it('cancels while the body streams', async () => {
      fx.emulator.injectFault({ path: CRAWLS, fault: { kind: 'slow-body', ms: 3000 } });
      const controller = new AbortController();
      const started = Date.now();
      const headers = undiciSaw('undici:request:headers', CRAWLS);
      const calling = failure(client().listActiveCrawls({ signal: controller.signal }), 'cancelled');
      // Aborted once the client has the answer's head: the body (3 s of it) is then streaming.
      await within(headers, 5_000, 'the client to receive the head of the slow answer');
      controller.abort();
      await calling;
      assert.ok(Date.now() - started < 1000);
      assert.equal(fx.emulator.requests.at(-1)?.status, 200, 'the service had begun its answer');
    });

    it('an already aborted signal sends nothing', async () => {
      const from = fx.emulator.requests.length;
      await failure(client().search({ query: 'data' }, { signal: AbortSignal.abort() }), 'cancelled');
      assert.equal(fx.emulator.requests.length, from);
    });

    it('a connection refused is network, naming the address', async () => {
      const closed = await startEmulator();
      const url = closed.url;
      await closed.close();
      const error = await failure(client({ baseUrl: url, retry: { maxAttempts: 1 } }).getTokenUsage(), 'network');
      assert.match(error.message, /connection refused/);
    });
  });

  describe('bodies that are not what they should be', () => {
    it('a body larger than maxBodyBytes is cut off with bad-response', async () => {
      fx.emulator.injectFault({ path: SEARCH, fault: { kind: 'huge-body', bytes: 4 * 1024 * 1024 } });
      const error = await failure(client({ maxBodyBytes: 1024 * 1024 }).search({ query: 'data' }), 'bad-response');
      assert.match(error.message, /larger than 1 MiB/);
    });

    it('a declared content-length over the cap fails before reading', async () => {
      const error = await failure(client({ maxBodyBytes: 16 }).listActiveCrawls(), 'bad-response');
      assert.match(error.message, /larger than 16 bytes/);
    });

    it('a huge body under the cap is read whole', async () => {
      fx.emulator.injectFault({ path: SEARCH, fault: { kind: 'huge-body', bytes: 2 * 1024 * 1024 } });
      const response = await client().search({ query: 'data' });
      assert.ok((response.data.web?.[0]?.markdown?.length ?? 0) > 1024 * 1024);
    });

    it('an HTML error page gives a readable error naming status and content type', async () => {
      fx.emulator.injectFault({ path: USAGE, fault: { kind: 'html' } });
      const error = await failure(client({ retry: { maxAttempts: 1 } }).getTokenUsage(), 'server');
      assert.equal(error.status, 502);
      assert.match(error.message, /502 Bad Gateway with an HTML page \(text\/html\)/);
    });

    it('garbage with a 200 is bad-response, not a SyntaxError', async () => {
      fx.emulator.injectFault({ path: SEARCH, fault: { kind: 'garbage' } });
      const error = await failure(client().search({ query: 'data' }), 'bad-response');
      assert.match(error.message, /not JSON \(application\/json\)/);
    });

    it('a body of the wrong shape names the field path', async () => {
      fx.emulator.setCrawls(DEMO_API_KEY, [{ id: 'c1', url: 'https://a.example' }, { id: 'c2', url: 42 }] as never);
      try {
        const error = await failure(client().listActiveCrawls(), 'bad-response');
        assert.match(error.message, /crawls\[1\]\.url: expected a string, got the number 42/);
      } finally {
        fx.emulator.setCrawls(DEMO_API_KEY, []);
      }
    });

    it('a token usage record missing a field names it', async () => {
      fx.emulator.setUsage(DEMO_API_KEY, { planTokens: 5 } as never);
      try {
        const error = await failure(client().getTokenUsage(), 'bad-response');
        assert.match(error.message, /data\.remainingTokens: expected a number, but it is missing/);
      } finally {
        fx.emulator.setUsage(DEMO_API_KEY, { remainingTokens: 1500, planTokens: 3000, billingPeriodStart: null, billingPeriodEnd: null });
      }
    });
  });
});

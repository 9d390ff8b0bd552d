// Answers the live service gives beyond the spec's words (issue 8), through real sockets to the
// emulator's on-demand faults: 400 with `details`, 402, 403 for a plan feature, 429 waits named in
// the body or only in the text, image/news results without `url`, and an extra `data.research`.
import assert from 'node:assert/strict';
import { DEMO_API_KEY } from '../emulator';
import { WebDataError, type RequestInfo, type WebDataErrorKind } from '../../src/core/api';
import { dashboardUrlOf } from '../../src/core/api/dashboard';
import { SEARCH, USAGE, useClientFixture } from './client-fixture';

async function failure(promise: Promise<unknown>, kind: WebDataErrorKind): Promise<WebDataError> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  assert.ok(error instanceof WebDataError, `expected a WebDataError, got ${String(error)}`);
  assert.equal(error.kind, kind, error.message);
  assert.ok(!/undefined|\[object Object\]|\bat \//.test(error.message), `unreadable message: ${error.message}`);
  return error;
}

describe('WebDataClient with the live service\'s answers', () => {
  const fx = useClientFixture({ teams: [{ apiKey: DEMO_API_KEY, enterprise: ['anon'] }] }, { retry: { maxAttempts: 3, maxWaitMs: 2000 } });
  const { client, sentSince } = fx;

  describe('400 with details', () => {
    it('names each field\'s problem, not only "Invalid request body"', async () => {
      fx.emulator.injectFault({ path: SEARCH, fault: { kind: 'bad-request' } });
      const error = await failure(client().search({ query: 'data' }), 'invalid-request');
      assert.equal(error.status, 400);
      assert.deepEqual(error.problems, [
        { field: 'limit', message: 'Number must be less than or equal to 100' },
        { field: 'tbs', message: 'Invalid tbs format' },
      ]);
      assert.match(error.message, /"Invalid request body"\. limit: Number must be less than or equal to 100; tbs: Invalid tbs format\.$/);
    });

    it('reads nested paths, { field, message } and plain strings; skips entries of other shapes; scrubs the key', async () => {
      fx.emulator.injectFault({ path: SEARCH, fault: { kind: 'bad-request', details: [
        { code: 'invalid_type', path: ['scrapeOptions', 'formats', 0, 'type'], message: 'Required' },
        { field: 'country', message: 'Invalid country code' },
        'query must not be empty',
        { code: 'unrecognized_keys', keys: ['lang'], path: [], message: "Unrecognized key(s) in object: 'lang'" },
        { code: 'custom', path: ['x'] },
        42,
        { path: ['echo'], message: `bad key ${DEMO_API_KEY}` },
      ] } });
      const error = await failure(client().search({ query: 'data' }), 'invalid-request');
      assert.deepEqual(error.problems, [
        { field: 'scrapeOptions.formats[0].type', message: 'Required' },
        { field: 'country', message: 'Invalid country code' },
        { field: 'request', message: 'query must not be empty' },
        { field: 'request', message: "Unrecognized key(s) in object: 'lang'" },
        { field: 'echo', message: 'bad key [API key]' },
      ]);
      assert.ok(!error.message.includes(DEMO_API_KEY));
    });

    it('with an empty details list still gives the service\'s reason, as one problem of the request', async () => {
      fx.emulator.injectFault({ path: SEARCH, fault: { kind: 'bad-request', details: [] } });
      const error = await failure(client().search({ query: 'data' }), 'invalid-request');
      assert.deepEqual(error.problems, [{ field: 'request', message: 'Invalid request body' }]);
      assert.equal(error.message, 'The service refused the search (400 Bad Request): "Invalid request body".');
    });
  });

  describe('402 and 403', () => {
    it('402 says the team is out of credits and points at the dashboard, not at the key', async () => {
      fx.emulator.injectFault({ path: SEARCH, fault: { kind: 'payment-required' } });
      const error = await failure(client().search({ query: 'data' }), 'payment-required');
      assert.equal(error.status, 402);
      assert.match(error.message, /^Your team has no credits left for the search \(402\): "Insufficient credits/);
      assert.match(error.message, /Add credits or upgrade the plan in the service's dashboard\.$/);
      assert.doesNotMatch(error.message, /API key/);
      // A loopback emulator has no dashboard of its own: no address is made up.
      assert.equal(error.dashboardUrl, undefined);
    });

    it('403 names the feature the request asked for, from the request when the text does not', async () => {
      fx.emulator.injectFault({ path: SEARCH, fault: { kind: 'forbidden', message: 'This feature is not enabled for your team.' } });
      const error = await failure(client().search({ query: 'data', enterprise: ['anon'] }), 'forbidden');
      assert.equal(error.feature, 'anonymized zero data retention (anon)');
      assert.match(error.message, /^Your team's plan does not include anonymized zero data retention \(anon\), which the search asked for \(403\)/);
      assert.doesNotMatch(error.message, /Set API Key|valid key/);
    });

    it('403 without a named feature says something is not enabled for the team, never "set a valid key"', async () => {
      fx.emulator.injectFault({ path: USAGE, fault: { kind: 'forbidden', message: 'Forbidden.' } });
      const error = await failure(client().getTokenUsage(), 'forbidden');
      assert.equal(error.feature, undefined);
      assert.equal(error.message, 'The service refused the token usage request (403): it uses something that is not enabled for your team: "Forbidden.".');
    });
  });

  describe('429 waits', () => {
    it('waits for retry_after_seconds given in the body, then succeeds', async () => {
      const from = fx.emulator.requests.length;
      fx.emulator.injectFault({ path: SEARCH, fault: { kind: 'rate-limit', retryAfterSeconds: 0.6, message: 'Rate limit exceeded.' } });
      const started = Date.now();
      const response = await client().search({ query: 'data' });
      assert.equal(response.success, true);
      assert.ok(Date.now() - started >= 570, `waited ${Date.now() - started} ms`);
      assert.equal(sentSince(from, SEARCH), 2);
    });

    it('waits for a wait given only in the text ("retry after 1s")', async () => {
      const from = fx.emulator.requests.length;
      fx.emulator.injectFault({ path: SEARCH, fault: { kind: 'rate-limit', message: 'Rate limit exceeded. Consumed (req/min): 21, Remaining (req/min): 0. Upgrade your plan or please retry after 1s, resets at Mon Nov 23 2026' } });
      const started = Date.now();
      await client().search({ query: 'data' });
      assert.ok(Date.now() - started >= 950, `waited ${Date.now() - started} ms`);
      assert.equal(sentSince(from, SEARCH), 2);
    });

    it('a wait longer than the budget is not waited for, and is worded as a person would ("about 28 hours")', async () => {
      const from = fx.emulator.requests.length;
      fx.emulator.injectFault({ path: SEARCH, fault: { kind: 'rate-limit', retryAfterSeconds: 100_000, message: 'Daily limit reached.' } });
      const error = await failure(client().search({ query: 'data' }), 'rate-limited');
      assert.equal(error.retryAfterMs, 100_000_000);
      assert.match(error.message, /The service asks to wait about 28 hours; try again later\.$/);
      assert.equal(sentSince(from, SEARCH), 1);
    });

    it('a wait of 0 is never "Wait 0 ms"', async () => {
      fx.emulator.injectFault({ path: USAGE, fault: { kind: 'rate-limit', retryAfterSeconds: 0 }, times: 3 });
      const error = await failure(client().getTokenUsage(), 'rate-limited');
      assert.match(error.message, /still after 3 attempts\. Try again in a moment\.$/);
      assert.doesNotMatch(error.message, /\d\s*ms\b/);
    });
  });

  describe('results', () => {
    it('keeps image and news results without url, and the known arrays beside an unknown data.research', async () => {
      fx.emulator.injectFault({ path: SEARCH, fault: { kind: 'result-shapes' } });
      const log: RequestInfo[] = [];
      const response = await client({ onRequest: (info) => log.push(info) }).search({ query: 'tomato', sources: ['web', 'images', 'news'] });
      assert.ok((response.data.web?.length ?? 0) > 0 && (response.data.images?.length ?? 0) > 0 && (response.data.news?.length ?? 0) > 0);
      for (const item of [...(response.data.images ?? []), ...(response.data.news ?? [])]) assert.equal(item.url, undefined);
      assert.ok(response.data.web?.every((item) => typeof item.url === 'string'));
      assert.ok(!('research' in response.data));
      assert.deepEqual(log.map((info) => info.unknownData), [['data.research']]);
    });

    it('reports nothing left out of an ordinary answer', async () => {
      const log: RequestInfo[] = [];
      await client({ onRequest: (info) => log.push(info) }).search({ query: 'tomato' });
      assert.deepEqual(log.map((info) => info.unknownData), [undefined]);
    });
  });
});

describe('the service\'s dashboard address', () => {
  it('is the site of an https api. host', () => {
    assert.equal(dashboardUrlOf('https://api.example.com'), 'https://example.com/');
    assert.equal(dashboardUrlOf('https://API.Example.co.uk:8443'), 'https://example.co.uk/');
  });
  it('is unknown for anything else, rather than guessed', () => {
    for (const origin of ['http://127.0.0.1:3002', 'http://api.example.com', 'https://example.com', 'https://search.example.com', 'https://api.com', 'not a url']) {
      assert.equal(dashboardUrlOf(origin), undefined, origin);
    }
  });
});

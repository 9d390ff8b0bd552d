// Start Crawl and Batch Scrape without VS Code (issue 28): the steps' flow, the request built from
// the steps (checked as the client checks it), the webhook's wiring decision, the per-job tokens
// and the finished jobs' costs kept by several windows at once, the bound of a job, the URLs of a
// selection, and the commands' arguments.
import assert from 'node:assert/strict';
import { validateCrawlRequest } from '../../src/core/api/job-request';
import { decodeBatchScrape, decodeSearchToScrape, decodeStartCrawl } from '../../src/core/commands/jobs';
import { boundOfJob, needsConfirmation, pagesOfJob, shapeOfJob } from '../../src/core/jobs/bound';
import { answeredStep, crawlChoicesOf, crawlRequestOf, patternsOf, wholeIn } from '../../src/core/jobs/choices';
import { JOB_COSTS_PREFIX, jobCostHistory, readJobCosts, withStoredCost, type StoredJobCost } from '../../src/core/jobs/costs';
import { CrawlFlow } from '../../src/core/jobs/flow';
import { JOB_TOKENS_PREFIX, jobTokenIn, readJobTokens, staleTokenKeys, withJobToken } from '../../src/core/jobs/tokens';
import { urlLinesOfText, urlsOfText } from '../../src/core/jobs/urls';
import { decideWiring, jobWebhook, publicAddress, shownJobWebhook, type WiringInputs } from '../../src/core/jobs/wiring';
import { viewRows } from '../../src/core/view-nodes';
import { JOB_TOKEN_HEADER } from '../../src/core/webhooks/job-token';

const DEFAULTS = { limit: 10, formats: ['markdown'], onlyMainContent: true };
const JOB_A = '3f0c9a52-6a3e-4d7b-9c1e-2b8f4e7a1d01';
const JOB_B = '7d1e0b9a-2c3f-4e5a-8b6c-9d0e1f2a3b4c';

/** A Memento's keys and values, as several windows share global state. */
function memento(values: Record<string, unknown>): { keys(): string[]; get(key: string): unknown } {
  return { keys: () => Object.keys(values), get: (key) => values[key] };
}

describe('Start Crawl: the steps', () => {
  it('asks every step from an empty argument; Back retraces; an edit from the review comes back to it', () => {
    const flow = new CrawlFlow(new Set());
    assert.equal(flow.current, 'url');
    assert.equal(flow.canGoBack, false);
    for (const step of ['limit', 'include', 'exclude', 'depth', 'sitemap', 'reach', 'content', 'retention', 'review']) assert.equal(flow.next(), step);
    assert.equal(flow.back(), 'retention');
    assert.equal(flow.next(), 'review');
    assert.equal(flow.edit('limit'), 'limit');
    assert.equal(flow.next(), 'review', 'after an edit, back to the review');
  });

  it('skips the steps the argument answered; a complete request goes straight to the review', () => {
    const { answered } = crawlChoicesOf({ url: 'https://docs.example.com', limit: 5 }, DEFAULTS);
    const flow = new CrawlFlow(answered);
    assert.equal(flow.current, 'include');
    const all = crawlChoicesOf({ url: 'https://a.example', limit: 5, includePaths: [], excludePaths: [], maxDiscoveryDepth: 2, sitemap: 'skip', allowSubdomains: false, scrapeOptions: { formats: ['markdown'] }, zeroDataRetention: false }, DEFAULTS);
    assert.equal(new CrawlFlow(all.answered).current, 'review');
  });

  it('builds the request the steps chose, which the client\'s check takes', () => {
    let { choices: c } = crawlChoicesOf({}, DEFAULTS, 'https://docs.example.com');
    assert.equal(c.url, 'https://docs.example.com', 'prefilled from where the person is');
    c = answeredStep(c, 'limit', { limit: 25 });
    c = answeredStep(c, 'include', { includePaths: patternsOf('  ^/docs/   ^/guide/ ') });
    c = answeredStep(c, 'sitemap', { sitemap: 'only' });
    c = answeredStep(c, 'reach', { allowSubdomains: true, allowExternalLinks: false });
    c = answeredStep(c, 'content', { content: 'markdown+links', onlyMainContent: false });
    const request = crawlRequestOf(c);
    assert.deepEqual(request, {
      url: 'https://docs.example.com', limit: 25, includePaths: ['^/docs/', '^/guide/'], sitemap: 'only', allowSubdomains: true,
      scrapeOptions: { formats: ['markdown', 'links'], onlyMainContent: false },
    });
    const checked = validateCrawlRequest(request);
    assert.ok(checked.ok, JSON.stringify(checked));
  });

  it('keeps a field of the wrong form as given, so the check names it; answering its step replaces it', () => {
    const { choices, answered } = crawlChoicesOf({ url: 'https://a.example', limit: 'many', delay: 2 }, DEFAULTS);
    assert.ok(answered.has('limit'), 'the review lists it, and picking it edits it');
    const sent = crawlRequestOf(choices);
    assert.equal(sent.limit, 'many');
    assert.equal(sent.delay, 2, 'fields no step asks are sent as given');
    const checked = validateCrawlRequest(sent);
    assert.ok(!checked.ok && checked.problems.some((p) => p.field === 'limit'));
    assert.equal(crawlRequestOf(answeredStep(choices, 'limit', { limit: 7 })).limit, 7);
  });

  it('reads a typed number and its range', () => {
    assert.deepEqual(wholeIn(' 1,000 ', 1, 100_000), { ok: true, value: 1000 });
    assert.deepEqual(wholeIn('0', 1, 10), { ok: false, problem: 'range' });
    assert.deepEqual(wholeIn('ten', 1, 10), { ok: false, problem: 'not-a-number' });
  });
});

describe('Start Crawl: where the webhook goes', () => {
  const receiver = { localUrl: 'http://127.0.0.1:8787/webhooks/web-data', requireSignature: false };
  const base: WiringInputs = { serviceBaseUrl: 'http://127.0.0.1:3002', receiver, publicUrl: '', hasSecret: false };

  it('wires to the receiver when the service is on this machine, with the job\'s token when no secret signs', () => {
    assert.deepEqual(decideWiring(base), { kind: 'wired', url: receiver.localUrl, via: 'loopback', check: 'job-token' });
    assert.deepEqual(decideWiring({ ...base, serviceBaseUrl: 'http://localhost:3002', hasSecret: true }), { kind: 'wired', url: receiver.localUrl, via: 'loopback', check: 'signature' });
  });

  it('says why not: no receiver, a service elsewhere, a public address that is not https, signatures required without a secret', () => {
    assert.deepEqual(decideWiring({ ...base, receiver: undefined }), { kind: 'not-wired', reason: 'receiver-stopped' });
    assert.deepEqual(decideWiring({ ...base, serviceBaseUrl: 'https://api.example.com' }), { kind: 'not-wired', reason: 'unreachable' });
    assert.deepEqual(decideWiring({ ...base, serviceBaseUrl: undefined }), { kind: 'not-wired', reason: 'unreachable' });
    assert.deepEqual(decideWiring({ ...base, serviceBaseUrl: 'https://api.example.com', publicUrl: 'http://tunnel.example.net' }), { kind: 'not-wired', reason: 'public-url-not-https' });
    assert.deepEqual(decideWiring({ ...base, receiver: { ...receiver, requireSignature: true } }), { kind: 'not-wired', reason: 'no-secret-but-required' });
  });

  it('wires to a public https address, with the receiver\'s path when it has none', () => {
    assert.deepEqual(decideWiring({ ...base, serviceBaseUrl: 'https://api.example.com', publicUrl: 'https://tunnel.example.net' }),
      { kind: 'wired', url: 'https://tunnel.example.net/webhooks/web-data', via: 'public-url', check: 'job-token' });
    assert.equal(publicAddress('https://tunnel.example.net/hook', receiver.localUrl), 'https://tunnel.example.net/hook');
    assert.equal(publicAddress('https://user:pw@tunnel.example.net/', receiver.localUrl), undefined);
    assert.equal(publicAddress('not an address', receiver.localUrl), undefined);
  });

  it('gives the start a webhook with every event, the metadata, and the token header only when the token checks it', () => {
    const wired = decideWiring(base);
    assert.deepEqual(jobWebhook(wired, 'tok'), {
      url: receiver.localUrl, events: ['started', 'page', 'completed', 'failed'], metadata: { startedFrom: 'vscode-web-data' }, headers: { [JOB_TOKEN_HEADER]: 'tok' },
    });
    assert.equal(jobWebhook(decideWiring({ ...base, hasSecret: true }), 'tok')?.headers, undefined);
    assert.equal(jobWebhook({ kind: 'not-wired', reason: 'unreachable' }, 'tok'), undefined);
    assert.deepEqual(shownJobWebhook(wired)?.headers, { [JOB_TOKEN_HEADER]: '…' }, 'the review never shows the token');
  });
});

describe('Start Crawl: what windows keep in global state', () => {
  it('finds a job\'s token in whichever window started it; each window writes only its key', () => {
    const now = Date.now();
    const windowA = withJobToken([], { id: JOB_A.toUpperCase(), token: 'a-token', savedAt: now }, now);
    const windowB = withJobToken([], { id: JOB_B, token: 'b-token', savedAt: now }, now);
    const state = memento({ [`${JOB_TOKENS_PREFIX}window-a`]: windowA, [`${JOB_TOKENS_PREFIX}window-b`]: windowB, unrelated: [{ id: JOB_A, token: 'x', savedAt: now }] });
    assert.equal(jobTokenIn(state, JOB_A), 'a-token', 'ids in any case');
    assert.equal(jobTokenIn(state, JOB_B), 'b-token');
    assert.equal(jobTokenIn(state, '00000000-0000-4000-8000-000000000000'), undefined);
    assert.deepEqual(readJobTokens([{ id: 'not-a-job', token: 't', savedAt: 1 }, 'junk', { id: JOB_A, token: '', savedAt: 1 }]), []);
  });

  it('drops a week-old token and a closed window\'s key once all its tokens are old', () => {
    const now = Date.now();
    const old = now - 8 * 24 * 60 * 60 * 1000;
    const kept = withJobToken([{ id: JOB_B, token: 'old', savedAt: old }], { id: JOB_A, token: 'new', savedAt: now }, now);
    assert.deepEqual(kept.map((t) => t.id), [JOB_A]);
    const state = memento({ [`${JOB_TOKENS_PREFIX}mine`]: kept, [`${JOB_TOKENS_PREFIX}closed`]: [{ id: JOB_B, token: 'old', savedAt: old }], [`${JOB_TOKENS_PREFIX}open`]: [{ id: JOB_B, token: 'b', savedAt: now }] });
    assert.deepEqual(staleTokenKeys(state, `${JOB_TOKENS_PREFIX}mine`, now), [`${JOB_TOKENS_PREFIX}closed`]);
  });

  it('merges finished jobs\' costs from every window, newest first, each job once; the bound reads them', () => {
    const shape = shapeOfJob({ kind: 'crawl', request: { url: 'https://a.example', scrapeOptions: { formats: ['markdown'] } } });
    const cost = (id: string, pages: number, creditsUsed: number, finishedAt: string): StoredJobCost => ({ id, shape, pages, creditsUsed, finishedAt, savedAt: Date.parse(finishedAt) });
    const a = withStoredCost(withStoredCost([], cost(JOB_A, 10, 10, '2026-11-01T00:00:00Z')), cost(JOB_A, 10, 10, '2026-11-01T00:00:00Z'));
    assert.equal(a.length, 1, 'the same job once');
    const b = [cost(JOB_B, 4, 8, '2026-11-02T00:00:00Z'), cost(JOB_A, 10, 10, '2026-11-01T00:00:00Z')];
    const state = memento({ [`${JOB_COSTS_PREFIX}a`]: a, [`${JOB_COSTS_PREFIX}b`]: b, [`${JOB_COSTS_PREFIX}junk`]: 'x' });
    const history = jobCostHistory(state);
    assert.deepEqual(history.map((c) => c.id), [JOB_B, JOB_A]);
    const job = { kind: 'crawl' as const, request: { url: 'https://b.example', limit: 30, scrapeOptions: { formats: ['markdown'] } } };
    assert.deepEqual(boundOfJob(job, history), { pages: 30, credits: { kind: 'history', perPage: 2, atMost: 60, samples: 2 } });
    assert.deepEqual(boundOfJob({ ...job, request: { ...job.request, zeroDataRetention: true } }, history).credits, { kind: 'unknown' }, 'another shape');
    assert.deepEqual(readJobCosts([{ id: 'x', shape, pages: 'many' }]), []);
  });

  it('a crawl\'s bound without a limit is the service\'s own default; a batch scrape\'s is its addresses', () => {
    assert.equal(pagesOfJob({ kind: 'crawl', request: { url: 'https://a.example' } }), 10_000);
    assert.equal(pagesOfJob({ kind: 'batch', request: { urls: ['https://a.example/1', 'https://a.example/2'] } }), 2);
    assert.equal(needsConfirmation({ pages: 101, credits: { kind: 'unknown' } }, 100), true);
    assert.equal(needsConfirmation({ pages: 100, credits: { kind: 'unknown' } }, 100), false);
  });
});

describe('Batch Scrape and Start Crawl: what they are given', () => {
  it('reads one URL a line from a selection, once each, keeping a line that is not one for the check to name', () => {
    assert.deepEqual(urlsOfText('https://a.example/1\n\n- [two](https://a.example/2)\r\nhttps://a.example/1\nnot a url\n'), ['https://a.example/1', 'https://a.example/2', 'not a url']);
    assert.equal(urlsOfText(Array.from({ length: 1200 }, (_, i) => `https://a.example/${i}`).join('\n')).length, 1001, 'one past the most, for the check to refuse');
  });

  it('knows the line each address came from, so that the review names a bad one by its line', () => {
    assert.deepEqual(urlLinesOfText('https://a.example/1\n\n- [two](https://a.example/2)\r\nhttps://a.example/1\nnot a url\n'),
      { urls: ['https://a.example/1', 'https://a.example/2', 'not a url'], lines: [1, 3, 5] });
  });

  it('Start Crawl: a URL, a request, a result row; a search row or a Uri-like value starts from where the person is', () => {
    assert.deepEqual(decodeStartCrawl('https://a.example'), { kind: 'prefill', url: 'https://a.example' });
    assert.deepEqual(decodeStartCrawl({ url: 'https://a.example', limit: 3 }), { kind: 'request', request: { url: 'https://a.example', limit: 3 } });
    const result = viewRows.searchResults.row({ type: 'result' as const, searchId: 's1', query: 'q', kind: 'web' as const, index: 0, grouped: false, typed: { kind: 'web' as const, result: { url: 'https://r.example/page', title: 't' } } });
    assert.deepEqual(decodeStartCrawl(result), { kind: 'prefill', url: 'https://r.example/page' });
    assert.deepEqual(decodeStartCrawl(undefined), { kind: 'none' });
    assert.deepEqual(decodeStartCrawl(new URL('https://a.example')), { kind: 'none' });
  });

  it('Batch Scrape: { urls }, a search row or { searchId }, else the selection', () => {
    assert.deepEqual(decodeBatchScrape({ urls: ['https://a.example'] }), { kind: 'request', request: { urls: ['https://a.example'] } });
    assert.deepEqual(decodeBatchScrape({ searchId: 's1' }), { kind: 'search', searchId: 's1' });
    const row = viewRows.searchResults.row({ type: 'search' as const, newest: true, summary: { id: 's2', createdAt: '', query: 'q', sources: ['web' as const], counts: {}, bytes: 0 } });
    assert.deepEqual(decodeBatchScrape(row), { kind: 'search', searchId: 's2' });
    assert.deepEqual(decodeBatchScrape(undefined), { kind: 'selection' });
    assert.deepEqual(decodeBatchScrape({ other: 1 }), { kind: 'invalid' });
    assert.deepEqual(decodeSearchToScrape(row), { kind: 'search', searchId: 's2' });
    assert.deepEqual(decodeSearchToScrape(undefined), { kind: 'invalid' }, 'Scrape All Results never reads the selection');
  });
});

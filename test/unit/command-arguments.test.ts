// The decoders of the commands' arguments (src/core/commands), table-driven: a row of every kind
// of every view (as VS Code passes the focused row to a title button, or the row to its menu), a
// copy of a row (plain data, not a row), Uri-like class instances, strings, nothing and garbage.
import assert from 'node:assert/strict';
import { decodeCheckConnection, decodeConnectArguments } from '../../src/core/commands/connect';
import { decodeCrawlId, decodeCrawlPage, decodeJob, decodeJobRef } from '../../src/core/commands/crawls';
import { isCancellationSignal } from '../../src/core/commands/decode';
import { decodeClearSearches, decodeFilter, decodeOperatorId, decodeResultRef, decodeSearchCommand, decodeSearchId, decodeSearchRequest, decodeUrl } from '../../src/core/commands/search';
import { decodeClearSecret, decodeEvent, decodeSecret } from '../../src/core/commands/webhooks';
import type { SearchSummary, TypedResult } from '../../src/core/search/record';
import { rowView, viewRows } from '../../src/core/view-nodes';

const SEARCH = 'mabc123-xyz';
const JOB = '3f0c9a52-6a3e-4d7b-9c1e-2b8f4e7a1d01';
const summary: SearchSummary = { id: SEARCH, createdAt: '2026-11-27T00:00:00.000Z', query: 'tideflow', sources: ['web'], counts: { web: 1 }, bytes: 0 };
const web: TypedResult = { kind: 'web', result: { url: 'https://tideflow.dev/a', title: 'A', description: '' } };
const noUrl: TypedResult = { kind: 'news', result: { title: 'No address' } };
const record = { key: 'k1', receivedAt: 1, status: 'verified' as const, type: 'batch_scrape.completed', jobId: JOB };

// Rows as the views hand them to VS Code: registered with their view.
const rows = {
  search: viewRows.searchResults.row({ type: 'search', summary, newest: true }),
  group: viewRows.searchResults.row({ type: 'group', searchId: SEARCH, query: 'q', group: { kind: 'web', results: [{ index: 0, typed: web }] } }),
  result: viewRows.searchResults.row({ type: 'result', searchId: SEARCH, query: 'q', kind: 'web', index: 0, typed: web, grouped: false }),
  resultNoUrl: viewRows.searchResults.row({ type: 'result', searchId: SEARCH, query: 'q', kind: 'news', index: 2, typed: noUrl, grouped: true }),
  message: viewRows.searchResults.row({ type: 'message', searchId: SEARCH, text: 'No results', icon: 'info' }),
  crawl: viewRows.activeCrawls.row({ kind: 'crawl', id: JOB, url: 'https://docs.example.dev', crawl: { id: JOB, url: 'https://docs.example.dev' } }),
  option: viewRows.activeCrawls.row({ kind: 'option', key: 'crawl:x/0', option: { name: 'formats', label: { kind: 'option', name: 'formats' } } as never }),
  warning: viewRows.webhookEvents.row({ kind: 'unsigned-warning', port: 8787 }),
  event: viewRows.webhookEvents.row({ kind: 'event', record }),
  metadata: viewRows.webhookEvents.row({ kind: 'metadata', eventKey: 'k1', name: 'project', value: 'docs', index: 0 }),
  moreMetadata: viewRows.webhookEvents.row({ kind: 'more', eventKey: 'k1', omitted: 3 }),
  job: viewRows.activeCrawls.row({ kind: 'job', id: JOB, ref: { id: JOB, kind: 'batch' } }),
  page: viewRows.activeCrawls.row({ kind: 'crawlPage', job: { id: JOB, kind: 'crawl' }, index: 4, url: 'https://docs.example.dev/p', row: { index: 4, url: 'https://docs.example.dev/p' } as never }),
  failedGroup: viewRows.activeCrawls.row({ kind: 'group', job: { id: JOB, kind: 'crawl' }, group: 'failed' }),
  failedPage: viewRows.activeCrawls.row({ kind: 'failedPage', job: { id: JOB, kind: 'crawl' }, url: 'https://docs.example.dev/f', error: { id: 'e', error: 'x' } as never, position: 0 }),
  blockedPage: viewRows.activeCrawls.row({ kind: 'blockedPage', job: { id: JOB, kind: 'crawl' }, url: 'https://docs.example.dev/b', position: 0 }),
  more: viewRows.activeCrawls.row({ kind: 'more', job: { id: JOB, kind: 'crawl' } }),
};

/** A Uri as VS Code's: a class instance whose fields a spread would copy (a webdata: tab's `query`). */
class UriLike {
  readonly scheme = 'webdata';
  readonly path = '/result.md';
  readonly query = 'id=abc&kind=web';
  readonly url = 'https://elsewhere.example';
  toString(): string { return `${this.scheme}:${this.path}?${this.query}`; }
}

const others: Array<[string, unknown]> = [
  ['nothing', undefined], ['null', null], ['a number', 42], ['an array', [SEARCH]], ['a Uri', new UriLike()],
  ['a function', () => SEARCH], ['a copy of a search row', { ...rows.search }], ['a copy of a result row', { ...rows.result }],
];

describe('command arguments: rows are known by what they are', () => {
  it('every row is its view\'s; a copy of one, a Uri and data are no one\'s', () => {
    for (const [name, row] of Object.entries(rows)) assert.ok(rowView(row), name);
    assert.equal(rowView(rows.search), 'webData.searchResults');
    assert.equal(rowView(rows.crawl), 'webData.activeCrawls');
    assert.equal(rowView(rows.event), 'webData.webhookEvents');
    // A job opened here and its pages are rows of the Jobs view (issue 46: one view for jobs).
    assert.equal(rowView(rows.more), 'webData.activeCrawls');
    assert.equal(rowView(rows.job), 'webData.activeCrawls');
    for (const [name, value] of others) assert.equal(rowView(value), undefined, name);
  });
});

describe('command arguments: webData.search and webData.searchAdvanced', () => {
  it('a focused row of any view, of any kind, is nothing: the query box, as from the palette (issue 29)', () => {
    for (const [name, row] of Object.entries(rows)) {
      assert.deepEqual(decodeSearchRequest(row), { kind: 'none' }, name);
      assert.deepEqual(decodeSearchCommand(row, undefined).request, { kind: 'none' }, name);
    }
  });

  const table: Array<[string, unknown, string]> = [
    ['nothing', undefined, 'none'], ['null', null, 'none'], ['a query string', 'tideflow', 'request'],
    ['a request', { query: 'tideflow', limit: 2 }, 'request'], ['a Uri', new UriLike(), 'invalid'],
    ['an array', ['tideflow'], 'invalid'], ['a number', 7, 'invalid'], ['a copy of a row (data, not a row)', { ...rows.result }, 'request'],
  ];
  for (const [name, value, kind] of table) {
    it(`${name}: ${kind}`, () => {
      const read = decodeSearchRequest(value);
      assert.equal(read.kind, kind);
      if (read.kind === 'request' && typeof value === 'string') assert.deepEqual(read.request, { query: value });
    });
  }

  it('a Uri never lends its query to the request', () => {
    const read = decodeSearchRequest(new UriLike());
    assert.equal(read.kind, 'invalid');
  });

  it('the second argument: a token only when it is one', () => {
    const token = { isCancellationRequested: false, onCancellationRequested: () => ({ dispose: () => undefined }) };
    assert.equal(decodeSearchCommand('q', { token }).token, token);
    for (const options of [undefined, null, 'x', [token], { token: {} }, { token: { isCancellationRequested: 'no', onCancellationRequested: () => undefined } }, rows.search]) {
      assert.equal(decodeSearchCommand('q', options).token, undefined, JSON.stringify(options));
    }
    assert.equal(isCancellationSignal(token), true);
  });
});

describe('command arguments: the search rows\' commands', () => {
  it('the search a row is about: every Search Results row, an id, { searchId }', () => {
    for (const name of ['search', 'group', 'result', 'resultNoUrl', 'message'] as const) assert.equal(decodeSearchId(rows[name]), SEARCH, name);
    assert.equal(decodeSearchId(SEARCH), SEARCH);
    assert.equal(decodeSearchId({ searchId: SEARCH }), SEARCH);
    for (const name of ['crawl', 'event', 'job', 'page'] as const) assert.equal(decodeSearchId(rows[name]), undefined, name);
    for (const [name, value] of [...others, ['a path', '../../etc'], ['{ searchId: number }', { searchId: 3 }]] as Array<[string, unknown]>) {
      assert.equal(decodeSearchId(value), name === 'a copy of a result row' ? SEARCH : undefined, name);
    }
  });

  it('a result: its row, or { searchId, kind?, index | resultIndex }', () => {
    assert.deepEqual(decodeResultRef(rows.result), { searchId: SEARCH, kind: 'web', index: 0 });
    assert.deepEqual(decodeResultRef(rows.resultNoUrl), { searchId: SEARCH, kind: 'news', index: 2 });
    assert.deepEqual(decodeResultRef({ searchId: SEARCH, resultIndex: 1 }), { searchId: SEARCH, kind: 'web', index: 1 });
    assert.deepEqual(decodeResultRef({ searchId: SEARCH, kind: 'images', index: 0 }), { searchId: SEARCH, kind: 'images', index: 0 });
    for (const name of ['search', 'group', 'message', 'crawl', 'page'] as const) assert.equal(decodeResultRef(rows[name]), undefined, name);
    for (const value of [undefined, 'x', new UriLike(), { searchId: SEARCH, index: -1 }, { searchId: SEARCH, index: 0, kind: 'video' }]) assert.equal(decodeResultRef(value), undefined);
  });

  it('an address: result, crawl and page rows; a result without one says so; other rows have none', () => {
    assert.deepEqual(decodeUrl(rows.result), { kind: 'url', url: 'https://tideflow.dev/a' });
    assert.deepEqual(decodeUrl(rows.resultNoUrl), { kind: 'no-address' });
    assert.deepEqual(decodeUrl(rows.crawl), { kind: 'url', url: 'https://docs.example.dev' });
    assert.deepEqual(decodeUrl(rows.page), { kind: 'url', url: 'https://docs.example.dev/p' });
    assert.deepEqual(decodeUrl('https://x.example'), { kind: 'url', url: 'https://x.example' });
    assert.deepEqual(decodeUrl({ url: 'https://y.example' }), { kind: 'url', url: 'https://y.example' });
    for (const name of ['search', 'group', 'message', 'option', 'event', 'job', 'more'] as const) assert.deepEqual(decodeUrl(rows[name]), { kind: 'none' }, name);
    for (const value of [undefined, null, 3, new UriLike(), { url: 5 }]) assert.deepEqual(decodeUrl(value), { kind: 'none' });
  });

  it('Clear Search History skips its question only for { confirmed: true } given as data', () => {
    assert.deepEqual(decodeClearSearches({ confirmed: true, includePinned: true }), { confirmed: true, includePinned: true });
    for (const value of [undefined, rows.search, rows.result, 'yes', new UriLike(), { confirmed: 'true' }]) {
      assert.deepEqual(decodeClearSearches(value), { confirmed: false, includePinned: false });
    }
  });

  it('the filter, an operator: strings they know, nothing else', () => {
    assert.equal(decodeFilter('tomato'), 'tomato');
    assert.equal(decodeFilter(''), '');
    assert.equal(decodeOperatorId('site'), 'site');
    for (const value of [undefined, rows.search, 3, new UriLike()]) assert.equal(decodeFilter(value), undefined);
    for (const value of [undefined, 'nope', rows.search, ['site']]) assert.equal(decodeOperatorId(value), undefined);
  });
});

describe('command arguments: connect, crawls, webhooks', () => {
  it('connect\'s inputs come from data only: a row (Set API Key is a title button) or a Uri asks', () => {
    assert.deepEqual(decodeConnectArguments({ apiKey: 'k', baseUrl: 'https://s', skipCheck: true, confirmed: true, other: 1 }), { apiKey: 'k', baseUrl: 'https://s', skipCheck: true, confirmed: true });
    for (const value of [undefined, 'k', ...Object.values(rows), new UriLike(), { apiKey: 3 }]) assert.deepEqual(decodeConnectArguments(value), {});
    assert.deepEqual(decodeCheckConnection({ quiet: true }), { quiet: true });
    assert.deepEqual(decodeCheckConnection(rows.event), { quiet: false });
  });

  it('a crawl id: its row, a string, { id }; an option row or another view\'s row is none', () => {
    assert.equal(decodeCrawlId(rows.crawl), JOB);
    assert.equal(decodeCrawlId(JOB), JOB);
    assert.equal(decodeCrawlId({ id: JOB }), JOB);
    for (const value of [rows.option, rows.search, rows.job, undefined, new UriLike()]) assert.equal(decodeCrawlId(value), undefined);
  });

  it('a job: the crawl row (with its address), a job event, a job\'s row in Jobs, an id (kind not stated), data', () => {
    assert.deepEqual(decodeJob(rows.crawl), { kind: 'job', ref: { id: JOB, kind: 'crawl' }, stated: true, url: 'https://docs.example.dev' });
    assert.deepEqual(decodeJob(rows.event), { kind: 'job', ref: { id: JOB, kind: 'batch' }, stated: true });
    assert.deepEqual(decodeJob(rows.job), { kind: 'job', ref: { id: JOB, kind: 'batch' }, stated: true });
    assert.deepEqual(decodeJob(rows.page), { kind: 'job', ref: { id: JOB, kind: 'crawl' }, stated: true });
    assert.deepEqual(decodeJob(JOB.toUpperCase()), { kind: 'job', ref: { id: JOB, kind: 'crawl' }, stated: false });
    assert.deepEqual(decodeJob({ id: JOB, kind: 'batch' }), { kind: 'job', ref: { id: JOB, kind: 'batch' }, stated: true });
    assert.deepEqual(decodeJob(undefined), { kind: 'none' });
    for (const value of [rows.option, rows.warning, rows.metadata, rows.search, 'not-a-uuid', new UriLike(), 5]) assert.deepEqual(decodeJob(value), { kind: 'invalid' });
  });

  it('a job\'s rows: every results row in Jobs names its job, and a running crawl\'s row its crawl; other rows do not', () => {
    for (const name of ['page', 'failedGroup', 'failedPage', 'blockedPage', 'more'] as const) assert.deepEqual(decodeJobRef(rows[name]), { id: JOB, kind: 'crawl' }, name);
    assert.deepEqual(decodeJobRef(rows.job), { id: JOB, kind: 'batch' });
    // A running crawl's row holds its pages once opened: Open All Pages and Export Pages are in its menu.
    assert.deepEqual(decodeJobRef(rows.crawl), { id: JOB, kind: 'crawl' });
    assert.deepEqual(decodeJobRef({ ref: { id: JOB, kind: 'batch' } }), { id: JOB, kind: 'batch' });
    for (const value of [rows.option, rows.event, rows.search, undefined, new UriLike()]) assert.equal(decodeJobRef(value), undefined);
    assert.deepEqual(decodeCrawlPage(rows.page), { job: { id: JOB, kind: 'crawl' }, index: 4 });
    assert.deepEqual(decodeCrawlPage({ job: { id: JOB, kind: 'crawl' }, index: 2 }), { job: { id: JOB, kind: 'crawl' }, index: 2 });
    for (const value of [rows.job, rows.more, { job: JOB, index: -1 }, undefined, new UriLike()]) assert.equal(decodeCrawlPage(value), undefined);
  });

  it('Clear Webhook Secret skips its question only for { confirmed: true } given as data, as Clear API Key', () => {
    assert.deepEqual(decodeClearSecret({ confirmed: true }), { confirmed: true });
    for (const value of [undefined, 'yes', { confirmed: 'true' }, {}, rows.search, rows.result, new UriLike()]) assert.deepEqual(decodeClearSecret(value), { confirmed: false });
  });

  it('webhooks: a secret from data only; an event from its rows or { key }', () => {
    assert.equal(decodeSecret({ secret: ' s3 ' }), 's3');
    for (const value of [undefined, 's3', { secret: ' ' }, rows.warning, rows.event, new UriLike()]) assert.equal(decodeSecret(value), undefined);
    assert.deepEqual(decodeEvent(rows.event), { key: 'k1', record });
    assert.deepEqual(decodeEvent(rows.metadata), { key: 'k1' });
    assert.deepEqual(decodeEvent(rows.moreMetadata), { key: 'k1' });
    assert.deepEqual(decodeEvent({ key: 'k2' }), { key: 'k2' });
    for (const value of [rows.warning, rows.search, undefined, 'k1', new UriLike(), { ...rows.event }]) assert.equal(decodeEvent(value), undefined);
  });
});

describe('Scrape URL as Markdown… and Map Site: what they take', () => {
  it('a URL fills the box, a plain object is a request, a Uri or a row is neither', async () => {
    const { decodeScrapeArgument } = await import('../../src/core/commands/scrape');
    assert.deepEqual(decodeScrapeArgument('https://a.example/'), { kind: 'prefill', url: 'https://a.example/' });
    assert.deepEqual(decodeScrapeArgument({ url: 'https://a.example/', maxAge: 0 }), { kind: 'request', request: { url: 'https://a.example/', maxAge: 0 } });
    class UriLike { readonly scheme = 'file'; readonly url = 'https://not-a-request.example/'; }
    assert.deepEqual(decodeScrapeArgument(new UriLike()), { kind: 'none' });
    assert.deepEqual(decodeScrapeArgument({ maxAge: 0 }), { kind: 'none' });
    assert.deepEqual(decodeScrapeArgument(undefined), { kind: 'none' });
    assert.deepEqual(decodeScrapeArgument(42), { kind: 'none' });
  });
});

describe('Extract Data from Page…: what it takes', () => {
  it('a row with an address fills the box (a result\'s, a kept page\'s: their menus offer it); a row without one, a copy of a row and a Uri do not', async () => {
    const { decodeExtractArgument } = await import('../../src/core/commands/agent');
    assert.deepEqual(decodeExtractArgument(rows.result), { kind: 'prefill', url: 'https://tideflow.dev/a' });
    const page = viewRows.pages.row({ type: 'page', page: { id: '0f0c9a52-6a3e-4d7b-9c1e-2b8f4e7a1d01', url: 'https://docs.example.dev/asked', finalUrl: 'https://docs.example.dev/kept', title: 'Kept' } as never });
    assert.deepEqual(decodeExtractArgument(page), { kind: 'prefill', url: 'https://docs.example.dev/kept' });
    assert.deepEqual(decodeExtractArgument(rows.resultNoUrl), { kind: 'none' });
    assert.deepEqual(decodeExtractArgument(rows.search), { kind: 'none' });
    assert.deepEqual(decodeExtractArgument({ ...rows.result }), { kind: 'none' });
    assert.deepEqual(decodeExtractArgument(new UriLike()), { kind: 'none' });
    assert.deepEqual(decodeExtractArgument({ url: 'https://a.example/', prompt: 'p' }), { kind: 'request', url: 'https://a.example/', prompt: 'p' });
  });
});

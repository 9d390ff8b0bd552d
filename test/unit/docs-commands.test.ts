// What the docs commands take (src/core/commands/docs.ts): an address or `{ url, maxPages }` for Add
// Docs…, a query or `{ query, set }` for Search Docs…, a set's row, id or `{ set }` for its actions.
import * as assert from 'node:assert/strict';
import { decodeAddDocs, decodeDocsSet, decodeRemoveDocs, decodeSearchDocs } from '../../src/core/commands/docs';
import { docsCrawlRequest, docsPathPattern } from '../../src/core/docs/request';
import { viewRows } from '../../src/core/view-nodes';

describe('docs sets: command arguments and the crawl request', () => {
  it('Add Docs… reads an address, or { url, maxPages } with a whole bound; anything else asks', () => {
    assert.deepEqual(decodeAddDocs('https://docs.example.com/'), { url: 'https://docs.example.com/' });
    assert.deepEqual(decodeAddDocs({ url: 'https://docs.example.com/', maxPages: 40 }), { url: 'https://docs.example.com/', maxPages: 40 });
    assert.deepEqual(decodeAddDocs({ url: 'https://docs.example.com/', maxPages: 2.5 }), { url: 'https://docs.example.com/' });
    assert.deepEqual(decodeAddDocs({ maxPages: '40' }), {});
    assert.deepEqual(decodeAddDocs(undefined), {});
  });

  it('Search Docs… reads a query or { query, set }', () => {
    assert.deepEqual(decodeSearchDocs('backoff'), { query: 'backoff' });
    assert.deepEqual(decodeSearchDocs({ query: 'backoff', set: 'docs-x' }), { query: 'backoff', set: 'docs-x' });
    assert.deepEqual(decodeSearchDocs({ query: 3 }), {});
  });

  it('a set\'s actions read its row, its id or { set }; a copy of a row is only data', () => {
    const row = viewRows.docsSets.row({ type: 'docsSet' as const, set: { meta: { id: 'docs-x', siteUrl: 'https://x/', createdAt: '', updatedAt: '' }, bytes: 1, pages: 1 } });
    assert.equal(decodeDocsSet(row), 'docs-x');
    assert.equal(decodeDocsSet({ ...row }), undefined, 'a copy is data, and has no `set` string');
    assert.equal(decodeDocsSet('docs-x'), 'docs-x');
    assert.equal(decodeDocsSet({ set: '../etc' }), undefined, 'only an id\'s characters');
    assert.deepEqual(decodeRemoveDocs({ set: 'docs-x', confirmed: true }), { set: 'docs-x', confirmed: true, deleteWatch: false });
    assert.deepEqual(decodeRemoveDocs({ set: 'docs-x', confirmed: true, deleteWatch: true }), { set: 'docs-x', confirmed: true, deleteWatch: true }, 'the watch that keeps it fresh goes too');
    const page = viewRows.docsSets.row({ type: 'docsPage' as const, setId: 'docs-x', url: 'https://x/a', title: 'A' });
    assert.equal(decodeDocsSet(page), 'docs-x', 'a page\'s row names its set');
  });

  it('the crawl stays under the address\'s path, keeps the main content as markdown, within the bound', () => {
    assert.equal(docsPathPattern('https://docs.example.com/'), undefined);
    assert.equal(docsPathPattern('https://docs.example.com/guide/'), '^/guide/');
    assert.equal(docsPathPattern('https://docs.example.com/v2.1'), '^/v2\\.1(/|$)');
    assert.deepEqual(docsCrawlRequest('https://docs.example.com/guide/', 50), {
      url: 'https://docs.example.com/guide/', limit: 50, includePaths: ['^/guide/'], scrapeOptions: { formats: ['markdown'], onlyMainContent: true },
    });
    assert.ok(new RegExp(docsPathPattern('https://docs.example.com/v2.1') ?? '').test('/v2.1/intro'));
    assert.ok(!new RegExp(docsPathPattern('https://docs.example.com/v2.1') ?? '').test('/v2x1/intro'));
  });
});

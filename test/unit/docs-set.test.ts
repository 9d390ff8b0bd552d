import * as assert from 'node:assert/strict';
import { DocsSet } from '../../src/core/docs/docs-set';

const meta = { id: 'example', siteUrl: 'https://docs.example.com/', createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z' };
const page = (url: string, title: string, markdown: string) => ({ url, title, markdown });

describe('Docs sets (DocsSet)', () => {
  it('answers the passage that holds the words, with its page, heading, anchor, line and a line of it', () => {
    const set = DocsSet.empty(meta);
    set.setPage(page('https://docs.example.com/proxy', 'Proxies', '# Proxies\nIntro.\n## Authentication\nPass a token to the proxy agent.\n## Timeouts\nSet the connect timeout.'));
    set.setPage(page('https://docs.example.com/pool', 'Pools', '# Pool\nA pool of connections.'));
    const [top] = set.search('proxy token');
    assert.equal(top?.url, 'https://docs.example.com/proxy');
    assert.equal(top.heading, 'Authentication');
    assert.equal(top.anchor, 'authentication');
    assert.equal(top.line, 2);
    assert.equal(top.excerpt, 'Pass a token to the proxy agent.');
  });

  it('replaces a page\'s passages when it changes, keeps them when it does not, and forgets a removed page', () => {
    const set = DocsSet.empty(meta);
    const url = 'https://docs.example.com/a';
    assert.equal(set.setPage(page(url, 'A', '# One\nalpha words')), true);
    assert.equal(set.setPage(page(url, 'A', '# One\nalpha words')), false, 'unchanged');
    assert.equal(set.search('alpha').length, 1);
    set.setPage(page(url, 'A', '# One\nbravo words\n# Two\nbravo again'));
    assert.equal(set.search('alpha').length, 0);
    assert.equal(set.search('bravo').length, 2);
    assert.equal(set.removePage(url), true);
    assert.equal(set.search('bravo').length, 0);
    assert.equal(set.pageCount, 0);
  });

  it('comes back from its pages and kept index as it was, and rebuilds an index that does not load', () => {
    const set = DocsSet.empty(meta);
    set.setPage(page('https://docs.example.com/a', 'A', '# Cache\nMemory cache store with a size limit.'));
    set.setPage(page('https://docs.example.com/b', 'B', '# Retry\nExponential backoff.'));
    const plain = JSON.parse(JSON.stringify(set.plainIndex())) as unknown;
    const restored = DocsSet.restore(meta, set.pages, plain);
    assert.deepEqual(restored.search('backoff').map((h) => h.url), ['https://docs.example.com/b']);
    const rebuilt = DocsSet.restore(meta, set.pages, { broken: true });
    assert.deepEqual(rebuilt.search('cache').map((h) => h.url), ['https://docs.example.com/a']);
  });
});

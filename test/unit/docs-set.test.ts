import * as assert from 'node:assert/strict';
import { DocsSet } from '../../src/core/docs/docs-set';
import { PageIndex } from '../../src/core/docs/page-index';
import { POOL_PAGES, rankPassages } from '../../src/core/docs/passage-rank';
import { splitSpans } from '../../src/core/docs/sections';

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

  it('refreshes page by page: a changed page replaces its passages, an unchanged one keeps its entry untouched, a gone one is removed, a new one is added', () => {
    const set = DocsSet.empty(meta);
    const a = page('https://docs.example.com/a', 'A', '# Alpha\nalpha before the change');
    const b = page('https://docs.example.com/b', 'B', '# Bravo\nbravo stays as it was\n## Bravo two\nmore bravo');
    const c = page('https://docs.example.com/c', 'C', '# Charlie\ncharlie will be gone');
    for (const p of [a, b, c]) set.setPage(p);
    const bravoBefore = set.search('bravo').map((h) => [h.url, h.heading, h.line]);
    const indexBefore = JSON.stringify(set.plainIndex());
    assert.equal(set.setPage(b), false, 'an unchanged page is not indexed again');
    assert.equal(JSON.stringify(set.plainIndex()), indexBefore, 'and its entry in the index is untouched');
    // The refresh: a changed, b the same, c gone, d new.
    assert.equal(set.setPage({ ...a, markdown: '# Alpha\nafterwards the words are new\n## Extra\nextra section' }), true);
    assert.equal(set.setPage(b), false);
    assert.equal(set.removePage(c.url), true);
    assert.equal(set.setPage(page('https://docs.example.com/d', 'D', '# Delta\ndelta arrives')), true);
    assert.deepEqual(set.search('before').map((h) => h.url), [], 'the changed page\'s old passages are gone');
    assert.deepEqual(set.search('extra').map((h) => [h.url, h.heading]), [['https://docs.example.com/a', 'Extra']]);
    assert.deepEqual(set.search('bravo').map((h) => [h.url, h.heading, h.line]), bravoBefore, 'the unchanged page answers as before');
    assert.deepEqual(set.search('charlie'), [], 'the gone page answers nothing');
    assert.deepEqual(set.pages.map((p) => p.url).sort(), ['https://docs.example.com/a', 'https://docs.example.com/b', 'https://docs.example.com/d']);
    assert.equal(set.passageCount, 5);
  });

  it('rebuilds a kept index that does not hold the same pages as the kept pages', () => {
    const set = DocsSet.empty(meta);
    set.setPage(page('https://docs.example.com/a', 'A', '# Cache\nMemory cache store.'));
    const stale = JSON.parse(JSON.stringify(set.plainIndex())) as unknown;
    const pages = [...set.pages, page('https://docs.example.com/b', 'B', '# Retry\nExponential backoff.')];
    assert.deepEqual(DocsSet.restore(meta, pages, stale).search('backoff').map((h) => h.url), ['https://docs.example.com/b']);
  });

  it('ranks the passages of the best pages only, however many pages hold a word of the query', () => {
    const index = PageIndex.create();
    const pages = new Map<string, { url: string; title: string; markdown: string; passages: ReturnType<typeof splitSpans> }>();
    for (let i = 0; i < POOL_PAGES * 3; i++) {
      const url = `https://docs.example.com/${i}`;
      // Page i says "common" i + 1 times: the later pages are the better answers.
      const markdown = `# Page ${i}\n${'common '.repeat(i + 1)}\n## Other\nnothing here`;
      index.setPage(url, `Page ${i}`, [`Page ${i}`, 'Other'], markdown);
      pages.set(url, { url, title: `Page ${i}`, markdown, passages: splitSpans(markdown, `Page ${i}`) });
    }
    const read: string[] = [];
    const ranked = rankPassages('common', index.search('common'), (url) => {
      read.push(url);
      return pages.get(url);
    }, 5);
    assert.equal(read.length, POOL_PAGES, 'only the best pages are read');
    assert.equal(ranked[0]?.url, `https://docs.example.com/${POOL_PAGES * 3 - 1}`);
    assert.ok(ranked.every((r) => r.n === 0), 'the passage that holds the word, not its page\'s other one');
  });
});

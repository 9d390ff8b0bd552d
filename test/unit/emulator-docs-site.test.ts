// The emulator's documentation site (test/emulator/docs-site.ts): a crawl of it finds its pages
// under the start's path and within the limit, each with headings and code blocks, and the site
// changes between crawls (a changed page, a new one, one gone).
import * as assert from 'node:assert/strict';
import { DOCS_SITE, docsSiteCrawl } from '../emulator/docs-site';

describe('emulator: the documentation site', () => {
  it('a crawl finds its pages under the start\'s path, within includePaths and the limit; another host is not it', () => {
    const state = {};
    const all = docsSiteCrawl(state, DOCS_SITE, 1000, undefined) ?? [];
    assert.ok(all.length >= 20, `${all.length} pages`);
    assert.equal(all[0]?.url, DOCS_SITE, 'the start first');
    for (const page of all) {
      assert.ok(page.url.startsWith(DOCS_SITE));
      assert.ok((page.markdown.match(/^#{1,3} /gm) ?? []).length >= 3, `${page.url}: headings`);
    }
    assert.ok(all.filter((p) => p.markdown.includes('```ts')).length >= 15, 'code blocks');
    assert.deepEqual((docsSiteCrawl(state, `${DOCS_SITE}guides/`, 1000, ['^/manual/guides/']) ?? []).map((p) => new URL(p.url).pathname.split('/')[2]), Array(6).fill('guides'));
    assert.equal(docsSiteCrawl(state, DOCS_SITE, 5, undefined)?.length, 5);
    assert.equal(docsSiteCrawl(state, 'https://docs.tideflow.dev/', 10, undefined), undefined);
  });

  it('changes between crawls: the changelog each time, a guide after the first, a page new and one gone', () => {
    const state = {};
    const first = docsSiteCrawl(state, DOCS_SITE, 1000, undefined) ?? [];
    const second = docsSiteCrawl(state, DOCS_SITE, 1000, undefined) ?? [];
    const third = docsSiteCrawl(state, DOCS_SITE, 1000, undefined) ?? [];
    const byUrl = (pages: typeof first) => new Map(pages.map((p) => [p.url.replace(DOCS_SITE, ''), p.markdown]));
    const [a, b, c] = [byUrl(first), byUrl(second), byUrl(third)];
    const changed = [...b.keys()].filter((url) => a.has(url) && a.get(url) !== b.get(url)).sort();
    assert.deepEqual(changed, ['changelog', 'guides/retries']);
    assert.deepEqual([...b.keys()].filter((url) => !a.has(url)), ['migration/v3']);
    assert.deepEqual([...a.keys()].filter((url) => !b.has(url)), ['legacy/callbacks']);
    assert.deepEqual([...c.keys()].filter((url) => b.get(url) !== c.get(url)), ['changelog'], 'the third: only the changelog');
  });
});

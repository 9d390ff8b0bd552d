// What the results view says: rows, grouping, time and counts, icons, context values, and
// tooltips that show hostile web text as text.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import {
  countsText, creditsText, formatTime, groupResults, hostOf, resultContextValue, resultDescription, resultIcon, resultTitle, resultUrl, searchDescription, searchLabel,
} from '../../src/core/search/present';
import { requestedSources, summarize, type TypedResult } from '../../src/core/search/record';
import { escapeMarkdown, resultTooltip, scrapeStatus, searchTooltip } from '../../src/core/search/tooltip';
import { makeRecord } from './search-fixtures';

const web = (result: Partial<TypedResult['result']> & { url: string }): TypedResult => ({ kind: 'web', result });

describe('results view: search rows', () => {
  it('labels a search with its query and describes it as time · counts · credits', () => {
    const at = new Date(2026, 10, 21, 14, 2);
    const record = makeRecord({ createdAt: at.toISOString() });
    const summary = summarize(record, 1234);
    assert.equal(searchLabel(summary), 'tideflow backpressure');
    assert.equal(searchDescription(summary, new Date(2026, 10, 21, 18, 0)), '14:02 · 2 web · 3 credits');
    assert.equal(searchDescription({ ...summary, creditsUsed: 1 }, new Date(2026, 10, 21, 18, 0)), '14:02 · 2 web · 1 credit');
    assert.equal(searchDescription({ ...summary, creditsUsed: null }, new Date(2026, 10, 21, 18, 0)), '14:02 · 2 web');
    assert.equal(searchLabel({ query: '  many\n\nlines\tquery ' }), 'many lines query');
  });

  it('writes the time as today, this year or an earlier year', () => {
    const now = new Date(2026, 10, 21, 18, 0);
    assert.equal(formatTime(new Date(2026, 10, 21, 9, 5), now), '09:05');
    assert.equal(formatTime(new Date(2026, 10, 20, 23, 59), now), 'Nov 20, 23:59');
    assert.equal(formatTime(new Date(2025, 0, 3, 7, 0), now), '2025-01-03 07:00');
    assert.equal(formatTime(new Date('not a date'), now), '');
  });

  it('counts each source asked for, an empty one included', () => {
    const record = makeRecord({ request: { sources: [{ type: 'news' }, { type: 'web' }] }, data: { web: [{ url: 'https://a.example/' }], news: [] } });
    const summary = summarize(record, 10);
    assert.deepEqual(summary.sources, ['web', 'news']);
    assert.equal(countsText(summary), '1 web · 0 news');
    assert.equal(creditsText(0), '0 credits');
    assert.equal(creditsText(undefined), undefined);
    assert.deepEqual(requestedSources({}), ['web']);
  });
});

describe('results view: grouping', () => {
  it('shows results flat when one source was asked for', () => {
    const { grouped, groups } = groupResults(makeRecord());
    assert.equal(grouped, false);
    assert.equal(groups.length, 1);
    assert.deepEqual(groups[0]?.results.map((r) => r.index), [0, 1]);
  });

  it('groups Web / Images / News in that order when several were asked for', () => {
    const record = makeRecord({
      request: { sources: [{ type: 'news' }, { type: 'images' }, { type: 'web' }] },
      data: {
        web: [{ url: 'https://a.example/' }],
        images: [{ url: 'https://b.example/', imageUrl: 'https://b.example/i.png', imageWidth: 10, imageHeight: 20 }],
        news: [{ url: 'https://c.example/1' }, { url: 'https://c.example/2' }],
      },
    });
    const { grouped, groups } = groupResults(record);
    assert.equal(grouped, true);
    assert.deepEqual(groups.map((g) => [g.label, g.results.length]), [['Web', 1], ['Images', 1], ['News', 2]]);
    assert.deepEqual(groups[2]?.results.map((r) => [r.typed.kind, r.index]), [['news', 0], ['news', 1]]);
  });

  it('groups too when the service sent a source that was not asked for', () => {
    const record = makeRecord({ data: { web: [{ url: 'https://a.example/' }], news: [{ url: 'https://c.example/1' }] } });
    assert.deepEqual(groupResults(record).groups.map((g) => g.kind), ['web', 'news']);
  });
});

describe('results view: result rows', () => {
  it('labels a result with its title, else the scraped title, else its URL; describes it by host', () => {
    assert.equal(resultTitle(web({ url: 'https://x.example/', title: ' A\ntitle ' })), 'A title');
    assert.equal(resultTitle(web({ url: 'https://x.example/', title: '', metadata: { title: ['Scraped'] } })), 'Scraped');
    assert.equal(resultTitle(web({ url: 'https://x.example/p', title: null })), 'https://x.example/p');
    assert.equal(hostOf('https://www.Example.com/a?b'), 'example.com');
    assert.equal(hostOf('not a url'), '');
  });

  it('picks an icon by kind and category', () => {
    assert.equal(resultIcon(web({ url: 'https://x.example/' })), 'globe');
    assert.equal(resultIcon(web({ url: 'https://x.example/', category: 'pdf' })), 'file-pdf');
    assert.equal(resultIcon(web({ url: 'https://x.example/paper.PDF' })), 'file-pdf');
    assert.equal(resultIcon(web({ url: 'https://x.example/', category: 'code_hosting' })), 'repo');
    assert.equal(resultIcon(web({ url: 'https://x.example/', category: 'research' })), 'mortar-board');
    assert.equal(resultIcon({ kind: 'images', result: { url: 'https://x.example/' } }), 'file-media');
    assert.equal(resultIcon({ kind: 'news', result: { url: 'https://x.example/' } }), 'rss');
  });

  it('flags what can be opened in the context value, as the menus match it', () => {
    assert.equal(resultContextValue(web({ url: 'u' })), 'result.url');
    assert.equal(resultContextValue(web({ url: 'u', markdown: '# x' })), 'result.url.markdown');
    assert.equal(resultContextValue(web({ url: 'u', markdown: '# x', summary: 's' })), 'result.url.markdown.summary');
    assert.equal(resultContextValue(web({ url: 'u', markdown: '', summary: 's' })), 'result.url.summary');
    assert.match(resultContextValue(web({ url: 'u', summary: 's' })), /^result/);
  });

  it('shows image and news results without url: titled, "no address", no url capability', () => {
    const image: TypedResult = { kind: 'images', result: { title: 'A pot of tomatoes', imageUrl: 'https://i.example/p.png' } };
    const news: TypedResult = { kind: 'news', result: { url: null, title: '', snippet: 'Harvest news', markdown: '# m' } };
    assert.equal(resultContextValue(image), 'result');
    assert.equal(resultContextValue(news), 'result.markdown');
    assert.equal(resultDescription(image), 'no address');
    assert.equal(resultTitle(image), 'A pot of tomatoes');
    assert.equal(resultTitle(news), '(no title)');
    assert.equal(resultUrl(news), undefined);
    assert.equal(resultUrl({ kind: 'news', result: { url: '  ' } }), undefined);
    const tooltip = resultTooltip(image);
    assert.ok(tooltip.includes('No page address was given for this result'), tooltip);
    assert.ok(!/undefined|null/.test(tooltip), tooltip);
  });

  it('offers Open in Browser and Copy URL exactly on the rows whose context value has the url capability', () => {
    const manifest = JSON.parse(readFileSync(path.resolve(__dirname, '../../package.json'), 'utf8')) as { contributes: { menus: Record<string, Array<{ command: string; when?: string }>> } };
    const shown = (command: string, contextValue: string): boolean[] => manifest.contributes.menus['view/item/context']
      ?.filter((entry) => entry.command === command && entry.when?.includes('view == webData.searchResults'))
      .map((entry) => {
        const pattern = /viewItem =~ \/(.+?)\/(?:\s|$)/.exec(entry.when ?? '')?.[1];
        assert.ok(pattern, entry.when);
        return new RegExp(pattern).test(contextValue);
      }) ?? [];
    for (const command of ['webData.openInBrowser', 'webData.copyUrl']) {
      assert.deepEqual(shown(command, resultContextValue(web({ url: 'https://a.example/', markdown: 'm' }))), [true, true], command);
      assert.deepEqual(shown(command, resultContextValue({ kind: 'images', result: { title: 'x' } })), [false, false], command);
      assert.deepEqual(shown(command, resultContextValue({ kind: 'news', result: { title: 'x', summary: 's', markdown: 'm' } })), [false, false], command);
    }
    assert.deepEqual(shown('webData.openMarkdown', resultContextValue({ kind: 'news', result: { title: 'x' } })), [true, true]);
  });
});

/** Every markdown-active character in `escaped` has a backslash before it. */
function allEscaped(escaped: string): boolean {
  let i = 0;
  while (i < escaped.length) {
    const char = escaped[i] ?? '';
    if (char === '\\') { i += 2; continue; }
    if (/[\\`*_{}[\]()#+\-.!|<>~&$:]/.test(char)) return false;
    i += 1;
  }
  return true;
}

describe('tooltips', () => {
  const hostile = '[Run me](command:workbench.action.quit) <img src=x onerror=alert(1)> **bold** $(alert) # heading\n\n- item &amp;';

  it('escape hostile titles and descriptions: no link, no HTML, no icon, no new block survives', () => {
    const tooltip = resultTooltip(web({ url: 'https://evil.example/?q=<b>', title: hostile, description: hostile }));
    assert.equal(tooltip.includes('[Run me](command:'), false);
    assert.equal(/(^|[^\\])<img/.test(tooltip), false);
    assert.equal(tooltip.includes('**bold**'), false);
    assert.equal(tooltip.includes('$(alert)'), false);
    assert.ok(tooltip.includes('\\[Run me\\]\\(command\\:workbench\\.action\\.quit\\)'));
    for (const line of tooltip.split('\n')) assert.equal(/^\s*(#|-\s|>)/.test(line), false, `a block starts in: ${line}`);
  });

  it('escape any text so that it reads back as the same single line (property)', () => {
    fc.assert(fc.property(fc.string({ maxLength: 200 }), (text) => {
      const escaped = escapeMarkdown(text);
      assert.equal(escaped.includes('\n'), false);
      assert.ok(allEscaped(escaped), escaped);
      assert.equal(escaped.replace(/\\(.)/g, '$1'), text.replace(/\s+/g, ' ').trim());
    }), { numRuns: 300 });
  });

  it('hold URL, description, date, category, image size and scrape status', () => {
    const news = resultTooltip({ kind: 'news', result: { url: 'https://n.example/1', title: 'T', snippet: 'Snip', date: '2 hours ago', category: 'research', markdown: 'm' } });
    const plain = (text: string): string => text.replace(/\\(.)/g, '$1');
    for (const part of ['https://n.example/1', 'Snip', 'Date: 2 hours ago', 'Category: research', 'Scraped: markdown available']) assert.ok(plain(news).includes(part), part);
    const image = resultTooltip({ kind: 'images', result: { url: 'https://i.example/', title: 'Pic', imageUrl: 'https://i.example/p.png', imageWidth: 1200, imageHeight: 800 } });
    assert.ok(plain(image).includes('Image size: 1200 × 800'));
    assert.ok(plain(image).includes('Image: https://i.example/p.png'));
    assert.equal(scrapeStatus(web({ url: 'u' })), 'Not scraped');
    assert.equal(scrapeStatus(web({ url: 'u', markdown: 'm', summary: 's' })), 'Scraped: markdown and summary available');
    assert.equal(scrapeStatus(web({ url: 'u', metadata: { error: 'Blocked', statusCode: 403 } })), 'Scraping failed (403): Blocked');
  });

  it('show the service\'s warning on the search, escaped', () => {
    const summary = summarize(makeRecord({ warning: 'Only 2 results <b>found</b>' }), 10);
    const tooltip = searchTooltip(summary, '21/11/2026, 14:02:00');
    assert.match(tooltip, /\*\*Warning from the service:\*\* Only 2 results \\<b\\>found\\<\/b\\>/);
    assert.ok(tooltip.includes('Credits used: 3 credits'));
    assert.equal(searchTooltip(summarize(makeRecord(), 10), 'x').includes('Warning'), false);
  });
});

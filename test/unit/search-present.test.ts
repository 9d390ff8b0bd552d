// What the results view says: rows, grouping, time and counts, icons, context values, and
// tooltips that show hostile web text as text.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import {
  creditsOf, groupResults, hostOf, kindCounts, resultContextValue, resultHost, resultIcon, resultTitle, resultUrl, searchFacts, searchLabel, shownTime, shownTitle,
} from '../../src/core/search/present';
import { requestedSources, summarize, type TypedResult } from '../../src/core/search/record';
import { resultTooltip, scrapeStatus, searchTooltip } from '../../src/core/search/tooltip';
import { inertMarkdown as escapeMarkdown, tooltipMarkdown } from '../../src/core/text/inert';
import { makeRecord } from './search-fixtures';

const web = (result: Partial<TypedResult['result']> & { url: string }): TypedResult => ({ kind: 'web', result });

describe('results view: search rows', () => {
  it('labels a search with its query and describes it as time, counts and credits (structure, no words)', () => {
    const at = new Date(2026, 10, 21, 14, 2);
    const record = makeRecord({ createdAt: at.toISOString() });
    const summary = summarize(record, 1234);
    const now = new Date(2026, 10, 21, 18, 0);
    assert.equal(searchLabel(summary), 'tideflow backpressure');
    assert.deepEqual(searchFacts(summary, now), { when: { at, span: 'today' }, counts: [{ kind: 'web', count: 2 }], credits: 3 });
    assert.deepEqual(searchFacts({ ...summary, creditsUsed: null }, now), { when: { at, span: 'today' }, counts: [{ kind: 'web', count: 2 }] });
    assert.deepEqual(searchFacts({ ...summary, createdAt: 'not a date' }, now), { counts: [{ kind: 'web', count: 2 }], credits: 3 });
    assert.equal(searchLabel({ query: '  many\n\nlines\tquery ' }), 'many lines query');
    assert.equal(searchLabel({ query: ' \n ' }), '', 'an empty query is left for the words to name');
  });

  it('says how much of the date a row needs: today, this year or an earlier year', () => {
    const now = new Date(2026, 10, 21, 18, 0);
    assert.equal(shownTime(new Date(2026, 10, 21, 9, 5), now)?.span, 'today');
    assert.equal(shownTime(new Date(2026, 10, 20, 23, 59), now)?.span, 'this-year');
    assert.equal(shownTime(new Date(2026, 9, 21, 9, 5), now)?.span, 'this-year', 'the same day of another month');
    assert.equal(shownTime(new Date(2025, 10, 21, 9, 5), now)?.span, 'earlier');
    assert.equal(shownTime(new Date('not a date'), now), undefined);
  });

  it('counts each source asked for, an empty one included', () => {
    const record = makeRecord({ request: { sources: [{ type: 'news' }, { type: 'web' }] }, data: { web: [{ url: 'https://a.example/' }], news: [] } });
    const summary = summarize(record, 10);
    assert.deepEqual(summary.sources, ['web', 'news']);
    assert.deepEqual(kindCounts(summary), [{ kind: 'web', count: 1 }, { kind: 'news', count: 0 }]);
    assert.equal(creditsOf(0), 0);
    assert.equal(creditsOf(undefined), undefined);
    assert.equal(creditsOf(Number.NaN), undefined);
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
    assert.deepEqual(groups.map((g) => [g.kind, g.results.length]), [['web', 1], ['images', 1], ['news', 2]]);
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

  it('shows image and news results without url: titled, no host, no url capability', () => {
    const image: TypedResult = { kind: 'images', result: { title: 'A pot of tomatoes', imageUrl: 'https://i.example/p.png' } };
    const news: TypedResult = { kind: 'news', result: { url: null, title: '', snippet: 'Harvest news', markdown: '# m' } };
    assert.equal(resultContextValue(image), 'result');
    assert.equal(resultContextValue(news), 'result.markdown');
    assert.equal(resultHost(image), undefined);
    assert.equal(resultHost(web({ url: 'https://www.a.example/x' })), 'a.example');
    assert.equal(resultTitle(image), 'A pot of tomatoes');
    assert.equal(shownTitle(news), '', 'the view names a missing title in its words');
    assert.equal(resultTitle(news), '(no title)', 'the documents keep their English');
    assert.equal(resultUrl(news), undefined);
    assert.equal(resultUrl({ kind: 'news', result: { url: '  ' } }), undefined);
    const tooltip = resultTooltip(image);
    assert.equal('url' in tooltip, false);
    assert.deepEqual(tooltip.facts, [{ kind: 'image', url: 'https://i.example/p.png' }, { kind: 'scrape', status: { kind: 'image' } }]);
  });

  it('offers Open in Browser and Copy URL exactly on the rows whose context value has the url capability', () => {
    const manifest = JSON.parse(readFileSync(path.resolve(__dirname, '../../package.json'), 'utf8')) as { contributes: { menus: Record<string, Array<{ command: string; when?: string }>> } };
    const shown = (command: string, contextValue: string): boolean[] => manifest.contributes.menus['view/item/context']
      // The kept pages' rows (`viewItem =~ /^page/`) have entries of their own.
      ?.filter((entry) => entry.command === command && entry.when?.includes('view == webData.searchResults') && !entry.when.includes('/^page/'))
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
  /** What the feature does with a result's structure, in stand-in words: each piece escaped by tooltipMarkdown. */
  const markdownOf = (typed: TypedResult): string => {
    const tip = resultTooltip(typed);
    return tooltipMarkdown({ heading: tip.title, paragraphs: [[tip.url ?? 'no url'], tip.text !== undefined ? [tip.text] : [], tip.facts.map((f) => JSON.stringify(f))] });
  };

  it('escape hostile titles and descriptions: no link, no HTML, no icon, no new block survives', () => {
    const tooltip = markdownOf(web({ url: 'https://evil.example/?q=<b>', title: hostile, description: hostile }));
    assert.equal(tooltip.includes('[Run me](command:'), false);
    assert.equal(/(^|[^\\])<img/.test(tooltip), false);
    assert.equal(tooltip.includes('**bold**'), false);
    assert.equal(tooltip.includes('$(alert)'), false);
    assert.ok(tooltip.includes('\\[Run me\\]\\(command\\:workbench\\.action\\.quit\\)'));
    for (const line of tooltip.split('\n')) assert.equal(/^\s*(#|-\s|>)/.test(line), false, `a block starts in: ${line}`);
  });

  it('escape the words too, join a paragraph\'s lines with a line break, and put the warning and preview last', () => {
    const md = tooltipMarkdown({ heading: 'H*', paragraphs: [['a_1', 'b'], []], warning: { label: 'W:', text: '<b>x</b>' }, preview: '![image](https://i.example/a.png|width=240)' });
    assert.equal(md, '**H\\***\n\na\\_1  \nb\n\n**W\\:** \\<b\\>x\\</b\\>\n\n![image](https://i.example/a.png|width=240)');
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
    assert.deepEqual(news, {
      title: 'T', url: 'https://n.example/1', text: 'Snip',
      facts: [{ kind: 'date', date: '2 hours ago' }, { kind: 'category', category: 'research' }, { kind: 'scrape', status: { kind: 'scraped', markdown: true, summary: false } }],
    });
    const image = resultTooltip({ kind: 'images', result: { url: 'https://i.example/', title: 'Pic', imageUrl: 'https://i.example/p.png', imageWidth: 1200, imageHeight: 800 } });
    assert.deepEqual(image.facts.slice(0, 2), [{ kind: 'image-size', width: 1200, height: 800 }, { kind: 'image', url: 'https://i.example/p.png' }]);
    assert.deepEqual(scrapeStatus(web({ url: 'u' })), { kind: 'not-scraped' });
    assert.deepEqual(scrapeStatus(web({ url: 'u', markdown: 'm', summary: 's' })), { kind: 'scraped', markdown: true, summary: true });
    assert.deepEqual(scrapeStatus(web({ url: 'u', metadata: { error: 'Blocked\r# x', statusCode: 403 } })), { kind: 'failed', statusCode: 403, error: 'Blocked # x' });
  });

  it('show the service\'s warning on the search as one line, and its facts', () => {
    const summary = summarize(makeRecord({ warning: 'Only 2 results\n<b>found</b>' }), 10);
    const tooltip = searchTooltip(summary);
    assert.equal(tooltip.warning, 'Only 2 results <b>found</b>');
    assert.equal(tooltip.query, 'tideflow backpressure');
    assert.deepEqual(tooltip.facts.map((f) => f.kind), ['searched', 'sources', 'results', 'credits']);
    assert.deepEqual(tooltip.facts.find((f) => f.kind === 'credits'), { kind: 'credits', credits: 3 });
    assert.equal('warning' in searchTooltip(summarize(makeRecord(), 10)), false);
  });
});

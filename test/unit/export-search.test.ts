// Reading and exporting a search: the all-results page (table of contents, web text escaped, our
// own anchors), the markdown export (front matter no web text can break), the JSON export (the
// answer as received), and image previews in tooltips (https only, never a link).
import assert from 'node:assert/strict';
import { allResultsAddress, allResultsMarkdown, parseAllResultsAddress } from '../../src/core/search/all-results';
import { exportFileName, exportFormatOf, exportJson, exportMarkdown } from '../../src/core/search/export';
import { imagePreview, resultTooltip } from '../../src/core/search/tooltip';
import { tooltipMarkdown } from '../../src/core/text/inert';
import { makeRecord } from './search-fixtures';

const hostile = makeRecord({
  request: { query: 'evil\n---\ninjected: true', limit: 5, sources: [{ type: 'web' }, { type: 'news' }] },
  creditsUsed: 7,
  data: {
    web: [
      { url: 'https://docs.tideflow.dev/guide', title: '[click](command:workbench.action.quit) <img src=x> # Head', description: 'd', markdown: '# Scraped\n\nBody.' },
      { url: 'command:workbench.action.quit', title: 'Plain', description: 'Only a description.' },
    ],
    news: [{ url: 'https://news.example/1', title: 'News one', snippet: 's', date: '2 hours ago' }],
  },
});

describe('all results page', () => {
  it('lists every result in a table of contents whose anchors are our headings', () => {
    const text = allResultsMarkdown(hostile);
    assert.match(text, /^## Contents$/m);
    assert.match(text, /^- \[Web 1: .*\]\(#web-1\)$/m);
    assert.match(text, /^- \[Web 2: Plain\]\(#web-2\)$/m);
    assert.match(text, /^- \[News 1: News one\]\(#news-1\)$/m);
    for (const heading of ['## Web 1', '## Web 2', '## News 1']) assert.ok(text.split('\n').includes(heading), heading);
    assert.ok(text.includes('# Scraped\n\nBody.'), 'the scraped markdown is there as sent');
    assert.ok(text.includes('Only a description\\.'));
    assert.ok(text.includes('Date: 2 hours ago'));
  });

  it('escapes titles and addresses: no link, HTML or heading forms, no command: autolink', () => {
    const text = allResultsMarkdown(hostile);
    assert.equal(text.includes('](command:'), false);
    assert.doesNotMatch(text, /(?<!\\)<img/);
    assert.equal(text.includes('<command:'), false);
    assert.ok(text.includes('\\[click\\]\\(command\\:workbench'));
    assert.ok(text.includes('<https://docs.tideflow.dev/guide>'));
    // The query's line breaks cannot start a heading or a rule of their own.
    assert.equal(text.split('\n').filter((line) => line === '---').length, 3);
  });

  it('has an address of its own that reads back, and refuses others', () => {
    const address = allResultsAddress('lq1x2y3-abc123', 'a/b query');
    assert.equal(address.path, '/a b query/All results.md');
    assert.equal(parseAllResultsAddress(address.path, address.query), 'lq1x2y3-abc123');
    assert.equal(parseAllResultsAddress(address.path, 'id=..%2Fx&format=all'), undefined);
    assert.equal(parseAllResultsAddress('/q/page.md', address.query), undefined);
    assert.equal(parseAllResultsAddress(address.path, 'id=lq1x2y3-abc123&format=markdown'), undefined);
  });
});

describe('export', () => {
  it('markdown: front matter with query, date, request options and credits, then each result', () => {
    const text = exportMarkdown(hostile);
    const [, front = '', body = ''] = text.split(/^---$/m);
    assert.equal(front, [
      '',
      'query: "evil\\n---\\ninjected: true"',
      `date: "${hostile.createdAt}"`,
      'request: {"limit":5,"sources":[{"type":"web"},{"type":"news"}]}',
      'creditsUsed: 7',
      '',
    ].join('\n'));
    assert.ok(body.includes('## \\[click\\]'));
    assert.ok(body.includes('# Scraped\n\nBody.'));
    assert.ok(body.includes('## News one'));
  });

  it('markdown: a line separator in the query cannot end the front matter', () => {
    const text = exportMarkdown(makeRecord({ request: { query: 'a\u2028---\u2029b' } }));
    assert.ok(text.startsWith('---\nquery: "a\\u2028---\\u2029b"\n'));
  });

  it('json: the answer as received when kept, else the parsed answer', () => {
    const raw = { success: true, data: { web: [], research: [{ x: 1 }] }, extra: 'kept' };
    assert.deepEqual(JSON.parse(exportJson({ ...hostile, raw })), raw);
    assert.deepEqual(JSON.parse(exportJson(hostile)), hostile.response);
  });

  it('names and formats', () => {
    assert.equal(exportFileName('a/b: c?', 'json'), 'a b c.json');
    assert.equal(exportFormatOf('x.JSON'), 'json');
    assert.equal(exportFormatOf('x.md'), 'markdown');
  });
});

describe('image tooltips', () => {
  const image = (imageUrl: string) => ({ kind: 'images' as const, result: { url: 'https://p.example/', title: 'Pic', imageUrl, imageWidth: 640, imageHeight: 480 } });

  it('show the size, and a preview only for https images when previews are on', () => {
    const on = resultTooltip(image('https://img.example/a b(1).png'), { previewImages: true });
    assert.deepEqual(on.facts[0], { kind: 'image-size', width: 640, height: 480 });
    assert.equal(on.preview, '![image](https://img.example/a%20b%281%29.png|width=240)');
    assert.ok(tooltipMarkdown({ heading: on.title, paragraphs: [], preview: on.preview }).endsWith(on.preview));
    assert.equal(resultTooltip(image('https://img.example/a.png'), { previewImages: false }).preview, undefined);
    assert.equal(resultTooltip(image('https://img.example/a.png')).preview, undefined);
  });

  it('never preview http, data:, file: or command: sources, nor a target that breaks out', () => {
    for (const url of ['http://img.example/a.png', 'data:image/png;base64,AAAA', 'file:///etc/passwd', 'command:workbench.action.quit', 'not a url']) {
      assert.equal(imagePreview(url), undefined, url);
    }
    assert.equal(imagePreview('https://x.example/a)](command:x)'), '![image](https://x.example/a%29%5D%28command:x%29|width=240)');
  });
});

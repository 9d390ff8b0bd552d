// Result documents: webdata: addresses (built from odd titles, read back, refusing what we did not
// make) and their text (the scraped markdown exactly, or a short page when nothing was scraped).
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { chooseFormat, documentText, HOW_TO_GET_MARKDOWN } from '../../src/core/search/document';
import type { TypedResult } from '../../src/core/search/record';
import { documentFileName, documentFolderName, parseResultDocumentAddress, resultDocumentAddress, type ResultDocumentRef } from '../../src/core/search/uri';

const ref: ResultDocumentRef = { searchId: 'lq1x2y3-abc123', kind: 'web', index: 3, format: 'markdown' };

describe('webdata: document addresses', () => {
  it('put the query and the page title in the path (the breadcrumb), and search, kind, index and format in the query', () => {
    const address = resultDocumentAddress(ref, { query: 'tideflow backpressure', title: 'Backpressure - Tideflow' });
    assert.deepEqual(address, { path: '/tideflow backpressure/Backpressure - Tideflow.md', query: 'id=lq1x2y3-abc123&kind=web&index=3&format=markdown' });
    assert.deepEqual(parseResultDocumentAddress(address.path, address.query), ref);
    const summary = resultDocumentAddress({ ...ref, kind: 'news', format: 'summary' }, { query: 'q', title: 'T' });
    assert.equal(summary.path, '/q/T (summary).md');
    assert.deepEqual(parseResultDocumentAddress(summary.path, summary.query), { ...ref, kind: 'news', format: 'summary' });
  });

  it('make the query a safe folder name: no separators, never empty, bounded', () => {
    assert.equal(documentFolderName('site:docs.example.com "a/b" -c'), 'site docs.example.com a b -c');
    assert.equal(documentFolderName('../..'), 'search');
    assert.equal(documentFolderName(''), 'search');
    assert.equal(Array.from(documentFolderName('x'.repeat(500))).length, 60);
  });

  it('still read the older address of tabs restored from before, with search, kind and index in the path', () => {
    assert.deepEqual(parseResultDocumentAddress('/lq1x2y3-abc123/web/3/Backpressure - Tideflow.md', 'format=markdown'), ref);
    assert.deepEqual(parseResultDocumentAddress('/lq1x2y3-abc123/news/0/T (summary).md', 'format=summary'), { ...ref, kind: 'news', index: 0, format: 'summary' });
  });

  it('turn odd titles into file names: no separators or control characters, never empty, bounded', () => {
    // A title's slash stays as U+2215, a look-alike that is no path separator; the rest become spaces.
    assert.equal(documentFileName('a/b\\c?d#e%f:g*h|i"j<k>l', 'markdown'), 'a\u2215b c d e f g h i j k l.md');
    assert.equal(documentFileName('../../etc/passwd', 'markdown'), 'etc\u2215passwd.md');
    assert.equal(documentFileName('tideflow/tideflow: Stream processing', 'markdown'), 'tideflow\u2215tideflow Stream processing.md');
    assert.equal(documentFileName('/', 'markdown'), 'page.md');
    assert.equal(documentFileName('line\none\ttab\u0000nul\u202Eevil', 'markdown'), 'line one tabnulevil.md');
    assert.equal(documentFileName('', 'markdown'), 'page.md');
    assert.equal(documentFileName('...', 'info'), 'page.md');
    assert.equal(documentFileName('Ünïcödé 日本語 🚀', 'markdown'), 'Ünïcödé 日本語 🚀.md');
    const long = documentFileName('🚀'.repeat(200), 'markdown');
    assert.equal(Array.from(long).length, 80 + 3);
    assert.equal(long.includes('\uFFFD'), false);
  });

  it('read back for any title (property)', () => {
    fc.assert(fc.property(fc.string({ maxLength: 300 }), fc.constantFrom('markdown', 'summary', 'info') as fc.Arbitrary<ResultDocumentRef['format']>, (title, format) => {
      const address = resultDocumentAddress({ ...ref, format }, { query: title.slice(0, 100), title });
      assert.equal(address.path.split('/').length, 3);
      assert.deepEqual(parseResultDocumentAddress(address.path, address.query), { ...ref, format });
    }), { numRuns: 300 });
  });

  it('refuse addresses we did not make', () => {
    for (const [path, query] of [
      ['/../web/0/x.md', ''],
      ['/lq1x2y3-abc123/videos/0/x.md', ''],
      ['/lq1x2y3-abc123/web/-1/x.md', ''],
      ['/lq1x2y3-abc123/web/1.5/x.md', ''],
      ['/lq1x2y3-abc123/web/0', ''],
      ['/lq1x2y3-abc123/web/0/x.md/extra', ''],
      ['lq1x2y3-abc123/web/0/x.md', ''],
      ['/lq1x2y3-abc123/web/0/x.md', 'format=html'],
      ['/q/x.md', 'id=lq1x2y3-abc123&kind=web&index=0&format=html'],
      ['/q/x.md', 'id=..&kind=web&index=0'],
      ['/q/x.md', 'id=lq1x2y3-abc123&kind=videos&index=0'],
      ['/q/x.md', 'id=lq1x2y3-abc123&kind=web&index=-1'],
      ['/q/x.md', 'id=lq1x2y3-abc123&kind=web'],
      ['/q/x.md/extra', 'id=lq1x2y3-abc123&kind=web&index=0'],
      ['/x.md', 'id=lq1x2y3-abc123&kind=web&index=0'],
      ['//x.md', 'id=lq1x2y3-abc123&kind=web&index=0'],
      ['q/x.md', 'id=lq1x2y3-abc123&kind=web&index=0'],
    ] as const) assert.equal(parseResultDocumentAddress(path, query), undefined, `${path}?${query}`);
    assert.equal(parseResultDocumentAddress('/lq1x2y3-abc123/web/0/x.md', '')?.format, 'markdown');
  });
});

describe('result document text', () => {
  const scraped: TypedResult = { kind: 'web', result: { url: 'https://a.example/', title: 'A', markdown: '# A\n\n<b>exact</b> *text*\n', summary: 'Short.' } };
  const bare: TypedResult = { kind: 'web', result: { url: 'https://a.example/p?q=1', title: '# Evil [x](command:y) <script>', description: 'What the page is about.' } };

  it('chooses the format asked for, else the other, else the info page', () => {
    assert.equal(chooseFormat(scraped, 'markdown'), 'markdown');
    assert.equal(chooseFormat(scraped, 'summary'), 'summary');
    assert.equal(chooseFormat({ kind: 'web', result: { url: 'u', summary: 's' } }, 'markdown'), 'summary');
    assert.equal(chooseFormat({ kind: 'web', result: { url: 'u', markdown: 'm' } }, 'summary'), 'markdown');
    assert.equal(chooseFormat(bare, 'markdown'), 'info');
    assert.equal(chooseFormat({ kind: 'images', result: { url: 'u' } }, 'markdown'), 'info');
  });

  it('is the scraped markdown or summary exactly as sent', () => {
    assert.equal(documentText(scraped, 'markdown'), '# A\n\n<b>exact</b> *text*\n');
    assert.equal(documentText(scraped, 'summary'), 'Short.');
  });

  it('for an unscraped result: title, URL, description and how to ask for markdown; the title cannot add structure', () => {
    const text = documentText(bare, 'markdown');
    const lines = text.split('\n');
    assert.equal(lines[0], '# \\# Evil \\[x\\](command:y) \\<script\\>');
    assert.ok(lines.includes('<https://a.example/p?q=1>'));
    assert.ok(lines.includes('What the page is about.'));
    assert.ok(text.includes('This result was not scraped'));
    assert.ok(text.includes(HOW_TO_GET_MARKDOWN));
    assert.match(HOW_TO_GET_MARKDOWN, /webData\.search\.scrapeFormats/);
    assert.match(HOW_TO_GET_MARKDOWN, /\*\*Scrape Full Page\*\*/);
    assert.match(HOW_TO_GET_MARKDOWN, /"scrapeOptions": \{ "formats": \[\{ "type": "markdown" \}\] \}/);
  });

  it('says why when scraping failed, and what an image result is', () => {
    const failed = documentText({ kind: 'news', result: { url: 'https://n.example/', title: 'N', snippet: 'S', date: '1 day ago', metadata: { error: 'Timed out', statusCode: 504 } } }, 'markdown');
    assert.match(failed, /could not scrape this page \(status 504\): Timed out/);
    assert.match(failed, /Date: 1 day ago/);
    const commandUrl = documentText({ kind: 'web', result: { url: 'command:workbench.action.quit', title: 'T' } }, 'info');
    assert.ok(commandUrl.includes('\ncommand:workbench.action.quit\n'), commandUrl);
    assert.ok(!commandUrl.includes('<command:'), 'a command: URL is no autolink');
    const fileImage = documentText({ kind: 'images', result: { url: 'https://i.example/', title: 'Pic', imageUrl: 'file:///etc/passwd' } }, 'info');
    assert.match(fileImage, /Image: file:\/\/\/etc\/passwd\n/);
    const image = documentText({ kind: 'images', result: { url: 'https://i.example/', title: 'Pic', imageUrl: 'https://i.example/p.png', imageWidth: 4, imageHeight: 3 } }, 'info');
    assert.match(image, /Image: <https:\/\/i\.example\/p\.png>/);
    assert.match(image, /Size: 4 × 3/);
    assert.match(image, /Image results carry no page content/);
  });

  it('says so when a result came without a page address, never "undefined"', () => {
    const news = documentText({ kind: 'news', result: { title: 'N', snippet: 'S' } }, 'info');
    assert.match(news, /^# N\n\nNo page address was given for this result\.\n/);
    const image = documentText({ kind: 'images', result: { url: null, title: 'Pic', imageUrl: 'https://i.example/p.png' } }, 'info');
    assert.match(image, /No page address was given for this result\./);
    for (const text of [news, image]) assert.ok(!/undefined|null|<>/.test(text), text);
  });
});

// Where the editor's Web Data submenu offers what (src/core/scrape/editor-urls.ts): an address under
// the cursor or selected for Scrape URL as Markdown… and Start Crawl…, addresses selected for Batch Scrape….
import assert from 'node:assert/strict';
import { editorUrls } from '../../src/core/scrape/editor-urls';

describe('the editor\'s Web Data submenu: where an address is', () => {
  const line = 'Read https://docs.tideflow.dev/guide/streams first, then [the guide](https://docs.tideflow.dev/guide).';

  it('an address under the cursor, or a markdown link\'s label, counts; words elsewhere do not', () => {
    assert.deepEqual(editorUrls(line, 10, undefined), { urlAtCursor: true, selectionHasUrls: false });
    assert.deepEqual(editorUrls(line, line.indexOf('the guide') + 2, undefined), { urlAtCursor: true, selectionHasUrls: false });
    assert.deepEqual(editorUrls(line, 1, undefined), { urlAtCursor: false, selectionHasUrls: false });
    assert.deepEqual(editorUrls('no address here', 3, undefined), { urlAtCursor: false, selectionHasUrls: false });
  });

  it('a selection holding addresses (lines of them) counts for both; a selection of words for neither', () => {
    assert.deepEqual(editorUrls('x', 0, 'https://a.example/1\nhttps://a.example/2\n'), { urlAtCursor: true, selectionHasUrls: true });
    assert.deepEqual(editorUrls('x', 0, 'just words'), { urlAtCursor: false, selectionHasUrls: false });
  });

  it('a line or selection too long to read at every keystroke shows nothing rather than slow it', () => {
    const long = `${'a '.repeat(3000)}https://a.example/`;
    assert.equal(editorUrls(long, long.length - 3, undefined).urlAtCursor, false);
    assert.equal(editorUrls('x', 0, `https://a.example/ ${'b'.repeat(30_000)}`).selectionHasUrls, false);
  });
});

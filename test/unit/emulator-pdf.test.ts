// The emulator's PDF reader (issue 46: "a PDF printed by Chromium converts to '## Page 1' and
// nothing else, 1 credit spent, no warning"): a real Chromium-printed PDF (compressed content
// streams, subset Type0 fonts, hex glyph codes through a ToUnicode map) reads as its text, page
// by page; what cannot be read is said in `data.warning`, through real sockets as the client
// reads it.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync, inflateSync } from 'node:zlib';
import { DEMO_API_KEY, startEmulator, type Emulator } from '../emulator';
import { pdfToMarkdown } from '../emulator/documents';
import { makePdf } from '../emulator/document-files';
import { WebDataClient } from '../../src/core/api';
import { localFile } from '../../src/core/parse/local-file';
import { parseOptionsFor } from '../../src/core/parse/options';

/** `chromium --headless --no-pdf-header-footer --print-to-pdf` of fixtures/chromium-printed.html, two pages (see CONTRIBUTING). */
const CHROMIUM_PDF = readFileSync(join(__dirname, 'fixtures', 'chromium-printed.pdf'));
const PAGE_1 = ['Quarterly stream report', 'Backpressure kept every buffer under its limit — even at peak load.', 'Café orders: 1,204 (up 12%)', '“Quoted” deliveries: 98'];
const PAGE_2 = ['Second page', 'The final figures follow next quarter.'];
const markdownOf = (lines: readonly string[]): string => `${lines.join('\n\n')}\n`;

/**
 * The same PDF with a key renamed (`/ToUnicode` to `/ToUnicodX`) in its dictionaries and in its
 * compressed streams (each inflated, edited and deflated again, its /Length with it). The reader
 * finds objects by scanning, so the cross-reference table's offsets need not hold.
 */
function hiding(pdf: Buffer, ...keys: string[]): Buffer {
  const rename = (text: string): string => keys.reduce((t, key) => t.replaceAll(`/${key}`, `/${key.slice(0, -1)}X`), text);
  const text = pdf.toString('latin1');
  let out = '';
  let at = 0;
  for (const m of text.matchAll(/<<\/Filter \/FlateDecode\n\/Length (\d+)>> stream\n/g)) {
    const start = m.index + m[0].length;
    const length = Number(m[1]);
    const edited = deflateSync(Buffer.from(rename(inflateSync(pdf.subarray(start, start + length)).toString('latin1')), 'latin1'));
    out += `${rename(text.slice(at, m.index))}<</Filter /FlateDecode\n/Length ${edited.length}>> stream\n${edited.toString('latin1')}`;
    at = start + length;
  }
  return Buffer.from(out + rename(text.slice(at)), 'latin1');
}
/** As a PDF whose fonts have no Unicode map: no ToUnicode, no ActualText. */
const withoutUnicode = (pdf: Buffer): Buffer => hiding(pdf, 'ToUnicode', 'ActualText');

describe('emulator: reading a PDF printed by Chromium', () => {
  it('is the kind of PDF the issue names: compressed streams, Type0 subset fonts with ToUnicode maps', () => {
    const text = CHROMIUM_PDF.toString('latin1');
    assert.match(text, /^%PDF-1\.\d/);
    assert.match(text, /\/Producer \(Skia\/PDF/);
    assert.match(text, /\/FlateDecode/);
    assert.match(text, /\/Subtype \/Type0/);
    assert.match(text, /\/ToUnicode \d+ 0 R/);
    assert.ok(CHROMIUM_PDF.length < 40_000, `${CHROMIUM_PDF.length} bytes`);
  });

  it('reads its text page by page, each line a paragraph, with nothing to warn of', () => {
    const read = pdfToMarkdown(CHROMIUM_PDF);
    assert.equal(read.pageCount, 2);
    assert.deepEqual(read.pages, [{ pageNumber: 1, markdown: markdownOf(PAGE_1) }, { pageNumber: 2, markdown: markdownOf(PAGE_2) }]);
    assert.equal(read.warning, undefined);
    // Its ligatures (ff, fi) are single glyphs whose ToUnicode entry is U+FB00 or U+FB01, spelled out
    // in /ActualText; without that, as letters still.
    assert.notDeepEqual(hiding(CHROMIUM_PDF, 'ActualText'), hiding(CHROMIUM_PDF));
    assert.deepEqual(pdfToMarkdown(hiding(CHROMIUM_PDF, 'ActualText')).pages, read.pages);
  });

  it('warns instead of answering empty pages in silence: fonts with no Unicode map, a page with no text', () => {
    const unmapped = pdfToMarkdown(withoutUnicode(CHROMIUM_PDF));
    assert.equal(unmapped.markdown.trim(), '');
    assert.match(unmapped.warning ?? '', /^No text could be read from this PDF \(scanned images, or fonts without a Unicode map\); its markdown is empty\.$/);
    const partly = pdfToMarkdown(hiding(CHROMIUM_PDF, 'ToUnicode'));
    assert.deepEqual(partly.pages?.map((p) => p.markdown), ['ff\n', 'fifi\n'], 'only the ligatures\' ActualText');
    assert.equal(partly.warning, 'Some characters on pages 1, 2 could not be read (fonts without a Unicode map).');
    const blank = pdfToMarkdown(makePdf([['Only the first page has text'], [], ['And the third']]));
    assert.equal(blank.markdown, 'Only the first page has text\n\n\nAnd the third\n');
    assert.equal(blank.warning, 'No text could be read from page 2 (scanned images, or fonts without a Unicode map).');
    assert.equal(pdfToMarkdown(makePdf([['Plain text']], { deflate: true })).warning, undefined);
  });
});

describe('emulator: reading a PDF 1.5 (pdfTeX\'s kind)', () => {
  it('finds its pages in an object stream, spaces in a TJ\'s moves, and counts a symbol font\'s control codes as unread', () => {
    const packed = makePdf([['Chapter one', 'Version (2)'], ['The end']], { deflate: true, objectStream: true });
    assert.match(packed.toString('latin1'), /\/Type \/ObjStm/);
    assert.doesNotMatch(packed.toString('latin1'), /\/Type \/Catalog/, 'the catalog is packed, as pdfTeX packs it');
    const read = pdfToMarkdown(packed);
    assert.deepEqual(read.pages, [{ pageNumber: 1, markdown: 'Chapter one\n\nVersion (2)\n' }, { pageNumber: 2, markdown: 'The end\n' }]);
    assert.equal(read.warning, undefined);
    // pdfTeX draws a line as one TJ whose spaces are moves of 0.25 em; kerning moves are small.
    const placeholder = '(x'.padEnd(60, 'x') + ') Tj';
    const spaced = makePdf([[placeholder.slice(1, -4)]]).toString('latin1').replace(placeholder, '[(Shared)-250(MIME-inf)20(o)-278(Database)] TJ'.padEnd(placeholder.length));
    assert.equal(pdfToMarkdown(Buffer.from(spaced, 'latin1')).markdown, 'Shared MIME-info Database\n');
    const bullet = pdfToMarkdown(makePdf([['\x0fItem one']]));
    assert.equal(bullet.markdown, 'Item one\n');
    assert.match(bullet.warning ?? '', /^Some characters on page 1 could not be read/);
  });
});

describe('emulator: POST /v2/parse of a Chromium PDF', () => {
  let emulator: Emulator;
  let client: WebDataClient;
  let dir: string;
  const upload = (name: string, data: Buffer): ReturnType<typeof localFile> => {
    const path = join(dir, name);
    writeFileSync(path, data);
    return localFile(path, data.length);
  };

  before(async () => {
    emulator = await startEmulator();
    dir = mkdtempSync(join(tmpdir(), 'webdata-emulator-pdf-'));
    client = new WebDataClient({ baseUrl: emulator.url, apiKey: DEMO_API_KEY, retry: { maxAttempts: 1 } });
  });
  after(async () => {
    await client.close();
    await emulator.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers its text, page by page when asked, a credit a page and no warning', async () => {
    const document = await client.parse(upload('report.pdf', CHROMIUM_PDF), parseOptionsFor('report.pdf', { pdfMode: 'fast', maxPages: 0, pages: true, zeroDataRetention: false }));
    assert.deepEqual(document.pages, [{ pageNumber: 1, markdown: markdownOf(PAGE_1) }, { pageNumber: 2, markdown: markdownOf(PAGE_2) }]);
    assert.equal(document.metadata?.creditsUsed, 2);
    assert.equal(document.warning, undefined);
  });

  it('says in data.warning when no text could be read', async () => {
    const document = await client.parse(upload('scanned.pdf', withoutUnicode(CHROMIUM_PDF)), parseOptionsFor('scanned.pdf', { pdfMode: 'fast', maxPages: 0, pages: false, zeroDataRetention: false }));
    assert.equal(document.markdown?.trim(), '');
    assert.match(document.warning ?? '', /No text could be read from this PDF/);
  });
});

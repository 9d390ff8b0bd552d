// POST /v2/parse through real sockets to the emulator (issue 35): the multipart upload as the
// service reads it, the markdown of an HTML, CSV, PDF (page by page), DOCX and XLSX file the test
// writes itself, progress, cancellation mid-upload (nothing more is sent and nothing is charged),
// and the service's failures (400 for a file it does not take, 402, a slow answer), and options the
// client refuses before anything is sent.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_API_KEY, startEmulator, type Emulator } from '../emulator';
import { makeDocx, makePdf, makeXlsx } from '../emulator/document-files';
import { WebDataClient, WebDataError } from '../../src/core/api';
import { localFile } from '../../src/core/parse/local-file';
import { parseOptionsFor } from '../../src/core/parse/options';

const PARSE = '/v2/parse';

describe('WebDataClient: parse against the emulator', () => {
  let emulator: Emulator;
  let client: WebDataClient;
  let dir: string;

  const write = (name: string, data: string | Buffer): { path: string; size: number } => {
    const path = join(dir, name);
    writeFileSync(path, data);
    return { path, size: Buffer.byteLength(data) };
  };
  const upload = (name: string, data: string | Buffer): ReturnType<typeof localFile> => {
    const file = write(name, data);
    return localFile(file.path, file.size);
  };
  const remaining = async (): Promise<number> => (await client.getTokenUsage()).remainingTokens;

  before(async () => {
    emulator = await startEmulator();
    dir = mkdtempSync(join(tmpdir(), 'webdata-parse-client-'));
  });
  after(async () => {
    await emulator.close();
    rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(() => {
    emulator.clearFaults();
    client = new WebDataClient({ baseUrl: emulator.url, apiKey: DEMO_API_KEY, retry: { maxAttempts: 1 } });
  });
  afterEach(async () => { await client.close(); });

  it('uploads an HTML file as multipart, options first, and reads its markdown', async () => {
    const before = emulator.requests.length;
    const html = '<html><head><title>Guide</title></head><body><h1>Install</h1><p>Run <a href="https://example.com/x">the tool</a> &amp; wait.</p><ul><li>one</li><li>two</li></ul></body></html>';
    const document = await client.parse(upload('page.html', html), { formats: [{ type: 'markdown' }] });
    assert.equal(document.markdown, '# Install\n\nRun [the tool](https://example.com/x) & wait.\n\n- one\n- two\n');
    assert.equal(document.metadata?.creditsUsed, 1);
    const sent = emulator.requests.slice(before).filter((r) => r.path === PARSE);
    assert.equal(sent.length, 1);
    assert.deepEqual(sent[0]?.body, { fileName: 'page.html', bytes: html.length, options: { formats: [{ type: 'markdown' }] }, fieldOrder: ['options', 'file'] });
  });

  it('reads a CSV as a table, quotes and pipes kept as text', async () => {
    const document = await client.parse(upload('prices.csv', 'name,price\n"Widget, large",3\nPipe|Co,"4 ""x"""\n'));
    assert.equal(document.markdown, '| name | price |\n| --- | --- |\n| Widget, large | 3 |\n| Pipe\\|Co | 4 "x" |\n');
  });

  it('reads a PDF\'s text layer page by page when pages are asked, and charges a credit a page', async () => {
    const pdf = makePdf([['Title page', 'Version (2)'], ['Chapter one'], ['The end']], { deflate: true });
    const before = await remaining();
    const document = await client.parse(upload('spec.pdf', pdf), parseOptionsFor('spec.pdf', { pdfMode: 'fast', maxPages: 0, pages: true, zeroDataRetention: false }));
    assert.deepEqual(document.pages, [
      { pageNumber: 1, markdown: 'Title page\n\nVersion (2)\n' },
      { pageNumber: 2, markdown: 'Chapter one\n' },
      { pageNumber: 3, markdown: 'The end\n' },
    ]);
    assert.equal(document.metadata?.numPages, 3);
    assert.equal(document.metadata.creditsUsed, 3);
    assert.equal(before - await remaining(), 3 * 15);
    const limited = await client.parse(upload('spec2.pdf', pdf), parseOptionsFor('spec2.pdf', { pdfMode: 'auto', maxPages: 2, pages: false, zeroDataRetention: false }));
    assert.equal(limited.pages, undefined, 'no pages unless asked');
    assert.equal(limited.markdown, 'Title page\n\nVersion (2)\n\nChapter one\n');
  });

  it('reads a DOCX\'s paragraphs and an XLSX\'s first sheet', async () => {
    const docx = await client.parse(upload('design.docx', makeDocx(['# Design', 'The parser reads <this> & that.'])));
    assert.equal(docx.markdown, '# Design\n\nThe parser reads <this> & that.\n');
    const xlsx = await client.parse(upload('budget.xlsx', makeXlsx([['Item', 'Cost'], ['Disks', '120']])));
    assert.equal(xlsx.markdown, '| Item | Cost |\n| --- | --- |\n| Disks | 120 |\n');
  });

  it('says the service\'s 400 for a file it does not take, and its 402, in plain words', async () => {
    await assert.rejects(client.parse(upload('notes.txt', 'hello')), (error: unknown) => {
      assert.ok(error instanceof WebDataError);
      assert.equal(error.kind, 'invalid-request');
      assert.equal(error.status, 400);
      assert.match(error.message, /Unsupported file type "\.txt"/);
      return true;
    });
    emulator.injectFault({ path: PARSE, fault: { kind: 'payment-required' } });
    await assert.rejects(client.parse(upload('a.csv', 'a\n1\n')), (error: unknown) => error instanceof WebDataError && error.kind === 'payment-required' && error.status === 402);
  });

  it('a file that changes size while it is sent fails in those words, not as the network', async () => {
    const file = { ...upload('growing.csv', 'a\n1\n2\n'), size: 3 };
    await assert.rejects(client.parse(file), (error: unknown) => {
      assert.ok(error instanceof WebDataError);
      assert.equal(error.kind, 'invalid-request');
      assert.match(error.message, /^growing\.csv changed while it was sent, so nothing was converted\./);
      return true;
    });
  });

  it('sends nothing when an option is wrong', async () => {
    const before = emulator.requests.length;
    await assert.rejects(client.parse(upload('a.pdf', makePdf([['x']])), { parsers: [{ type: 'pdf', mode: 'slow' as 'fast', maxPages: 0 }], timeout: 400_000 }), (error: unknown) => {
      assert.ok(error instanceof WebDataError);
      assert.equal(error.kind, 'invalid-request');
      assert.match(error.message, /parsers\[0\]\.mode/);
      assert.match(error.message, /parsers\[0\]\.maxPages/);
      assert.match(error.message, /timeout/);
      return true;
    });
    assert.equal(emulator.requests.length, before);
  });

  it('reports progress up to the whole file, and a cancelled upload stops reading the file and is not charged', async function () {
    this.timeout(20_000);
    const big = Buffer.alloc(8 * 1024 * 1024, 'a');
    const file = upload('big.doc', big);
    const heard: number[] = [];
    await client.parse(file, {}, { onProgress: (sent, total) => { heard.push(sent); assert.equal(total, big.length); } });
    assert.equal(heard.at(-1), big.length);
    assert.ok(heard.length > 10, 'heard as it went, not once at the end');

    const before = await remaining();
    const start = emulator.requests.length;
    const abort = new AbortController();
    let last = 0;
    // The emulator answers late, so the cancel lands during the upload or while it waits.
    emulator.injectFault({ path: PARSE, fault: { kind: 'slow-headers', ms: 5000 } });
    const cancelled = client.parse(file, {}, { signal: abort.signal, onProgress: (sent) => {
      last = sent;
      if (sent >= 2 * 1024 * 1024) abort.abort();
    } });
    await assert.rejects(cancelled, (error: unknown) => error instanceof WebDataError && error.kind === 'cancelled');
    const atCancel = last;
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(last, atCancel, 'nothing more is read after the cancel');
    assert.ok(last < big.length, 'the file was not all sent');
    const seen = emulator.requests.slice(start).filter((r) => r.path === PARSE);
    assert.equal(seen.length, 1);
    assert.equal(seen[0]?.status, 0, 'never answered');
    assert.equal(await remaining(), before, 'nothing charged');
  });

  it('waits for a slow answer on demand, and the caller\'s signal ends the wait', async function () {
    this.timeout(10_000);
    emulator.injectFault({ path: PARSE, fault: { kind: 'slow-headers', ms: 600 } });
    const started = performance.now();
    assert.equal((await client.parse(upload('late.csv', 'a\n1\n'))).markdown, '| a |\n| --- |\n| 1 |\n');
    assert.ok(performance.now() - started >= 550, 'the answer came late');
    emulator.injectFault({ path: PARSE, fault: { kind: 'slow-headers', ms: 3000 } });
    const quick = new WebDataClient({ baseUrl: emulator.url, apiKey: DEMO_API_KEY, retry: { maxAttempts: 1 }, searchTimeoutMarginMs: 0 });
    try {
      // The upload allowance (a minute) is the client's own; a short parse timeout alone cannot end it sooner.
      const abort = AbortSignal.timeout(500);
      await assert.rejects(quick.parse(upload('slow.csv', 'a\n1\n'), { timeout: 1 }, { signal: abort }), (error: unknown) => error instanceof WebDataError && error.kind === 'cancelled');
    } finally {
      await quick.close();
    }
  });
});

// webData_read over a crawl's or batch scrape's pages: the input (a job id, its kind, a page
// by number or URL), the page found through the crawl results service against the emulator (from
// disk, else one document read again, never a loop over the job), and every part of a long page
// read in turn giving the page back exactly.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_API_KEY } from '../emulator';
import { tokenBudget } from '../../src/core/chat/fit';
import { readReadInput } from '../../src/core/chat/read-input';
import { readPart, splitPage } from '../../src/core/chat/read-result';
import { crawlPage, crawlPageSource } from '../../src/core/crawls/read-page';
import { CrawlResultsService } from '../../src/core/crawls/results';
import { PageStore } from '../../src/core/crawls/page-store';
import { useClientFixture } from './client-fixture';

const ID = '3F0C9A52-6A3E-4D7B-9C1E-2B8F4E7A1D01';
const id = ID.toLowerCase();
const quarter = (text: string): Promise<number> => Promise.resolve(Math.ceil(text.length / 4));

describe('chat: reading a crawl page in parts', () => {
  it('reads the input: a job id (lower-cased), its kind (crawl by default), a page by number, numeric text or URL', () => {
    assert.deepEqual(readReadInput({ jobId: ID, page: 4 }), { ok: true, request: { source: 'crawl', id, page: { number: 4 }, part: 1 } });
    assert.deepEqual(readReadInput({ jobId: id, kind: 'batch', page: '2', part: '3' }), { ok: true, request: { source: 'batch', id, page: { number: 2 }, part: 3 } });
    assert.deepEqual(readReadInput({ jobId: id, url: ' https://a.example/page/3 ' }), { ok: true, request: { source: 'crawl', id, page: { address: 'https://a.example/page/3' }, part: 1 } });
  });

  it('refuses a job id that is not one, an unknown kind, a missing page, and a search id beside a job id', () => {
    const check = (value: unknown): string => { const r = readReadInput(value); return r.ok ? 'ok' : r.problems.map((p) => p.field).join(','); };
    assert.equal(check({ jobId: 'not-a-uuid', page: 1 }), 'jobId');
    assert.equal(check({ jobId: id, kind: 'scrape', page: 1 }), 'kind');
    assert.equal(check({ jobId: id }), 'page');
    assert.equal(check({ jobId: id, page: 0 }), 'page');
    assert.equal(check({ jobId: id, searchId: 's', page: 1 }), 'searchId');
    const none = readReadInput({ page: 1 });
    assert.ok(!none.ok && /jobId/.test(none.problems[0]?.message ?? ''));
  });

  describe('through the crawl results service', () => {
    const fixture = useClientFixture();
    let root: string;
    const service = (): CrawlResultsService => {
      const client = fixture.client();
      return new CrawlResultsService({
        client: () => Promise.resolve(client),
        store: new PageStore({ root, budgetBytes: () => 50 * 1024 * 1024 }),
        describe: (error) => ({ kind: 'failed', message: error instanceof Error ? error.message : String(error) }),
      });
    };
    beforeEach(async () => {
      root = await mkdtemp(join(tmpdir(), 'crawl-read-'));
    });
    afterEach(() => rm(root, { recursive: true, force: true }));

    it('a page by number of a job not opened here is one document read from the service; an opened one comes from disk', async () => {
      const jobId = fixture.emulator.addCrawlJob(DEMO_API_KEY, { url: 'https://read.example', total: 300, completed: 300, listed: false });
      const results = service();
      const before = fixture.emulator.requests.length;
      const found = await crawlPageSource(results, 'crawl').find(jobId, { number: 250 });
      assert.ok(found.ok, found.ok ? '' : found.problem);
      assert.equal(found.page.what, `page 250 of crawl ${jobId}`);
      assert.ok(found.page.text.startsWith('# Page 250 of read.example\n\n'), found.page.text.slice(0, 60));
      assert.equal(found.page.call(2), `{"what":{"source":"jobPage","jobId":"${jobId}","kind":"crawl","page":250,"part":2}}`);
      const asked = fixture.emulator.requests.slice(before);
      assert.deepEqual(asked.map((r) => r.path), [`/v2/crawl/${jobId}`], 'one request for one document');
      await results.open({ id: jobId, kind: 'crawl' });
      const opened = fixture.emulator.requests.length;
      const again = await crawlPage(results, { id: jobId, kind: 'crawl' }, { number: 3 });
      assert.ok(again.ok && again.page.text.startsWith('# Page 3 of read.example'));
      assert.equal(fixture.emulator.requests.length, opened, 'a stored page sends nothing');
    });

    it('a page by URL opens an unknown job once (its first page of results) and finds the row; says why when it cannot', async () => {
      const jobId = fixture.emulator.addCrawlJob(DEMO_API_KEY, { kind: 'batch', url: 'https://batch.example', total: 5, completed: 5, listed: false });
      const results = service();
      const byUrl = await crawlPage(results, { id: jobId, kind: 'batch' }, { address: 'https://batch.example/page/4/' });
      assert.ok(byUrl.ok, byUrl.ok ? '' : byUrl.problem);
      assert.equal(byUrl.page.what, `page 4 of batch scrape ${jobId}`);
      assert.equal(byUrl.page.call(1), `{"what":{"source":"jobPage","jobId":"${jobId}","kind":"batch","page":4,"part":1}}`);
      const problem = async (key: Parameters<typeof crawlPage>[2]): Promise<string> => { const r = await crawlPage(results, { id: jobId, kind: 'batch' }, key); return r.ok ? 'found' : r.problem; };
      assert.match(await problem({ address: 'https://elsewhere.example/' }), /No page of batch scrape .* has that URL; give the page's number/);
      assert.match(await problem({ number: 9 }), new RegExp(`has no page 9 \\(it has 5\\)`));
    });

    it('every part of a long crawl page, read in turn at 200 tokens, fits, names the next call, and the parts give the page exactly', async () => {
      const jobId = fixture.emulator.addCrawlJob(DEMO_API_KEY, { url: 'https://long.example', total: 2, completed: 2, listed: false, pageBytes: 12_000 });
      const results = service();
      const found = await crawlPage(results, { id: jobId, kind: 'crawl' }, { number: 2 });
      assert.ok(found.ok);
      const whole = await results.pageText({ id: jobId, kind: 'crawl' }, 1);
      assert.ok(whole.ok && whole.value.length === 12_000);
      const budget = tokenBudget(200, quarter);
      const parts = await splitPage(found.page, budget);
      assert.ok(parts && parts.length > 10, `${parts?.length} parts`);
      let joined = '';
      for (let n = 1; n <= parts.length; n++) {
        const read = await readPart(found.page, parts, { part: n }, budget);
        assert.ok(read.ok, `part ${n}`);
        assert.ok(Math.ceil(read.text.length / 4) <= 200);
        assert.ok(read.text.startsWith(`Part ${n} of ${parts.length} of the page markdown of page 2 of crawl ${jobId}`), read.text.slice(0, 120));
        if (n < parts.length) assert.ok(read.text.includes(`Next: {"what":{"source":"jobPage","jobId":"${jobId}","kind":"crawl","page":2,"part":${n + 1}}}`));
        joined += /\n(~{3,})markdown\n([\s\S]*)\n\1$/.exec(read.text)?.[2] ?? '<no fence>';
      }
      assert.equal(joined, whole.value);
    });
  });
});

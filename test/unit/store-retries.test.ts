// Issue 34, Windows: a rename or delete over a file another process holds open fails with EPERM,
// EBUSY or EACCES for a moment. Each store on disk that several windows share (the search
// history, the kept pages, the crawl page store) is given a file system that fails such calls,
// once or twice (retried: the write lands) or every time (reported as failed: nothing already
// stored is lost). The retry's sleep is injected, so no test waits on real time.
import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_RETRY, retryTransient, writeFailureOf, type RetryPolicy } from '../../src/core/fs-retry';
import { PageStore } from '../../src/core/crawls/page-store';
import { scrapedRecord, type ScrapedRecord } from '../../src/core/scrape/page';
import { ScrapedPages } from '../../src/core/scrape/store';
import { INDEX_FILE, SearchHistory } from '../../src/core/search/history';
import type { HistoryFileSystem } from '../../src/core/search/history-fs';
import { searchFacts } from '../../src/core/search/present';
import { searchTooltip } from '../../src/core/search/tooltip';
import { parseSearchIndex, readSearchRecordText, serializeSearchIndex } from '../../src/core/search/record-schema';
import { makeRecord } from './search-fixtures';

const fail = (code: string): Error => Object.assign(new Error(`${code}: operation not permitted (simulated)`), { code });

/** A retry policy that does not wait, and remembers the waits it was asked for. */
function instantRetry(): RetryPolicy & { waited: number[] } {
  const waited: number[] = [];
  return { delaysMs: DEFAULT_RETRY.delaysMs, sleep: (ms) => { waited.push(ms); return Promise.resolve(); }, waited };
}

type Call = 'rename' | 'unlink' | 'rm';

/**
 * `fs` whose `call` fails with `code` the first `times` times its path matches `target`
 * (Infinity: every time). `failures` counts the failures made.
 */
function flaky(call: Call, code: string, times: number, target: RegExp = /./): { fs: typeof fs; failures: () => number } {
  let failures = 0;
  const original = fs[call] as (...args: unknown[]) => Promise<void>;
  const wrapped = (...args: unknown[]): Promise<void> => {
    const path = String(args[call === 'rename' ? 1 : 0]);
    if (target.test(path) && failures < times) {
      failures++;
      return Promise.reject(fail(code));
    }
    return original.apply(fs, args);
  };
  return { fs: { ...fs, [call]: wrapped }, failures: () => failures };
}

const CODES = ['EPERM', 'EBUSY', 'EACCES'];

describe('stores shared by several windows retry a held file (Windows)', () => {
  let dir: string;
  beforeEach(async () => { dir = await fs.mkdtemp(join(tmpdir(), 'wd-retry-')); });
  afterEach(() => fs.rm(dir, { recursive: true, force: true }));

  describe('the retry itself', () => {
    it('tries again after each delay while the code is transient, then gives up with the last error', async () => {
      const retry = instantRetry();
      let attempts = 0;
      await assert.rejects(retryTransient(() => { attempts++; return Promise.reject(fail('EBUSY')); }, retry), /EBUSY/);
      assert.equal(attempts, DEFAULT_RETRY.delaysMs.length + 1);
      assert.deepEqual(retry.waited, DEFAULT_RETRY.delaysMs);
    });

    it('waits about a second in all, never more than two', () => {
      const total = DEFAULT_RETRY.delaysMs.reduce((a, b) => a + b, 0);
      assert.ok(total >= 500 && total <= 2000, `${total} ms`);
    });

    it('does not retry an error a wait cannot clear (ENOENT, ENOSPC)', async () => {
      for (const code of ['ENOENT', 'ENOSPC']) {
        const retry = instantRetry();
        let attempts = 0;
        await assert.rejects(retryTransient(() => { attempts++; return Promise.reject(fail(code)); }, retry));
        assert.equal(attempts, 1, code);
      }
    });

    it('says why a write failed as structure: held, no space, read-only, other', () => {
      assert.deepEqual([fail('EPERM'), fail('EACCES'), fail('ENOSPC'), fail('EROFS'), fail('EMFILE'), fail('EIO'), new Error('x')].map((e) => writeFailureOf(e).kind), ['in-use', 'in-use', 'no-space', 'read-only', 'other', 'other', 'other']);
      assert.equal(writeFailureOf(fail('EBUSY')).code, 'EBUSY');
    });
  });

  describe('search history', () => {
    const codec = { parseIndex: parseSearchIndex, readRecordText: readSearchRecordText, serializeIndex: serializeSearchIndex };
    const log = { warn: () => undefined, error: () => undefined };
    const open = (fsUsed: HistoryFileSystem = fs, retry: RetryPolicy = instantRetry()): SearchHistory =>
      new SearchHistory({ storageDir: dir, codec, log, limits: () => ({ maxCount: 50, maxBytes: 1e9 }), fs: fsUsed, retry });
    const record = (id: string, minute: number) => makeRecord({ id, createdAt: new Date(Date.UTC(2026, 10, 28, 8, minute)).toISOString(), request: { query: `query ${id}` } });
    const listed = async (history: SearchHistory): Promise<string[]> => (await history.list()).map((s) => s.id);
    const leftovers = async (): Promise<string[]> => (await fs.readdir(join(dir, 'searches'))).filter((n) => n.endsWith('.tmp'));

    for (const code of CODES) {
      it(`a search whose file rename fails twice with ${code} is retried and kept, in the index too`, async () => {
        const flakyFs = flaky('rename', code, 2, /aaaa-1\.json$/);
        const outcome = await open(flakyFs.fs).add(record('aaaa-1', 1));
        assert.equal(flakyFs.failures(), 2);
        assert.equal(outcome.saved, true);
        assert.deepEqual(await listed(open()), ['aaaa-1']);
        assert.deepEqual(parseSearchIndex(JSON.parse(await fs.readFile(join(dir, INDEX_FILE), 'utf8')))?.map((s) => s.id), ['aaaa-1']);
      });

      it(`a search whose file rename always fails with ${code} is said not kept, with why; the searches before it stay`, async () => {
        await open().add(record('aaaa-1', 1));
        const window = open(flaky('rename', code, Infinity, /aaaa-2\.json$/).fs);
        const outcome = await window.add(record('aaaa-2', 2));
        assert.ok(!outcome.saved);
        assert.deepEqual([outcome.failure.kind, outcome.failure.code], ['in-use', code]);
        // Its row says so, in this window; the index other windows read never lists it.
        assert.equal(outcome.summary.notSaved?.code, code);
        assert.deepEqual((await window.list()).map((s) => [s.id, s.notSaved?.code]), [['aaaa-2', code], ['aaaa-1', undefined]]);
        assert.deepEqual(searchFacts(outcome.summary, new Date()).notSaved, true);
        assert.deepEqual(searchTooltip(outcome.summary).facts.flatMap((f) => (f.kind === 'notSaved' ? [f.failure.kind] : [])), ['in-use']);
        assert.deepEqual(parseSearchIndex(JSON.parse(await fs.readFile(join(dir, INDEX_FILE), 'utf8')))?.map((s) => s.id), ['aaaa-1']);
        assert.deepEqual(await listed(open()), ['aaaa-1']);
        assert.deepEqual(await leftovers(), []);
      });

      it(`an index rename that fails once with ${code} is retried: another window lists the search from the index`, async () => {
        const flakyFs = flaky('rename', code, 1, new RegExp(`${INDEX_FILE.replace('.', '\\.')}$`));
        await open(flakyFs.fs).add(record('aaaa-1', 1));
        assert.equal(flakyFs.failures(), 1);
        assert.deepEqual(parseSearchIndex(JSON.parse(await fs.readFile(join(dir, INDEX_FILE), 'utf8')))?.map((s) => s.id), ['aaaa-1']);
      });

      it(`a removal whose delete fails twice with ${code} is retried: the search does not come back`, async () => {
        await open().add(record('aaaa-1', 1));
        await open().add(record('aaaa-2', 2));
        const flakyFs = flaky('unlink', code, 2, /aaaa-1\.json$/);
        await open(flakyFs.fs).remove('aaaa-1');
        assert.equal(flakyFs.failures(), 2);
        assert.deepEqual(await listed(open()), ['aaaa-2']);
      });

      it(`a removal whose delete always fails with ${code} leaves the search listed, in this window and the next, and works once the file is let go`, async () => {
        await open().add(record('aaaa-1', 1));
        await open().add(record('aaaa-2', 2));
        const window = open(flaky('unlink', code, Infinity, /aaaa-1\.json$/).fs);
        await window.remove('aaaa-1');
        assert.deepEqual(await listed(window), ['aaaa-2', 'aaaa-1']);
        assert.deepEqual(await listed(open()), ['aaaa-2', 'aaaa-1']);
        await open().remove('aaaa-1');
        assert.deepEqual(await listed(open()), ['aaaa-2']);
      });

      it(`a search the limit evicts whose delete always fails with ${code} stays listed, and goes at the next write once let go`, async () => {
        const limited = (fsUsed: HistoryFileSystem = fs): SearchHistory => new SearchHistory({ storageDir: dir, codec, log, limits: () => ({ maxCount: 2, maxBytes: 1e9 }), fs: fsUsed, retry: instantRetry() });
        await limited().add(record('aaaa-1', 1));
        await limited().add(record('aaaa-2', 2));
        const window = limited(flaky('unlink', code, Infinity, /aaaa-1\.json$/).fs);
        await window.add(record('aaaa-3', 3));
        assert.deepEqual(await listed(window), ['aaaa-3', 'aaaa-2', 'aaaa-1']);
        await limited().add(record('aaaa-4', 4));
        assert.deepEqual(await listed(limited()), ['aaaa-4', 'aaaa-3']);
      });

      it(`clearing, when one search's delete always fails with ${code}, keeps that one listed and clears the rest`, async () => {
        for (const [n, id] of ['aaaa-1', 'aaaa-2', 'aaaa-3'].entries()) await open().add(record(id, n));
        const window = open(flaky('unlink', code, Infinity, /aaaa-2\.json$/).fs);
        await window.clear();
        assert.deepEqual(await listed(window), ['aaaa-2']);
        assert.deepEqual(await listed(open()), ['aaaa-2']);
      });

      it(`the index lock whose delete fails once with ${code} is still removed, so the next window does not wait`, async () => {
        const flakyFs = flaky('unlink', code, 1, /search-history\.lock$/);
        await open(flakyFs.fs).add(record('aaaa-1', 1));
        assert.equal(flakyFs.failures(), 1);
        await assert.rejects(fs.stat(join(dir, 'search-history.lock')), { code: 'ENOENT' });
      });
    }
  });

  describe('the index lock', () => {
    const codec = { parseIndex: parseSearchIndex, readRecordText: readSearchRecordText, serializeIndex: serializeSearchIndex };
    for (const code of CODES) {
      it(`a lock file refused once with ${code} (another window deleting it) is waited for and taken, not written around`, async () => {
        const warnings: string[] = [];
        let refused = 0;
        let taken = 0;
        const open = ((file: string, flags: string) => {
          if (file.endsWith('.lock') && refused === 0) {
            refused++;
            return Promise.reject(fail(code));
          }
          if (file.endsWith('.lock')) taken++;
          return fs.open(file, flags);
        }) as HistoryFileSystem['open'];
        const history = new SearchHistory({ storageDir: dir, codec, log: { warn: (m) => warnings.push(m), error: (m) => warnings.push(m) }, limits: () => ({ maxCount: 50, maxBytes: 1e9 }), fs: { ...fs, open }, retry: instantRetry() });
        assert.equal((await history.add(makeRecord({ id: 'aaaa-1' }))).saved, true);
        assert.equal(refused, 1);
        assert.ok(taken >= 1);
        assert.deepEqual(warnings, []);
      });
    }
  });

  describe('kept pages', () => {
    const idOf = (n: number): string => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
    const page = (n: number): ScrapedRecord => scrapedRecord(idOf(n), `https://a.example/${n}`, { markdown: `# Page ${n}`, metadata: { title: `Page ${n}` } }, new Date(Date.UTC(2026, 10, 28, 8, n)), 'person');
    const open = (fsUsed: HistoryFileSystem = fs): ScrapedPages => new ScrapedPages(dir, { fs: fsUsed, retry: instantRetry(), log: { warn: () => undefined } });
    const ids = async (): Promise<string[]> => ((await open().summaries()) ?? []).map((p) => p.id);

    for (const code of CODES) {
      it(`a page whose record rename fails twice with ${code} is retried and kept`, async () => {
        const flakyFs = flaky('rename', code, 2, /000000000001\.json$/);
        await open(flakyFs.fs).save(page(1));
        assert.equal(flakyFs.failures(), 2);
        assert.deepEqual(await ids(), [idOf(1)]);
        assert.equal((await open().read(idOf(1)))?.markdown, '# Page 1');
      });

      it(`a page whose record rename always fails with ${code} is refused; the pages before it stay`, async () => {
        await open().save(page(1));
        await assert.rejects(open(flaky('rename', code, Infinity, /000000000002\.json$/).fs).save(page(2)), { code });
        assert.deepEqual(await ids(), [idOf(1)]);
        assert.deepEqual((await fs.readdir(join(dir, 'scrapes'))).filter((n) => n.endsWith('.tmp')), []);
      });

      it(`a page whose row rename always fails with ${code} is still kept: its row is made from the record`, async () => {
        await open(flaky('rename', code, Infinity, /\.row\.json$/).fs).save(page(1));
        assert.deepEqual(await ids(), [idOf(1)]);
      });

      it(`a removal whose delete always fails with ${code} leaves the page listed, not shown as gone`, async () => {
        await open().save(page(1));
        await open(flaky('unlink', code, Infinity, /000000000001\.json$/).fs).remove(idOf(1));
        assert.deepEqual(await ids(), [idOf(1)]);
      });

      it(`a removal whose delete fails twice with ${code} is retried: the page is gone`, async () => {
        await open().save(page(1));
        const flakyFs = flaky('unlink', code, 2, /000000000001\.json$/);
        await open(flakyFs.fs).remove(idOf(1));
        assert.equal(flakyFs.failures(), 2);
        assert.deepEqual(await ids(), []);
      });
    }
  });

  describe('crawl page store', () => {
    const job = { id: '11111111-2222-4333-8444-555555555555', kind: 'crawl' as const };
    const other = { id: '11111111-2222-4333-8444-666666666666', kind: 'crawl' as const };
    const open = (fsUsed: typeof fs = fs, budget = 1e9): PageStore => new PageStore({ root: dir, budgetBytes: () => budget, fs: fsUsed, retry: instantRetry() });

    for (const code of CODES) {
      it(`a page whose rename fails twice with ${code} is retried and kept`, async () => {
        const flakyFs = flaky('rename', code, 2);
        assert.equal(await open(flakyFs.fs).put(job, 0, '# zero'), true);
        assert.equal(flakyFs.failures(), 2);
        assert.equal(await open().get(job, 0), '# zero');
      });

      it(`a page whose rename always fails with ${code} is said not kept; the page before it stays`, async () => {
        const store = open(flaky('rename', code, Infinity, /1\.md$/).fs);
        assert.equal(await store.put(job, 0, '# zero'), true);
        assert.equal(await store.put(job, 1, '# one'), false);
        assert.equal(await store.get(job, 0), '# zero');
        assert.equal(await store.get(job, 1), undefined);
        assert.deepEqual((await fs.readdir(join(dir, `crawl-${job.id}`))).filter((n) => n.endsWith('.tmp')), []);
      });

      it(`an older job's folder whose removal fails once with ${code} is retried to make room`, async () => {
        assert.equal(await open().put(other, 0, 'x'.repeat(60)), true);
        const flakyFs = flaky('rm', code, 1);
        assert.equal(await open(flakyFs.fs, 100).put(job, 0, 'y'.repeat(60)), true);
        assert.equal(flakyFs.failures(), 1);
        assert.deepEqual(await fs.readdir(dir), [`crawl-${job.id}`]);
      });
    }
  });
});

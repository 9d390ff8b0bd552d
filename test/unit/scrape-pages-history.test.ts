// The kept pages as a history (issue 27): rows listed without reading a page's markdown, pins kept
// in the row file, a limit that evicts the oldest unpinned pages, removal and clearing, two
// windows (two stores over one folder) that never lose each other's pages or pins, and a folder
// that cannot be listed (EIO) that keeps every page. Also Scrape with Options' request and price.
import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HistoryFileSystem } from '../../src/core/search/history-fs';
import { checkWholeNumber, choicesFromRequest, defaultScrapeChoices, parseTags, scrapeBody, scrapePriceOf, scrapeShape } from '../../src/core/scrape/options';
import { markdownLinkAt, pageLinks, scrapedRecord, type ScrapedRecord } from '../../src/core/scrape/page';
import { ScrapedPages, SCRAPES_FOLDER } from '../../src/core/scrape/store';

const T0 = Date.parse('2026-11-27T12:00:00Z');
const idOf = (n: number): string => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
function page(n: number, askedBy: ScrapedRecord['askedBy'] = 'person', credits?: number): ScrapedRecord {
  const record = scrapedRecord(idOf(n), `https://a.example/${n}`, { markdown: `# Page ${n}\n${'x'.repeat(100)}`, metadata: { title: `Page ${n}`, ...(credits !== undefined ? { creditsUsed: credits } : {}) } }, new Date(T0 + n * 1000), askedBy);
  record.request = { formats: ['markdown'], onlyMainContent: true, maxAge: 0 };
  return record;
}

describe('kept pages as a history', () => {
  let dir: string;
  beforeEach(async () => { dir = await mkdtemp(join(tmpdir(), 'wd-pages-')); });
  afterEach(async () => { await rm(dir, { recursive: true, force: true }); });

  const ids = async (pages: ScrapedPages): Promise<string[]> => ((await pages.summaries()) ?? []).map((p) => p.id);

  it('lists rows newest first with who asked and the cost, without reading any markdown', async () => {
    const pages = new ScrapedPages(dir);
    await pages.save(page(1, 'person', 1));
    await pages.save(page(2, 'agent'));
    let recordReads = 0;
    const counting = new ScrapedPages(dir, { fs: { ...fs, readFile: ((file: string, ...rest: unknown[]) => {
      if (/[0-9a-f]{12}\.json$/.test(file)) recordReads++;
      return (fs.readFile as (...a: unknown[]) => Promise<string>)(file, ...rest);
    }) as HistoryFileSystem['readFile'] } });
    const rows = await counting.summaries();
    assert.deepEqual(rows?.map((r) => [r.id, r.askedBy, r.creditsUsed, r.title]), [[idOf(2), 'agent', undefined, 'Page 2'], [idOf(1), 'person', 1, 'Page 1']]);
    assert.equal(recordReads, 0, 'a record file was read to list the rows');
    assert.ok(rows);
    assert.equal(rows[1]?.shape, 'markdown');
  });

  it('a page kept before rows existed (its record alone) is listed from its record', async () => {
    const record = page(7);
    await fs.mkdir(join(dir, SCRAPES_FOLDER), { recursive: true });
    await writeFile(join(dir, SCRAPES_FOLDER, `${record.id}.json`), JSON.stringify(record), 'utf8');
    assert.deepEqual(await ids(new ScrapedPages(dir)), [record.id]);
    assert.equal(await new ScrapedPages(dir).setPinned(record.id, true), true);
    assert.equal((await new ScrapedPages(dir).summaries())?.[0]?.pinned, true);
  });

  it('keeps one row per address: the newest fetch replaces the earlier ones, a pinned one stays (issue 34)', async () => {
    const pages = new ScrapedPages(dir);
    const first = page(1);
    const pinned = { ...page(2), url: first.url };
    const again = { ...page(3), url: first.url };
    const other = page(4);
    await pages.save(first);
    await pages.save(pinned);
    assert.deepEqual(await ids(pages), [pinned.id], 'the second fetch of the address replaced the first');
    assert.equal(await pages.setPinned(pinned.id, true), true);
    await pages.save(again);
    await pages.save(other);
    assert.deepEqual(await ids(pages), [other.id, again.id, pinned.id]);
    assert.equal(await pages.read(first.id), undefined, 'the replaced record is gone too');
  });

  it('keeps at most the limit, the oldest unpinned going first; a pinned page stays', async () => {
    const pages = new ScrapedPages(dir, { limits: () => ({ maxCount: 2, maxBytes: 1e9 }) });
    await pages.save(page(1));
    await pages.save(page(2));
    assert.equal(await pages.setPinned(idOf(1), true), true);
    await pages.save(page(3));
    assert.deepEqual(await ids(pages), [idOf(3), idOf(1)], 'the pinned page was evicted, or the unpinned one kept');
    await pages.save(page(4));
    assert.deepEqual(await ids(pages), [idOf(4), idOf(1)]);
    assert.equal(await pages.read(idOf(2)), undefined, 'an evicted page\'s record is still on disk');
    const left = (await readdir(join(dir, SCRAPES_FOLDER))).filter((n) => !n.endsWith('.lock')).sort();
    assert.deepEqual(left, [`${idOf(1)}.json`, `${idOf(1)}.row.json`, `${idOf(4)}.json`, `${idOf(4)}.row.json`]);
  });

  it('removes one page, and clears the rest keeping pinned ones unless asked', async () => {
    const pages = new ScrapedPages(dir);
    for (const n of [1, 2, 3]) await pages.save(page(n));
    await pages.setPinned(idOf(2), true);
    await pages.remove(idOf(3));
    assert.deepEqual(await ids(pages), [idOf(2), idOf(1)]);
    assert.equal(await pages.setPinned(idOf(3), true), false, 'a removed page was pinned back to life');
    // A row whose record is gone (a removal another window was making when it crashed) names no page.
    await writeFile(join(dir, SCRAPES_FOLDER, `${idOf(9)}.row.json`), JSON.stringify({ ...(await pages.summaries())?.[0], id: idOf(9) }), 'utf8');
    assert.equal(await pages.setPinned(idOf(9), true), false, 'a row without its record was pinned');
    assert.deepEqual(await ids(pages), [idOf(2), idOf(1)]);
    assert.equal(await pages.clear(), 1);
    assert.deepEqual(await ids(pages), [idOf(2)]);
    assert.equal(await pages.clear({ includePinned: true }), 1);
    assert.deepEqual(await ids(pages), []);
  });

  it('two windows: each one\'s pages and pins survive the other\'s saves and evictions', async () => {
    const limits = (): { maxCount: number; maxBytes: number } => ({ maxCount: 3, maxBytes: 1e9 });
    const a = new ScrapedPages(dir, { limits });
    const b = new ScrapedPages(dir, { limits });
    await a.save(page(1));
    await b.save(page(2));
    assert.equal(await b.setPinned(idOf(1), true), true, 'window B pins window A\'s page');
    // Both save at once: every page is its own file, and eviction reads the folder under the lock.
    await Promise.all([a.save(page(3)), b.save(page(4)), a.save(page(5)), b.save(page(6))]);
    const listed = await ids(a);
    assert.deepEqual(await ids(b), listed, 'the two windows see different pages');
    assert.ok(listed.includes(idOf(1)), 'the page window B pinned was evicted by window A');
    assert.ok(listed.includes(idOf(6)), 'the newest page was lost');
    assert.equal(listed.length, 3);
  });

  for (const code of ['EIO', 'EBUSY']) {
    it(`a folder that cannot be listed (${code}) shows no rows change and deletes nothing`, async () => {
      const pages = new ScrapedPages(dir, { limits: () => ({ maxCount: 1, maxBytes: 1e9 }) });
      await pages.save(page(1));
      const fail = (): Promise<never> => Promise.reject(Object.assign(new Error(code), { code }));
      const failing = new ScrapedPages(dir, { limits: () => ({ maxCount: 1, maxBytes: 1e9 }), fs: { ...fs, readdir: fail as unknown as HistoryFileSystem['readdir'] }, log: { warn: () => undefined } });
      assert.equal(await failing.summaries(), undefined, 'a failed listing looked like an empty folder');
      await failing.save(page(2));
      assert.equal(await failing.clear({ includePinned: true }), 0);
      assert.deepEqual(await ids(pages), [idOf(2), idOf(1)], 'a page was deleted after a failed listing');
    });
  }
});

describe('scrape with options: the request and the price', () => {
  it('sends only what differs from the service\'s defaults, and the cache age in milliseconds', () => {
    const c = defaultScrapeChoices('https://a.example/', { formats: ['markdown', 'links'], onlyMainContent: true, maxAgeMinutes: 60 });
    assert.deepEqual(scrapeBody(c), { url: 'https://a.example/', formats: ['markdown', 'links'], onlyMainContent: true, maxAge: 3_600_000 });
    assert.deepEqual(scrapeBody({ ...c, waitFor: 500, mobile: true, includeTags: ['article'], excludeTags: ['nav', '.ads'], zeroDataRetention: true }), {
      url: 'https://a.example/', formats: ['markdown', 'links'], onlyMainContent: true, maxAge: 3_600_000, waitFor: 500, mobile: true, includeTags: ['article'], excludeTags: ['nav', '.ads'], zeroDataRetention: true,
    });
  });

  it('a request argument\'s options are the choices; what it leaves open stays as the settings say', () => {
    const defaults = defaultScrapeChoices('', { formats: ['markdown'], onlyMainContent: true, maxAgeMinutes: 60 });
    const c = choicesFromRequest({ url: 'https://a.example/', formats: [{ type: 'summary' }, 'screenshot'], maxAge: 90_000, excludeTags: ['nav'] }, defaults);
    assert.deepEqual(scrapeBody(c), { url: 'https://a.example/', formats: ['summary'], onlyMainContent: true, maxAge: 120_000, excludeTags: ['nav'] });
    assert.deepEqual(choicesFromRequest({ url: 'https://a.example/', formats: ['screenshot'] }, defaults).formats, ['markdown'], 'a format the steps do not offer leaves the default');
  });

  it('checks numbers and tags as typed', () => {
    assert.deepEqual(checkWholeNumber('', 10), { ok: true, value: 0 });
    assert.deepEqual(checkWholeNumber('1,500', 60_000), { ok: true, value: 1500 });
    assert.equal(checkWholeNumber('-1', 10).ok, false);
    assert.deepEqual(checkWholeNumber('11', 10), { ok: false, problem: 'range', max: 10 });
    assert.deepEqual(parseTags('nav, .ads  #footer nav'), { ok: true, tags: ['nav', '.ads', '#footer'] });
    assert.deepEqual(parseTags('<script>'), { ok: false, bad: '<script>' });
  });

  it('prices from the person\'s own scrapes of the same shape, else unknown: never a number made up', () => {
    const shape = scrapeShape({ formats: ['markdown'] });
    assert.deepEqual(scrapePriceOf(shape, []), { kind: 'unknown' });
    const rows = [
      { askedBy: 'agent', creditsUsed: 9, shape },
      { askedBy: 'person', creditsUsed: 1, shape },
      { askedBy: 'person', creditsUsed: 5, shape: scrapeShape({ formats: ['markdown', 'summary'] }) },
      { askedBy: 'person', shape },
      { askedBy: 'person', creditsUsed: 2, shape },
    ];
    assert.deepEqual(scrapePriceOf(shape, rows), { kind: 'history', min: 1, max: 2, times: 2 });
    assert.deepEqual(scrapePriceOf(scrapeShape({ formats: ['markdown'], zeroDataRetention: true }), rows), { kind: 'unknown' });
  });
});

describe('links where the person points', () => {
  it('a markdown link under the cursor, on its label or its address', () => {
    const line = 'See [the streams guide](https://docs.example.com/guide/streams "Guide") first.';
    assert.equal(markdownLinkAt(line, 6), 'https://docs.example.com/guide/streams');
    assert.equal(markdownLinkAt(line, 30), 'https://docs.example.com/guide/streams');
    assert.equal(markdownLinkAt(line, 1), undefined);
  });

  it('a page\'s links once each, with their labels', () => {
    const links = pageLinks('[Home](https://a.example/) and [**Docs**](https://a.example/docs). Also https://b.example/x, and [Home again](https://a.example/).');
    assert.deepEqual(links, [{ url: 'https://a.example/', label: 'Home' }, { url: 'https://a.example/docs', label: 'Docs' }, { url: 'https://b.example/x' }]);
  });
});

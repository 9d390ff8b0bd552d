// A scraped page's record, its tab header's facts, its tab address, and finding a URL where the
// person is (under the cursor, in a selection, on the clipboard).
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { firstUrl, isErrorPage, pageAddress, pageHeader, pageIdOf, scrapedRecord, urlAt, urlsIn } from '../../src/core/scrape/page';
import { ScrapedPages, SCRAPES_FOLDER } from '../../src/core/scrape/store';

const ID = '3f0c9a52-6a3e-4d7b-9c1e-2b8f4e7a1d01';
const NOW = new Date('2026-11-27T12:00:00Z');

describe('scraped page records', () => {
  it('keeps the title, the landed address and the cache age', () => {
    const record = scrapedRecord(ID, 'http://docs.example.com/a', {
      markdown: '# A', metadata: { title: ['A page', 'dup'], url: 'https://docs.example.com/a', statusCode: 200, cacheState: 'hit', cachedAt: '2026-11-27T09:00:00Z', creditsUsed: 1 },
    }, NOW, 'person');
    assert.equal(record.title, 'A page');
    assert.equal(record.creditsUsed, 1);
    assert.deepEqual(pageHeader(record), { title: 'A page', finalUrl: 'https://docs.example.com/a', redirectedFrom: 'http://docs.example.com/a', cachedAgeMs: 3 * 3_600_000, creditsUsed: 1 });
  });

  it('falls back to the address as title, and names a status other than 200', () => {
    const record = scrapedRecord(ID, 'https://x.example/moved', { markdown: null, metadata: { statusCode: 302, cacheState: 'miss' } }, NOW, 'agent');
    assert.equal(record.title, 'https://x.example/moved');
    assert.equal(record.markdown, '');
    assert.deepEqual(pageHeader(record), { title: 'https://x.example/moved', finalUrl: 'https://x.example/moved', statusCode: 302 });
  });

  it('a page the site does not have is named by its status and address, not "Not Found", and its cost is in the header (issue 34)', () => {
    const record = scrapedRecord(ID, 'https://x.example/guide/missing', { markdown: '# Not Found', metadata: { title: 'Not Found', statusCode: 404, creditsUsed: 1 } }, NOW, 'person');
    assert.equal(record.title, '404 x.example/guide/missing');
    assert.equal(isErrorPage(record), true);
    assert.equal(isErrorPage({ statusCode: 200 }), false);
    assert.equal(isErrorPage({}), false);
    assert.deepEqual(pageHeader(record), { title: '404 x.example/guide/missing', finalUrl: 'https://x.example/guide/missing', statusCode: 404, creditsUsed: 1 });
    assert.match(pageAddress(record).path, /^\/x\.example\/404 x\.example.guide.missing\.md$/);
  });

  it('a hostile title makes a safe file name and the id comes back from the path', () => {
    const address = pageAddress({ id: ID, title: '../../etc/passwd $(alert) [x](command:quit)', finalUrl: 'https://docs.example.com:8443/a' });
    assert.equal(address.path.split('/').length, 3);
    assert.equal(address.path.split('/')[1], 'docs.example.com 8443');
    assert.doesNotMatch(address.path.split('/')[2] ?? '', /[\\/:]/);
    assert.equal(pageIdOf(address.query), ID);
    assert.equal(pageIdOf('id=not-an-id'), undefined);
    assert.equal(pageAddress({ id: ID, title: 'x', finalUrl: 'not a url' }).path, '/page/x.md');
  });
});

describe('finding a URL where the person is', () => {
  it('under the cursor, without the sentence\'s punctuation', () => {
    const line = 'See https://docs.tideflow.dev/guide/streams. Or (https://a.example/x).';
    assert.equal(urlAt(line, 10), 'https://docs.tideflow.dev/guide/streams');
    assert.equal(urlAt(line, 2), undefined);
    assert.equal(urlAt(line, line.indexOf('a.example')), 'https://a.example/x');
  });

  it('in a selection or the clipboard, and every one of several', () => {
    assert.equal(firstUrl('copy: <https://example.com/a?b=1> and more'), 'https://example.com/a?b=1');
    assert.equal(firstUrl('no address here'), undefined);
    assert.deepEqual(urlsIn('https://a.example/1\nhttps://a.example/2\nhttps://a.example/1'), ['https://a.example/1', 'https://a.example/2']);
  });
});

describe('scraped pages on disk', () => {
  it('saves and reads back; a broken or foreign file is as if absent', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'wd-scrapes-'));
    try {
      const pages = new ScrapedPages(dir);
      const record = scrapedRecord(ID, 'https://a.example/', { markdown: '# A', metadata: { title: 'A' } }, NOW, 'person');
      await pages.save(record);
      assert.deepEqual(await new ScrapedPages(dir).read(ID), record, 'another window reads it');
      await writeFile(join(dir, SCRAPES_FOLDER, `${ID}.json`), '{"id": 1', 'utf8');
      assert.equal(await pages.read(ID), undefined);
      await writeFile(join(dir, SCRAPES_FOLDER, `${ID}.json`), JSON.stringify({ ...record, markdown: 5 }), 'utf8');
      assert.equal(await pages.read(ID), undefined);
      assert.equal(await pages.read('../../etc/passwd'), undefined);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('lists every readable page newest first, leaving out broken files and temporary ones', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'wd-scrapes-'));
    try {
      const pages = new ScrapedPages(dir);
      assert.deepEqual(await pages.list(), [], 'no folder yet: nothing, not a failure');
      const older = scrapedRecord('00000000-0000-4000-8000-000000000001', 'https://a.example/1', { markdown: '# 1' }, new Date(NOW.getTime() - 60_000), 'person');
      const newer = scrapedRecord('00000000-0000-4000-8000-000000000002', 'https://a.example/2', { markdown: '# 2' }, NOW, 'agent');
      await pages.save(older);
      await new ScrapedPages(dir).save(newer);
      await writeFile(join(dir, SCRAPES_FOLDER, '00000000-0000-4000-8000-000000000003.json'), '{"id"', 'utf8');
      await writeFile(join(dir, SCRAPES_FOLDER, '.00000000-0000-4000-8000-000000000004.x.tmp'), JSON.stringify(newer), 'utf8');
      assert.deepEqual((await pages.list()).map((r) => r.url), ['https://a.example/2', 'https://a.example/1']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

// Crawl pages as documents and files: addresses that round-trip, tab titles and file names safe
// from hostile titles, front matter naming the source, and an all-pages document whose table of
// contents links only to our own headings.
import assert from 'node:assert/strict';
import { allPagesAddress, allPagesMarkdown, exportedPage, pageAddress, pageHeader, parsePageAddress, startsWithHeading } from '../../src/core/crawls/pages';
import type { CrawlPageRow } from '../../src/core/crawls/results';

const JOB = { id: '3f0c9a52-6a3e-4d7b-9c1e-2b8f4e7a1d01', kind: 'crawl' as const };
const HOSTILE = '$(alert) [Open](command:workbench.action.quit) \u202Eevil\u202C ../../etc/passwd <img src=x>';
const row = (index: number, title?: string): CrawlPageRow => ({ index, title, url: `https://a.example/${index + 1}`, statusCode: 200, stored: true });

describe('crawl pages as documents and files', () => {
  it('addresses round-trip, and a hostile title is a safe last segment (the tab title)', () => {
    const path = pageAddress(JOB, row(4, HOSTILE));
    const segments = path.split('/');
    assert.equal(segments.length, 5);
    assert.doesNotMatch(segments[4] ?? '', /[\u202e\u202c\\<>:]/);
    assert.ok(!['.', '..'].includes(segments[4] ?? ''));
    assert.deepEqual(parsePageAddress(path), { job: JOB, index: 4 });
    assert.deepEqual(parsePageAddress(allPagesAddress({ ...JOB, kind: 'batch' })), { job: { ...JOB, kind: 'batch' }, all: true });
    for (const bad of ['/crawl/not-a-uuid/1/x.md', `/other/${JOB.id}/1/x.md`, `/crawl/${JOB.id}/-1/x.md`, `/crawl/${JOB.id}/all/x.md`, '/']) assert.equal(parsePageAddress(bad), undefined, bad);
  });

  it('exports with safe, unique names and front matter naming the source URL', () => {
    const taken = new Set<string>();
    const first = exportedPage(row(0, HOSTILE), '# body', taken);
    const second = exportedPage({ ...row(0, HOSTILE) }, '# body', taken);
    assert.match(first.name, /^0001 [^/\\:*?"<>|#%]+\.md$/);
    assert.notEqual(first.name, second.name);
    assert.match(first.text, /^---\ntitle: ".*"\nsourceURL: "https:\/\/a\.example\/1"\nstatusCode: 200\n---\n\n# body$/);
    assert.equal(exportedPage(row(2, ''), 'x', taken).name, '0003 https a.example 3.md');
  });

  it('Open All: a table of contents of our own anchors; titles escaped', () => {
    const text = allPagesMarkdown('Crawl 3f0c9a52', [row(0, HOSTILE), row(1, 'Two')], (r) => `body ${r.index + 1}`);
    assert.match(text, /## Contents\n\n- \[Page 1: .*\]\(#page-1\)\n- \[Page 2: Two\]\(#page-2\)/);
    assert.doesNotMatch(text, /\[Open\]\(command:/);
    assert.match(text, /## Page 2\n\n\*\*Two\*\*\n\n<https:\/\/a\.example\/2>\n\nbody 2/);
  });

  it('the breadcrumb reads "Page 5" above the title, never a bare index; tabs restored with the older index form keep their page', () => {
    const path = pageAddress(JOB, row(4, 'Install'));
    assert.equal(path, `/crawl/${JOB.id}/Page 5/Install.md`);
    assert.deepEqual(parsePageAddress(path), { job: JOB, index: 4 });
    assert.deepEqual(parsePageAddress(`/crawl/${JOB.id}/4/Install.md`), { job: JOB, index: 4 });
    for (const bad of [`/crawl/${JOB.id}/Page 0/x.md`, `/crawl/${JOB.id}/Page -1/x.md`, `/crawl/${JOB.id}/Page 05/x.md`, `/crawl/${JOB.id}/page 5/x.md`]) {
      assert.equal(parsePageAddress(bad), undefined, bad);
    }
  });

  it('a page\'s header: its title as text (no escaped dots), and no second heading above the page\'s own', () => {
    const page = { ...row(0, 'Page 1 of handbook.tideflow.dev'), url: 'https://handbook.tideflow.dev/1' };
    assert.equal(pageHeader(page, 'Plain text first.'), '# Page 1 of handbook.tideflow.dev\n\n<https://handbook.tideflow.dev/1>\n');
    assert.equal(pageHeader(page, '# Page 1 of handbook.tideflow.dev\n\nBody.'), '<https://handbook.tideflow.dev/1>\n');
    assert.equal(pageHeader(page, '\n\nGuide\n=====\n'), '<https://handbook.tideflow.dev/1>\n');
    // Web text stays inert: no link, no HTML, no heading of its own can come from a title.
    assert.equal(pageHeader({ ...page, title: '[x](command:a) <b> #1 *y*' }, ''), '# \\[x\\](command:a) \\<b\\> \\#1 \\*y\\*\n\n<https://handbook.tideflow.dev/1>\n');
  });

  it('tells a page that opens with a heading from one that does not', () => {
    for (const yes of ['# A', '  ## B\ntext', '\n\n### C', 'Title\n===', 'Title\n---']) assert.equal(startsWithHeading(yes), true, yes);
    for (const no of ['', 'text', '#hashtag', '    # code', '- item', '---\ntext']) assert.equal(startsWithHeading(no), false, no);
  });
});

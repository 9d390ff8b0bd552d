// POST /v2/search of the emulator through real sockets: every query operator of spec 2.4, sources,
// limit per source, categories, domain filters and scraped formats.
import assert from 'node:assert/strict';
import { buildCorpus } from '../emulator/corpus';
import { corpusPage, startEmulator } from '../emulator';
import type { Emulator } from '../emulator';
import { search, urls } from '../emulator/raw-client';

const NOW = new Date('2026-06-15T12:00:00Z');
/** Matches every page: a negated word no page contains. */
const ALL = '-xyzzy';

const host = (url: string): string => new URL(url).hostname;
const text = (url: string): string => {
  const page = corpusPage(url, NOW);
  assert.ok(page, `${url} is not a corpus page`);
  return `${page.title}\n${page.description}\n${page.markdown}`.toLowerCase();
};

describe('emulator corpus', () => {
  it('holds a few dozen real pages of every kind across several sites', () => {
    const pages = buildCorpus(NOW).pages.map((p) => p.page);
    assert.ok(pages.length >= 30);
    assert.ok(new Set(pages.map((p) => host(p.url).split('.').slice(-2).join('.'))).size >= 8);
    for (const kind of ['article', 'docs', 'code', 'research', 'pdf', 'news'] as const) assert.ok(pages.some((p) => p.kind === kind), kind);
    for (const category of ['code_hosting', 'research', 'pdf'] as const) assert.ok(pages.some((p) => p.categories.includes(category)), category);
    for (const p of pages) {
      assert.match(p.markdown, /^# .+\n/, `${p.url} starts with a heading`);
      assert.ok(p.markdown.split('\n').filter((line) => /^[A-Z].{40,}/.test(line)).length >= 1, `${p.url} has a paragraph`);
      assert.ok(!Number.isNaN(Date.parse(p.date)) && Date.parse(p.date) <= NOW.getTime(), p.url);
      if (p.categories.includes('pdf')) assert.match(p.url, /\.pdf$/);
    }
    assert.ok(pages.flatMap((p) => p.images).length >= 10);
    assert.equal(new Set(pages.map((p) => p.url)).size, pages.length, 'urls are unique');
    assert.equal(corpusPage('https://example.com/not-in-corpus'), undefined);
  });
});

describe('emulator search: query operators', () => {
  let emulator: Emulator;
  const web = async (query: string, extra: object = {}): Promise<string[]> => urls((await search(emulator.url, { query, limit: 100, ...extra })).data.web);

  before(async () => {
    emulator = await startEmulator({ now: () => NOW });
  });
  after(() => emulator.close());

  it('matches plain words against page content, title matches first', async () => {
    const found = await web('backpressure');
    assert.equal(found[0], 'https://docs.tideflow.dev/guide/backpressure');
    assert.ok(found.length >= 4);
    for (const url of found) assert.match(text(url), /backpressure/);
  });

  it('matches plain words fuzzily (plurals) but quoted phrases exactly', async () => {
    assert.ok((await web('aphid')).includes('https://www.gardenjournal.example/pests/aphids-natural-control'));
    assert.deepEqual(await web('"aphid"'), []);
    const loose = await web('bounded buffers');
    const exact = await web('"bounded buffers"');
    assert.ok(exact.length > 0);
    for (const url of exact) assert.match(text(url), /bounded buffers/);
    assert.ok(loose.includes('https://docs.tideflow.dev/guide/backpressure'), 'the fuzzy query finds "bounded buffer" too');
    assert.ok(!exact.includes('https://docs.tideflow.dev/guide/backpressure'));
  });

  it('excludes a -word', async () => {
    const all = await web('tideflow');
    const without = await web('tideflow -backpressure');
    assert.ok(without.length > 0 && without.length < all.length);
    for (const url of without) assert.doesNotMatch(text(url), /backpressure/);
  });

  it('site: keeps a site and its subdomains, with an optional path; -site: removes it', async () => {
    const site = await web('site:tideflow.dev');
    assert.ok(site.some((u) => host(u) === 'docs.tideflow.dev') && site.some((u) => host(u) === 'blog.tideflow.dev'));
    for (const url of site) assert.match(host(url), /(^|\.)tideflow\.dev$/);
    assert.deepEqual((await web('site:docs.tideflow.dev/guide')).sort(), ['https://docs.tideflow.dev/guide/backpressure', 'https://docs.tideflow.dev/guide/streams']);
    const notSite = await web('tideflow -site:tideflow.dev');
    assert.ok(notSite.length > 0);
    for (const url of notSite) assert.doesNotMatch(host(url), /tideflow\.dev$/);
  });

  it('filetype: and -filetype:', async () => {
    const pdfs = await web('filetype:pdf');
    assert.equal(pdfs.length, 5);
    for (const url of pdfs) assert.match(url, /\.pdf$/);
    const noPdf = await web('buffers -filetype:pdf');
    assert.ok(noPdf.length > 0);
    for (const url of noPdf) assert.doesNotMatch(url, /\.pdf$/);
  });

  it('inurl: and allinurl:', async () => {
    assert.deepEqual((await web('inurl:recipes')).sort(), ['https://www.slowkitchen.example/recipes/roast-tomato-soup', 'https://www.slowkitchen.example/recipes/sourdough-starter']);
    assert.deepEqual((await web('allinurl:tideflow guide')).sort(), ['https://docs.tideflow.dev/guide/backpressure', 'https://docs.tideflow.dev/guide/streams']);
    for (const url of await web('tideflow -inurl:docs')) assert.doesNotMatch(url, /docs/);
  });

  it('intitle:, allintitle: and -intitle:', async () => {
    const titled = await web('intitle:tideflow');
    assert.ok(titled.length >= 5);
    for (const url of titled) assert.match(corpusPage(url, NOW)?.title.toLowerCase() ?? '', /tideflow/);
    assert.deepEqual(await web('allintitle:tideflow released'), ['https://blog.tideflow.dev/2026/tideflow-3-released']);
    const untitled = await web('backpressure -intitle:backpressure');
    assert.ok(untitled.length > 0 && !untitled.includes('https://docs.tideflow.dev/guide/backpressure'));
    for (const url of untitled) assert.doesNotMatch(corpusPage(url, NOW)?.title.toLowerCase() ?? '', /backpressure/);
  });

  it('related: keeps the site and the sites related to it', async () => {
    const related = await web('related:tideflow.dev');
    assert.ok(related.some((u) => host(u) === 'codehost.example'));
    assert.ok(related.some((u) => host(u) === 'docs.tideflow.dev'));
    for (const url of related) assert.match(host(url), /(tideflow\.dev|codehost\.example)$/);
  });

  it('imagesize: exact, larger: strictly bigger', async () => {
    const exact = (await search(emulator.url, { query: 'imagesize:800x600', sources: [{ type: 'images' }], limit: 100 })).data.images ?? [];
    assert.equal(exact.length, 4);
    for (const image of exact) assert.deepEqual([image.imageWidth, image.imageHeight], [800, 600]);
    const larger = (await search(emulator.url, { query: 'larger:1600x900', sources: [{ type: 'images' }], limit: 100 })).data.images ?? [];
    const sizes = larger.map((i) => `${i.imageWidth}x${i.imageHeight}`);
    assert.ok(sizes.includes('3000x2000') && sizes.includes('1920x1080'));
    assert.ok(!sizes.includes('1600x900'));
    for (const image of larger) assert.ok((image.imageWidth ?? 0) >= 1600 && (image.imageHeight ?? 0) >= 900);
    const notExact = (await search(emulator.url, { query: 'autumn -imagesize:800x600', sources: ['images'], limit: 100 })).data.images ?? [];
    assert.deepEqual(notExact.map((i) => `${i.imageWidth}x${i.imageHeight}`), ['3000x2000', '1920x1080']);
  });
});

describe('emulator search: sources, limit, categories, domains, formats', () => {
  let emulator: Emulator;
  before(async () => {
    emulator = await startEmulator({ now: () => NOW });
  });
  after(() => emulator.close());

  it('answers web only by default, and the arrays of the requested sources', async () => {
    const plain = await search(emulator.url, { query: 'tomato' });
    assert.deepEqual(Object.keys(plain.data), ['web']);
    const all = await search(emulator.url, { query: 'tomato', sources: [{ type: 'web' }, 'images', { type: 'news' }] });
    assert.deepEqual(Object.keys(all.data).sort(), ['images', 'news', 'web']);
    for (const item of all.data.news ?? []) assert.equal(corpusPage(item.url ?? '', NOW)?.kind, 'news');
    const news = await search(emulator.url, { query: 'tomato', sources: [{ type: 'news' }] });
    assert.deepEqual(Object.keys(news.data), ['news']);
    const first = news.data.news?.[0];
    assert.ok(first && typeof first.snippet === 'string' && typeof first.date === 'string' && first.position === 1);
  });

  it('applies limit per source and numbers positions from 1', async () => {
    const res = await search(emulator.url, { query: ALL, limit: 2, sources: ['web', 'images', 'news'] });
    for (const key of ['web', 'images', 'news'] as const) {
      assert.equal(res.data[key]?.length, 2, key);
      assert.deepEqual(res.data[key].map((r) => r.position), [1, 2]);
    }
    assert.equal((await search(emulator.url, { query: ALL, limit: 100 })).data.web?.length, 50);
  });

  it('filters by categories and sets each result category', async () => {
    const research = (await search(emulator.url, { query: ALL, limit: 100, categories: [{ type: 'research' }] })).data.web ?? [];
    assert.ok(research.length >= 5);
    for (const r of research) assert.equal(r.category, 'research');
    const code = (await search(emulator.url, { query: 'tideflow', categories: ['code_hosting'] })).data.web ?? [];
    assert.ok(code.length >= 2 && code.every((r) => r.category === 'code_hosting' && host(r.url) === 'codehost.example'));
    const mixed = (await search(emulator.url, { query: ALL, limit: 100, categories: [{ type: 'pdf' }, { type: 'code_hosting' }] })).data.web ?? [];
    assert.deepEqual(new Set(mixed.map((r) => r.category)), new Set(['pdf', 'code_hosting']));
    for (const r of mixed) assert.ok(r.category === 'pdf' ? r.url.endsWith('.pdf') : host(r.url) === 'codehost.example');
    const none = (await search(emulator.url, { query: 'tideflow' })).data.web ?? [];
    assert.ok(none.every((r) => r.category == null));
  });

  it('includeDomains keeps hostnames and their subdomains; excludeDomains removes them', async () => {
    const inc = urls((await search(emulator.url, { query: ALL, limit: 100, includeDomains: ['tideflow.dev', 'technews.example'] })).data.web);
    assert.ok(inc.some((u) => host(u) === 'docs.tideflow.dev') && inc.some((u) => host(u) === 'technews.example'));
    for (const url of inc) assert.match(host(url), /(tideflow\.dev|technews\.example)$/);
    const exc = urls((await search(emulator.url, { query: 'tideflow', limit: 100, excludeDomains: ['codehost.example', 'blog.tideflow.dev'] })).data.web);
    assert.ok(exc.length > 0 && exc.some((u) => host(u) === 'docs.tideflow.dev'));
    for (const url of exc) assert.ok(host(url) !== 'codehost.example' && host(url) !== 'blog.tideflow.dev');
    const images = (await search(emulator.url, { query: ALL, limit: 100, sources: ['images'], includeDomains: ['gardenjournal.example'] })).data.images ?? [];
    assert.ok(images.length >= 5 && images.every((i) => host(i.url ?? '') === 'www.gardenjournal.example'));
  });

  it('scrapes nothing unless formats ask; markdown is the page, summary condensed', async () => {
    const bare = (await search(emulator.url, { query: 'sourdough' })).data.web?.[0];
    assert.ok(bare && bare.markdown == null && bare.summary == null && bare.metadata == null);
    assert.ok(bare.title && bare.description);
    const full = (await search(emulator.url, { query: 'sourdough', scrapeOptions: { formats: [{ type: 'markdown' }] } })).data.web?.[0];
    assert.ok(full);
    assert.equal(full.markdown, corpusPage(full.url, NOW)?.markdown);
    assert.equal(full.summary, undefined);
    assert.deepEqual(full.metadata, { title: full.title, description: full.description, sourceURL: full.url, url: full.url, statusCode: 200 });
    const short = (await search(emulator.url, { query: 'sourdough', scrapeOptions: { formats: [{ type: 'summary' }] } })).data.web?.[0];
    assert.ok(short && typeof short.summary === 'string' && short.summary.length > 20);
    assert.ok(short.summary.length < (corpusPage(short.url, NOW)?.markdown.length ?? 0) / 2);
    assert.equal(short.markdown, undefined);
    const news = (await search(emulator.url, { query: 'bridge', sources: ['news'], scrapeOptions: { formats: [{ type: 'markdown' }] } })).data.news?.[0];
    assert.equal(news?.markdown, corpusPage(news?.url ?? '', NOW)?.markdown);
  });

  it('answers an ordinary query no page holds whole with the pages sharing its words, in every source', async () => {
    const web = async (query: string): Promise<string[]> => urls((await search(emulator.url, { query, limit: 100 })).data.web);
    const res = await search(emulator.url, { query: 'rust async runtime', sources: ['web', 'news', 'images'] });
    for (const key of ['web', 'images', 'news'] as const) assert.ok((res.data[key] ?? []).length > 0, `${key}: ${JSON.stringify(res.data)}`);
    assert.equal(res.warning, null);
    // Ranked by the words shared: the page titled with the one known word first.
    const mixed = await web('backpressure zyxwvut');
    assert.equal(mixed[0], 'https://docs.tideflow.dev/guide/backpressure');
    for (const url of mixed) assert.match(text(url), /backpressure/);
    // Operators and -words still hold.
    const sited = await web('rust async runtime site:codehost.example');
    assert.ok(sited.length > 0 && sited.every((url) => host(url) === 'codehost.example'), sited.join(' '));
    const without = await web('rust async runtime -tideflow');
    assert.ok(without.length > 0);
    for (const url of without) assert.doesNotMatch(text(url), /tideflow/);
    assert.deepEqual(await web('rust async runtime site:nowhere.example'), []);
  });

  it('warns when nothing matched, gives a fresh uuid id each time', async () => {
    const none = await search(emulator.url, { query: 'qwertyuiop' });
    assert.deepEqual(none.data.web, []);
    assert.match(none.warning ?? '', /No results/);
    const some = await search(emulator.url, { query: 'compost' });
    assert.equal(some.warning, null);
    assert.match(some.id ?? '', /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    assert.notEqual(some.id, none.id);
  });
});

import assert from 'node:assert/strict';
import { ActiveCrawlSchema, type ActiveCrawl, type CrawlScrapeOptions } from '../../src/core/api/schemas';
import {
  crawlDescription, crawlTooltipLines, describeScrapeOptions, formatsOf, shortId, type OptionNode,
} from '../../src/core/crawls';

const ID = '1a2b3c4d-5e6f-4a0b-8c9d-0e1f2a3b4c5d';
const crawl = (scrapeOptions?: CrawlScrapeOptions | null): ActiveCrawl => ({
  id: ID, teamId: 'team-1', url: 'https://example.com/docs', options: scrapeOptions === undefined ? undefined : { scrapeOptions },
});

const ALL: CrawlScrapeOptions = {
  formats: ['markdown', 'html'],
  onlyMainContent: true,
  onlyCleanContent: false,
  includeTags: ['article', 'main'],
  excludeTags: ['nav'],
  maxAge: 3600000,
  minAge: 0,
  headers: { Cookie: 'session=SECRET-COOKIE', 'X-Token': 'SECRET-TOKEN' },
  waitFor: 1000,
  mobile: false,
  skipTlsVerification: true,
  timeout: 30000,
  parsers: ['pdf'],
  actions: [{ type: 'wait', milliseconds: 1000 }, { type: 'scroll' }],
  location: { country: 'US', languages: ['en', 'de'] },
  removeBase64Images: true,
  blockAds: true,
  proxy: 'auto',
  storeInCache: true,
  lockdown: false,
  profile: { name: 'shop-login', saveChanges: true },
};

const byName = (nodes: OptionNode[], name: string): OptionNode => {
  const node = nodes.find((n) => n.name === name);
  assert.ok(node, `no node for ${name}`);
  return node;
};

describe('crawls: ids and formats', () => {
  it('short id is the first 8 hex digits of the uuid', () => {
    assert.equal(shortId(ID), '1a2b3c4d');
    assert.equal(shortId('abc'), 'abc');
  });

  it('description: short id and formats', () => {
    assert.equal(crawlDescription(crawl(ALL)), '#1a2b3c4d · markdown, html');
    assert.equal(crawlDescription(crawl()), '#1a2b3c4d');
    assert.equal(crawlDescription(crawl({ formats: [] })), '#1a2b3c4d');
  });

  it('formats given as objects read by their type', () => {
    assert.deepEqual(formatsOf(crawl({ formats: [{ type: 'markdown' }, 'links'] })), ['markdown', 'links']);
  });
});

describe('crawls: every option of spec 2.6 in readable form', () => {
  const nodes = describeScrapeOptions(ALL);

  it('one node per set option, in the spec\'s order', () => {
    assert.equal(nodes.length, 21);
    assert.deepEqual(nodes.slice(0, 3).map((n) => n.name), ['formats', 'onlyMainContent', 'onlyCleanContent']);
    assert.equal(nodes.at(-1)?.name, 'profile');
  });

  it('booleans as yes/no', () => {
    assert.equal(byName(nodes, 'onlyMainContent').value, 'yes');
    assert.equal(byName(nodes, 'mobile').value, 'no');
    assert.equal(byName(nodes, 'skipTlsVerification').label, 'Skip TLS verification');
  });

  it('arrays joined, with the items as children when there are several', () => {
    const include = byName(nodes, 'includeTags');
    assert.equal(include.value, 'article, main');
    assert.deepEqual(include.children?.map((c) => c.label), ['article', 'main']);
    assert.equal(byName(nodes, 'excludeTags').value, 'nav');
    assert.equal(byName(nodes, 'parsers').value, 'pdf');
  });

  it('durations in ms, and zero is shown, not dropped', () => {
    assert.equal(byName(nodes, 'waitFor').value, '1000 ms');
    assert.equal(byName(nodes, 'minAge').value, '0 ms');
    assert.equal(byName(nodes, 'timeout').value, '30000 ms');
  });

  it('actions: "wait 1000 ms", numbered children', () => {
    const actions = byName(nodes, 'actions');
    assert.equal(actions.value, 'wait 1000 ms, scroll');
    assert.deepEqual(actions.children?.map((c) => `${c.label} ${c.value}`), ['1. wait 1000 ms', '2. scroll']);
  });

  it('location: "US (en, de)" with country and languages as children', () => {
    const location = byName(nodes, 'location');
    assert.equal(location.value, 'US (en, de)');
    assert.deepEqual(location.children?.map((c) => `${c.label}=${c.value}`), ['Country=US', 'Languages=en, de']);
  });

  it('profile: "name (saves changes)"', () => {
    assert.equal(byName(nodes, 'profile').value, 'shop-login (saves changes)');
    assert.equal(byName(describeScrapeOptions({ profile: { name: 'p', saveChanges: false } }), 'profile').value, 'p (read only)');
  });

  it('headers: count and names, never the values', () => {
    const headers = byName(nodes, 'headers');
    assert.equal(headers.value, '2 headers: Cookie, X-Token');
    assert.deepEqual(headers.children?.map((c) => c.label), ['Cookie', 'X-Token']);
    const everything = JSON.stringify(nodes) + crawlTooltipLines(crawl(ALL)).join('\n');
    assert.doesNotMatch(everything, /SECRET/);
  });

  it('strings as they are', () => {
    assert.equal(byName(nodes, 'proxy').value, 'auto');
  });

  it('null and absent options are left out', () => {
    assert.deepEqual(describeScrapeOptions({ mobile: null, blockAds: undefined, proxy: 'auto' }).map((n) => n.name), ['proxy']);
    assert.deepEqual(describeScrapeOptions(null), []);
    assert.deepEqual(describeScrapeOptions(undefined), []);
  });

  it('empty lists read "none"', () => {
    assert.equal(byName(describeScrapeOptions({ includeTags: [], headers: {}, actions: [] }), 'includeTags').value, 'none');
    assert.equal(byName(describeScrapeOptions({ headers: {} }), 'headers').value, 'none');
    assert.equal(byName(describeScrapeOptions({ actions: [] }), 'actions').value, 'none');
  });

  it('a crawl parsed from the wire (unknown fields dropped, extra action fields kept) is described', () => {
    const parsed = ActiveCrawlSchema.parse({
      id: ID, teamId: 't', url: 'https://example.com', futureField: 1,
      options: { scrapeOptions: { actions: [{ type: 'click', selector: '#go' }], location: { country: 'DE' } } },
    });
    const described = describeScrapeOptions(parsed.options?.scrapeOptions);
    assert.equal(byName(described, 'actions').value, 'click');
    assert.equal(byName(described, 'location').value, 'DE');
  });
});

describe('crawls: tooltip lines', () => {
  it('URL, full id, team, and "Label: value" for every set option', () => {
    const lines = crawlTooltipLines(crawl(ALL));
    assert.equal(lines[0], 'https://example.com/docs');
    assert.equal(lines[1], `Crawl ID: ${ID}`);
    assert.ok(lines.includes('Only main content: yes'));
    assert.ok(lines.includes('Location: US (en, de)'));
    assert.ok(lines.includes('Actions: wait 1000 ms, scroll'));
    assert.equal(lines.length, 3 + 21);
  });

  it('says when no options are set', () => {
    assert.ok(crawlTooltipLines(crawl(null)).includes('No scrape options set.'));
  });
});

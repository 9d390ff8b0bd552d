// An active crawl's options as structure: one typed value per set option, in the spec's order,
// with children where an option is a list or an object. The words are the feature's (host tests).
import assert from 'node:assert/strict';
import { ActiveCrawlSchema, type ActiveCrawl, type CrawlScrapeOptions } from '../../src/core/api/schemas';
import {
  crawlDescription, describeScrapeOptions, durationParts, formatsOf, OPTION_NAMES, shortId, type OptionNode,
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

describe('crawls: every option of spec 2.6 as typed values', () => {
  const nodes = describeScrapeOptions(ALL);

  it('one node per set option, in the spec\'s order, labelled by the option', () => {
    assert.equal(nodes.length, 21);
    assert.deepEqual(nodes.map((n) => n.name), [...OPTION_NAMES]);
    assert.deepEqual(nodes.map((n) => n.label), OPTION_NAMES.map((name) => ({ kind: 'option', name })));
  });

  it('every option of the schema has a place in the order', () => {
    assert.deepEqual([...OPTION_NAMES].sort(), Object.keys(ALL).sort());
  });

  it('booleans as flags', () => {
    assert.deepEqual(byName(nodes, 'onlyMainContent').value, { kind: 'flag', on: true });
    assert.deepEqual(byName(nodes, 'mobile').value, { kind: 'flag', on: false });
  });

  it('lists of the service\'s names, with the items as children when there are several', () => {
    const include = byName(nodes, 'includeTags');
    assert.deepEqual(include.value, { kind: 'list', items: ['article', 'main'] });
    assert.deepEqual(include.children?.map((c) => c.label), [{ kind: 'item', text: 'article' }, { kind: 'item', text: 'main' }]);
    assert.equal(byName(nodes, 'excludeTags').children, undefined);
    assert.deepEqual(byName(nodes, 'parsers').value, { kind: 'list', items: ['pdf'] });
  });

  it('durations in ms, and zero is kept, not dropped', () => {
    assert.deepEqual(byName(nodes, 'waitFor').value, { kind: 'duration', ms: 1000 });
    assert.deepEqual(byName(nodes, 'minAge').value, { kind: 'duration', ms: 0 });
    assert.deepEqual(byName(nodes, 'maxAge').value, { kind: 'duration', ms: 3_600_000 });
  });

  it('a duration from a minute up reads in its two largest units, zero parts left out', () => {
    assert.deepEqual(durationParts(59_999), []);
    assert.deepEqual(durationParts(172_800_000), [{ unit: 'day', count: 2 }]);
    assert.deepEqual(durationParts(90 * 60_000), [{ unit: 'hour', count: 1 }, { unit: 'minute', count: 30 }]);
    assert.deepEqual(durationParts(86_400_000 + 5 * 60_000), [{ unit: 'day', count: 1 }], 'minutes are past the two largest units');
    assert.deepEqual(durationParts(Number.NaN), []);
  });

  it('actions: their type and time, numbered children', () => {
    const actions = byName(nodes, 'actions');
    assert.deepEqual(actions.value, { kind: 'actions', actions: [{ type: 'wait', milliseconds: 1000 }, { type: 'scroll' }] });
    assert.deepEqual(actions.children?.map((c) => c.label), [{ kind: 'position', index: 1 }, { kind: 'position', index: 2 }]);
  });

  it('location: country and languages, as children too', () => {
    const location = byName(nodes, 'location');
    assert.deepEqual(location.value, { kind: 'location', country: 'US', languages: ['en', 'de'] });
    assert.deepEqual(location.children?.map((c) => [c.label, c.value]), [
      [{ kind: 'field', field: 'country' }, { kind: 'text', text: 'US' }],
      [{ kind: 'field', field: 'languages' }, { kind: 'list', items: ['en', 'de'] }],
    ]);
  });

  it('profile: name and whether it saves changes', () => {
    assert.deepEqual(byName(nodes, 'profile').value, { kind: 'profile', name: 'shop-login', saveChanges: true });
    assert.deepEqual(byName(describeScrapeOptions({ profile: {} }), 'profile').value, { kind: 'profile' });
  });

  it('headers: names only, their values hidden', () => {
    const headers = byName(nodes, 'headers');
    assert.deepEqual(headers.value, { kind: 'headers', names: ['Cookie', 'X-Token'] });
    assert.deepEqual(headers.children?.map((c) => c.value), [{ kind: 'hidden' }, { kind: 'hidden' }]);
    assert.doesNotMatch(JSON.stringify(nodes), /SECRET/);
  });

  it('strings as they are, other numbers as numbers', () => {
    assert.deepEqual(byName(nodes, 'proxy').value, { kind: 'text', text: 'auto' });
  });

  it('null and absent options are left out', () => {
    assert.deepEqual(describeScrapeOptions({ mobile: null, blockAds: undefined, proxy: 'auto' }).map((n) => n.name), ['proxy']);
    assert.deepEqual(describeScrapeOptions(null), []);
    assert.deepEqual(describeScrapeOptions(undefined), []);
  });

  it('empty lists are kept as empty (they read "none"), without children', () => {
    const empty = describeScrapeOptions({ includeTags: [], headers: {}, actions: [] });
    assert.deepEqual(empty.map((n) => [n.value, n.children]), [
      [{ kind: 'list', items: [] }, undefined], [{ kind: 'headers', names: [] }, undefined], [{ kind: 'actions', actions: [] }, undefined],
    ]);
  });

  it('a crawl parsed from the wire (unknown fields dropped, extra action fields kept) is described', () => {
    const parsed = ActiveCrawlSchema.parse({
      id: ID, teamId: 't', url: 'https://example.com', futureField: 1,
      options: { scrapeOptions: { actions: [{ type: 'click', selector: '#go' }], location: { country: 'DE' } } },
    });
    const described = describeScrapeOptions(parsed.options?.scrapeOptions);
    assert.deepEqual(byName(described, 'actions').value, { kind: 'actions', actions: [{ type: 'click' }] });
    assert.deepEqual(byName(described, 'location').value, { kind: 'location', country: 'DE', languages: [] });
  });

  it('no English in what the core returns: only the service\'s data and kinds', () => {
    const strings = JSON.stringify(nodes).match(/"[^"]*"/g) ?? [];
    assert.deepEqual(strings.filter((s) => / /.test(s)), []);
  });
});

// The search request: settings as defaults, the command's argument over them, and the client's
// check accepting what the settings produce.
import * as assert from 'node:assert/strict';
import { validateSearchRequest } from '../../src/core/api';
import { shapeKey } from '../../src/core/search/record';
import { formatsFor, mergeWithSettings, settingsShape, offersMarkdown, readSearchArgument, withMarkdown, requestDefaults, requestField, type SearchDefaults } from '../../src/core/search/request';
import { QUERY_MAX_LENGTH, queryInputState } from '../../src/core/search/query-input';

const SETTINGS: SearchDefaults = { limit: 10, sources: ['web'], scrapeFormats: 'none', country: 'US', location: '', timeout: 60000 };

describe('search request from settings and argument', () => {
  it('prices the query box by the shape the settings give every query (the search sent has the same shape)', () => {
    const cases: SearchDefaults[] = [
      SETTINGS,
      { ...SETTINGS, limit: 25, sources: ['news', 'web'], scrapeFormats: 'markdown+summary' },
      { ...SETTINGS, sources: [], scrapeFormats: 'summary' },
    ];
    for (const settings of cases) {
      const checked = validateSearchRequest(mergeWithSettings(settings, { query: 'tideflow "backpressure" site:docs.tideflow.dev' }).request);
      assert.ok(checked.ok, JSON.stringify(checked));
      assert.equal(shapeKey(settingsShape(settings)), shapeKey(checked.body), JSON.stringify(settings));
    }
    assert.notEqual(shapeKey(settingsShape(cases[1] as SearchDefaults)), shapeKey(settingsShape(SETTINGS)), 'more results and formats are another price');
  });

  it('maps each scrapeFormats choice to scrapeOptions.formats', () => {
    assert.deepEqual(formatsFor('none'), []);
    assert.deepEqual(formatsFor('markdown'), [{ type: 'markdown' }]);
    assert.deepEqual(formatsFor('summary'), [{ type: 'summary' }]);
    assert.deepEqual(formatsFor('markdown+summary'), [{ type: 'markdown' }, { type: 'summary' }]);
  });

  it('turns markdown on in the scrapeFormats setting, keeping a summary already asked for', () => {
    assert.equal(withMarkdown('none'), 'markdown');
    assert.equal(withMarkdown('markdown'), 'markdown');
    assert.equal(withMarkdown('summary'), 'markdown+summary');
    assert.equal(withMarkdown('markdown+summary'), 'markdown+summary');
  });

  it('offers markdown for a page without content only when the search scraped nothing and the setting fetches no markdown', () => {
    assert.equal(offersMarkdown({}, 'none'), true);
    assert.equal(offersMarkdown({ scrapeOptions: { formats: [] } }, 'summary'), true);
    assert.equal(offersMarkdown({}, 'markdown'), false);
    assert.equal(offersMarkdown({}, 'markdown+summary'), false);
    // Scraping was asked for: the page is empty for another reason (the service failed to scrape it).
    assert.equal(offersMarkdown({ scrapeOptions: { formats: [{ type: 'markdown' }] } }, 'none'), false);
    assert.equal(offersMarkdown({ scrapeOptions: { formats: [{ type: 'summary' }] } }, 'none'), false);
  });

  it('takes every setting, and leaves out empty text settings and formats "none"', () => {
    assert.deepEqual(requestDefaults(SETTINGS), { limit: 10, timeout: 60000, sources: [{ type: 'web' }], country: 'US' });
    const all = requestDefaults({ limit: 5, sources: ['web', 'news'], scrapeFormats: 'markdown', country: ' de ', location: ' Berlin,Germany ', timeout: 9000 });
    assert.deepEqual(all, {
      limit: 5, timeout: 9000, sources: [{ type: 'web' }, { type: 'news' }], country: 'de', location: 'Berlin,Germany',
      scrapeOptions: { formats: [{ type: 'markdown' }] },
    });
    assert.equal('country' in requestDefaults({ ...SETTINGS, country: '  ' }), false);
  });

  it('lets the argument win field by field, replacing scrapeOptions whole and ignoring undefined', () => {
    const settings: SearchDefaults = { ...SETTINGS, scrapeFormats: 'markdown+summary', sources: ['web', 'images'] };
    const { request } = mergeWithSettings(settings, { query: 'q', limit: 3, sources: ['news'], scrapeOptions: { onlyMainContent: true }, country: undefined });
    assert.deepEqual(request, { query: 'q', limit: 3, timeout: 60000, sources: ['news'], country: 'US', scrapeOptions: { onlyMainContent: true } });
  });

  it('builds requests the client accepts from the default settings and from every format choice', () => {
    for (const scrapeFormats of ['none', 'markdown', 'summary', 'markdown+summary'] as const) {
      const checked = validateSearchRequest(mergeWithSettings({ ...SETTINGS, scrapeFormats, sources: ['web', 'images', 'news'] }, { query: 'tideflow' }).request);
      assert.equal(checked.ok, true, JSON.stringify(checked));
    }
  });

  it('names the fields that came from settings, so their problems can point at Settings', () => {
    const settings: SearchDefaults = { ...SETTINGS, country: 'XX' };
    const argument = { query: 'q', limit: 500 };
    const { request, fromSettings: fields } = mergeWithSettings(settings, argument);
    assert.equal(fields.has('country'), true);
    assert.equal(fields.has('limit'), false);
    // A field the argument leaves undefined is still the settings' own.
    assert.equal(mergeWithSettings(settings, { ...argument, country: undefined }).fromSettings.has('country'), true);
    const checked = validateSearchRequest(request);
    assert.equal(checked.ok, false);
    const fromSettings = checked.problems.filter((p) => fields.has(requestField(p.field))).map((p) => p.field);
    assert.deepEqual(fromSettings, ['country']);
    assert.equal(requestField('scrapeOptions.formats[0]'), 'scrapeOptions');
    assert.equal(requestField('sources[2]'), 'sources');
  });

  it('reads the argument: nothing prompts, a string is a query, an object is a request, the rest is refused', () => {
    assert.deepEqual(readSearchArgument(undefined), { kind: 'none' });
    assert.deepEqual(readSearchArgument(null), { kind: 'none' });
    assert.deepEqual(readSearchArgument('site:example.com x'), { kind: 'request', request: { query: 'site:example.com x' } });
    const given = { query: 'q', limit: 2 };
    const read = readSearchArgument(given);
    assert.deepEqual(read, { kind: 'request', request: given });
    if (read.kind === 'request') assert.notEqual(read.request, given, 'the caller\'s object is copied, not changed');
    const refused = readSearchArgument(['q']);
    assert.equal(refused.kind, 'invalid');
    assert.match(refused.message, /request object/);
    assert.equal(readSearchArgument(42).kind, 'invalid');
    // A menu's Uri (a webdata: tab's has `query=id=…&kind=…`) is not a request: its query must not become the search's.
    class UriLike { scheme = 'webdata'; path = '/q/page.md'; query = 'id=abc&kind=web'; }
    const uri = readSearchArgument(new UriLike());
    assert.equal(uri.kind, 'invalid');
    assert.match((uri as { message?: string }).message ?? '', /not plain data/);
    assert.deepEqual(readSearchArgument(Object.assign(Object.create(null) as object, { query: 'q' })), { kind: 'request', request: { query: 'q' } });
  });
});

describe('query box state', () => {
  it('shows the count and the operators, and blocks an empty query without an error', () => {
    const empty = queryInputState('');
    assert.equal(empty.acceptable, false);
    assert.equal(empty.error, undefined);
    assert.match(empty.prompt, /^0 \/ 500 characters/);
    for (const operator of ['"exact phrase"', '-word', 'site:', 'filetype:', 'inurl:', 'intitle:', 'related:', 'imagesize:', 'larger:']) {
      assert.ok(empty.prompt.includes(operator), operator);
    }
    assert.equal(queryInputState('   ').acceptable, false);
  });

  it('counts against the limit of 500 and says how much to remove', () => {
    assert.equal(queryInputState('a'.repeat(QUERY_MAX_LENGTH)).acceptable, true);
    const over = queryInputState('a'.repeat(512));
    assert.equal(over.acceptable, false);
    assert.match(over.error ?? '', /^512 \/ 500 characters: remove 12 characters/);
    assert.match(queryInputState('a'.repeat(501)).error ?? '', /remove 1 character to/);
  });

  it('shows the client\'s problems with the query', () => {
    const checked = validateSearchRequest({ query: 'cats site: imagesize:big' });
    const problems = checked.ok ? [] : checked.problems.filter((p) => p.field === 'query').map((p) => p.message);
    assert.equal(problems.length, 2);
    const state = queryInputState('cats site: imagesize:big', problems);
    assert.equal(state.acceptable, false);
    assert.match(state.error ?? '', /site:/);
    assert.match(state.error ?? '', /WIDTHxHEIGHT/);
  });
});

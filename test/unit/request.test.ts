// Every request rule of spec 2.2, 2.4 and 8, each with a passing and a failing case, checked by
// validateSearchRequest alone (no server needed; the network tests show nothing is sent).
import assert from 'node:assert/strict';
import { validateSearchRequest, type RequestProblem, type SearchRequestBody } from '../../src/core/api';

function accepted(request: unknown): SearchRequestBody {
  const result = validateSearchRequest(request);
  assert.ok(result.ok, `expected acceptance, got ${JSON.stringify(!result.ok && result.problems)}`);
  return result.body;
}

function rejected(request: unknown): RequestProblem[] {
  const result = validateSearchRequest(request);
  assert.ok(!result.ok, `expected rejection of ${JSON.stringify(request)}`);
  for (const problem of result.problems) {
    assert.ok(problem.message.length > 10 && !/undefined|\[object/.test(problem.message), `unreadable: ${problem.message}`);
  }
  return result.problems;
}

function fields(request: unknown): string[] {
  return rejected(request).map((p) => p.field);
}

describe('validateSearchRequest', () => {
  it('accepts a bare query and sends nothing it was not given', () => {
    assert.deepEqual(accepted({ query: 'web data' }), { query: 'web data' });
  });

  it('refuses something that is not a request object', () => {
    assert.deepEqual(fields('web data'), ['request']);
    assert.deepEqual(fields(null), ['request']);
    assert.deepEqual(fields([]), ['request']);
  });

  describe('query', () => {
    it('accepts 1 and 500 characters', () => {
      accepted({ query: 'a' });
      accepted({ query: 'x'.repeat(500) });
    });
    it('refuses a missing, empty, blank or non-text query', () => {
      assert.deepEqual(fields({}), ['query']);
      assert.deepEqual(fields({ query: '' }), ['query']);
      assert.deepEqual(fields({ query: '   ' }), ['query']);
      assert.deepEqual(fields({ query: 42 }), ['query']);
    });
    it('says how long an over-long query is', () => {
      const [problem] = rejected({ query: 'q'.repeat(612) });
      assert.equal(problem?.field, 'query');
      assert.equal(problem.message, 'The query is 612 characters long; the service allows at most 500.');
      rejected({ query: 'q'.repeat(501) });
    });
  });

  describe('query operators (spec 2.4)', () => {
    it('accepts every operator with a value, quoted or not, negated or not', () => {
      accepted({ query: '"exact words" -spam site:example.com filetype:pdf -filetype:doc inurl:docs allinurl: api v2 intitle:"web data" allintitle: web data related:example.com imagesize:1920x1080 larger:800x600' });
      accepted({ query: 'what is "site:" in a query' });
    });
    it('refuses an operator without a value', () => {
      const problems = rejected({ query: 'rust site: tutorials' });
      assert.match(problems[0]?.message ?? '', /site: needs a value/);
      rejected({ query: 'intitle:""' });
      rejected({ query: 'allintitle:' });
    });
    it('refuses imagesize:/larger: not written WIDTHxHEIGHT', () => {
      assert.match(rejected({ query: 'cats imagesize:big' })[0]?.message ?? '', /WIDTHxHEIGHT/);
      rejected({ query: 'cats larger:0x600' });
      rejected({ query: 'cats larger:800x' });
    });
  });

  describe('limit', () => {
    it('accepts whole numbers 1 to 100', () => {
      assert.equal(accepted({ query: 'q', limit: 1 }).limit, 1);
      assert.equal(accepted({ query: 'q', limit: 100 }).limit, 100);
    });
    it('refuses 0, 101, fractions, NaN and text', () => {
      for (const limit of [0, 101, -5, 2.5, Number.NaN, Infinity, '10', null]) {
        assert.deepEqual(fields({ query: 'q', limit }), ['limit'], String(limit));
      }
      assert.match(rejected({ query: 'q', limit: 101 })[0]?.message ?? '', /1 to 100.*got 101/);
    });
  });

  describe('sources and categories', () => {
    it('normalises the plain string form to objects, without duplicates', () => {
      const body = accepted({ query: 'q', sources: ['web', { type: 'news' }, 'web', 'images'], categories: ['pdf', { type: 'research' }, 'code_hosting'] });
      assert.deepEqual(body.sources, [{ type: 'web' }, { type: 'news' }, { type: 'images' }]);
      assert.deepEqual(body.categories, [{ type: 'pdf' }, { type: 'research' }, { type: 'code_hosting' }]);
    });
    it('treats empty lists as the service default', () => {
      const body = accepted({ query: 'q', sources: [], categories: [] });
      assert.equal(body.sources, undefined);
      assert.equal(body.categories, undefined);
    });
    it('refuses unknown kinds, naming the position', () => {
      assert.deepEqual(fields({ query: 'q', sources: ['web', 'video'] }), ['sources[1]']);
      assert.deepEqual(fields({ query: 'q', sources: 'web' }), ['sources']);
      assert.deepEqual(fields({ query: 'q', categories: [{ type: 'blogs' }, 7] }), ['categories[0]', 'categories[1]']);
      assert.match(rejected({ query: 'q', categories: ['github'] })[0]?.message ?? '', /"code_hosting", "research", "pdf"/);
    });
  });

  describe('includeDomains / excludeDomains', () => {
    it('accepts hostnames, lower-cased, IDN in ASCII form', () => {
      assert.deepEqual(accepted({ query: 'q', includeDomains: ['Example.COM', 'docs.example.com.', ' a-b.io ', 'bücher.de'] }).includeDomains,
        ['example.com', 'docs.example.com', 'a-b.io', 'xn--bcher-kva.de']);
      assert.deepEqual(accepted({ query: 'q', excludeDomains: ['example.org'] }).excludeDomains, ['example.org']);
    });
    it('refuses schemes, paths, ports, wildcards and spaces, suggesting the hostname', () => {
      const problems = rejected({ query: 'q', includeDomains: ['https://example.com/docs', 'example.com/docs', 'example.com:8080', '*.example.com', 'exa mple.com', '-bad.com', ''] });
      assert.deepEqual(problems.map((p) => p.field), [0, 1, 2, 3, 4, 5, 6].map((i) => `includeDomains[${i}]`));
      assert.match(problems[0]?.message ?? '', /scheme.*"example\.com"/);
      assert.match(problems[1]?.message ?? '', /path/);
      assert.match(problems[2]?.message ?? '', /port/);
      assert.match(problems[3]?.message ?? '', /wildcard/);
    });
    it('refuses both lists together, but not an empty one beside the other', () => {
      assert.deepEqual(fields({ query: 'q', includeDomains: ['a.com'], excludeDomains: ['b.com'] }), ['includeDomains']);
      assert.deepEqual(accepted({ query: 'q', includeDomains: [], excludeDomains: ['b.com'] }), { query: 'q', excludeDomains: ['b.com'] });
    });
  });

  describe('country, location, timeout, ignoreInvalidURLs, enterprise', () => {
    it('accepts an ISO country code in any case', () => {
      assert.equal(accepted({ query: 'q', country: 'de' }).country, 'DE');
    });
    it('refuses what is not an ISO code, pointing UK to GB', () => {
      assert.match(rejected({ query: 'q', country: 'UK' })[0]?.message ?? '', /"GB"/);
      assert.deepEqual(fields({ query: 'q', country: 'XX' }), ['country']);
      assert.deepEqual(fields({ query: 'q', country: 'USA' }), ['country']);
      assert.deepEqual(fields({ query: 'q', country: 1 }), ['country']);
    });
    it('accepts a location string and refuses anything else', () => {
      assert.equal(accepted({ query: 'q', location: 'Berlin,Germany' }).location, 'Berlin,Germany');
      assert.deepEqual(fields({ query: 'q', location: ['Berlin'] }), ['location']);
    });
    it('accepts a positive whole timeout and refuses others', () => {
      assert.equal(accepted({ query: 'q', timeout: 1 }).timeout, 1);
      for (const timeout of [0, -1, 1.5, '60000']) assert.deepEqual(fields({ query: 'q', timeout }), ['timeout']);
    });
    it('accepts ignoreInvalidURLs as a boolean only', () => {
      assert.equal(accepted({ query: 'q', ignoreInvalidURLs: true }).ignoreInvalidURLs, true);
      assert.deepEqual(fields({ query: 'q', ignoreInvalidURLs: 'yes' }), ['ignoreInvalidURLs']);
    });
    it('accepts enterprise anon/zdr and refuses others', () => {
      assert.deepEqual(accepted({ query: 'q', enterprise: ['zdr', 'anon', 'zdr'] }).enterprise, ['zdr', 'anon']);
      assert.deepEqual(fields({ query: 'q', enterprise: ['anon', 'gold'] }), ['enterprise[1]']);
      assert.deepEqual(fields({ query: 'q', enterprise: 'zdr' }), ['enterprise']);
    });
  });

  describe('scrapeOptions', () => {
    it('accepts format objects, normalises strings, and passes unknown types and options through', () => {
      const body = accepted({ query: 'q', scrapeOptions: { formats: ['markdown', { type: 'summary' }, { type: 'screenshot', fullPage: true }], onlyMainContent: true } });
      assert.deepEqual(body.scrapeOptions, { formats: [{ type: 'markdown' }, { type: 'summary' }, { type: 'screenshot', fullPage: true }], onlyMainContent: true });
    });
    it('refuses formats without a type', () => {
      assert.deepEqual(fields({ query: 'q', scrapeOptions: { formats: [{}, 3, ''] } }), ['scrapeOptions.formats[0]', 'scrapeOptions.formats[1]', 'scrapeOptions.formats[2]']);
      assert.deepEqual(fields({ query: 'q', scrapeOptions: { formats: 'markdown' } }), ['scrapeOptions.formats']);
      assert.deepEqual(fields({ query: 'q', scrapeOptions: 'markdown' }), ['scrapeOptions']);
    });
  });

  it('refuses an option the service does not have (a typo)', () => {
    assert.match(rejected({ query: 'q', limt: 5 })[0]?.message ?? '', /no search option called "limt"/);
    accepted({ query: 'q', limit: undefined });
  });

  it('reports every problem at once, each with its field', () => {
    const problems = rejected({ query: 'q'.repeat(501), limit: 0, sources: ['tv'], tbs: 'qdr:x', country: 'ZZ', timeout: -1, includeDomains: ['http://a.com'], excludeDomains: ['b.com'] });
    assert.deepEqual(problems.map((p) => p.field).sort(), ['country', 'includeDomains', 'includeDomains[0]', 'limit', 'query', 'sources[0]', 'tbs', 'timeout']);
  });
});

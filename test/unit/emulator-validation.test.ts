// Every request rule the emulator enforces on POST /v2/search: one failing case each (400 naming
// the field), and the passing cases next to them (200).
import assert from 'node:assert/strict';
import { DEMO_API_KEY, startEmulator } from '../emulator';
import type { Emulator } from '../emulator';
import { isIsoCountry } from '../emulator/countries';
import { call, errorOf } from '../emulator/raw-client';
import { validateSearchRequest } from '../../src/core/api';

const bad: Array<[string, Record<string, unknown>, string]> = [
  ['missing query', {}, 'query'],
  ['empty query', { query: '' }, 'query'],
  ['blank query', { query: '   ' }, 'query'],
  ['query not a string', { query: 42 }, 'query'],
  ['query over 500 characters', { query: 'a'.repeat(501) }, 'query'],
  ['operator without a value', { query: 'site:' }, 'site:'],
  ['imagesize not WxH', { query: 'imagesize:big' }, 'imagesize'],
  ['larger not WxH', { query: 'larger:0x10' }, 'larger'],
  ['limit 0', { query: 'a', limit: 0 }, 'limit'],
  ['limit 101', { query: 'a', limit: 101 }, 'limit'],
  ['limit not an integer', { query: 'a', limit: 2.5 }, 'limit'],
  ['limit a string', { query: 'a', limit: '10' }, 'limit'],
  ['unknown source', { query: 'a', sources: [{ type: 'videos' }] }, 'sources[0]'],
  ['sources not a list', { query: 'a', sources: 'web' }, 'sources'],
  ['unknown category', { query: 'a', categories: [{ type: 'github' }] }, 'categories[0]'],
  ['both domain filters', { query: 'a', includeDomains: ['a.com'], excludeDomains: ['b.com'] }, 'excludeDomains'],
  ['domain with a scheme', { query: 'a', includeDomains: ['https://a.com'] }, 'includeDomains[0]'],
  ['domain with a path', { query: 'a', excludeDomains: ['a.com/docs'] }, 'excludeDomains[0]'],
  ['domain with a port', { query: 'a', includeDomains: ['a.com:8080'] }, 'includeDomains[0]'],
  ['domain not a hostname', { query: 'a', includeDomains: ['a b.com'] }, 'includeDomains[0]'],
  ['tbs unknown range', { query: 'a', tbs: 'qdr:x' }, 'tbs'],
  ['tbs unknown part', { query: 'a', tbs: 'foo:1' }, 'tbs'],
  ['tbs empty part', { query: 'a', tbs: 'qdr:d,' }, 'tbs'],
  ['tbs cdr without dates', { query: 'a', tbs: 'cdr:1' }, 'tbs'],
  ['tbs impossible date', { query: 'a', tbs: 'cdr:1,cd_min:02/30/2025,cd_max:03/01/2025' }, 'tbs'],
  ['tbs date not MM/DD/YYYY', { query: 'a', tbs: 'cdr:1,cd_min:2025-01-01,cd_max:01/02/2025' }, 'tbs'],
  ['tbs min after max', { query: 'a', tbs: 'cdr:1,cd_min:03/01/2025,cd_max:02/01/2025' }, 'tbs'],
  ['tbs dates without cdr:1', { query: 'a', tbs: 'cd_min:01/01/2025,cd_max:01/02/2025' }, 'tbs'],
  ['tbs sbd:2', { query: 'a', tbs: 'sbd:2' }, 'tbs'],
  ['tbs twice the same part', { query: 'a', tbs: 'qdr:d,qdr:w' }, 'tbs'],
  ['tbs not a string', { query: 'a', tbs: 1 }, 'tbs'],
  ['country of three letters', { query: 'a', country: 'USA' }, 'country'],
  ['country of two letters but not ISO 3166-1 (UK)', { query: 'a', country: 'UK' }, 'country'],
  ['country XX', { query: 'a', country: 'xx' }, 'country'],
  ['tbs year 0', { query: 'a', tbs: 'cdr:1,cd_min:01/01/0000,cd_max:01/02/0001' }, 'tbs'],
  ['tbs 02/29 of year 0100 (not a leap year)', { query: 'a', tbs: 'cdr:1,cd_min:02/29/0100,cd_max:03/01/0100' }, 'tbs'],
  ['origin not a string', { query: 'a', origin: 5 }, 'origin'],
  ['an integration the service does not list', { query: 'a', integration: 'my-tool' }, 'integration'],
  ['toolDetail of another value', { query: 'a', toolDetail: 'everything' }, 'toolDetail'],
  ['highlights not a boolean', { query: 'a', highlights: 'yes' }, 'highlights'],
  ['country not a string', { query: 'a', country: 1 }, 'country'],
  ['location not a string', { query: 'a', location: ['Berlin'] }, 'location'],
  ['timeout zero', { query: 'a', timeout: 0 }, 'timeout'],
  ['timeout not an integer', { query: 'a', timeout: 1.5 }, 'timeout'],
  ['ignoreInvalidURLs not a boolean', { query: 'a', ignoreInvalidURLs: 'yes' }, 'ignoreInvalidURLs'],
  ['unknown enterprise mode', { query: 'a', enterprise: ['secret'] }, 'enterprise[0]'],
  ['enterprise not a list', { query: 'a', enterprise: 'zdr' }, 'enterprise'],
  ['a format of an empty name', { query: 'a', scrapeOptions: { formats: [''] } }, 'scrapeOptions.formats[0]'],
  ['format without a type', { query: 'a', scrapeOptions: { formats: [{}] } }, 'scrapeOptions.formats[0]'],
  ['scrapeOptions not an object', { query: 'a', scrapeOptions: 'markdown' }, 'scrapeOptions'],
];

const good: Array<[string, Record<string, unknown>]> = [
  ['query of 500 characters', { query: 'a'.repeat(500) }],
  ['limit 1 and 100', { query: 'a', limit: 1 }],
  ['limit 100', { query: 'a', limit: 100 }],
  ['sources as objects and strings', { query: 'a', sources: [{ type: 'web' }, 'images', { type: 'news' }] }],
  ['categories as objects and strings', { query: 'a', categories: [{ type: 'research' }, 'pdf', { type: 'code_hosting' }] }],
  ['domains: hostnames, subdomains, one filter', { query: 'a', includeDomains: ['example.com', 'docs.example.co.uk'] }],
  ['tbs forms', { query: 'a', tbs: 'qdr:h' }],
  ['tbs combined', { query: 'a', tbs: 'sbd:1,cdr:1,cd_min:02/29/2024,cd_max:02/29/2024' }],
  ['tbs dates in the years 0001-0099', { query: 'a', tbs: 'cdr:1,cd_min:01/01/0001,cd_max:02/29/0096' }],
  ['country in lower case', { query: 'a', country: 'gb' }],
  ['country, location, timeout, ignoreInvalidURLs', { query: 'a', country: 'DE', location: 'Berlin,Germany', timeout: 1, ignoreInvalidURLs: true }],
  ['enterprise modes enabled for the team', { query: 'a', enterprise: ['anon', 'zdr'] }],
  ['formats known and unknown', { query: 'a', scrapeOptions: { formats: [{ type: 'markdown' }, { type: 'summary' }, { type: 'screenshot', fullPage: true }], onlyMainContent: true } }],
  ['formats as strings, as the SDK sends them', { query: 'a', scrapeOptions: { formats: ['markdown', { type: 'links' }] } }],
  ['origin of any string, a listed integration', { query: 'a', origin: 'js-sdk@4.42.0', integration: 'n8n' }],
  ['an integration starting with "_"', { query: 'a', integration: '_my-own-tool' }],
  ['the MCP server\'s extra fields', { query: 'a', sources: ['web'], toolDetail: 'compact', domainTools: false, highlights: true, origin: 'mcp-fastmcp@3.26.0' }],
  ['the MCP server 3.26\'s default search: web and the service\'s data tools', { query: 'a', sources: ['web', 'alexandria'], domainTools: true, toolDetail: 'compact' }],
  ['the data tools alone, as an object', { query: 'a', sources: [{ type: 'alexandria' }] }],
  ['lang, filter and threatProtection', { query: 'a', lang: 'de', filter: 'x', threatProtection: {} }],
  ['every operator', { query: '"a b" -c site:x.com -filetype:pdf inurl:d allinurl:e f intitle:"g h" allintitle:i j related:y.com imagesize:10x10 larger:5x5' }],
];

describe('emulator search: request rules', () => {
  let emulator: Emulator;
  before(async () => {
    emulator = await startEmulator({ teams: [{ apiKey: DEMO_API_KEY, enterprise: ['anon', 'zdr'] }, { apiKey: 'wd-plain-team-1', enterprise: ['anon'] }] });
  });
  after(() => emulator.close());

  for (const [name, body, field] of bad) {
    it(`400 for ${name}, naming ${field}`, async () => {
      const res = await call(emulator.url, 'POST', '/v2/search', { body });
      assert.equal(res.status, 400, res.text);
      assert.equal((res.json as { success?: unknown }).success, false);
      assert.ok(errorOf(res).includes(field), `"${errorOf(res)}" names ${field}`);
    });
  }

  for (const [name, body] of good) {
    it(`200 for ${name}`, async () => {
      const res = await call(emulator.url, 'POST', '/v2/search', { body });
      assert.equal(res.status, 200, res.text);
    });
  }

  it('refuses a key the service does not have with the service\'s own 400 body, naming the key in details', async () => {
    const res = await call(emulator.url, 'POST', '/v2/search', { body: { query: 'a', language: 'en', limit: 0 } });
    assert.equal(res.status, 400, res.text);
    const body = res.json as { success: unknown; code: unknown; error: unknown; details: Array<Record<string, unknown>> };
    assert.deepEqual([body.success, body.code, body.error], [false, 'BAD_REQUEST', 'Bad Request']);
    assert.deepEqual(body.details[0], {
      code: 'unrecognized_keys', keys: ['language'], path: [],
      message: 'Unrecognized key in body -- please review the v2 API documentation for request body changes',
    });
    assert.deepEqual(body.details[1]?.path, ['limit']);
  });

  it('answers the service\'s data tools with an empty list, free, beside the results asked for', async () => {
    const both = await call(emulator.url, 'POST', '/v2/search', { body: { query: 'tideflow', sources: ['web', { type: 'alexandria' }], domainTools: true } });
    const body = both.json as { data: Record<string, unknown[]>; creditsUsed: number };
    assert.deepEqual(Object.keys(body.data).sort(), ['tools', 'web']);
    assert.deepEqual(body.data.tools, []);
    assert.ok((body.data.web ?? []).length > 0);
    assert.equal(body.creditsUsed, 1);
    const web = (await call(emulator.url, 'POST', '/v2/search', { body: { query: 'tideflow', domainTools: false } })).json as { data: Record<string, unknown> };
    assert.deepEqual(Object.keys(web.data), ['web']);
  });

  it('reports every problem at once', async () => {
    const res = await call(emulator.url, 'POST', '/v2/search', { body: { query: '', limit: 0, tbs: 'x', country: 'usa' } });
    assert.equal(res.status, 400);
    for (const field of ['query', 'limit', 'tbs', 'country']) assert.ok(errorOf(res).includes(field), field);
  });

  it('403, as the live service, for an enterprise mode the team does not have; 400 first when the body is bad too', async () => {
    const res = await call(emulator.url, 'POST', '/v2/search', { key: 'wd-plain-team-1', body: { query: 'a', enterprise: ['zdr'] } });
    assert.equal(res.status, 403);
    assert.match(errorOf(res), /zero data retention \(zdr\) is not enabled for your team/i);
    assert.equal((await call(emulator.url, 'POST', '/v2/search', { key: 'wd-plain-team-1', body: { query: 'a', limit: 0, enterprise: ['zdr'] } })).status, 400);
    assert.equal((await call(emulator.url, 'POST', '/v2/search', { key: 'wd-plain-team-1', body: { query: 'a', enterprise: ['anon'] } })).status, 200);
  });

  it('400 for a body that is not JSON, not an object, or not sent as JSON', async () => {
    const notJson = await call(emulator.url, 'POST', '/v2/search', { rawBody: '{"query":', headers: { 'content-type': 'application/json' } });
    assert.equal(notJson.status, 400);
    assert.match(errorOf(notJson), /not valid JSON/);
    const empty = await call(emulator.url, 'POST', '/v2/search', { headers: { 'content-type': 'application/json' } });
    assert.equal(empty.status, 400);
    const array = await call(emulator.url, 'POST', '/v2/search', { body: [{ query: 'a' }] });
    assert.equal(array.status, 400);
    assert.match(errorOf(array), /JSON object/);
    const form = await call(emulator.url, 'POST', '/v2/search', { rawBody: 'query=a', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    assert.equal(form.status, 400);
    assert.match(errorOf(form), /Content-Type: application\/json/);
    const huge = await call(emulator.url, 'POST', '/v2/search', { body: { query: 'a', padding: 'x'.repeat(1100 * 1024) } });
    assert.equal(huge.status, 413);
    const charset = await call(emulator.url, 'POST', '/v2/search', { rawBody: '{"query":"a"}', headers: { 'content-type': 'application/json; charset=utf-8' } });
    assert.equal(charset.status, 200);
  });
});

describe('emulator search: fields it accepts and does not act on', () => {
  it('names each in its log once, however often it comes', async () => {
    const lines: string[] = [];
    const emulator = await startEmulator({ log: (line) => lines.push(line) });
    try {
      for (let i = 0; i < 3; i++) {
        const res = await call(emulator.url, 'POST', '/v2/search', { body: { query: 'a', origin: `client-${i}`, highlights: true } });
        assert.equal(res.status, 200, res.text);
      }
      assert.equal(lines.length, 2, lines.join('\n'));
      assert.ok(lines.some((l) => l.includes('"origin"')) && lines.some((l) => l.includes('"highlights"')), lines.join('\n'));
    } finally {
      await emulator.close();
    }
  });
});

describe('emulator country codes', () => {
  it('has its own ISO 3166-1 list, agreeing with the client on every two-letter code', () => {
    const letters = Array.from('ABCDEFGHIJKLMNOPQRSTUVWXYZ');
    const disagree: string[] = [];
    let iso = 0;
    for (const code of letters.flatMap((a) => letters.map((b) => a + b))) {
      if (isIsoCountry(code)) iso++;
      if (isIsoCountry(code) !== validateSearchRequest({ query: 'a', country: code }).ok) disagree.push(code);
    }
    assert.deepEqual(disagree, []);
    assert.equal(iso, 249);
    assert.ok(isIsoCountry('de') && !isIsoCountry('UK') && !isIsoCountry('EU') && !isIsoCountry(' US') && !isIsoCountry(1));
  });
});

// Property: requests the client's validator accepts, the emulator accepts (not 400); requests it
// rejects, the emulator rejects too (400), when sent raw with undici, bypassing the client.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { request } from 'undici';
import { DEMO_API_KEY, startEmulator, type Emulator } from '../emulator';
import { validateSearchRequest } from '../../src/core/api';

const opt = <T>(arb: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> => fc.option(arb, { nil: undefined, freq: 2 });
/** Mostly valid values with the odd invalid one, so that both sides of the property are common. */
const mostly = <T, U>(valid: fc.Arbitrary<T>, invalid: fc.Arbitrary<U>): fc.Arbitrary<T | U> =>
  fc.oneof({ weight: 12, arbitrary: valid }, { weight: 1, arbitrary: invalid });

const word = fc.stringMatching(/^[a-z]{1,10}$/);
const query = fc.oneof(
  { weight: 12, arbitrary: fc.array(word, { minLength: 1, maxLength: 6 }).map((w) => w.join(' ')) },
  { weight: 3, arbitrary: fc.tuple(word, fc.constantFrom('site:example.com', 'site:', '-filetype:pdf', 'intitle:"web data"', 'intitle:""', 'allintitle:', 'allinurl: api docs', 'imagesize:800x600', 'imagesize:big', 'larger:0x10', 'larger:1920x1080', '"exact phrase"', 'related:example.com', 'inurl:')).map(([w, op]) => `${w} ${op}`) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.integer({ min: 495, max: 620 }).map((n) => 'q'.repeat(n)) },
  { weight: 1, arbitrary: fc.constantFrom('', '   ', 42, null) },
);
const limit = mostly(fc.integer({ min: 1, max: 100 }), fc.constantFrom(0, 101, -1, 2.5, 99.9, 1000, '10', null));
const typed = (valid: string[], invalid: unknown[]): fc.Arbitrary<unknown[]> => fc.array(
  mostly(fc.oneof(fc.constantFrom(...valid), fc.constantFrom(...valid).map((type) => ({ type }))), fc.constantFrom(...invalid)),
  { maxLength: 3 },
);

const label = fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,8}[a-z0-9])?$/);
const hostname = fc.array(label, { minLength: 2, maxLength: 3 }).map((labels) => labels.join('.'));
const domain = fc.oneof(
  { weight: 16, arbitrary: hostname },
  { weight: 2, arbitrary: fc.tuple(hostname, fc.constantFrom('https://', 'http://', '', '*.', ' ', '-', '_'), fc.constantFrom('', '/docs', ':8080', '.', '?q=1', ' x', '_')).map(([h, pre, post]) => `${pre}${h}${post}`) },
  { weight: 1, arbitrary: hostname.map((h) => h.toUpperCase()) },
  { weight: 1, arbitrary: fc.constantFrom('', 'localhost', '1.2.3.4', 'bücher.de', 7) },
);

const two = (min: number, max: number): fc.Arbitrary<string> => fc.integer({ min, max }).map((n) => String(n).padStart(2, '0'));
const date = fc.oneof(
  { weight: 8, arbitrary: fc.tuple(two(1, 12), two(1, 28), fc.integer({ min: 1990, max: 2030 })).map(([m, d, y]) => `${m}/${d}/${y}`) },
  { weight: 1, arbitrary: fc.tuple(two(0, 13), two(0, 31), fc.integer({ min: 1990, max: 2030 })).map(([m, d, y]) => `${m}/${d}/${y}`) },
  // Years 0000-0099: no year 0, and the ones JavaScript's Date.UTC reads as 1900-1999.
  { weight: 1, arbitrary: fc.tuple(two(1, 12), two(1, 29), fc.integer({ min: 0, max: 99 })).map(([m, d, y]) => `${m}/${d}/${String(y).padStart(4, '0')}`) },
  { weight: 1, arbitrary: fc.constantFrom('02/29/2024', '02/29/2023', '02/30/2024', '04/31/2025', '1/1/2024', '2024-01-01', '12/31/1999', '02/29/0004', '02/29/0100', '') },
);
const tbsPart = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('h', 'd', 'w', 'm', 'y').map((r) => `qdr:${r}`) },
  { weight: 1, arbitrary: fc.constantFrom('x', 'h2', '').map((r) => `qdr:${r}`) },
  { weight: 3, arbitrary: fc.constantFrom('sbd:1', 'sbd:1', 'sbd:0', 'sbd') },
  { weight: 3, arbitrary: fc.tuple(date, date).map(([a, b]) => `cdr:1,cd_min:${a},cd_max:${b}`) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom('cdr:1', 'cdr:2', ''), fc.option(date), fc.option(date)).map(([c, a, b]) => [c, a === null ? '' : `cd_min:${a}`, b === null ? '' : `cd_max:${b}`].filter((p) => p !== '').join(',')) },
);
/** Grammar-aware tbs strings, then mutations: duplicated, dropped or empty parts, stray text. */
const tbs = fc.tuple(fc.array(tbsPart, { minLength: 1, maxLength: 2 }), fc.constantFrom('none', 'none', 'none', 'none', 'duplicate', 'drop', 'empty', 'space', 'junk', 'case'))
  .map(([parts, mutation]) => {
    const list = parts.join(',').split(',');
    switch (mutation) {
      case 'duplicate': return [...list, list[0]].join(',');
      case 'drop': return list.slice(1).join(',');
      case 'empty': return `${list.join(',')},`;
      case 'space': return list.join(', ');
      case 'junk': return `${list.join(',')},last_week`;
      case 'case': return list.join(',').toUpperCase();
      default: return list.join(',');
    }
  });

const searchRequest = fc.record({
  query,
  limit: opt(limit),
  sources: opt(typed(['web', 'images', 'news'], ['video', 5, null, { kind: 'web' }])),
  categories: opt(typed(['code_hosting', 'research', 'pdf'], ['blogs', 5, null, { name: 'pdf' }])),
  includeDomains: opt(mostly(fc.array(domain, { maxLength: 3 }), fc.constantFrom('example.com', null))),
  excludeDomains: fc.option(fc.array(domain, { maxLength: 3 }), { nil: undefined, freq: 5 }),
  tbs: opt(mostly(tbs, fc.constantFrom('', 7))),
  location: opt(mostly(fc.constantFrom('Berlin,Germany', 'Paris', ''), fc.constant(12))),
  // Two-letter codes that are not ISO 3166-1 (UK, EL, EU, XX) too: both sides check the real list.
  country: opt(mostly(fc.constantFrom('US', 'de', 'GB', 'jp', 'AX', 'ZW'), fc.constantFrom('USA', '1A', '', 'U', 5, 'UK', 'uk', 'EL', 'EU', 'XX', 'ZZ'))),
  timeout: opt(mostly(fc.integer({ min: 1, max: 120_000 }), fc.constantFrom(0, -1, 1.5, '60000'))),
  ignoreInvalidURLs: opt(mostly(fc.boolean(), fc.constantFrom('yes', 1))),
  enterprise: opt(fc.array(mostly(fc.constantFrom('anon', 'zdr'), fc.constantFrom('gold', 3)), { maxLength: 2 })),
  scrapeOptions: opt(mostly(
    fc.record({ formats: fc.array(mostly(fc.constantFrom('markdown', 'summary', 'links').map((type) => ({ type })), fc.constantFrom({ type: '' }, {}, 4)), { maxLength: 3 }) }),
    fc.constantFrom('markdown', { formats: 'markdown' }),
  )),
  // A field the service does not have: both refuse it rather than drop it silently.
  language: fc.oneof({ weight: 19, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.constant('en') }),
}, { requiredKeys: ['query'] });

describe('property: the client validator and the emulator agree', () => {
  let emulator: Emulator;
  before(async () => {
    emulator = await startEmulator({ teams: [{ apiKey: DEMO_API_KEY, enterprise: ['anon', 'zdr'] }] });
  });
  after(async () => {
    await emulator.close();
  });

  it('accepts and rejects the same generated requests', async function () {
    this.timeout(20_000);
    const counts = { accepted: 0, rejected: 0 };
    await fc.assert(
      fc.asyncProperty(searchRequest, async (generated) => {
        const checked = validateSearchRequest(generated);
        // What the client would send when it accepts; the raw request when it refuses.
        const body = JSON.stringify(checked.ok ? checked.body : generated);
        const response = await request(`${emulator.url}/v2/search`, {
          method: 'POST', body, headers: { authorization: `Bearer ${DEMO_API_KEY}`, 'content-type': 'application/json' },
        });
        const text = await response.body.text();
        const why = `client: ${JSON.stringify(checked.ok ? 'accepted' : checked.problems)}; emulator ${response.statusCode}: ${text.slice(0, 400)}; sent ${body}`;
        if (checked.ok) {
          counts.accepted++;
          assert.equal(response.statusCode, 200, why);
        } else {
          counts.rejected++;
          assert.equal(response.statusCode, 400, why);
        }
      }),
      { numRuns: 200, interruptAfterTimeLimit: 15_000, seed: Number(process.env.PROPERTY_SEED ?? Date.now() % 2 ** 31) },
    );
    if (process.env.PROPERTY_VERBOSE) console.log(counts);
    // Both sides of the property must have been exercised.
    assert.ok(counts.accepted >= 10 && counts.rejected >= 10, JSON.stringify(counts));
  });
});

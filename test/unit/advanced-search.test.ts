// Advanced search without VS Code: the steps as a state machine, each step's check, the tbs the
// time step builds, the request the choices stand for, the review and its credit estimate.
import assert from 'node:assert/strict';
import { COUNTRY_CODES } from '../../src/core/api/countries';
import { answeredRequest, applyRequest, choicesToRequest, defaultChoices, type AdvancedChoices } from '../../src/core/search/advanced/choices';
import { checkHostnames, checkLimit, review } from '../../src/core/search/advanced/checks';
import { estimateCredits } from '../../src/core/search/estimate';
import { AdvancedFlow, STEP_COUNT, stepNumber, type StepId } from '../../src/core/search/advanced/flow';
import { buildTbs, checkDateRange, parseTbs } from '../../src/core/search/advanced/time';
import { COUNTRY_TABLE, countries, countryName } from '../../src/core/search/countries';
import type { SearchDefaults } from '../../src/core/search/request';

const SETTINGS: SearchDefaults = { limit: 10, sources: ['web'], scrapeFormats: 'none', country: 'US', location: '', timeout: 60000 };

function walk(flow: AdvancedFlow): StepId[] {
  const seen: StepId[] = [flow.current];
  for (let i = 0; i < 20 && flow.current !== 'review'; i++) seen.push(flow.next());
  return seen;
}

describe('advanced search: steps', () => {
  it('walks every step in order, with sub-steps only for the answers that need them', () => {
    const choices = defaultChoices(SETTINGS);
    assert.deepEqual(walk(new AdvancedFlow(choices, new Set())),
      ['query', 'sources', 'limit', 'categories', 'time', 'sort', 'domains', 'location', 'country', 'content', 'retention', 'invalidUrls', 'review']);
    const custom: AdvancedChoices = { ...choices, time: { range: { kind: 'custom', start: '01/01/2025', end: '02/01/2025' }, sortByDate: false }, domains: { mode: 'include', hostnames: ['a.com'] } };
    const steps = walk(new AdvancedFlow(custom, new Set()));
    assert.deepEqual(steps.slice(4, 10), ['time', 'dates', 'sort', 'domains', 'hostnames', 'location']);
  });

  it('numbers steps n/13, a sub-step under its step\'s number', () => {
    assert.equal(STEP_COUNT, 13);
    assert.equal(stepNumber('query'), 1);
    assert.equal(stepNumber('dates'), stepNumber('time'));
    assert.equal(stepNumber('hostnames'), stepNumber('domains'));
    assert.equal(stepNumber('review'), 13);
  });

  it('starts at the first step a partial argument leaves open, and skips the ones it answers', () => {
    const { choices, answered } = applyRequest(defaultChoices(SETTINGS), { query: 'tideflow', sources: ['web', 'news'], limit: 5, tbs: 'qdr:w' });
    const flow = new AdvancedFlow(choices, answered);
    assert.equal(flow.current, 'categories');
    assert.equal(flow.canGoBack, false);
    assert.deepEqual(walk(flow), ['categories', 'domains', 'location', 'country', 'content', 'retention', 'invalidUrls', 'review']);
  });

  it('starts at the review when the argument answers everything', () => {
    const full = { query: 'q', sources: [{ type: 'web' }], limit: 3, categories: [], tbs: '', includeDomains: [], location: '', country: 'DE',
      scrapeOptions: { formats: [] }, enterprise: [], ignoreInvalidURLs: false };
    // An empty tbs is "any time": parsed as such, so answered.
    const { choices, answered } = applyRequest(defaultChoices(SETTINGS), full);
    assert.equal(new AdvancedFlow(choices, answered).current, 'review');
  });

  it('an edit of a stored search opens on the review: the fields the sent body left out count as "none"', () => {
    const stored = { query: 'tideflow', sources: [{ type: 'news' }], limit: 5, timeout: 60000, country: 'DE', includeDomains: ['example.com'] };
    const { choices, answered } = applyRequest(defaultChoices(SETTINGS), answeredRequest(stored));
    assert.equal(new AdvancedFlow(choices, answered).current, 'review');
    assert.deepEqual(choices.sources, ['news']);
    assert.equal(choices.country, 'DE');
    assert.deepEqual(choicesToRequest(choices).includeDomains, ['example.com']);
    assert.equal(choicesToRequest(choices).excludeDomains, undefined);
  });

  it('Back retraces the steps shown, and an edit from the review returns to it', () => {
    const flow = new AdvancedFlow(defaultChoices(SETTINGS), new Set());
    flow.next();
    flow.next();
    assert.equal(flow.current, 'limit');
    assert.equal(flow.back(), 'sources');
    assert.equal(flow.back(), 'query');
    assert.equal(flow.canGoBack, false);
    while ((flow.current as StepId) !== 'review') flow.next();
    flow.choices = { ...flow.choices, time: { range: { kind: 'custom', start: '01/01/2025', end: '01/02/2025' }, sortByDate: false } };
    assert.equal(flow.edit('time'), 'time');
    assert.equal(flow.next(), 'dates');
    assert.equal(flow.next(), 'review');
    assert.equal(flow.edit('query'), 'query');
    assert.equal(flow.back(), 'review');
    assert.equal(flow.edit('sources'), 'sources');
    assert.equal(flow.next(), 'review', 'an edited step without a sub-step returns to the review');
  });
});

describe('advanced search: each step\'s check', () => {
  it('limit: a whole number from 1 to 100', () => {
    assert.deepEqual(checkLimit(' 25 '), { ok: true, limit: 25 });
    assert.deepEqual(checkLimit('0'), { ok: false, problem: 'range' });
    assert.deepEqual(checkLimit('101'), { ok: false, problem: 'range' });
    assert.deepEqual(checkLimit('2.5'), { ok: false, problem: 'notWhole' });
    assert.deepEqual(checkLimit(''), { ok: false, problem: 'notWhole' });
  });

  it('custom dates, checked as typed: the form, real dates, start not after end', () => {
    assert.deepEqual(checkDateRange('3/1/2025 - 03/31/2025'), { ok: true, start: '03/01/2025', end: '03/31/2025' });
    assert.deepEqual(checkDateRange('03/01/2025 to 03/01/2025'), { ok: true, start: '03/01/2025', end: '03/01/2025' });
    assert.deepEqual(checkDateRange('03/01/2025'), { ok: false, problem: 'format' });
    assert.deepEqual(checkDateRange('03/01/202'), { ok: false, problem: 'format' });
    assert.deepEqual(checkDateRange('02/30/2025 - 03/01/2025'), { ok: false, problem: 'badStart' });
    assert.deepEqual(checkDateRange('02/28/2025 - 02/29/2025'), { ok: false, problem: 'badEnd' });
    assert.deepEqual(checkDateRange('02/28/2024 - 02/29/2024').ok, true);
    assert.deepEqual(checkDateRange('04/01/2025 - 03/31/2025'), { ok: false, problem: 'startAfterEnd' });
  });

  it('hostnames: commas or spaces between, each a hostname, no scheme or path', () => {
    assert.deepEqual(checkHostnames('Docs.Example.com, example.org example.org'), { ok: true, hostnames: ['docs.example.com', 'example.org'] });
    assert.deepEqual(checkHostnames('  '), { ok: false, empty: true });
    const bad = checkHostnames('https://example.com/docs');
    assert.ok(!bad.ok && !bad.empty && /scheme/.test(bad.messages[0] ?? ''));
  });
});

describe('advanced search: time filter (tbs)', () => {
  it('builds what the grammar allows: one range, sort by date with any', () => {
    assert.equal(buildTbs({ range: { kind: 'any' }, sortByDate: false }), undefined);
    assert.equal(buildTbs({ range: { kind: 'any' }, sortByDate: true }), 'sbd:1');
    assert.equal(buildTbs({ range: { kind: 'preset', range: 'w' }, sortByDate: true }), 'sbd:1,qdr:w');
    assert.equal(buildTbs({ range: { kind: 'custom', start: '01/02/2025', end: '03/04/2025' }, sortByDate: false }), 'cdr:1,cd_min:01/02/2025,cd_max:03/04/2025');
  });

  it('reads a tbs back, and refuses what the steps cannot show', () => {
    for (const tbs of ['sbd:1', 'qdr:h', 'sbd:1,qdr:y', 'cdr:1,cd_min:01/02/2025,cd_max:03/04/2025,sbd:1']) {
      const parsed = parseTbs(tbs);
      assert.ok(parsed, tbs);
      assert.deepEqual(buildTbs(parsed)?.split(',').sort(), tbs.split(',').sort());
    }
    for (const tbs of ['qdr:x', 'qdr:w,cdr:1,cd_min:01/02/2025,cd_max:03/04/2025', 'cdr:1,cd_min:05/02/2025,cd_max:03/04/2025', 'cd_min:01/01/2025', 'sbd:2', 'qdr:w,qdr:d', 'lr:en']) {
      assert.equal(parseTbs(tbs), undefined, tbs);
    }
  });
});

describe('advanced search: the request', () => {
  it('sends every choice, so the settings under it change nothing chosen', () => {
    const choices: AdvancedChoices = {
      ...defaultChoices(SETTINGS), query: 'tideflow', sources: ['web', 'images'], limit: 20, categories: ['research', 'pdf'],
      time: { range: { kind: 'preset', range: 'm' }, sortByDate: true }, domains: { mode: 'exclude', hostnames: ['spam.example'] },
      location: '', country: 'DE', content: 'none', retention: 'zdr', ignoreInvalidURLs: true,
    };
    const request = choicesToRequest(choices);
    assert.deepEqual(request, {
      query: 'tideflow', limit: 20, sources: [{ type: 'web' }, { type: 'images' }], categories: [{ type: 'research' }, { type: 'pdf' }],
      tbs: 'sbd:1,qdr:m', excludeDomains: ['spam.example'], location: '', country: 'DE', scrapeOptions: { formats: [] }, enterprise: ['zdr'], ignoreInvalidURLs: true,
    });
    // Settings that would add a location and markdown do not, under these choices.
    const checked = review(choices, { ...SETTINGS, location: 'Berlin,Germany', scrapeFormats: 'markdown' }).checked;
    assert.ok(checked.ok);
    assert.equal(checked.body.location, undefined);
    assert.deepEqual(checked.body.scrapeOptions, { formats: [] });
    assert.equal(checked.body.timeout, 60000);
    // And back: the same choices, every step answered.
    const back = applyRequest(defaultChoices(SETTINGS), request);
    assert.deepEqual({ ...back.choices, extra: {} }, { ...choices, extra: {} });
    assert.equal(back.answered.size, 11);
  });

  it('never asks for both includeDomains and excludeDomains', () => {
    const both = applyRequest(defaultChoices(SETTINGS), { includeDomains: ['a.com'], excludeDomains: ['b.com'] });
    assert.equal(both.answered.has('domains'), false);
    assert.deepEqual(both.choices.domains, { mode: 'none' });
    for (const mode of ['include', 'exclude'] as const) {
      const request = choicesToRequest({ ...defaultChoices(SETTINGS), query: 'q', domains: { mode, hostnames: ['a.com'] } });
      assert.equal('includeDomains' in request && 'excludeDomains' in request, false);
    }
  });

  it('the review shows the client\'s problems instead of a body, and the operator warnings once sources are known', () => {
    const bad = review({ ...defaultChoices(SETTINGS), query: 'cats larger:800x' }, SETTINGS);
    assert.equal(bad.checked.ok, false);
    assert.equal(bad.estimate, undefined);
    const warned = review({ ...defaultChoices(SETTINGS), query: 'cats larger:800x600' }, SETTINGS);
    assert.ok(warned.checked.ok);
    assert.deepEqual(warned.warnings.map((w) => w.kind), ['imagesWithoutSource']);
  });
});

describe('advanced search: credit estimate', () => {
  it('prices zero data retention per 10 results per source, the most a search can cost', () => {
    assert.deepEqual(estimateCredits({ query: 'q' }), { priced: false });
    assert.deepEqual(estimateCredits({ query: 'q', enterprise: ['anon'] }), { priced: true, mode: 'anon', creditsPerTen: 2, sources: 1, limit: 10, maxCredits: 2, scraped: false });
    const zdr = estimateCredits({ query: 'q', enterprise: ['zdr'], limit: 25, sources: [{ type: 'web' }, { type: 'news' }], scrapeOptions: { formats: [{ type: 'markdown' }] } });
    assert.ok(zdr.priced);
    assert.equal(zdr.maxCredits, 2 * 3 * 10);
    assert.equal(zdr.scraped, true);
    const both = estimateCredits({ query: 'q', enterprise: ['anon', 'zdr'] });
    assert.ok(both.priced && both.mode === 'zdr');
  });
});

describe('advanced search: countries', () => {
  it('names exactly the codes the client accepts', () => {
    assert.deepEqual(COUNTRY_TABLE.map((c) => c.code).sort(), [...COUNTRY_CODES].sort());
    assert.equal(countryName('DE'), 'Germany');
    assert.equal(countryName('XX'), undefined);
  });

  it('names and sorts them in the display language when the runtime knows it', () => {
    assert.equal(countryName('DE', 'de'), 'Deutschland');
    assert.equal(countryName('DE', 'en-GB'), 'Germany');
    const german = countries('de');
    assert.equal(german.length, COUNTRY_TABLE.length);
    assert.ok(german.findIndex((c) => c.code === 'DE') < german.findIndex((c) => c.code === 'AT'), 'Deutschland before Österreich');
  });
});

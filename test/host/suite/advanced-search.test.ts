// Advanced search in a real VS Code against the emulator: the command's argument form (a complete
// request goes straight to the review, a partial one opens the steps it leaves open), the steps
// accepted as a person presses Enter, the last choices remembered for the next search, and an
// operator inserted into a new query box. Each checks the request the stored search was sent with.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { SearchRecord } from '../../../src/core/search/record';
import type { WebDataApi } from '../../../src/extension';
import type { ShownQuickInput } from '../../../src/platform/quick-inputs';
import { activate, emulator, restoreDemoKey, useKey, usageFor } from './helpers-account';
import { pressEnterUntilDone } from './helpers-steps';

const KEY = 'wd-host-advanced-0001';

/** The Search rows of the reviews shown, for a failure's message. */
const reviewRows = (seen: readonly ShownQuickInput[]): string => seen.map((input) => input.items[0] ?? '').filter((row) => row.startsWith('$(search)')).join(' | ') || 'no review shown';

function advanced(argument?: unknown): Thenable<SearchRecord | undefined> {
  return vscode.commands.executeCommand<SearchRecord | undefined>('webData.searchAdvanced', argument);
}

describe('advanced search: steps through the command\'s argument, against the emulator', function () {
  this.timeout(60_000);

  let api: WebDataApi;

  before(async () => {
    api = await activate();
    const team = { apiKey: KEY, usage: usageFor(150_000), enterprise: ['anon', 'zdr'] };
    await emulator.addTeam(team);
    await useKey(KEY);
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    await restoreDemoKey();
  });

  it('with a complete request, searches after a few presses of Enter (the steps are skipped), sending exactly it (settings only under what it leaves out)', async () => {
    const seen: ShownQuickInput[] = [];
    const record = await pressEnterUntilDone(api, () => advanced({
      query: 'tideflow backpressure', sources: ['web', 'news'], limit: 4, categories: [], tbs: 'sbd:1,qdr:y',
      includeDomains: ['docs.tideflow.dev'], location: 'Berlin,Germany', country: 'de', scrapeOptions: { formats: [{ type: 'markdown' }] },
      enterprise: ['zdr'], ignoreInvalidURLs: true,
    }), 4, seen);
    assert.ok(record, 'no search was stored');
    // The review's Search row gives the spec's price for zero data retention: 10 credits per 10 results, per source.
    assert.ok(seen.some((input) => input.items[0] === '$(search) Search At most 20 credits for zero data retention (10 credits per 10 results, 4 per source, 2 sources) plus scraping, which the service prices when it runs.'), reviewRows(seen));
    assert.deepEqual(record.request, {
      query: 'tideflow backpressure', limit: 4, timeout: 60000, sources: [{ type: 'web' }, { type: 'news' }], tbs: 'sbd:1,qdr:y',
      includeDomains: ['docs.tideflow.dev'], location: 'Berlin,Germany', country: 'DE', scrapeOptions: { formats: [{ type: 'markdown' }] },
      enterprise: ['zdr'], ignoreInvalidURLs: true,
    });
    // The emulator prices zdr at 10 credits per 10 results (spec 2.2 rule 4), per source.
    assert.ok((record.response.creditsUsed ?? 0) >= 20, `creditsUsed ${record.response.creditsUsed}`);
  });

  it('with a partial request, asks only what it leaves open, answered with the last search\'s choices', async () => {
    // Only query, sources, limit and time are given; the other steps open with what the search
    // above chose, and Enter keeps each.
    const record = await pressEnterUntilDone(api, () => advanced({ query: 'tideflow streams', sources: [{ type: 'web' }], limit: 2, tbs: '' }));
    assert.ok(record, 'no search was stored');
    assert.deepEqual(record.request, {
      query: 'tideflow streams', limit: 2, timeout: 60000, sources: [{ type: 'web' }],
      includeDomains: ['docs.tideflow.dev'], location: 'Berlin,Germany', country: 'DE', scrapeOptions: { formats: [{ type: 'markdown' }] },
      enterprise: ['zdr'], ignoreInvalidURLs: true,
    });
  });

  it('with no argument, walks every step from the query, each kept as last chosen', async () => {
    const record = await pressEnterUntilDone(api, () => advanced());
    assert.ok(record, 'no search was stored');
    assert.equal(record.request.query, 'tideflow streams');
    assert.deepEqual(record.request.enterprise, ['zdr']);
    assert.deepEqual(record.request.includeDomains, ['docs.tideflow.dev']);
  });

  it('the review prices a search without retention from this person\'s history: unknown before the first of its shape, then what it cost', async () => {
    // A shape no other search here has: images only, 7 results, no page content, no retention.
    const request = { query: 'tideflow logo', sources: ['images'], limit: 7, categories: [], tbs: '', includeDomains: [], location: '', country: 'us', scrapeOptions: { formats: [] }, enterprise: [], ignoreInvalidURLs: false };
    const first: ShownQuickInput[] = [];
    const record = await pressEnterUntilDone(api, () => advanced(request), 4, first);
    assert.ok(record, 'no search was stored');
    assert.ok(first.some((input) => input.items[0] === '$(search) Search Price: unknown until the first search of this kind (the service reports it once it has run)'), reviewRows(first));
    const cost = record.response.creditsUsed;
    assert.equal(typeof cost, 'number');
    const second: ShownQuickInput[] = [];
    assert.ok(await pressEnterUntilDone(api, () => advanced({ ...request, query: 'tideflow mascot' }), 4, second));
    assert.ok(second.some((input) => input.items[0] === `$(search) Search Price: a search like this cost ${cost} credits last time`), reviewRows(second));
  });

  it('refuses an argument that is not a request, and sends nothing', async () => {
    const before = await emulator.requestCount();
    assert.equal(await advanced(42), undefined);
    // Only searches count: the usage refresh after the last search may still be on its way.
    assert.deepEqual((await emulator.requestsSince(before)).filter((r) => r.path === '/v2/search'), []);
  });

  it('webData.insertOperator with no box open: a query box with the operator in it, whose Enter searches', async () => {
    const record = await pressEnterUntilDone(api, () => vscode.commands.executeCommand<SearchRecord | undefined>('webData.insertOperator', 'site'));
    assert.ok(record, 'no search was stored');
    assert.equal(record.request.query, 'site:example.com');
  });
});

// Advanced search in a real VS Code against the emulator: the command's argument form (a complete
// request goes straight to the review, a partial one opens the steps it leaves open), the steps
// accepted as a person presses Enter, the last choices remembered for the next search, and an
// operator inserted into a new query box. Each checks the request the stored search was sent with.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { SearchRecord } from '../../../src/core/search/record';
import { activate, emulator, restoreDemoKey, useKey, usageFor } from './helpers-account';

const KEY = 'wd-host-advanced-0001';

/**
 * Presses Enter in whatever quick input is open, every 300 ms, until the command settles or
 * `presses` were made, then waits for the search to finish: each Enter accepts a step's current
 * answer (a remembered or given choice, or the review's Search). Too few presses leave the command
 * waiting on a step, which fails.
 */
async function pressEnterUntilDone<T>(pending: Thenable<T>, presses = 30): Promise<T> {
  let settled = false;
  const result = Promise.resolve(pending).finally(() => { settled = true; });
  // Read through a function: `settled` changes across the awaits, which TS's narrowing cannot see.
  const isSettled = (): boolean => settled;
  for (let i = 0; i < presses && !isSettled(); i++) {
    await new Promise((resolve) => setTimeout(resolve, 300));
    if (!isSettled()) await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
  }
  await Promise.race([result, new Promise((resolve) => setTimeout(resolve, 20_000))]);
  assert.ok(settled, `the command was still waiting after ${presses} presses of Enter`);
  return result;
}

function advanced(argument?: unknown): Thenable<SearchRecord | undefined> {
  return vscode.commands.executeCommand<SearchRecord | undefined>('webData.searchAdvanced', argument);
}

describe('advanced search: steps through the command\'s argument, against the emulator', function () {
  this.timeout(60_000);

  before(async () => {
    await activate();
    const team = { apiKey: KEY, usage: usageFor(150_000), enterprise: ['anon', 'zdr'] };
    await emulator.addTeam(team);
    await useKey(KEY);
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    await restoreDemoKey();
  });

  it('with a complete request, searches after a few presses of Enter (the steps are skipped), sending exactly it (settings only under what it leaves out)', async () => {
    const record = await pressEnterUntilDone(advanced({
      query: 'tideflow backpressure', sources: ['web', 'news'], limit: 4, categories: [], tbs: 'sbd:1,qdr:y',
      includeDomains: ['docs.tideflow.dev'], location: 'Berlin,Germany', country: 'de', scrapeOptions: { formats: [{ type: 'markdown' }] },
      enterprise: ['zdr'], ignoreInvalidURLs: true,
    }), 4);
    assert.ok(record, 'no search was stored');
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
    const record = await pressEnterUntilDone(advanced({ query: 'tideflow streams', sources: [{ type: 'web' }], limit: 2, tbs: '' }));
    assert.ok(record, 'no search was stored');
    assert.deepEqual(record.request, {
      query: 'tideflow streams', limit: 2, timeout: 60000, sources: [{ type: 'web' }],
      includeDomains: ['docs.tideflow.dev'], location: 'Berlin,Germany', country: 'DE', scrapeOptions: { formats: [{ type: 'markdown' }] },
      enterprise: ['zdr'], ignoreInvalidURLs: true,
    });
  });

  it('with no argument, walks every step from the query, each kept as last chosen', async () => {
    const record = await pressEnterUntilDone(advanced());
    assert.ok(record, 'no search was stored');
    assert.equal(record.request.query, 'tideflow streams');
    assert.deepEqual(record.request.enterprise, ['zdr']);
    assert.deepEqual(record.request.includeDomains, ['docs.tideflow.dev']);
  });

  it('refuses an argument that is not a request, and sends nothing', async () => {
    const before = await emulator.requestCount();
    assert.equal(await advanced(42), undefined);
    // Only searches count: the usage refresh after the last search may still be on its way.
    assert.deepEqual((await emulator.requestsSince(before)).filter((r) => r.path === '/v2/search'), []);
  });

  it('webData.insertOperator with no box open: a query box with the operator in it, whose Enter searches', async () => {
    const record = await pressEnterUntilDone(vscode.commands.executeCommand<SearchRecord | undefined>('webData.insertOperator', 'site'));
    assert.ok(record, 'no search was stored');
    assert.equal(record.request.query, 'site:example.com');
  });
});

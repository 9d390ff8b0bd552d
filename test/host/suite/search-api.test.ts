// The search API other features build on (an advanced-search quick input, chat tools): run() with
// a full request and a token, answering the stored record or a failure as a value, and onDidSearch,
// which the credits in the status bar follow (src/extension.ts) instead of a command string.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { WebDataApi } from '../../../src/extension';
import type { SearchTreeNode } from '../../../src/features/search';
import { activate, emulator, restoreDemoKey, useKey, usageFor, waitFor } from './helpers-account';

const KEY = 'wd-host-search-api-0001';

async function rows(provider: vscode.TreeDataProvider<SearchTreeNode>): Promise<Array<{ node: SearchTreeNode; item: vscode.TreeItem }>> {
  const nodes = (await provider.getChildren()) ?? [];
  return Promise.all(nodes.map(async (node) => ({ node, item: await provider.getTreeItem(node) })));
}

describe('search API: run() for other features, onDidSearch', function () {
  this.timeout(30_000);
  let api: WebDataApi;

  before(async () => {
    api = await activate();
    await emulator.addTeam({ apiKey: KEY, usage: usageFor(150_000) });
    await useKey(KEY);
  });

  after(async () => {
    await vscode.commands.executeCommand('webData.clearSearches', { confirmed: true });
    await restoreDemoKey();
  });

  it('runs a search for another feature through the API: the record, then the credits refreshed through onDidSearch', async () => {
    const heard: string[] = [];
    const listening = api.search.onDidSearch((done) => heard.push(done.record.id));
    try {
      const from = await emulator.requestCount();
      const run = await api.search.run({ query: 'tideflow retries', limit: 2 });
      assert.ok(run.ok, JSON.stringify(run));
      assert.deepEqual(heard, [run.record.id]);
      assert.equal((await rows(api.search.results))[0]?.item.id, run.record.id, 'the search is not the newest row');
      // The usage feature follows the event (src/extension.ts), not a command the search runs.
      await waitFor('the credits refresh after the search', async () => (await emulator.requestsSince(from)).some((r) => r.path === '/v2/team/token-usage'));
    } finally {
      listening.dispose();
    }
  });

  it('gives another feature a structured failure: invalid (nothing sent), cancelled', async () => {
    const before = await emulator.requestCount();
    const invalid = await api.search.run({ query: '', limit: 0 });
    assert.ok(!invalid.ok && invalid.failure.kind === 'invalid', JSON.stringify(invalid));
    assert.deepEqual(invalid.failure.problems.map((p) => p.field).sort(), ['limit', 'query']);
    // Only searches count: the previous test's credits refresh may still arrive meanwhile.
    assert.deepEqual((await emulator.requestsSince(before)).filter((r) => r.path === '/v2/search'), []);
    const source = new vscode.CancellationTokenSource();
    source.cancel();
    const cancelled = await api.search.run({ query: 'tideflow' }, { token: source.token });
    source.dispose();
    assert.ok(!cancelled.ok && cancelled.failure.kind === 'cancelled', JSON.stringify(cancelled));
  });

});

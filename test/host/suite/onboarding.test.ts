// A newcomer's first steps in a real VS Code: a search without a key connects first and then runs
// the query asked for (or, when connecting is cancelled, sends nothing); the first result tab
// without scraped content offers to fetch markdown, and its button's command sets the setting.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { SearchRecord } from '../../../src/core/search/record';
import type { WebDataApi } from '../../../src/extension';
import { activate, emulator, restoreDemoKey, usageFor, waitFor, webDataLogText, storageOf } from './helpers-account';

const KEY = 'wd-host-onboarding-0001';
const HINT_SHOWN = 'webData.search.markdownHintShown';

function countOf(text: string, line: string): number {
  return text.split(line).length - 1;
}

describe('onboarding: connect on the first search, the markdown hint', function () {
  this.timeout(30_000);
  let api: WebDataApi;

  /** Resolves once the key prompt opened by a search is up (and listening for a key). */
  async function waitForKeyPrompt(seen: number): Promise<void> {
    const line = 'Asking for the API key for';
    await waitFor('the search to open the key prompt', () => countOf(webDataLogText(api.logUri), line) > seen, 10_000);
  }

  before(async () => {
    api = await activate();
    await emulator.addTeam({ apiKey: KEY, usage: usageFor(150_000) });
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.workspace.getConfiguration('webData').update('search.scrapeFormats', undefined, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('webData.clearSearches', { confirmed: true });
    await restoreDemoKey();
  });

  it('a search without a key runs Connect, then the search asked for, with the new key', async () => {
    await vscode.commands.executeCommand('webData.clearApiKey', { confirmed: true });
    const prompts = countOf(webDataLogText(api.logUri), 'Asking for the API key for');
    const before = await emulator.requestCount();
    const running = vscode.commands.executeCommand<SearchRecord | undefined>('webData.search', { query: 'tideflow backpressure', limit: 2 });
    try {
      await waitForKeyPrompt(prompts);
      assert.deepEqual((await emulator.requestsSince(before)).filter((r) => r.path === '/v2/search'), [], 'a search was sent without a key');
      // The key arrives as from another window or a task, through the argument form: the open prompt takes it.
      assert.equal(await vscode.commands.executeCommand<boolean>('webData.setApiKey', { apiKey: KEY }), true);
      const record = await running;
      assert.ok(record, 'the search did not run after connecting');
      assert.equal(record.request.query, 'tideflow backpressure');
      assert.ok((record.response.data.web ?? []).length > 0);
      const searches = (await emulator.requestsSince(before)).filter((r) => r.path === '/v2/search');
      assert.deepEqual(searches.map((r) => r.status), [200]);
      // Stored: clearing it finds it (and the demo key is put back after the suite).
      assert.equal(await vscode.commands.executeCommand<boolean>('webData.clearApiKey', { confirmed: true }), true, 'the key was not stored');
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    }
  });

  it('a search whose Connect is cancelled sends nothing, and says the search needs a key', async () => {
    await vscode.commands.executeCommand('webData.clearApiKey', { confirmed: true });
    const text = webDataLogText(api.logUri);
    const prompts = countOf(text, 'Asking for the API key for');
    const notSent = countOf(text, 'Search: not connected, so nothing was sent.');
    const before = await emulator.requestCount();
    const running = vscode.commands.executeCommand<SearchRecord | undefined>('webData.search', { query: 'tideflow streams' });
    await waitForKeyPrompt(prompts);
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    assert.equal(await running, undefined);
    assert.deepEqual((await emulator.requestsSince(before)).filter((r) => r.path === '/v2/search'), []);
    await waitFor('the "not sent" line in the log', () => countOf(webDataLogText(api.logUri), 'Search: not connected, so nothing was sent.') > notSent);
  });

  it('the first result tab without scraped content offers markdown once; the button\'s command sets the user setting', async function () {
    // The first markdown tab of a run starts VS Code's markdown extension: seconds on a busy machine.
    this.timeout(60_000);
    await restoreDemoKey();
    await storageOf(api).globalState.update(HINT_SHOWN, undefined);
    const scraped = await vscode.commands.executeCommand<SearchRecord | undefined>('webData.search', { query: 'tideflow', limit: 1, scrapeOptions: { formats: [{ type: 'markdown' }] } });
    assert.ok(scraped);
    await vscode.commands.executeCommand('webData.openMarkdown', { searchId: scraped.id, index: 0 });
    assert.equal(storageOf(api).globalState.get(HINT_SHOWN), undefined, 'the hint came with a scraped page');
    const plain = await vscode.commands.executeCommand<SearchRecord | undefined>('webData.search', { query: 'tideflow', limit: 1 });
    assert.ok(plain);
    await vscode.commands.executeCommand('webData.openMarkdown', { searchId: plain.id, index: 0 });
    await waitFor('the hint to be remembered as shown', () => storageOf(api).globalState.get(HINT_SHOWN) === true);

    assert.equal(await vscode.commands.executeCommand<boolean>('webData.enableMarkdown'), true);
    assert.ok(api.openNotices().some((text) => text.includes('Search again to read this page')), 'the "search again" notice is up');
    const inspected = vscode.workspace.getConfiguration('webData').inspect<string>('search.scrapeFormats');
    assert.equal(inspected?.globalValue, 'markdown');
    // The next search asks for markdown.
    const next = await vscode.commands.executeCommand<SearchRecord | undefined>('webData.search', { query: 'tideflow', limit: 1 });
    assert.deepEqual(next?.request.scrapeOptions, { formats: [{ type: 'markdown' }] });
    // Its "search again" notice is gone once the person searched again.
    await waitFor('the "search again" notice to close', () => !api.openNotices().some((text) => text.includes('Search again to read this page')));
  });
});

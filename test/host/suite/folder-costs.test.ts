// A folder's settings never raise what a person's own actions cost (issue 46): a cloned
// repository's .vscode/settings.json that asks every search for 100 results of each source with
// markdown and summary, every scrape for every format and every PDF read by OCR is not applied,
// while the folder's other settings (the country, here) still are. And the API key prompt says so
// when the service address it asks a key for was chosen by the folder, not by the person.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { WebDataApi } from '../../../src/extension';
import type { ShownQuickInput } from '../../../src/platform/quick-inputs';
import { activate, emulator, env, restoreDemoKey, useKey, usageFor, waitFor } from './helpers-account';

const KEY = 'wd-host-folder-costs-0001';

/** What a hostile or careless repository could set to make each plain search cost more. */
const RAISED = {
  'webData.search.limit': 100,
  'webData.search.sources': ['web', 'news', 'images'],
  'webData.search.scrapeFormats': 'markdown+summary',
  'webData.scrape.formats': 'markdown+summary',
  'webData.parse.pdfMode': 'ocr',
};

describe('a folder\'s settings and what a person\'s actions cost', function () {
  this.timeout(30_000);
  let settingsFile = '';
  let original = '';
  let api: WebDataApi;

  before(async () => {
    api = await activate();
    await emulator.addTeam({ apiKey: KEY, usage: usageFor(150_000) });
    await useKey(KEY);
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder, 'the host tests run in a folder');
    settingsFile = path.join(folder.uri.fsPath, '.vscode', 'settings.json');
    original = fs.readFileSync(settingsFile, 'utf8');
  });

  after(async () => {
    fs.writeFileSync(settingsFile, original);
    await waitFor('the folder\'s settings back', () => vscode.workspace.getConfiguration('webData').inspect('search.country')?.workspaceValue === undefined);
    await vscode.commands.executeCommand('webData.clearSearches', { confirmed: true });
    await restoreDemoKey();
  });

  it('a folder that raises the search, scrape and document settings is not followed; its other settings are, and a plain search sends the person\'s own', async () => {
    const person = Object.fromEntries(Object.keys(RAISED).map((key) => [key, vscode.workspace.getConfiguration().get(key)]));
    const folderSettings = { ...(JSON.parse(original) as Record<string, unknown>), ...RAISED, 'webData.search.country': 'DE' };
    fs.writeFileSync(settingsFile, JSON.stringify(folderSettings, null, 2));
    // The country is a setting a folder may choose: once VS Code reads it, it has read the rest.
    await waitFor('the folder\'s settings read', () => vscode.workspace.getConfiguration('webData').get('search.country') === 'DE', 10_000);
    for (const [key, value] of Object.entries(person)) {
      assert.deepEqual(vscode.workspace.getConfiguration().get(key), value, `${key} follows the folder`);
    }

    const before = await emulator.requestCount();
    const record = await vscode.commands.executeCommand<{ id: string } | undefined>('webData.search', { query: 'tideflow backpressure' });
    assert.ok(record, 'the search did not run');
    const sent = (await emulator.requests()).recent.filter((r) => r.path === '/v2/search').at(-1) as { body?: Record<string, unknown> } | undefined;
    assert.ok((await emulator.requestCount()) > before && sent?.body, 'nothing was sent');
    assert.equal(sent.body.country, 'DE', 'the folder\'s country is used');
    assert.equal(sent.body.limit ?? 10, person['webData.search.limit'], 'the folder\'s limit was sent');
    assert.notEqual(sent.body.limit, 100);
    assert.ok(!JSON.stringify(sent.body.sources ?? []).includes('images'), `the folder's sources were sent: ${JSON.stringify(sent.body.sources)}`);
    assert.ok(!JSON.stringify(sent.body.scrapeOptions ?? {}).includes('summary'), `the folder's formats were sent: ${JSON.stringify(sent.body.scrapeOptions)}`);
  });

  /** Opens Set API Key with no argument, and closes the key prompt once shown; what it showed. */
  async function keyPrompt(): Promise<ShownQuickInput> {
    const shown: ShownQuickInput[] = [];
    const listening = api.onDidShowQuickInput((input) => { shown.push(input); });
    try {
      const running = Promise.resolve(vscode.commands.executeCommand('webData.setApiKey'));
      await waitFor('the key prompt', () => shown.some((input) => /API Key for/.test(input.title ?? '')), 10_000);
      await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
      await running;
      const prompt = shown.find((input) => /API Key for/.test(input.title ?? ''));
      assert.ok(prompt);
      return prompt;
    } finally {
      listening.dispose();
    }
  }

  it('the key prompt names the folder whose settings chose the service address, and not when the person chose it', async () => {
    const folder = vscode.workspace.workspaceFolders?.[0]?.name ?? '';
    // The host tests' folder sets webData.baseUrl (scripts/run-host-tests.mjs): the folder chose it.
    const chosenByFolder = await keyPrompt();
    assert.ok(chosenByFolder.prompt?.includes(`The folder "${folder}" chose this address in its settings (webData.baseUrl), not you`), chosenByFolder.prompt);

    // The same address in the person's own settings, none in the folder's.
    const withoutAddress = Object.fromEntries(Object.entries(JSON.parse(original) as Record<string, unknown>).filter(([key]) => key !== 'webData.baseUrl'));
    const settings = vscode.workspace.getConfiguration('webData');
    await settings.update('baseUrl', env('WEBDATA_TEST_BASE_URL'), vscode.ConfigurationTarget.Global);
    fs.writeFileSync(settingsFile, JSON.stringify(withoutAddress, null, 2));
    try {
      await waitFor('the folder\'s address gone', () => settings.inspect('baseUrl')?.workspaceValue === undefined, 10_000);
      const chosenByPerson = await keyPrompt();
      assert.ok(!chosenByPerson.prompt?.includes('chose this address'), chosenByPerson.prompt);
      assert.match(chosenByPerson.prompt ?? '', /^Paste the API key/);
    } finally {
      fs.writeFileSync(settingsFile, original);
      await waitFor('the folder\'s address back', () => settings.inspect('baseUrl')?.workspaceValue !== undefined, 10_000);
      await settings.update('baseUrl', undefined, vscode.ConfigurationTarget.Global);
    }
  });
});

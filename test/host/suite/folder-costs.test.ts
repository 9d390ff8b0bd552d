// A folder's settings never raise what a person's own actions cost (issue 46): a cloned
// repository's .vscode/settings.json that asks every search for 100 results of each source with
// markdown and summary, every scrape for every format and every PDF read by OCR is not applied,
// while the folder's other settings (the country, here) still are.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { activate, emulator, restoreDemoKey, useKey, usageFor, waitFor } from './helpers-account';

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

  before(async () => {
    await activate();
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
});

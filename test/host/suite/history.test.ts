// History in a real VS Code against the emulator: pin and unpin (stored in the search's file,
// sorted first), eviction that spares pinned searches, Clear History that keeps them unless asked,
// the filter over queries and result titles, all results in one read-only page, both exports
// written to disk and compared with what is expected, and image tooltips with their preview.
import * as assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { allResultsMarkdown } from '../../../src/core/search/all-results';
import { exportMarkdown } from '../../../src/core/search/export';
import type { SearchRecord } from '../../../src/core/search/record';
import type { WebDataApi } from '../../../src/extension';
import type { ShownQuickInput } from '../../../src/platform/quick-inputs';
import type { SearchTreeNode } from '../../../src/features/search';
import { activate, emulator, env, restoreDemoKey, useKey, usageFor, waitFor } from './helpers-account';

const KEY = 'wd-host-history-0001';
type Provider = vscode.TreeDataProvider<SearchTreeNode>;

const search = (request: unknown): Thenable<SearchRecord | undefined> => vscode.commands.executeCommand<SearchRecord | undefined>('webData.search', request);

async function rows(provider: Provider, parent?: SearchTreeNode): Promise<Array<{ node: SearchTreeNode; item: vscode.TreeItem }>> {
  const nodes = (await provider.getChildren(parent)) ?? [];
  return Promise.all(nodes.map(async (node) => ({ node, item: await provider.getTreeItem(node) })));
}

async function searched(request: Record<string, unknown>): Promise<SearchRecord> {
  const record = await search(request);
  assert.ok(record, `the search for ${String(request.query)} returned nothing`);
  return record;
}

describe('history: pins, eviction, clear, filter, all results, export', function () {
  this.timeout(60_000);
  let api: WebDataApi;
  let folder: string;
  const settings = (): vscode.WorkspaceConfiguration => vscode.workspace.getConfiguration('webData');
  // Searches holds searches only: any other row shows as '?'.
  const rootIds = async (): Promise<string[]> => (await rows(api.search.results)).map((r) => (r.node.type === 'search' ? r.node.summary.id : '?'));

  before(async () => {
    api = await activate();
    await emulator.addTeam({ apiKey: KEY, usage: usageFor(150_000) });
    await useKey(KEY);
    // The kept pages' group would be a row among the searches this suite counts.
    await vscode.commands.executeCommand('webData.clearPages', { confirmed: true, includePinned: true });
    await vscode.commands.executeCommand('webData.clearSearches', { confirmed: true, includePinned: true });
    folder = await fs.mkdtemp(path.join(os.tmpdir(), 'wd-export-'));
  });

  after(async () => {
    await vscode.commands.executeCommand('webData.clearSearchFilter');
    await settings().update('search.historySize', undefined, vscode.ConfigurationTarget.Global);
    await settings().update('search.previewImages', undefined, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('webData.clearSearches', { confirmed: true, includePinned: true });
    await fs.rm(folder, { recursive: true, force: true });
    await restoreDemoKey();
  });

  it('pins a search: stored in its file, listed first with the pinned icon, and unpins it', async () => {
    const older = await searched({ query: 'tideflow backpressure', limit: 3 });
    const newer = await searched({ query: 'tomato seedlings', limit: 3 });
    assert.deepEqual(await rootIds(), [newer.id, older.id]);
    assert.equal(await vscode.commands.executeCommand('webData.pinSearch', older.id), true);
    assert.deepEqual(await rootIds(), [older.id, newer.id]);
    const [first] = await rows(api.search.results);
    assert.equal(first?.item.contextValue, 'search.pinned');
    assert.equal((first.item.iconPath as vscode.ThemeIcon | undefined)?.id, 'pinned');
    const stored = JSON.parse(await fs.readFile(path.join(api.search.historyFolder.fsPath, `${older.id}.json`), 'utf8')) as { pinned?: boolean };
    assert.equal(stored.pinned, true);
    assert.equal(await vscode.commands.executeCommand('webData.unpinSearch', { searchId: older.id }), true);
    assert.deepEqual(await rootIds(), [newer.id, older.id]);
    assert.equal((await rows(api.search.results))[1]?.item.contextValue, 'search');
  });

  it('eviction spares a pinned search: with room for two, new searches push out only unpinned ones', async () => {
    const ids = await rootIds();
    const oldest = ids.at(-1);
    assert.ok(oldest);
    await vscode.commands.executeCommand('webData.pinSearch', oldest);
    await settings().update('search.historySize', 2, vscode.ConfigurationTarget.Global);
    const a = await searched({ query: 'sourdough starter', limit: 2 });
    const b = await searched({ query: 'harbor bridge', limit: 2 });
    assert.deepEqual(await rootIds(), [oldest, b.id]);
    assert.ok(!(await rootIds()).includes(a.id));
    await fs.stat(path.join(api.search.historyFolder.fsPath, `${oldest}.json`));
    await settings().update('search.historySize', undefined, vscode.ConfigurationTarget.Global);
  });

  it('Clear History keeps pinned searches; includePinned clears them too', async () => {
    const [pinned] = await rootIds();
    assert.equal(await vscode.commands.executeCommand('webData.clearSearches', { confirmed: true }), true);
    assert.deepEqual(await rootIds(), [pinned]);
    assert.equal(await vscode.commands.executeCommand('webData.clearSearches', { confirmed: true, includePinned: true }), true);
    assert.deepEqual(await rootIds(), []);
    assert.deepEqual((await fs.readdir(api.search.historyFolder.fsPath)).filter((n) => n.endsWith('.json')), []);
  });

  it('filters the history by query words and by result titles, and clears the filter', async () => {
    const tide = await searched({ query: 'tideflow backpressure', limit: 5 });
    const tomato = await searched({ query: 'tomato', limit: 5 });
    // A word found only in a title of the first search's results, not in either query.
    const titles = (tide.response.data.web ?? []).map((w) => w.title ?? '');
    const inTomato = (w: string): boolean => /tomato/i.test(w) || (tomato.response.data.web ?? []).some((r) => (r.title ?? '').toLowerCase().includes(w.toLowerCase()));
    const word = titles.flatMap((t) => t.match(/[A-Za-z]{5,}/g) ?? []).find((w) => !/tideflow|backpressure/i.test(w) && !inTomato(w));
    assert.ok(word, `no word of the titles ${JSON.stringify(titles)} is unique to the first search`);
    await vscode.commands.executeCommand('webData.filterSearches', 'TOMATO');
    assert.deepEqual(await rootIds(), [tomato.id]);
    await vscode.commands.executeCommand('webData.filterSearches', word.toUpperCase());
    assert.deepEqual(await rootIds(), [tide.id], `filtering by "${word}" from a result title`);
    await vscode.commands.executeCommand('webData.filterSearches', 'no-such-word-anywhere');
    assert.deepEqual(await rootIds(), []);
    await vscode.commands.executeCommand('webData.clearSearchFilter');
    assert.deepEqual(await rootIds(), [tomato.id, tide.id]);
  });

  it('opens every result of a search in one read-only markdown tab with a table of contents', async () => {
    const record = await searched({ query: 'tideflow backpressure', limit: 4, scrapeOptions: { formats: [{ type: 'markdown' }] } });
    const editor = await vscode.commands.executeCommand<vscode.TextEditor | undefined>('webData.openAllResults', record.id);
    assert.ok(editor);
    const document = editor.document;
    assert.equal(document.uri.scheme, 'webdata');
    assert.equal(document.languageId, 'markdown');
    assert.equal(document.getText(), allResultsMarkdown(record));
    const web = record.response.data.web ?? [];
    assert.ok(web.length > 0);
    web.forEach((_, i) => assert.ok(document.getText().includes(`](#web-${i + 1})`), `no contents entry for web ${i + 1}`));
    for (const result of web) assert.ok(document.getText().includes(result.markdown ?? '\u0000'), `the scraped markdown of ${result.url} is missing`);
    assert.equal(vscode.window.tabGroups.activeTabGroup.activeTab?.isPreview, false);
    assert.equal(vscode.workspace.fs.isWritableFileSystem('webdata'), false, 'the page is read-only');
  });

  it('exports a search to markdown and to JSON (the answer as the service sent it)', async () => {
    const body = { query: 'tideflow backpressure', limit: 3, scrapeOptions: { formats: [{ type: 'markdown' }] } };
    // An array under `data` this client does not read: gone from the parsed answer, kept in the JSON export.
    const research = [{ title: 'A study', url: 'https://papers.example/1' }];
    await emulator.injectFault({ fault: { kind: 'result-shapes', extraData: { research } }, path: '/v2/search', apiKey: KEY });
    const record = await searched(body);
    assert.equal('research' in record.response.data, false);
    const md = vscode.Uri.file(path.join(folder, 'out.md'));
    const json = vscode.Uri.file(path.join(folder, 'out.json'));
    assert.equal((await vscode.commands.executeCommand<vscode.Uri>('webData.exportSearch', { searchId: record.id, uri: md })).fsPath, md.fsPath);
    await vscode.commands.executeCommand('webData.exportSearch', { searchId: record.id, uri: json });
    const text = await fs.readFile(md.fsPath, 'utf8');
    assert.equal(text, exportMarkdown(record));
    assert.ok(text.startsWith(`---\nquery: "tideflow backpressure"\ndate: "${record.createdAt}"\n`), text.slice(0, 200));
    const requestLine = text.split('\n').find((line) => line.startsWith('request: ')) ?? '';
    assert.deepEqual(JSON.parse(requestLine.slice('request: '.length)), { limit: 3, timeout: 60000, sources: [{ type: 'web' }], country: 'US', scrapeOptions: { formats: [{ type: 'markdown' }] } });
    assert.match(text, new RegExp(`^creditsUsed: ${record.response.creditsUsed ?? 'null'}$`, 'm'));
    for (const result of record.response.data.web ?? []) assert.ok(text.includes(result.markdown ?? '\u0000'));
    // The JSON is the answer as received: the same as asking the emulator directly, but for its job id.
    const direct = await fetch(`${env('WEBDATA_TEST_BASE_URL')}/v2/search`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${KEY}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...body, timeout: 60000, sources: [{ type: 'web' }], country: 'US' }),
    });
    const { id: _directId, ...expected } = (await direct.json()) as Record<string, unknown>;
    const { id: _savedId, ...saved } = JSON.parse(await fs.readFile(json.fsPath, 'utf8')) as { id?: unknown; data: Record<string, unknown> };
    assert.deepEqual(saved.data.research, research);
    delete saved.data.research;
    assert.deepEqual(saved, expected);
  });

  it('shows an image\'s size and, with previewImages on, its https picture in a tooltip that is not trusted', async () => {
    const record = await searched({ query: 'tomato', limit: 3, sources: [{ type: 'images' }] });
    const rowsOf = async () => rows(api.search.results, (await rows(api.search.results)).find((r) => r.node.type === 'search' && r.node.summary.id === record.id)?.node);
    const image = (await rowsOf())[0];
    assert.ok(image && image.node.type === 'result' && image.node.kind === 'images');
    const tooltip = image.item.tooltip;
    assert.ok(tooltip instanceof vscode.MarkdownString);
    assert.equal(tooltip.isTrusted, false);
    assert.equal(tooltip.supportHtml, false);
    assert.match(tooltip.value, /Image size\\?: \d+ × \d+/);
    assert.match(tooltip.value, /!\[image\]\(https:\/\/[^)\s]+\|width=240\)$/);
    await settings().update('search.previewImages', false, vscode.ConfigurationTarget.Global);
    const off = (await rowsOf())[0]?.item.tooltip;
    assert.ok(off instanceof vscode.MarkdownString);
    assert.equal(off.value.includes('!['), false);
  });

  it('edit opens advanced search at its review with the search\'s request, and sends nothing when closed', async () => {
    const record = await searched({ query: 'tideflow backpressure', limit: 2 });
    const shown: ShownQuickInput[] = [];
    const listener = api.onDidShowQuickInput((input) => { shown.push(input); });
    try {
      const before = await emulator.requestCount();
      const running = vscode.commands.executeCommand('webData.editSearch', record.id);
      await waitFor('advanced search to show a step', () => shown.length > 0, 10_000);
      // Every field is answered by the stored request, so the review (the last step) comes first.
      const review = shown[0];
      assert.ok(review && review.step !== undefined && review.step === review.totalSteps, `the first input shown: ${JSON.stringify(review)}`);
      assert.match(review.items.join('\n'), /tideflow backpressure/, `the review does not show the query: ${review.items.join(' | ')}`);
      await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
      await running;
      assert.deepEqual((await emulator.requestsSince(before)).filter((r) => r.path === '/v2/search'), [], 'closing the steps searched');
    } finally {
      listener.dispose();
    }
  });
});

// Searching in a real VS Code against the emulator: the command with an argument, the rows of the
// results view, markdown in a read-only tab equal to what the emulator scraped, history read by a
// second window, a warning on its row, a 429 retried, a cancelled search, a refused request. The
// API other features use: search-api.test.ts; the history after a real reload: test/e2e/reload.e2e.ts.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { SearchHistory } from '../../../src/core/search/history';
import type { SearchRecord } from '../../../src/core/search/record';
import { parseSearchIndex, readSearchRecordText, serializeSearchIndex } from '../../../src/core/search/record-schema';
import type { WebDataApi } from '../../../src/extension';
import type { SearchTreeNode } from '../../../src/features/search';
import { activate, emulator, env, restoreDemoKey, useKey, usageFor, waitFor } from './helpers-account';
import { paying } from './helpers-price';
import { recordProgress } from './helpers-progress';

const KEY = 'wd-host-search-0001';
const MARKDOWN = { scrapeOptions: { formats: [{ type: 'markdown' }] } };

type Provider = vscode.TreeDataProvider<SearchTreeNode>;

function search(request: unknown, options?: { token: vscode.CancellationToken }): Thenable<SearchRecord | undefined> {
  return vscode.commands.executeCommand<SearchRecord | undefined>('webData.search', request, options);
}

function labelOf(item: vscode.TreeItem): string {
  return typeof item.label === 'string' ? item.label : (item.label?.label ?? '');
}

async function rows(provider: Provider, parent?: SearchTreeNode): Promise<Array<{ node: SearchTreeNode; item: vscode.TreeItem }>> {
  const nodes = (await provider.getChildren(parent)) ?? [];
  return Promise.all(nodes.map(async (node) => ({ node, item: await provider.getTreeItem(node) })));
}

/** What the emulator answers to the same body, asked directly. */
async function rawSearch(body: unknown): Promise<{ data: { web?: Array<{ url: string; markdown?: string }> } }> {
  const response = await fetch(`${env('WEBDATA_TEST_BASE_URL')}/v2/search`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${KEY}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  assert.equal(response.status, 200);
  return (await response.json()) as { data: { web?: Array<{ url: string; markdown?: string }> } };
}

/** Runs its own search and opens its first result's markdown tab: no test relies on a tab another left open. */
async function openFirstMarkdown(): Promise<vscode.TextDocument> {
  const record = await search({ query: 'tideflow backpressure', limit: 5, ...MARKDOWN });
  assert.ok(record, 'the search returned nothing');
  const editor = await vscode.commands.executeCommand<vscode.TextEditor | undefined>('webData.openMarkdown', { searchId: record.id, index: 0 });
  assert.ok(editor?.document.uri.scheme === 'webdata', 'the result did not open in a webdata tab');
  return editor.document;
}

describe('search: command, results view, markdown tabs', function () {
  this.timeout(30_000);
  let api: WebDataApi;

  before(async () => {
    api = await activate();
    assert.ok(api.search, 'activate() did not return the search API');
    await emulator.addTeam({ apiKey: KEY, usage: usageFor(150_000) });
    await useKey(KEY);
    // The kept pages' group would be a row among the searches this suite counts.
    await vscode.commands.executeCommand('webData.clearPages', { confirmed: true, includePinned: true });
    await vscode.commands.executeCommand('webData.clearSearches', { confirmed: true });
  });

  afterEach(async () => {
    await emulator.clearFaults();
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('webData.clearSearches', { confirmed: true });
    await restoreDemoKey();
  });

  it('searches with the argument over the settings, and shows the search as the newest row with its results', async () => {
    const record = await search({ query: 'tideflow backpressure', limit: 5, ...MARKDOWN });
    assert.ok(record, 'the command returned no search');
    const web = record.response.data.web ?? [];
    assert.ok(web.length > 0 && web.length <= 5, `expected 1 to 5 web results, got ${web.length}`);
    // What went on the wire: the argument, and the settings' defaults under it.
    const sent = (await emulator.requests()).recent.filter((r) => r.path === '/v2/search').at(-1) as { body?: Record<string, unknown> } | undefined;
    assert.deepEqual(sent?.body, { query: 'tideflow backpressure', limit: 5, timeout: 60000, sources: [{ type: 'web' }], country: 'US', ...MARKDOWN });

    const roots = await rows(api.search.results);
    const root = roots[0];
    assert.ok(root);
    assert.equal(labelOf(root.item), 'tideflow backpressure');
    assert.match(String(root.item.description), new RegExp(`^\\d{1,2}:\\d\\d(\\s?[AP]M)? · ${web.length} web · ${record.response.creditsUsed ?? 0} credits?$`));
    assert.equal(root.item.contextValue, 'search');
    assert.equal(root.item.collapsibleState, vscode.TreeItemCollapsibleState.Expanded);

    const results = await rows(api.search.results, root.node);
    assert.deepEqual(results.map((r) => labelOf(r.item)), web.map((w) => (w.title ?? '').replace(/\s+/g, ' ').trim() || w.url));
    const first = results[0];
    assert.ok(first);
    assert.equal(first.item.contextValue, 'result.url.markdown');
    assert.equal(first.item.description, new URL(web[0]?.url ?? '').hostname.replace(/^www\./, ''));
    // A click opens the result's tab VS Code's way (vscode.open: a preview tab, kept by a double click).
    assert.equal(first.item.command?.command, 'vscode.open');
    const tooltip = first.item.tooltip;
    assert.ok(tooltip instanceof vscode.MarkdownString);
    assert.equal(tooltip.isTrusted, false);
    assert.equal(tooltip.supportHtml, false);
  });

  it('opens a result\'s markdown in a read-only markdown tab, equal to what the emulator scraped', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const record = await search({ query: 'tideflow backpressure', limit: 5, ...MARKDOWN });
    const roots = await rows(api.search.results);
    assert.ok(record && roots[0]?.node.type === 'search' && roots[0].node.summary.id === record.id, 'the search is not the newest row');
    const results = await rows(api.search.results, roots[0].node);
    const first = results[0];
    assert.ok(first && first.node.type === 'result');
    const url = first.node.typed.result.url;
    const editor = await vscode.commands.executeCommand<vscode.TextEditor | undefined>('webData.openMarkdown', first.node);
    assert.ok(editor, 'no editor opened');
    const document = editor.document;
    assert.equal(document.uri.scheme, 'webdata');
    assert.equal(document.languageId, 'markdown');
    const direct = await rawSearch({ query: 'tideflow backpressure', limit: 5, ...MARKDOWN });
    const scraped = direct.data.web?.find((w) => w.url === url)?.markdown;
    assert.ok(scraped, 'the emulator did not scrape the page');
    assert.equal(document.getText(), scraped);
    const tab = vscode.window.tabGroups.activeTabGroup.activeTab;
    assert.equal(tab?.isPreview, false);
    assert.equal(tab.label, `${labelOf(first.item)}.md`);
    // The breadcrumb shows the path: the query, then the page; the search's id stays in the URI's query.
    assert.equal(document.uri.path, `/tideflow backpressure/${labelOf(first.item)}.md`);
    assert.match(document.uri.query, new RegExp(`(^|&)id=${first.node.searchId}(&|$)`));
  });

  it('a click on a result opens a preview tab (workbench.editor.enablePreview), which the next click replaces; with previews off, a kept tab', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const record = await search({ query: 'tideflow backpressure', limit: 5, ...MARKDOWN });
    const roots = await rows(api.search.results);
    assert.ok(record && roots[0]?.node.type === 'search' && roots[0].node.summary.id === record.id, 'the search is not the newest row');
    const results = await rows(api.search.results, roots[0].node);
    assert.ok(results.length >= 2, 'two results to click');
    // What VS Code runs on a click: the row's command with its arguments (the click's own editor
    // options, which a double click turns into a kept tab, come from the workbench's tree).
    const uriOf = (row: { item: vscode.TreeItem }): string => {
      const [uri] = (row.item.command?.arguments ?? []) as unknown[];
      assert.ok(uri instanceof vscode.Uri, 'the row\'s command opens an address');
      return uri.toString();
    };
    const click = async (row: { item: vscode.TreeItem }): Promise<void> => {
      const command = row.item.command;
      assert.ok(command);
      // A click is made in the view: the focus is there, not in an editor (from a focused editor,
      // VS Code takes an open as code navigation, and keeps the editor navigated from).
      await vscode.commands.executeCommand('webData.searchResults.focus');
      await vscode.commands.executeCommand(command.command, ...((command.arguments ?? []) as unknown[]));
      await waitFor('the result\'s tab', () => vscode.window.activeTextEditor?.document.uri.toString() === uriOf(row));
    };
    const tabs = (): readonly vscode.Tab[] => vscode.window.tabGroups.all.flatMap((group) => group.tabs);
    const [first, second] = results;
    assert.ok(first && second);
    await click(first);
    assert.equal(vscode.window.tabGroups.activeTabGroup.activeTab?.isPreview, true, 'a click opens a preview tab');
    assert.equal(vscode.window.activeTextEditor?.document.languageId, 'markdown');
    await click(second);
    assert.equal(tabs().length, 1, `the preview tab was replaced, not piled up: ${JSON.stringify(tabs().map((tab) => [tab.label, tab.isPreview]))}`);

    const previews = vscode.workspace.getConfiguration('workbench.editor');
    await previews.update('enablePreview', false, vscode.ConfigurationTarget.Global);
    try {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await click(first);
      const kept = vscode.window.tabGroups.activeTabGroup.activeTab;
      assert.equal(kept.isPreview, false, 'with previews off, the tab is kept');
    } finally {
      await previews.update('enablePreview', undefined, vscode.ConfigurationTarget.Global);
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    }
  });

  it('still opens a tab restored with the older address (search id, kind and index in the path)', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const open = await openFirstMarkdown();
    const id = new URLSearchParams(open.uri.query).get('id');
    const legacy = vscode.Uri.from({ scheme: 'webdata', path: `/${id}/web/0/page.md`, query: 'format=markdown' });
    assert.equal(new TextDecoder().decode(await vscode.workspace.fs.readFile(legacy)), open.getText());
  });

  it('serves result documents from a read-only file system provider (the kind whose tabs a reload restores: test/e2e/reload.e2e.ts)', async () => {
    // A TextDocumentContentProvider's tabs are dropped on reload; a file system provider's are kept.
    assert.equal(vscode.workspace.fs.isWritableFileSystem('webdata'), false);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const open = await openFirstMarkdown();
    assert.equal(new TextDecoder().decode(await vscode.workspace.fs.readFile(open.uri)), open.getText());
    const stat = await vscode.workspace.fs.stat(open.uri);
    assert.equal(stat.type, vscode.FileType.File);
    assert.equal(stat.permissions, vscode.FilePermission.Readonly);
    await assert.rejects(Promise.resolve(vscode.workspace.fs.writeFile(open.uri, new TextEncoder().encode('changed'))));
    assert.equal(new TextDecoder().decode(await vscode.workspace.fs.readFile(open.uri)), open.getText());
  });

  it('opens a short page with title, URL and how to ask for markdown when nothing was scraped', async () => {
    const record = await search({ query: 'tideflow streams', limit: 2 });
    assert.ok(record);
    const result = record.response.data.web?.[0];
    assert.ok(result);
    const editor = await vscode.commands.executeCommand<vscode.TextEditor | undefined>('webData.openMarkdown', { searchId: record.id, resultIndex: 0 });
    assert.ok(editor);
    const text = editor.document.getText();
    assert.ok(text.includes(`<${result.url}>`), text);
    assert.ok(text.includes('webData.search.scrapeFormats'));
    assert.ok(text.includes('"scrapeOptions"'));
  });

  it('groups results by source when several were asked for', async () => {
    const record = await search({ query: 'tideflow', limit: 3, sources: ['web', 'news'] });
    assert.ok(record);
    const root = (await rows(api.search.results))[0];
    assert.ok(root);
    const groups = await rows(api.search.results, root.node);
    assert.deepEqual(groups.map((g) => labelOf(g.item)), ['Web', 'News']);
    const web = await rows(api.search.results, groups[0]?.node);
    assert.equal(web.length, record.response.data.web?.length);
  });

  it('shows the service\'s warning on the search\'s row', async () => {
    const record = await search({ query: 'zzqxv nonexistentwordforsure' });
    assert.ok(record?.response.warning, 'the emulator sent no warning');
    const root = (await rows(api.search.results))[0];
    assert.ok(root);
    assert.ok(root.item.iconPath instanceof vscode.ThemeIcon);
    assert.equal(root.item.iconPath.id, 'warning');
    assert.ok(root.item.tooltip instanceof vscode.MarkdownString);
    assert.match(root.item.tooltip.value, /Warning from the service/);
    assert.match(String(root.item.description), /0 web/);
  });

  it('a second history over the same folder, as another window\'s, skips a corrupt search file and takes back one the index does not list', async () => {
    // A real reload is in test/e2e/reload.e2e.ts; here another window's history is built as that
    // window builds it, over this window's storage folder.
    const folder = api.search.historyFolder;
    // A search of its own to copy, whatever ran before this test.
    assert.ok(await search({ query: 'tideflow streams', limit: 2 }), 'the search failed');
    const before = await rows(api.search.results);
    const newest = before[0]?.node;
    assert.ok(newest && newest.type === 'search');
    const text = new TextDecoder().decode(await vscode.workspace.fs.readFile(vscode.Uri.joinPath(folder, `${newest.summary.id}.json`)));
    const orphan = { ...(JSON.parse(text) as SearchRecord), id: 'zzzzzzzz-orphan', createdAt: new Date().toISOString() };
    orphan.request = { ...orphan.request, query: 'written by another window' };
    await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(folder, 'zzzzzzzz-orphan.json'), new TextEncoder().encode(JSON.stringify(orphan)));
    await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(folder, 'zzzzzzzz-corrupt.json'), new TextEncoder().encode('{"version":1,"id":"zzzz'));
    const other = new SearchHistory({
      // The history folder (searches/) sits in the extension's global storage folder.
      storageDir: vscode.Uri.joinPath(folder, '..').fsPath,
      codec: { parseIndex: parseSearchIndex, readRecordText: readSearchRecordText, serializeIndex: serializeSearchIndex },
      log: { warn: () => undefined, error: () => undefined },
      limits: () => ({ maxCount: 50, maxBytes: 1e9 }),
    });
    try {
      const listed = await other.list();
      assert.deepEqual(listed.map((s) => s.query), ['written by another window', ...before.map((r) => labelOf(r.item))]);
    } finally {
      await vscode.workspace.fs.delete(vscode.Uri.joinPath(folder, 'zzzzzzzz-orphan.json'));
      await vscode.workspace.fs.delete(vscode.Uri.joinPath(folder, 'zzzzzzzz-corrupt.json'));
    }
  });

  it('searches again with a row\'s stored request, exactly as it was sent', async () => {
    const roots = await rows(api.search.results);
    const grouped = roots.find((r) => labelOf(r.item) === 'tideflow');
    assert.ok(grouped && grouped.node.type === 'search');
    const original = (await rows(api.search.results, grouped.node)).length;
    const again = await paying<SearchRecord>('webData.searchAgain', grouped.node);
    assert.ok(again);
    assert.deepEqual(again.request, { query: 'tideflow', limit: 3, timeout: 60000, sources: [{ type: 'web' }, { type: 'news' }], country: 'US' });
    const newest = (await rows(api.search.results))[0];
    assert.equal(newest && labelOf(newest.item), 'tideflow');
    assert.equal((await rows(api.search.results, newest?.node)).length, original);
  });

  it('retries a 429 with Retry-After and still succeeds', async () => {
    await emulator.injectFault({ fault: { kind: 'rate-limit', retryAfter: '1' }, path: '/v2/search', apiKey: KEY });
    const started = Date.now();
    const record = await search({ query: 'tideflow config' });
    assert.ok(record, 'the search failed instead of retrying');
    assert.ok(Date.now() - started >= 900, 'the retry did not wait for Retry-After');
    const statuses = (await emulator.requests()).recent.filter((r) => r.path === '/v2/search').slice(-2).map((r) => r.status);
    assert.deepEqual(statuses, [429, 200]);
  });

  it('lists image and news results that came without a url, without the open and copy actions', async () => {
    // As the live service answers: no url on image and news results, and an array the spec does not list.
    await emulator.injectFault({ fault: { kind: 'result-shapes' }, path: '/v2/search', apiKey: KEY });
    const record = await search({ query: 'tomato', limit: 2, sources: ['web', 'images', 'news'] });
    assert.ok(record, 'the search failed on results without url');
    const root = (await rows(api.search.results))[0];
    const groups = await rows(api.search.results, root?.node);
    assert.deepEqual(groups.map((g) => labelOf(g.item)), ['Web', 'Images', 'News']);
    const [web, images, news] = await Promise.all(groups.map((g) => rows(api.search.results, g.node)));
    assert.ok(web?.length && images?.length && news?.length, 'a group is empty');
    for (const row of web) assert.match(String(row.item.contextValue), /^result\.url/);
    for (const row of [...images, ...news]) {
      assert.doesNotMatch(String(row.item.contextValue), /url/);
      assert.equal(row.item.description, 'no address');
      assert.notEqual(labelOf(row.item), '');
    }
    assert.equal(await vscode.commands.executeCommand('webData.copyUrl', news[0]?.node), false);
  });

  it('cancels a search through the token in the second argument: nothing stored, no error', async () => {
    await emulator.injectFault({ fault: { kind: 'slow-headers', ms: 15_000 }, path: '/v2/search', apiKey: KEY });
    const count = (await rows(api.search.results)).length;
    const source = new vscode.CancellationTokenSource();
    try {
      const before = await emulator.requestCount();
      const running = search({ query: 'tideflow faq' }, { token: source.token });
      // The emulator lists a request as it arrives (status 0 until answered): cancel once it is there.
      await waitFor('the search to reach the emulator', async () =>
        (await emulator.requestsSince(before)).some((r) => r.path === '/v2/search' && r.status === 0), 10_000);
      const cancelledAt = Date.now();
      source.cancel();
      assert.equal(await running, undefined);
      assert.ok(Date.now() - cancelledAt < 3000, 'cancelling did not stop the request promptly');
      assert.equal((await rows(api.search.results)).length, count);
    } finally {
      source.dispose();
    }
  });

  it('a search shows its progress in the window, not as a notification; one still going after a few seconds gets a notification whose Cancel stops it (issue 46)', async () => {
    const progress = recordProgress();
    try {
      assert.ok(await search({ query: 'tideflow backpressure', limit: 2 }), 'the search failed');
      assert.deepEqual(progress.shown, [{ location: 'window', title: 'Searching the web for “tideflow backpressure”…', cancellable: false }], 'a quick search showed a progress notification');
      progress.shown.length = 0;
      await emulator.injectFault({ fault: { kind: 'slow-headers', ms: 20_000 }, path: '/v2/search', apiKey: KEY });
      const running = search({ query: 'tideflow faq' });
      await waitFor('the slow search\'s notification', () => progress.shown.some((p) => p.location === 'notification'), 10_000);
      assert.deepEqual(progress.shown.map((p) => `${p.location} ${String(p.cancellable)} ${p.title}`), [
        'window false Searching the web for “tideflow faq”…',
        'notification true Searching the web for “tideflow faq”…',
      ]);
      const cancelledAt = Date.now();
      progress.cancelNotifications();
      assert.equal(await running, undefined, 'cancelled: nothing searched');
      assert.ok(Date.now() - cancelledAt < 3000, 'the notification\'s Cancel did not stop the search promptly');
    } finally {
      progress.restore();
    }
  });

  it('refuses an invalid request without sending it', async () => {
    const before = (await emulator.requests()).count;
    const record = await search({ query: 'x'.repeat(501), limit: 0 });
    assert.equal(record, undefined);
    assert.equal((await emulator.requests()).count, before);
  });

  it('removes one search (its open result document then says it is gone), then clears the history', async () => {
    // A search of its own to remove, whatever ran before this test.
    assert.ok(await search({ query: 'tideflow backpressure', limit: 2 }), 'the search failed');
    const roots = await rows(api.search.results);
    const first = roots[0]?.node;
    assert.ok(first && first.type === 'search');
    const editor = await vscode.commands.executeCommand<vscode.TextEditor | undefined>('webData.openMarkdown', { searchId: first.summary.id, resultIndex: 0 });
    assert.ok(editor);
    const read = async (): Promise<string> => new TextDecoder().decode(await vscode.workspace.fs.readFile(editor.document.uri));
    assert.equal(await read(), editor.document.getText());
    await vscode.commands.executeCommand('webData.removeSearch', first);
    assert.match(await read(), /no longer in the search history/, 'the document was served from before the search was removed');
    const after = await rows(api.search.results);
    assert.equal(after.length, roots.length - 1);
    assert.equal(after.some((r) => r.node.type === 'search' && r.node.summary.id === first.summary.id), false);
    assert.equal(await vscode.commands.executeCommand('webData.clearSearches', { confirmed: true }), true);
    assert.deepEqual(await rows(api.search.results), []);
  });
});

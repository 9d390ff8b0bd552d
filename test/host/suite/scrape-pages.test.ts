// The kept pages in Search Results, in a real VS Code (issue 27): their group after the searches,
// each row with its title, host, who asked and the cost; a click opens its tab; a hostile title is
// inert in the row and its tooltip; pin, export and remove through their commands; the history
// limit keeps pinned pages; a page another window kept appears when this window lists again.
import * as assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { ScrapedPages } from '../../../src/core/scrape/store';
import type { SearchTreeNode } from '../../../src/features/search';
import type { WebDataApi } from '../../../src/extension';
import type { ShownQuickInput } from '../../../src/platform/quick-inputs';
import { activate, plainText, restoreDemoKey, waitFor } from './helpers-account';
import { paying } from './helpers-price';
import { pressEnterUntilDone } from './helpers-steps';


type Row = { node: SearchTreeNode; item: vscode.TreeItem };
const labelOf = (item: vscode.TreeItem): string => (typeof item.label === 'string' ? item.label : (item.label?.label ?? ''));

describe('kept pages: the Pages group of the Pages, Documents and Data view', function () {
  this.timeout(60_000);
  let api: WebDataApi;
  const settings = (): vscode.WorkspaceConfiguration => vscode.workspace.getConfiguration('webData');

  async function rows(parent?: SearchTreeNode): Promise<Row[]> {
    const nodes = await kept().getChildren(parent);
    return nodes.map((node) => ({ node, item: kept().getTreeItem(node) }));
  }
  /** The Pages, Documents and Data view's rows (the scrape feature's). */
  const kept = (): NonNullable<WebDataApi['scrape']['kept']> => api.scrape.kept ?? assert.fail('the Pages, Documents and Data view has no rows');
  async function pageRows(): Promise<Row[]> {
    const group = (await rows()).find((r) => r.node.type === 'pages');
    return group ? rows(group.node) : [];
  }
  const scrape = (url: string): Thenable<{ id: string; url: string } | undefined> => vscode.commands.executeCommand('webData.scrapeUrl', { url });

  before(async () => {
    api = await activate();
    await restoreDemoKey();
    await vscode.commands.executeCommand('webData.clearPages', { confirmed: true, includePinned: true });
  });
  after(async () => {
    await settings().update('scrape.historySize', undefined, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('webData.clearPages', { confirmed: true, includePinned: true });
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('no pages kept: no group; a page opened as markdown: its group in the view, its row with title, host, who asked and the cost', async () => {
    assert.equal((await rows()).some((r) => r.node.type === 'pages'), false, 'an empty group is shown');
    const page = await scrape('https://docs.tideflow.dev/getting-started');
    assert.ok(page, 'the page was not fetched');
    await waitFor('the Pages group', async () => (await rows())[0]?.node.type === 'pages');
    const group = (await rows())[0];
    assert.equal(group?.item.contextValue, 'keptPages');
    assert.equal(labelOf(group.item), 'Pages');
    assert.equal(group.item.collapsibleState, vscode.TreeItemCollapsibleState.Collapsed);
    const [row] = await pageRows();
    assert.ok(row && row.node.type === 'page');
    assert.equal(labelOf(row.item), 'Getting started with Tideflow');
    assert.equal(row.item.description, 'docs.tideflow.dev · you · 1 credit');
    assert.equal(row.item.contextValue, 'page');
    const tooltip = plainText((row.item.tooltip as vscode.MarkdownString).value);
    assert.match(tooltip, /Asked by: you/);
    assert.match(tooltip, /Credits used: 1 credit/);
    assert.equal(kept().getParent(row.node), group.node, 'the row\'s parent is not its group');
    // Searches holds searches only.
    assert.equal(((await api.search.results.getChildren()) ?? []).some((node) => node.type !== 'search'), false, 'a kept page\'s group is in Searches');
    // The click opens its tab (vscode.open with the tab's address).
    assert.equal(row.item.command?.command, 'vscode.open');
    const uri = row.item.command.arguments?.[0] as vscode.Uri;
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand(row.item.command.command, uri);
    assert.equal(vscode.window.activeTextEditor?.document.uri.toString(), uri.toString());
    assert.match(vscode.window.activeTextEditor.document.getText(), /^# Getting started with Tideflow$/m);
  });

  it('a page another window kept (an agent\'s, with a hostile title) appears when the folder is listed again, inert in its row and tooltip', async () => {
    const other = new ScrapedPages(path.dirname(api.scrape.pages.dir));
    const id = randomUUID();
    const title = 'Evil\u202e [run](command:workbench.action.quit) $(bug)\nsecond line';
    await other.save({ id, url: 'https://evil.example/x', finalUrl: 'https://evil.example/x', title, markdown: '# x', scrapedAt: new Date().toISOString(), askedBy: 'agent' });
    assert.ok(api.scrape.pagesView, 'the Pages group is not registered');
    await api.scrape.pagesView.refresh();
    const row = (await pageRows()).find((r) => r.node.type === 'page' && r.node.page.id === id);
    assert.ok(row, 'the other window\'s page has no row');
    const label = labelOf(row.item);
    assert.doesNotMatch(label, /[\u202e\n]/, 'the label kept a control or bidi character');
    assert.equal(row.item.description, 'evil.example · a chat agent', 'no cost is made up when the service said none');
    const tooltip = row.item.tooltip as vscode.MarkdownString;
    assert.equal(tooltip.isTrusted, false);
    assert.equal(tooltip.supportThemeIcons, false);
    assert.doesNotMatch(tooltip.value, /\]\(command:/, 'the tooltip holds a command link');
    assert.doesNotMatch(tooltip.value, /\u202e/);
    assert.match(plainText(tooltip.value), /Credits used: not said by the service/);
    assert.equal(await vscode.commands.executeCommand('webData.removePage', { pageId: id }), true);
  });

  it('pins a page (listed first, pinned icon and menu), exports it as a .md file, removes it', async () => {
    const older = await scrape('https://docs.tideflow.dev/getting-started');
    const newer = await scrape('https://docs.tideflow.dev/guide/streams');
    assert.ok(older && newer);
    const row = (await pageRows()).find((r) => r.node.type === 'page' && r.node.page.id === older.id);
    assert.ok(row);
    assert.equal(await vscode.commands.executeCommand('webData.pinPage', row.node), true);
    const [first] = await pageRows();
    assert.ok(first && first.node.type === 'page');
    assert.equal(first.node.page.id, older.id, 'the pinned page is not listed first');
    assert.equal(first.item.contextValue, 'page.pinned');
    assert.equal((first.item.iconPath as vscode.ThemeIcon).id, 'pinned');
    const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'wd-page-export-'));
    try {
      const target = vscode.Uri.file(path.join(folder, 'page.md'));
      const written = await vscode.commands.executeCommand<vscode.Uri | undefined>('webData.exportPage', { pageId: newer.id, uri: target });
      assert.equal(written?.fsPath, target.fsPath);
      const text = await fs.readFile(target.fsPath, 'utf8');
      assert.match(text, /Address: <https:\/\/docs\.tideflow\.dev\/guide\/streams>/);
      assert.match(text, /^# /m);
    } finally {
      await fs.rm(folder, { recursive: true, force: true });
    }
    assert.equal(await vscode.commands.executeCommand('webData.removePage', first.node), true);
    assert.equal((await pageRows()).some((r) => r.node.type === 'page' && r.node.page.id === older.id), false, 'the removed page still has a row');
    assert.equal(await api.scrape.pages.read(older.id), undefined);
  });

  it('the history limit keeps the newest pages and every pinned one', async () => {
    await vscode.commands.executeCommand('webData.clearPages', { confirmed: true, includePinned: true });
    await settings().update('scrape.historySize', 2, vscode.ConfigurationTarget.Global);
    const first = await scrape('https://docs.tideflow.dev/getting-started');
    assert.ok(first);
    assert.equal(await vscode.commands.executeCommand('webData.pinPage', first.id), true);
    const second = await scrape('https://docs.tideflow.dev/guide/streams');
    const third = await scrape('https://docs.tideflow.dev/getting-started');
    assert.ok(second && third);
    await waitFor('two pages left', async () => (await pageRows()).length === 2);
    const ids = (await pageRows()).map((r) => (r.node.type === 'page' ? r.node.page.id : '?'));
    assert.deepEqual(ids, [first.id, third.id], 'the pinned page or the newest was evicted');
  });

  it('Scrape Again fetches the page with the options it was fetched with', async () => {
    const [row] = await pageRows();
    assert.ok(row && row.node.type === 'page');
    const again = await paying<{ id: string; url: string; request?: Record<string, unknown> }>('webData.scrapeAgain', row.node);
    assert.ok(again, 'nothing was fetched');
    assert.notEqual(again.id, row.node.page.id);
    assert.equal(again.url, row.node.page.url);
    const before = await api.scrape.pages.read(row.node.page.id);
    assert.deepEqual(again.request, before?.request);
  });

  it('Scrape with Options: a step per option, then a review with the request as sent and the person\'s own price, never a made-up one', async () => {
    await vscode.commands.executeCommand('webData.clearPages', { confirmed: true, includePinned: true });
    const reviewOf = (seen: readonly ShownQuickInput[]): string => seen.find((input) => input.items[0]?.startsWith('$(cloud-download) Scrape'))?.items[0] ?? 'no review shown';
    const first: ShownQuickInput[] = [];
    const page = await pressEnterUntilDone(api, () => vscode.commands.executeCommand<{ url: string; request?: Record<string, unknown> } | undefined>('webData.scrapeWithOptions', 'https://docs.tideflow.dev/getting-started'), 12, first);
    assert.ok(page, 'nothing was fetched');
    assert.deepEqual(first.map((input) => input.step), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 'not one step per option, then the review');
    assert.ok(first.every((input) => input.title === 'Web Data: Scrape with Options' && input.totalSteps === 10));
    assert.equal(first[0]?.value, 'https://docs.tideflow.dev/getting-started');
    assert.match(reviewOf(first), /Price: unknown until the first scrape of this kind/);
    assert.deepEqual(page.request, { formats: ['markdown'], onlyMainContent: true, maxAge: 2880 * 60_000 });
    assert.ok(first.at(-1)?.items.some((row) => row.startsWith('maxAge 172800000')), `the review does not show the request as sent: ${first.at(-1)?.items.join(' | ') ?? ''}`);
    const second: ShownQuickInput[] = [];
    await pressEnterUntilDone(api, () => vscode.commands.executeCommand('webData.scrapeWithOptions', 'https://docs.tideflow.dev/guide/streams'), 12, second);
    assert.match(reviewOf(second), /Price: a scrape like this cost 1 credit last time/);
    const third: ShownQuickInput[] = [];
    const given = { url: 'https://docs.tideflow.dev/guide/streams', formats: ['markdown', 'links'], maxAge: 0, mobile: true };
    const fromRequest = await pressEnterUntilDone(api, () => vscode.commands.executeCommand<{ request?: Record<string, unknown> } | undefined>('webData.scrapeWithOptions', given), 3, third);
    assert.deepEqual(third.map((input) => input.step), [10], 'a request argument goes straight to the review');
    assert.deepEqual(fromRequest?.request, { formats: ['markdown', 'links'], onlyMainContent: true, maxAge: 0, mobile: true }, 'the argument\'s options were not kept');
  });

  it('Scrape URL as Markdown… on a markdown link in a page\'s own tab: the box holds the link under the cursor, on its label', async () => {
    const manifest = vscode.extensions.getExtension('web-data.web-data')?.packageJSON as { contributes: { menus: Record<string, Array<{ command: string; when?: string }>> } };
    // In the editor menu's Web Data submenu wherever an address is under the cursor, our read-only tabs included (no editorTextFocus or scheme in the clause).
    assert.equal(manifest.contributes.menus['webData.editorContext']?.find((e) => e.command === 'webData.scrapeUrl')?.when, 'webData.editorUrlAtCursor', 'the entry is not offered in our read-only tabs');
    const page = await scrape('https://docs.tideflow.dev/getting-started');
    assert.ok(page);
    const editor = vscode.window.activeTextEditor;
    assert.equal(editor?.document.uri.scheme, 'webdata-page');
    const lines = editor.document.getText().split('\n');
    const line = lines.findIndex((text) => /\[[^\]]+\]\(https?:\/\//.test(text));
    assert.ok(line >= 0, 'the page has no markdown link');
    const match = /\[([^\]]+)\]\((https?:\/\/[^\s)]+)\)/.exec(lines[line] ?? '');
    assert.ok(match);
    const onLabel = (lines[line] ?? '').indexOf(match[0]) + 1;
    editor.selection = new vscode.Selection(line, onLabel, line, onLabel);
    const boxes: ShownQuickInput[] = [];
    const listener = api.onDidShowQuickInput((input) => boxes.push(input));
    try {
      const run = vscode.commands.executeCommand('webData.scrapeUrl', editor.document.uri);
      await waitFor('the URL box', () => boxes.length > 0);
      assert.equal(boxes[0]?.value, match[2]);
      await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
      assert.equal(await run, undefined);
    } finally {
      listener.dispose();
    }
  });
});

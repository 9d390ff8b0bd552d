// Every menu entry of package.json (contributes.menus), called as VS Code calls it: a view's
// title button gets the row that has the focus (or nothing), a row's menu gets that row, the
// editor's menus get the document's Uri. Each is called with a row of every kind its view holds
// where VS Code would show it (any row for a title button; the rows its `viewItem` clause matches
// for a row's menu), and must do what its palette form does, or what the row asks, with no error
// or warning shown. An entry with no expectation below fails, so a new menu entry gets one here.
// Issue 29: "Search the Web" in Search Results' title bar read the selected row as a request.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { randomUUID } from 'node:crypto';
import * as vscode from 'vscode';
import type { SearchRecord } from '../../../src/core/search/record';
import type { WebDataApi } from '../../../src/extension';
import type { ShownQuickInput } from '../../../src/platform/quick-inputs';
import { makeEvent, sendWebhook } from '../../emulator/webhook-sender';
import { activate, emulator, restoreDemoKey, storageOf, usageFor, useKey, waitFor } from './helpers-account';
import { closeEditorOf, pressEnterUntilDone, showWithSelection } from './helpers-steps';
import { answeringModals, paying, type AskedModal } from './helpers-price';
import { settingsTarget } from './helpers-webhooks';

const KEY = 'wd-host-menus-0001';
const SECRET = 'host-test-menus-secret';
const EXTENSION_ID = 'web-data.web-data';

interface MenuEntry { command: string; when?: string; group?: string }
interface Row { view: string; node: unknown; contextValue: string | undefined; label: string }

/** What the extension showed while a command ran: every message, prompt and quick input. */
interface Shown {
  errors: string[];
  warnings: string[];
  modals: string[];
  infos: string[];
  prompts: string[];
  dialogs: string[];
  external: string[];
  quickInputs: ShownQuickInput[];
}

const emptyShown = (): Shown => ({ errors: [], warnings: [], modals: [], infos: [], prompts: [], dialogs: [], external: [], quickInputs: [] });

// A menu's `when`: the view it is on, and the rows (contextValue) it is shown for.
function viewsOf(when: string | undefined, views: readonly string[]): string[] {
  const exact = /view == ([\w.]+)/.exec(when ?? '');
  if (exact?.[1] !== undefined) return [exact[1]];
  const pattern = /view =~ \/(.+?)\//.exec(when ?? '');
  return pattern?.[1] !== undefined ? views.filter((view) => new RegExp(pattern[1] ?? '').test(view)) : [];
}

function shownFor(when: string | undefined, contextValue: string | undefined): boolean {
  const exact = /viewItem == ([\w.]+)/.exec(when ?? '');
  if (exact) return contextValue === exact[1];
  const pattern = /viewItem =~ \/(.+?)\//.exec(when ?? '');
  if (pattern) return contextValue !== undefined && new RegExp(pattern[1] ?? '').test(contextValue);
  return true;
}

/** The menus as the extension contributes them, read when the suite is defined: one test per entry and row. */
function manifestMenus(): Record<string, MenuEntry[]> {
  const json: unknown = vscode.extensions.getExtension(EXTENSION_ID)?.packageJSON;
  return (json as { contributes: { menus: Record<string, MenuEntry[]> } }).contributes.menus;
}
const menus = manifestMenus();

function field(node: unknown, name: string): unknown {
  return typeof node === 'object' && node !== null && name in node ? (node as Record<string, unknown>)[name] : undefined;
}
const kind = (name: string, contextValue: string) => ({ name, contextValue, is: (row: Row) => row.contextValue === contextValue });
const nodeKind = (name: string, nodeKindName: string, group?: string) => ({
  name, contextValue: undefined, is: (row: Row) => field(row.node, 'kind') === nodeKindName && (group === undefined || field(row.node, 'group') === group),
});

const labelOf = (item: vscode.TreeItem): string => (typeof item.label === 'string' ? item.label : (item.label?.label ?? ''));

describe('menus: every entry called as VS Code calls it, with a row of every kind', function () {
  this.timeout(60_000);
  let api: WebDataApi;
  let shown = emptyShown();
  const restore: Array<() => void> = [];
  let quickInputs: vscode.Disposable | undefined;
  let receiverUrl = '';
  let crawlId = '';
  let documentsFolder = '';
  const watchIds: string[] = [];
  const rows = new Map<string, Row[]>();

  /** Replaces a function of VS Code's API object (the extension's own) for the suite; put back after. */
  function replace<T extends object, K extends keyof T>(target: T, key: K, value: T[K]): void {
    const original = target[key];
    Object.defineProperty(target, key, { value, configurable: true, writable: true });
    restore.push(() => { Object.defineProperty(target, key, { value: original, configurable: true, writable: true }); });
  }

  async function allRows(view: string): Promise<Row[]> {
    const kept = api.scrape.kept;
    assert.ok(kept, 'the Pages, Documents and Data view has no rows');
    const providers: Record<string, vscode.TreeDataProvider<unknown>> = {
      'webData.searchResults': api.search.results, 'webData.pages': kept, 'webData.activeCrawls': api.crawls.tree,
      'webData.watches': api.watch.view, 'webData.webhookEvents': api.webhooks.tree,
    };
    const provider = providers[view];
    assert.ok(provider, `no rows for the view ${view}`);
    const found: Row[] = [];
    const walk = async (parent: unknown): Promise<void> => {
      for (const node of (await provider.getChildren(parent)) ?? []) {
        const item = await provider.getTreeItem(node);
        found.push({ view, node, contextValue: item.contextValue, label: labelOf(item) });
        if (found.length < 200) await walk(node);
      }
    };
    await walk(undefined);
    return found;
  }

  /** Runs the command as a menu does, closing any quick input it opens; resolves with its result and what it showed. */
  async function call(command: string, ...args: unknown[]): Promise<{ result: unknown; shown: Shown }> {
    shown = emptyShown();
    const closing = api.onDidShowQuickInput(() => void vscode.commands.executeCommand('workbench.action.closeQuickOpen'));
    try {
      const result: unknown = await vscode.commands.executeCommand(command, ...args);
      return { result, shown };
    } finally {
      closing.dispose();
    }
  }

  /** A paid repeat as a menu runs it, its price accepted: the one question asked first, with a price line, and its button. */
  async function callPaying(command: string, button: string, ...args: unknown[]): Promise<{ result: unknown; shown: Shown }> {
    const asked: AskedModal[] = [];
    const called = await answeringModals('send', () => call(command, ...args), asked);
    assert.deepEqual(asked.map((a) => a.buttons), [[button]], `${command} did not ask first with its price`);
    assert.match(asked[0]?.detail ?? '', /Price: |A parse like this cost|Parses like this cost|The service publishes no price/, `${command}: no price in the question`);
    return called;
  }

  function noProblem(what: string, s: Shown): void {
    assert.deepEqual(s.errors, [], `${what} showed an error`);
    assert.deepEqual(s.warnings, [], `${what} showed a warning`);
  }

  // The set-up makes a row of every kind of every view (searches, pages, documents, results,
  // watches checked twice, crawls, a research run, a browser session, webhook events): some forty
  // calls to the service, each a few seconds on a loaded machine, so more than a test's minute.
  before(async function () {
    this.timeout(300_000);
    api = await activate();
    // Its stand-ins answer window.showInputBox and showQuickPick, which the extension calls away
    // from a workbench page; the walkthrough a fresh profile opens would make its own box instead.
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    // Messages, prompts, dialogs and the browser: recorded, and answered as a person who dismisses them.
    quickInputs = api.onDidShowQuickInput((input) => { shown.quickInputs.push(input); });
    const message = (into: 'errors' | 'warnings' | 'infos') => (text: string, ...rest: unknown[]): Thenable<undefined> => {
      const options = rest[0];
      const modal = typeof options === 'object' && options !== null && 'modal' in options && options.modal === true;
      shown[modal ? 'modals' : into].push(text);
      return Promise.resolve(undefined);
    };
    replace(vscode.window, 'showErrorMessage', message('errors') as typeof vscode.window.showErrorMessage);
    replace(vscode.window, 'showWarningMessage', message('warnings') as typeof vscode.window.showWarningMessage);
    replace(vscode.window, 'showInformationMessage', message('infos') as typeof vscode.window.showInformationMessage);
    replace(vscode.window, 'showInputBox', ((options?: vscode.InputBoxOptions) => { shown.prompts.push(options?.title ?? ''); return Promise.resolve(undefined); }));
    replace(vscode.window, 'showQuickPick', ((_items: unknown, options?: vscode.QuickPickOptions) => { shown.prompts.push(options?.title ?? ''); return Promise.resolve(undefined); }));
    replace(vscode.window, 'showSaveDialog', ((options?: vscode.SaveDialogOptions) => { shown.dialogs.push(options?.title ?? 'save'); return Promise.resolve(undefined); }));
    replace(vscode.window, 'showOpenDialog', ((options?: vscode.OpenDialogOptions) => { shown.dialogs.push(options?.openLabel ?? 'open'); return Promise.resolve(undefined); }));
    replace(vscode.env, 'openExternal', ((uri: vscode.Uri) => { shown.external.push(uri.toString(true)); return Promise.resolve(true); }));
    api.crawlResults.answerConfirmation = () => undefined;
    // The replacement reaches the extension's own calls (one API object per extension).
    const probe = await call('webData.copyJobId', { key: 'no-such-event' });
    assert.equal(probe.shown.infos.length, 1, 'the extension\'s messages are not seen by this suite');

    await emulator.addTeam({ apiKey: KEY, usage: usageFor(500_000), crawls: [] });
    await useKey(KEY);

    // Search Results: a search row (and a pinned one), groups, results with and without a page
    // address, a summary, and a search that found nothing (its message row).
    // The search that finds nothing first: the first search row (the newest unpinned) is one with results.
    const nothing = await vscode.commands.executeCommand<SearchRecord | undefined>('webData.search', { query: 'site:no-such-site.invalid zzqx', limit: 1 });
    assert.ok(nothing, 'the search that finds nothing failed');
    const plain = await vscode.commands.executeCommand<SearchRecord | undefined>('webData.search', { query: 'tideflow backpressure', limit: 2 });
    assert.ok(plain, 'the plain search failed');
    assert.equal(await vscode.commands.executeCommand('webData.pinSearch', plain.id), true);
    const grouped = await vscode.commands.executeCommand<SearchRecord | undefined>('webData.search', { query: 'tideflow', limit: 3, sources: [{ type: 'web' }, { type: 'news' }], scrapeOptions: { formats: [{ type: 'markdown' }, { type: 'summary' }] } });
    assert.ok(grouped, 'the grouped search failed');
    // The Pages group: a kept page, and a pinned one.
    await vscode.commands.executeCommand('webData.clearPages', { confirmed: true, includePinned: true });
    const kept = await vscode.commands.executeCommand<{ id: string } | undefined>('webData.scrapeUrl', { url: 'https://docs.tideflow.dev/getting-started' });
    const pinned = await vscode.commands.executeCommand<{ id: string } | undefined>('webData.scrapeUrl', { url: 'https://docs.tideflow.dev/guide/streams' });
    assert.ok(kept && pinned, 'the pages were not fetched');
    assert.equal(await vscode.commands.executeCommand('webData.pinPage', pinned.id), true);
    // The Documents group: a kept document, and a pinned one (issue 35); the upload's modal answered yes.
    const root = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
    assert.ok(root, 'the host tests open a workspace folder');
    documentsFolder = path.join(root, 'menus-documents');
    fs.mkdirSync(documentsFolder, { recursive: true });
    api.parse.consent.answer = (question) => question.upload;
    const documents: Array<{ id: string } | undefined> = [];
    for (const name of ['menus-one.csv', 'menus-two.csv']) {
      fs.writeFileSync(path.join(documentsFolder, name), `name\n${name}\n`);
      documents.push(await vscode.commands.executeCommand<{ id: string } | undefined>('webData.openAsMarkdown', vscode.Uri.file(path.join(documentsFolder, name))));
    }
    assert.ok(documents[0] && documents[1], 'the documents were not parsed');
    await vscode.commands.executeCommand('webData.pinDocument', documents[1].id);

    // The kept results group (issue 36): an extraction (its modal answered yes) and a research result.
    api.agent.answerConfirmation = (_message, yes) => yes;
    const extracted = await vscode.commands.executeCommand<{ result: { id: string } } | undefined>('webData.extractData', { url: 'https://docs.tideflow.dev/guide/streams', schema: { type: 'object', properties: { title: { type: 'string' }, menusField: { type: 'string' } } } });
    api.agent.answerConfirmation = undefined;
    assert.ok(extracted, 'nothing was extracted');
    await api.agent.keepAndOpen({ id: randomUUID(), kind: 'research', createdAt: new Date().toISOString(), askedBy: 'person', prompt: 'menus research result', creditsUsed: 9, data: { answer: 'kept', sources: ['https://docs.tideflow.dev/faq'] } });

    // The Watches group: a watch checked twice (a check with a changed page), and a paused one.
    const watch = async (request: Record<string, unknown>): Promise<string> => {
      const made = await pressEnterUntilDone(api, () => vscode.commands.executeCommand<{ id: string } | undefined>('webData.watch', request), 5);
      assert.ok(made, 'the watch was not made');
      watchIds.push(made.id);
      return made.id;
    };
    const checked = await watch({ urls: ['https://docs.tideflow.dev/getting-started', 'https://docs.tideflow.dev/guide/streams'], schedule: 'daily at 9am', goal: 'breaking change' });
    await paying('webData.checkWatchNow', checked);
    await paying('webData.checkWatchNow', checked);
    assert.ok(await vscode.commands.executeCommand('webData.pauseWatch', await watch({ urls: ['https://docs.tideflow.dev/faq'], schedule: 'weekly' })), 'the watch was not paused');

    // Jobs: a running crawl with pages, failures, blocked addresses and more to read (its pages under its row).
    crawlId = String((await emulatorJob({ url: 'https://menus.host-test.example', total: 150, completed: 40, errors: 2, robotsBlocked: 2 })).id);
    await waitFor('the crawl on the Active Crawls list', async () => {
      await vscode.commands.executeCommand('webData.refreshCrawls');
      return api.crawls.crawls.some((crawl) => crawl.id === crawlId);
    });
    assert.ok(await vscode.commands.executeCommand('webData.openCrawlResults', crawlId), 'the crawl results did not open');
    // A finished one lists the pages that failed and the addresses robots.txt kept out.
    const finished = String((await emulatorJob({ url: 'https://menus-done.host-test.example', total: 5, completed: 5, errors: 2, robotsBlocked: 2, listed: false })).id);
    assert.ok(await vscode.commands.executeCommand('webData.openCrawlResults', { id: finished, kind: 'crawl' }), 'the finished crawl\'s results did not open');
    // A running crawl the active list does not hold (yet): a job's row of its own, which Cancel Crawl is on.
    const unlisted = String((await emulatorJob({ url: 'https://menus-unlisted.host-test.example', total: 50, completed: 5, listed: false })).id);
    assert.ok(await vscode.commands.executeCommand('webData.openCrawlResults', { id: unlisted, kind: 'crawl' }), 'the unlisted crawl\'s results did not open');

    // Webhook Events, unsigned first (the warning row on top), with metadata past what a row lists.
    await vscode.workspace.getConfiguration('webData').update('webhooks.port', 0, settingsTarget());
    await vscode.commands.executeCommand('webData.clearWebhookSecret', { confirmed: true });
    await vscode.commands.executeCommand('webData.clearWebhookEvents');
    receiverUrl = String(await vscode.commands.executeCommand('webData.startWebhookReceiver'));
    const metadata = Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`field${i}`, `value ${i}`]));
    assert.equal((await sendWebhook({ url: receiverUrl, event: makeEvent('batch_scrape.started', { metadata }) })).status, 200);
    await waitFor('the unsigned event row', () => api.webhooks.events.length === 1);

    // Active Crawls: a research run's row (issue 36), with twenty addresses so it runs for a while;
    // cancelled once the rows are read, so its status reads do not count as requests of other entries.
    // Active Crawls: a browser session's row and its group (issue 39), started as a chat agent's is (no dialogs).
    await api.browser.startSession({ ttl: 600, profile: '' }, 'agent');
    const research = await startResearch();
    for (const view of ['webData.searchResults', 'webData.pages', 'webData.activeCrawls', 'webData.watches']) rows.set(view, await allRows(view));
    await endResearch(research);
    // The unsigned rows for the title buttons; then, with a secret, a verified job event for its row menu.
    const unsigned = await allRows('webData.webhookEvents');
    assert.equal(await vscode.commands.executeCommand('webData.setWebhookSecret', { secret: SECRET }), true);
    assert.equal((await sendWebhook({ url: receiverUrl, event: makeEvent('crawl.completed', { id: crawlId }), secret: SECRET })).status, 200);
    await waitFor('the verified event row', () => api.webhooks.events.some((event) => event.status === 'verified'));
    const signed = (await allRows('webData.webhookEvents')).filter((row) => !unsigned.some((u) => u.contextValue === row.contextValue));
    rows.set('webData.webhookEvents', [...unsigned, ...signed]);
  });

  /** A research run started as from the palette with an argument (its review taken with Enter), still running. */
  async function startResearch(): Promise<string> {
    const urls = Array.from({ length: 20 }, (_, i) => `https://menus-research.host-test.example/page/${i + 1}`);
    const run = await pressEnterUntilDone(api, () => vscode.commands.executeCommand<{ id: string } | undefined>('webData.research', { prompt: 'menus host test', urls, maxCredits: 200 }), 5);
    assert.ok(run, 'no research run started');
    await waitFor('the research run\'s row', async () => ((await allRows('webData.activeCrawls')).some((row) => row.contextValue === 'researchRun')));
    return run.id;
  }

  /** Cancels a research run and waits until it is no longer followed (no more status reads). */
  async function endResearch(id: string): Promise<void> {
    if (api.agent.runs.list.some((run) => run.id === id)) await vscode.commands.executeCommand('webData.cancelResearch', id);
    await waitFor('the research run to be no longer followed', () => !api.agent.runs.list.some((run) => run.id === id));
  }

  async function emulatorJob(init: Record<string, unknown>): Promise<{ id: unknown }> {
    const response = await fetch(`${process.env.WEBDATA_TEST_ADMIN_URL ?? ''}/jobs`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ apiKey: KEY, ...init }) });
    assert.equal(response.status, 200);
    return (await response.json()) as { id: unknown };
  }

  after(async () => {
    for (const session of api.browser.sessions.active) await api.browser.sessions.stop(session.id).catch(() => undefined);
    api.browser.sessions.clearEnded();
    quickInputs?.dispose();
    restore.reverse().forEach((put) => { put(); });
    api.crawlResults.answerConfirmation = undefined;
    await vscode.commands.executeCommand('webData.stopWebhookReceiver');
    await vscode.commands.executeCommand('webData.clearWebhookSecret', { confirmed: true });
    await vscode.commands.executeCommand('webData.clearWebhookEvents');
    await vscode.workspace.getConfiguration('webData').update('webhooks.port', undefined, settingsTarget());
    await vscode.commands.executeCommand('webData.clearSearchFilter');
    // A set-up that stopped part way leaves its pinned search first in Searches: the suites after this one expect the newest there.
    for (const summary of await api.search.list()) if (summary.pinned === true) await vscode.commands.executeCommand('webData.unpinSearch', summary.id);
    await vscode.commands.executeCommand('webData.clearPages', { confirmed: true, includePinned: true });
    api.parse.consent.answer = undefined;
    for (const row of await api.parse.view.list()) await vscode.commands.executeCommand('webData.removeDocument', row.id);
    for (const result of await api.agent.results.list()) await vscode.commands.executeCommand('webData.removeStructuredResult', result.id);
    if (documentsFolder !== '') fs.rmSync(documentsFolder, { recursive: true, force: true });
    const root = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
    if (root !== undefined) fs.rmSync(path.join(root, 'menus-editor'), { recursive: true, force: true });
    for (const watchId of watchIds) await vscode.commands.executeCommand('webData.deleteWatch', { watchId, confirmed: true });
    await storageOf(api).globalState.update('webData.watch.known', undefined);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await restoreDemoKey();
  });

  const views = ['webData.searchResults', 'webData.pages', 'webData.activeCrawls', 'webData.watches', 'webData.webhookEvents'];

  /**
   * A document for an editor-menu step: a file of its own in the workspace, as a person's is. Not
   * an untitled one: VS Code gives a new untitled document the name of one just closed, and the
   * extension host may hear of the old one's end after the new one opened.
   */
  let scratchCount = 0;
  async function scratchDocument(content: string): Promise<vscode.TextDocument> {
    const root = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? assert.fail('the host tests open a workspace folder');
    const folder = path.join(root, 'menus-editor');
    fs.mkdirSync(folder, { recursive: true });
    const file = path.join(folder, `step-${String(++scratchCount)}.txt`);
    fs.writeFileSync(file, content);
    return vscode.workspace.openTextDocument(vscode.Uri.file(file));
  }

  /** A title button that asks first (a box, a pick, a dialog or a question): dismissed, nothing is sent. */
  async function asksAndSendsNothing(command: string, what: string, row: Row | undefined): Promise<void> {
    const before = await emulator.requestCount();
    const { result, shown: s } = await call(command, row?.node);
    noProblem(what, s);
    assert.ok(s.quickInputs.length + s.prompts.length + s.dialogs.length + s.modals.length > 0, `${what} asked nothing`);
    assert.ok(result === undefined || result === 0, `${what} did something: ${JSON.stringify(result)}`);
    // Reads of what is running (a followed job's status, a view's poll) may come meanwhile; nothing is sent.
    assert.deepEqual((await emulator.requestsSince(before)).filter((r) => r.method !== 'GET'), [], 'something was sent');
  }

  /** A title button, with a row (or nothing) focused: what the palette form does. */
  const titleChecks: Record<string, (row: Row | undefined) => Promise<void>> = {
    // Pages, Documents and Data's title: each entry asks first, whatever row has the focus.
    'webData.scrapeUrl': (row) => asksAndSendsNothing('webData.scrapeUrl', 'Scrape URL as Markdown…', row),
    'webData.openDocumentAsMarkdown': (row) => asksAndSendsNothing('webData.openDocumentAsMarkdown', 'Open a Document as Markdown…', row),
    'webData.extractData': (row) => asksAndSendsNothing('webData.extractData', 'Extract Data from Page…', row),
    'webData.clearPages': async (row) => {
      const before = ((await api.scrape.pages.summaries()) ?? []).length;
      await asksAndSendsNothing('webData.clearPages', 'Clear Pages', row);
      assert.equal(((await api.scrape.pages.summaries()) ?? []).length, before, 'pages were removed');
    },
    // Watches' title.
    'webData.watch': async (row) => {
      await asksAndSendsNothing('webData.watch', 'Watch for Changes…', row);
      assert.equal(shown.quickInputs[0]?.title, 'Web Data: Watch for Changes', 'its steps were not shown');
    },
    'webData.refreshWatches': async (row) => {
      noProblem('Refresh Watches', (await call('webData.refreshWatches', row?.node)).shown);
    },
    'webData.startBrowserSession': async (row) => {
      const before = await emulator.requestCount();
      const { result, shown: s } = await call('webData.startBrowserSession', row?.node);
      noProblem('Start a Browser Session…', s);
      assert.deepEqual(s.prompts, ['Web Data: Start a Browser Session (1/2)'], 'its first input was not shown');
      assert.equal(result, undefined);
      assert.equal((await emulator.requestsSince(before)).filter((r) => r.path === '/v2/interact' && r.method === 'POST').length, 0);
    },
    'webData.search': async (row) => {
      const { result, shown: s } = await call('webData.search', row?.node);
      noProblem('Search the Web…', s);
      assert.deepEqual(s.quickInputs.map((input) => input.title), ['Web Data: Search the Web'], 'the query box was not shown');
      // Its options are a button inside it (issue 46), beside the operators'.
      assert.ok(s.quickInputs[0]?.buttons.some((b) => b.startsWith('Search with Options…')), `the box's buttons: ${s.quickInputs[0]?.buttons.join(', ') ?? ''}`);
      assert.equal(result, undefined);
    },
    'webData.searchAdvanced': async (row) => {
      const { shown: s } = await call('webData.searchAdvanced', row?.node);
      noProblem('Search with Options', s);
      assert.equal(s.quickInputs[0]?.title, 'Web Data: Search with Options', 'its first step was not shown');
      assert.equal(s.quickInputs.at(0)?.step, 1, 'it did not start at the first step');
    },
    'webData.clearSearches': async (row) => {
      const before = (await api.search.list()).length;
      const { result, shown: s } = await call('webData.clearSearches', row?.node);
      noProblem('Clear Search History', s);
      assert.equal(s.modals.length, 1, 'the confirmation was not asked');
      assert.equal(result, false);
      assert.equal((await api.search.list()).length, before);
    },
    'webData.setApiKey': async (row) => {
      const { result, shown: s } = await call('webData.setApiKey', row?.node);
      noProblem('Set API Key', s);
      assert.match(s.quickInputs[0]?.title ?? '', /^Web Data: API Key for /, 'the key prompt was not shown');
      assert.equal(result, false);
    },
    'webData.showLog': async (row) => {
      noProblem('Show Log', (await call('webData.showLog', row?.node)).shown);
    },
    'webData.filterSearches': async (row) => {
      const { result, shown: s } = await call('webData.filterSearches', row?.node);
      noProblem('Filter', s);
      assert.equal(s.quickInputs[0]?.title, 'Filter Search History', 'the filter box was not shown');
      assert.equal(result, '');
    },
    'webData.clearSearchFilter': async (row) => {
      noProblem('Clear Filter', (await call('webData.clearSearchFilter', row?.node)).shown);
    },
    'webData.refreshCrawls': async (row) => {
      noProblem('Refresh', (await call('webData.refreshCrawls', row?.node)).shown);
    },
    'webData.startCrawl': async (row) => {
      const before = await emulator.requestCount();
      const { result, shown: s } = await call('webData.startCrawl', row?.node);
      noProblem('Start Crawl', s);
      assert.equal(s.quickInputs[0]?.title, 'Web Data: Start Crawl', 'its first step was not shown');
      assert.equal(s.quickInputs[0].step, 1, 'it did not start at the URL');
      assert.equal(result, undefined);
      // Reads of what is running (a followed job's status, the view's poll) may come meanwhile; nothing is started.
      assert.deepEqual((await emulator.requestsSince(before)).filter((r) => r.method !== 'GET'), [], 'something was sent');
    },
    'webData.startWebhookReceiver': async (row) => {
      const { result, shown: s } = await call('webData.startWebhookReceiver', row?.node);
      noProblem('Start Receiver', s);
      assert.equal(typeof result, 'string');
    },
    'webData.stopWebhookReceiver': async (row) => {
      noProblem('Stop Receiver', (await call('webData.stopWebhookReceiver', row?.node)).shown);
      assert.equal(api.webhooks.receiver, undefined, 'the receiver still runs');
      receiverUrl = String(await vscode.commands.executeCommand('webData.startWebhookReceiver'));
    },
    'webData.copyWebhookUrl': async (row) => {
      const { result, shown: s } = await call('webData.copyWebhookUrl', row?.node);
      noProblem('Copy URL', s);
      assert.equal(result, await vscode.env.clipboard.readText());
    },
    'webData.clearWebhookEvents': async (row) => {
      noProblem('Clear Events', (await call('webData.clearWebhookEvents', row?.node)).shown);
      assert.equal(api.webhooks.events.length, 0);
    },
    'webData.setWebhookSecret': async (row) => {
      const { result, shown: s } = await call('webData.setWebhookSecret', row?.node);
      noProblem('Set Webhook Secret', s);
      assert.deepEqual(s.prompts, ['Webhook Secret'], 'the secret was not asked for');
      assert.equal(result, false);
    },
  };

  const editorOf = (result: unknown): vscode.TextEditor => {
    assert.ok(typeof result === 'object' && result !== null && 'document' in result, 'no editor was opened');
    return result as vscode.TextEditor;
  };
  const urlOf = (row: Row): string => {
    const node = row.node as { url?: unknown; typed?: { result?: { url?: unknown } }; page?: { finalUrl?: unknown } };
    const url = node.typed?.result?.url ?? node.page?.finalUrl ?? node.url;
    assert.equal(typeof url, 'string');
    return String(url);
  };

  /** A row's menu, on a row it is shown for: what the row asks. */
  const rowChecks: Record<string, (row: Row) => Promise<void>> = {
    'webData.scrapeResult': async (row) => {
      const { result, shown: s } = await callPaying('webData.scrapeResult', 'Scrape Full Page', row.node);
      noProblem('Scrape Full Page', s);
      assert.equal((result as { url?: string } | undefined)?.url, urlOf(row), 'the result\'s page was not fetched');
      assert.equal(vscode.window.activeTextEditor?.document.uri.scheme, 'webdata-page');
    },
    'webData.openMarkdown': async (row) => {
      const { result, shown: s } = await call('webData.openMarkdown', row.node);
      noProblem('Open Markdown', s);
      assert.equal(editorOf(result).document.uri.scheme, 'webdata');
    },
    'webData.openSummary': async (row) => {
      const { result, shown: s } = await call('webData.openSummary', row.node);
      noProblem('Open Summary', s);
      assert.equal(editorOf(result).document.uri.scheme, 'webdata');
    },
    'webData.openInBrowser': async (row) => {
      const { result, shown: s } = await call('webData.openInBrowser', row.node);
      noProblem('Open in Browser', s);
      assert.equal(result, true);
      assert.deepEqual(s.external.map((u) => new URL(u).href), [new URL(urlOf(row)).href]);
    },
    'webData.copyUrl': async (row) => {
      const { result, shown: s } = await call('webData.copyUrl', row.node);
      noProblem('Copy URL', s);
      assert.equal(result, true);
      assert.equal(await vscode.env.clipboard.readText(), urlOf(row));
    },
    'webData.searchAgain': async (row) => {
      const { result, shown: s } = await callPaying('webData.searchAgain', 'Search Again', row.node);
      noProblem('Search Again', s);
      assert.ok(result, 'the search was not run again');
    },
    'webData.removeSearch': async (row) => {
      const id = (row.node as { summary: { id: string } }).summary.id;
      noProblem('Remove', (await call('webData.removeSearch', row.node)).shown);
      assert.equal(await api.search.get(id), undefined, 'the search is still in the history');
    },
    'webData.pinSearch': async (row) => {
      const id = (row.node as { summary: { id: string } }).summary.id;
      const { result, shown: s } = await call('webData.pinSearch', row.node);
      noProblem('Pin', s);
      assert.equal(result, true);
      assert.equal(await vscode.commands.executeCommand('webData.unpinSearch', id), true);
    },
    'webData.unpinSearch': async (row) => {
      const id = (row.node as { summary: { id: string } }).summary.id;
      const { result, shown: s } = await call('webData.unpinSearch', row.node);
      noProblem('Unpin', s);
      assert.equal(result, true);
      assert.equal(await vscode.commands.executeCommand('webData.pinSearch', id), true);
    },
    'webData.editSearch': async (row) => {
      const { shown: s } = await call('webData.editSearch', row.node);
      noProblem('Edit and Search Again', s);
      assert.ok(s.quickInputs.length > 0, 'Search with Options was not shown');
    },
    'webData.openAllResults': async (row) => {
      const { result, shown: s } = await call('webData.openAllResults', row.node);
      noProblem('Open All Results', s);
      assert.equal(editorOf(result).document.uri.scheme, 'webdata');
    },
    'webData.exportSearch': async (row) => {
      const { result, shown: s } = await call('webData.exportSearch', row.node);
      noProblem('Export', s);
      assert.equal(s.dialogs.length, 1, 'the save dialog was not shown');
      assert.equal(result, undefined);
    },
    'webData.scrapeAgain': async (row) => {
      const { result, shown: s } = await callPaying('webData.scrapeAgain', 'Scrape Again', row.node);
      noProblem('Scrape Again', s);
      assert.equal((result as { url?: string } | undefined)?.url, (row.node as { page: { url: string } }).page.url, 'the page was not fetched again');
      assert.equal(vscode.window.activeTextEditor?.document.uri.scheme, 'webdata-page');
    },
    'webData.pinPage': async (row) => {
      const id = (row.node as { page: { id: string } }).page.id;
      const { result, shown: s } = await call('webData.pinPage', row.node);
      noProblem('Pin Page', s);
      assert.equal(result, true);
      assert.equal(await vscode.commands.executeCommand('webData.unpinPage', id), true);
    },
    'webData.unpinPage': async (row) => {
      const id = (row.node as { page: { id: string } }).page.id;
      const { result, shown: s } = await call('webData.unpinPage', row.node);
      noProblem('Unpin Page', s);
      assert.equal(result, true);
      assert.equal(await vscode.commands.executeCommand('webData.pinPage', id), true);
    },
    'webData.removePage': async (row) => {
      const id = (row.node as { page: { id: string } }).page.id;
      const { result, shown: s } = await call('webData.removePage', row.node);
      noProblem('Remove Page', s);
      assert.equal(result, true);
      assert.equal(await api.scrape.pages.read(id), undefined, 'the page is still kept');
    },
    'webData.parseAgain': async (row) => {
      const { result, shown: s } = await callPaying('webData.parseAgain', 'Convert Again', row.node);
      noProblem('Parse Again', s);
      assert.equal((result as { fileName?: string } | undefined)?.fileName, (row.node as { document: { fileName: string } }).document.fileName, 'the document was not parsed again');
      assert.equal(vscode.window.activeTextEditor?.document.uri.scheme, 'webdata-doc');
    },
    'webData.pinDocument': async (row) => {
      const id = (row.node as { document: { id: string } }).document.id;
      const { result, shown: s } = await call('webData.pinDocument', row.node);
      noProblem('Pin Document', s);
      assert.equal(result, true);
      assert.equal(await vscode.commands.executeCommand('webData.unpinDocument', id), true);
    },
    'webData.unpinDocument': async (row) => {
      const id = (row.node as { document: { id: string } }).document.id;
      const { result, shown: s } = await call('webData.unpinDocument', row.node);
      noProblem('Unpin Document', s);
      assert.equal(result, true);
      assert.equal(await vscode.commands.executeCommand('webData.pinDocument', id), true);
    },
    'webData.removeDocument': async (row) => {
      const id = (row.node as { document: { id: string } }).document.id;
      const { result, shown: s } = await call('webData.removeDocument', row.node);
      noProblem('Remove Document', s);
      assert.equal(result, true);
      assert.equal(await api.parse.documents.read(id), undefined, 'the document is still kept');
    },
    'webData.openStructuredResult': async (row) => {
      const { result, shown: s } = await call('webData.openStructuredResult', row.node);
      noProblem('Open Result', s);
      const id = (row.node as { result: { id: string } }).result.id;
      assert.equal((result as { result?: { id: string } } | undefined)?.result?.id, id, 'the row\'s result was not opened');
      assert.ok(vscode.window.visibleTextEditors.some((editor) => editor.document.uri.scheme === 'webdata-data' && editor.document.uri.query === `id=${id}`), 'its JSON tab is not shown');
    },
    'webData.extractAgain': async (row) => {
      const asked: string[] = [];
      api.agent.answerConfirmation = (message) => { asked.push(message); return undefined; };
      try {
        const before = await emulator.requestCount();
        const { result, shown: s } = await call('webData.extractAgain', row.node);
        noProblem('Extract Again', s);
        assert.equal(result, undefined, 'declined, nothing was extracted');
        assert.match(asked[0] ?? '', /^Extract data from https:\/\/docs\.tideflow\.dev\/guide\/streams\?[\s\S]*"menusField"/, 'the page and the schema it was asked with were not asked again');
        assert.equal((await emulator.requestsSince(before)).filter((r) => r.path === '/v2/scrape').length, 0, 'sent before the yes');
      } finally {
        api.agent.answerConfirmation = undefined;
      }
    },
    'webData.copyStructuredResult': async (row) => {
      const { result, shown: s } = await call('webData.copyStructuredResult', row.node);
      noProblem('Copy Result JSON', s);
      assert.equal(result, true);
      assert.deepEqual(JSON.parse(await vscode.env.clipboard.readText()), (row.node as { result: { data: unknown } }).result.data);
    },
    'webData.removeStructuredResult': async (row) => {
      const id = (row.node as { result: { id: string } }).result.id;
      const { result, shown: s } = await call('webData.removeStructuredResult', row.node);
      noProblem('Remove Result', s);
      assert.equal(result, true);
      assert.equal(await api.agent.results.read(id), undefined, 'the result is still kept');
    },
    'webData.exportPage': async (row) => {
      const { result, shown: s } = await call('webData.exportPage', row.node);
      noProblem('Export Page', s);
      assert.deepEqual(s.dialogs, ['Export Page'], 'the save dialog was not shown');
      assert.equal(result, undefined);
    },
    'webData.clearPages': async (row) => {
      const before = ((await api.scrape.pages.summaries()) ?? []).length;
      const { result, shown: s } = await call('webData.clearPages', row.node);
      noProblem('Clear Pages', s);
      assert.equal(s.modals.length, 1, 'the confirmation was not asked');
      assert.equal(result, 0);
      assert.equal(((await api.scrape.pages.summaries()) ?? []).length, before);
    },
    'webData.openCrawlPageLink': async (row) => {
      const before = await emulator.requestCount();
      const { result, shown: s } = await call('webData.openCrawlPageLink', row.node);
      noProblem('Scrape Linked Page…', s);
      assert.ok(s.prompts.includes('Web Data: Scrape Linked Page') || s.infos.length === 1, 'neither the links nor "no links" were shown');
      assert.equal(result, undefined);
      assert.equal((await emulator.requestsSince(before)).filter((r) => r.path === '/v2/scrape').length, 0, 'a page was fetched with nothing picked');
      },
    'webData.scrapeAllResults': async (row) => {
      const before = await emulator.requestCount();
      const { result, shown: s } = await call('webData.scrapeAllResults', row.node);
      noProblem('Scrape All Results', s);
      assert.equal(s.quickInputs[0]?.title, 'Web Data: Batch Scrape', 'the review was not shown');
      assert.match(s.quickInputs[0].items[0] ?? '', /^\$\(play\) Start Batch Scrape at most \d+ pages?/, 'the review does not start with the bound');
      assert.equal(result, undefined);
      assert.deepEqual((await emulator.requestsSince(before)).filter((r) => r.method !== 'GET'), [], 'something was sent before Start');
    },
    'webData.startCrawl': async (row) => {
      const { result, shown: s } = await call('webData.startCrawl', row.node);
      noProblem('Start Crawl', s);
      assert.equal(s.quickInputs[0]?.value, urlOf(row), 'the URL step did not hold the result\'s address');
      assert.equal(result, undefined);
    },
    'webData.copyCrawlId': async (row) => {
      const { result, shown: s } = await call('webData.copyCrawlId', row.node);
      noProblem('Copy Crawl ID', s);
      assert.equal(result, crawlId);
      assert.equal(await vscode.env.clipboard.readText(), crawlId);
    },
    'webData.openCrawlResults': async (row) => {
      const { result, shown: s } = await call('webData.openCrawlResults', row.node);
      noProblem('Open Crawl Results…', s);
      assert.equal((result as { ref?: { id?: string } } | undefined)?.ref?.id, crawlId);
    },
    'webData.cancelResearch': async () => {
      // The run of the rows read at the start may have ended by now: a run of its own, its row as VS Code passes it.
      const id = await startResearch();
      const row = (await allRows('webData.activeCrawls')).find((r) => r.contextValue === 'researchRun' && JSON.stringify(r.node).includes(id));
      assert.ok(row, 'no row for the research run');
      const { result, shown: s } = await call('webData.cancelResearch', row.node);
      noProblem('Cancel Research Run', s);
      assert.equal(result, true, 'the run was not cancelled');
      await endResearch(id);
    },
    'webData.openLiveView': async (row) => {
      const { result, shown: s } = await call('webData.openLiveView', row.node);
      noProblem('Open Live View', s);
      assert.equal(result, true);
    },
    'webData.openInteractiveLiveView': async (row) => {
      const { result, shown: s } = await call('webData.openInteractiveLiveView', row.node);
      noProblem('Open Interactive Live View', s);
      assert.equal(result, true);
    },
    'webData.copyBrowserSessionId': async (row) => {
      const { result, shown: s } = await call('webData.copyBrowserSessionId', row.node);
      noProblem('Copy Session ID', s);
      assert.equal(typeof result, 'string');
      assert.equal(await vscode.env.clipboard.readText(), result);
    },
    'webData.runInBrowserSession': async (row) => {
      await vscode.window.showTextDocument(await vscode.workspace.openTextDocument({ language: 'javascript', content: 'console.log(page.url());' }));
      const before = await emulator.requestCount();
      const { result, shown: s } = await call('webData.runInBrowserSession', row.node);
      assert.match(s.modals[0] ?? '', /^Run this node code in the browser session /, 'the review was not shown');
      assert.equal(result, undefined, 'declined: nothing run');
      assert.equal((await emulator.requestsSince(before)).filter((r) => r.path.endsWith('/execute')).length, 0);
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    },
    'webData.stopBrowserSession': async () => {
      // A session of its own, so the other entries keep theirs.
      const session = await api.browser.startSession({ ttl: 600, profile: '' }, 'agent');
      const row = (await allRows('webData.activeCrawls')).find((r) => r.contextValue === 'browserSession' && JSON.stringify(r.node).includes(session?.id ?? 'none'));
      assert.ok(row, 'no row for the browser session');
      const { result, shown: s } = await call('webData.stopBrowserSession', row.node);
      assert.deepEqual(s.errors, [], 'Stop Browser Session showed an error');
      assert.equal(typeof (result as { stopped?: { creditsBilled?: unknown } } | undefined)?.stopped?.creditsBilled, 'number', 'not stopped');
    },
    'webData.cancelCrawl': async (row) => {
      const { result, shown: s } = await call('webData.cancelCrawl', row.node);
      noProblem('Cancel Crawl…', s);
      assert.equal(result, 'kept', 'the confirmation was not asked');
    },
    'webData.openWebhookPayload': async (row) => {
      const { result, shown: s } = await call('webData.openWebhookPayload', row.node);
      noProblem('Open Payload', s);
      assert.equal(typeof result, 'string');
    },
    'webData.copyJobId': async (row) => {
      const { result, shown: s } = await call('webData.copyJobId', row.node);
      noProblem('Copy Job ID', s);
      assert.equal(typeof result, 'string');
      assert.equal(await vscode.env.clipboard.readText(), result);
    },
    'webData.openAllCrawlPages': async (row) => {
      const { result, shown: s } = await call('webData.openAllCrawlPages', row.node);
      noProblem('Open All Pages', s);
      editorOf(result);
    },
    'webData.exportCrawlPages': async (row) => {
      const { result, shown: s } = await call('webData.exportCrawlPages', row.node);
      noProblem('Export Pages', s);
      assert.equal(s.dialogs.length, 1, 'the folder was not asked for');
      assert.equal(result, undefined);
    },
    'webData.loadMoreCrawlResults': async (row) => {
      const { result, shown: s } = await call('webData.loadMoreCrawlResults', row.node);
      noProblem('Load More', s);
      assert.ok(result, 'nothing was loaded');
    },
    'webData.openCrawlPage': async (row) => {
      const { result, shown: s } = await call('webData.openCrawlPage', row.node);
      noProblem('Open Page', s);
      editorOf(result);
    },
    'webData.watch': async (row) => {
      const before = await emulator.requestCount();
      const { result, shown: s } = await call('webData.watch', row.node);
      noProblem('Watch for Changes…', s);
      assert.equal(s.quickInputs[0]?.title, 'Web Data: Watch for Changes', 'its steps were not shown');
      // A row with an address fills the first step in: the schedule is asked next.
      assert.equal(s.quickInputs[0].step, 2, `the steps began at ${String(s.quickInputs[0].step)}`);
      assert.equal(result, undefined);
      assert.deepEqual((await emulator.requestsSince(before)).filter((r) => r.path.startsWith('/v2/monitor')), [], 'something was sent');
    },
    'webData.extractData': async (row) => {
      const before = await emulator.requestCount();
      const { result, shown: s } = await call('webData.extractData', row.node);
      noProblem('Extract Data from Page…', s);
      // A row with an address fills the first step in (issue 46: a result's menu had no Extract).
      // A kept page's: where it landed, as its other row actions read it.
      const node = row.node as { type?: string; page?: { finalUrl: string }; typed?: { result: { url?: unknown } } };
      const url = node.type === 'page' ? node.page?.finalUrl : node.typed?.result.url;
      assert.equal(s.quickInputs[0]?.title, 'Web Data: Extract Data from Page', 'its steps were not shown');
      assert.equal(s.quickInputs[0].value, url, 'the URL step does not hold the row\'s address');
      assert.equal(result, undefined);
      assert.deepEqual((await emulator.requestsSince(before)).filter((r) => r.method !== 'GET'), [], 'something was sent');
    },
    'webData.checkWatchNow': async (row) => {
      const { result, shown: s } = await callPaying('webData.checkWatchNow', 'Check Now', row.node);
      noProblem('Check Now', s);
      assert.ok((result as { check?: { id?: string } } | undefined)?.check?.id, 'no check was run');
    },
    'webData.openWatchChanges': async (row) => {
      const { result, shown: s } = await call('webData.openWatchChanges', row.node);
      noProblem('Open Changes', s);
      if (row.contextValue === 'watch.paused') {
        // Not checked, or checked once (pages first read): it says so, and opens nothing.
        assert.equal(result, 0);
        assert.match(s.infos.join(' | '), /^(Not checked yet|No page changed in that check\.)$/);
        return;
      }
      assert.ok(typeof result === 'number' && result >= 1, `no change was opened (${String(result)})`);
      assert.ok(vscode.window.tabGroups.activeTabGroup.activeTab?.input instanceof vscode.TabInputTextDiff, 'no diff editor');
      // The diff tabs go: the editor menus' checks below open documents of their own and read the active one.
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    },
    'webData.pauseWatch': async (row) => {
      const { result, shown: s } = await call('webData.pauseWatch', row.node);
      noProblem('Pause Watch', s);
      assert.equal((result as { status?: string } | undefined)?.status, 'paused');
      // Resumed as a person resumes it: Enter on the month its review names.
      await pressEnterUntilDone(api, () => vscode.commands.executeCommand('webData.resumeWatch', (result as { id: string }).id), 3);
    },
    'webData.resumeWatch': async (row) => {
      // Its month named first (issue 46): the review, closed here, resumes nothing.
      const before = await emulator.requestCount();
      const { result, shown: s } = await call('webData.resumeWatch', row.node);
      noProblem('Resume Watch', s);
      assert.equal(result, undefined);
      assert.match(s.quickInputs[0]?.items[0] ?? '', /Resume the Watch up to [\d,]+ credits a month/, 'the review did not name the month');
      assert.deepEqual((await emulator.requestsSince(before)).filter((r) => r.method === 'PATCH'), [], 'resumed with the review closed');
      const resumed = await pressEnterUntilDone(api, () => vscode.commands.executeCommand<{ id: string; status?: string } | undefined>('webData.resumeWatch', row.node), 3);
      assert.equal(resumed?.status, 'active');
      await vscode.commands.executeCommand('webData.pauseWatch', resumed.id);
    },
    'webData.editWatch': async (row) => {
      const before = await emulator.requestCount();
      const { result, shown: s } = await call('webData.editWatch', row.node);
      noProblem('Edit Watch…', s);
      assert.deepEqual([s.quickInputs[0]?.title, s.quickInputs[0]?.step], ['Web Data: Watch for Changes', 4], 'the review of the watch\'s own steps was not shown');
      assert.equal(result, undefined);
      assert.deepEqual((await emulator.requestsSince(before)).filter((r) => r.method === 'PATCH'), [], 'the watch was changed with nothing saved');
    },
    'webData.copyWatchId': async (row) => {
      noProblem('Copy Watch ID', (await call('webData.copyWatchId', row.node)).shown);
      assert.equal(await vscode.env.clipboard.readText(), (row.node as { monitor: { id: string } }).monitor.id);
    },
    'webData.deleteWatch': async (row) => {
      const { result, shown: s } = await call('webData.deleteWatch', row.node);
      noProblem('Delete Watch', s);
      assert.equal(s.modals.length, 1, 'the confirmation was not asked');
      assert.equal(result, false);
    },
  };

  /** The editor's Web Data submenu and the terminal's menu: what VS Code passes there (the document's Uri). */
  const otherMenus: Record<string, Record<string, () => Promise<void>>> = {
    'webData.editorContext': {
      'webData.searchSelection': async () => {
        const document = await scratchDocument('tideflow backpressure');
        await showWithSelection(document, new vscode.Range(0, 0, 0, 8));
        const { shown: s } = await call('webData.searchSelection', document.uri, { groupId: 0 });
        noProblem('Search the Web for Selection…', s);
        assert.equal(s.quickInputs[0]?.value, 'tideflow', 'the query box did not hold the selection');
        await closeEditorOf(document);
      },
      'webData.scrapeUrl': async () => {
        const document = await scratchDocument('Read https://docs.tideflow.dev/guide/streams first.');
        await showWithSelection(document, new vscode.Range(0, 12, 0, 12));
        // Only what was sent counts: a GET may be a view's own polling, which can land meanwhile.
        const before = await emulator.requestCount();
        const { result, shown: s } = await call('webData.scrapeUrl', document.uri, { groupId: 0 });
        noProblem('Scrape URL as Markdown…', s);
        assert.equal(s.quickInputs[0]?.value, 'https://docs.tideflow.dev/guide/streams', 'the box did not hold the URL under the cursor');
        assert.ok(s.quickInputs[0].buttons.some((b) => b.startsWith('Scrape with Options…')), 'the box has no Scrape with Options… button');
        assert.equal(result, undefined);
        assert.deepEqual((await emulator.requestsSince(before)).filter((r) => r.method !== 'GET'), [], 'something was sent before Enter');
        await closeEditorOf(document);
      },
      'webData.startCrawl': async () => {
        const document = await scratchDocument('Crawl https://docs.tideflow.dev/guide first.');
        await showWithSelection(document, new vscode.Range(0, 10, 0, 10));
        const before = await emulator.requestCount();
        const { result, shown: s } = await call('webData.startCrawl', document.uri, { groupId: 0 });
        noProblem('Start Crawl', s);
        assert.equal(s.quickInputs[0]?.value, 'https://docs.tideflow.dev/guide', 'the URL step did not hold the URL under the cursor');
        assert.equal(result, undefined);
        assert.deepEqual((await emulator.requestsSince(before)).filter((r) => r.method !== 'GET'), [], 'something was sent');
        await closeEditorOf(document);
      },
      'webData.watch': async () => {
        const document = await scratchDocument('Watch https://docs.tideflow.dev/guide for changes.');
        await showWithSelection(document, new vscode.Range(0, 10, 0, 10));
        const { result, shown: s } = await call('webData.watch', document.uri, { groupId: 0 });
        noProblem('Watch for Changes…', s);
        assert.deepEqual([s.quickInputs[0]?.step, s.quickInputs[0]?.value], [1, 'https://docs.tideflow.dev/guide'], 'the first step did not hold the URL under the cursor');
        assert.equal(result, undefined);
        await closeEditorOf(document);
      },
      'webData.startBatchScrape': async () => {
        const document = await scratchDocument('https://docs.tideflow.dev/a\nhttps://docs.tideflow.dev/b\n');
        await showWithSelection(document, new vscode.Range(0, 0, 2, 0));
        const before = await emulator.requestCount();
        const { result, shown: s } = await call('webData.startBatchScrape', document.uri, { groupId: 0 });
        noProblem('Batch Scrape', s);
        assert.equal(s.quickInputs[0]?.title, 'Web Data: Batch Scrape', 'the review was not shown');
        assert.ok(s.quickInputs[0].items.some((row) => row.startsWith('urls 2 addresses')), `the selection's two addresses: ${s.quickInputs[0].items.join(' | ')}`);
        assert.equal(result, undefined);
        assert.deepEqual((await emulator.requestsSince(before)).filter((r) => r.method !== 'GET'), [], 'something was sent');
        await closeEditorOf(document);
      },
    },
    'terminal/context': {
      'webData.searchTerminalSelection': async () => {
        const { shown: s } = await call('webData.searchTerminalSelection');
        noProblem('Search the Web for Terminal Selection…', s);
      },
    },
    'editor/title': {
      'webData.scrapeFresh': async () => {
        const page = await vscode.commands.executeCommand<{ id: string; title: string } | undefined>('webData.scrapeUrl', { url: 'https://docs.tideflow.dev/guide/streams' });
        assert.ok(page, 'the page was not fetched');
        const uri = vscode.window.activeTextEditor?.document.uri;
        assert.equal(uri?.scheme, 'webdata-page');
        const { result, shown: s } = await callPaying('webData.scrapeFresh', 'Scrape Fresh Copy', uri, { groupId: 0 });
        noProblem('Scrape Fresh Copy', s);
        assert.equal((result as { cacheState?: string } | undefined)?.cacheState, 'miss');
      },
      'webData.watch': async () => {
        const page = await vscode.commands.executeCommand<{ id: string } | undefined>('webData.scrapeUrl', { url: 'https://docs.tideflow.dev/guide/streams' });
        assert.ok(page, 'the page was not fetched');
        const uri = vscode.window.activeTextEditor?.document.uri;
        assert.equal(uri?.scheme, 'webdata-page');
        const { result, shown: s } = await call('webData.watch', uri, { groupId: 0 });
        noProblem('Watch for Changes…', s);
        assert.deepEqual([s.quickInputs[0]?.step, s.quickInputs[0]?.value], [1, 'https://docs.tideflow.dev/guide/streams'], 'the first step did not hold the page\'s address');
        assert.equal(result, undefined);
      },
      'webData.continueInBrowser': async () => {
        const page = await vscode.commands.executeCommand<{ id: string } | undefined>('webData.scrapeUrl', { url: 'https://docs.tideflow.dev/guide/streams' });
        assert.ok(page, 'the page was not fetched');
        const uri = vscode.window.activeTextEditor?.document.uri;
        assert.equal(uri?.scheme, 'webdata-page');
        const { result, shown: s } = await call('webData.continueInBrowser', uri, { groupId: 0 });
        assert.deepEqual(s.errors, [], 'Continue in a Browser showed an error');
        assert.match(s.modals[0] ?? '', /^Open the page https:\/\/docs\.tideflow\.dev\/guide\/streams in the service's browser\?$/, 'it did not ask first');
        assert.equal(result, undefined, 'declined: nothing opened');
      },
      'webData.copyConnectionReport': async () => {
        const { shown: s } = await call('webData.copyConnectionReport', vscode.Uri.parse('webdata-report:/Connection%20Report.md'), { groupId: 0 });
        noProblem('Copy Report', s);
      },
    },
  };

  // The kinds of rows each view holds: a row VS Code would show each menu for (its contextValue,
  // which the `viewItem` clauses read), and how the suite finds one in the view.
  const KINDS: Record<string, Array<{ name: string; contextValue: string | undefined; is: (row: Row) => boolean }>> = {
    'webData.searchResults': [
      kind('search row', 'search'), kind('pinned search row', 'search.pinned'), kind('group row', 'group'),
      { name: 'result row with markdown and a summary', contextValue: 'result.url.markdown.summary', is: (row) => /^result\.url.*\.summary$/.test(row.contextValue ?? '') },
      kind('result row without content', 'result.url'), kind('message row', 'message'),
    ],
    'webData.pages': [
      kind('pages group row', 'keptPages'), kind('page row', 'page'), kind('pinned page row', 'page.pinned'),
      kind('documents group row', 'keptDocuments'), kind('document row', 'document'), kind('pinned document row', 'document.pinned'),
      kind('kept results group row', 'keptStructuredResults'), kind('kept extraction row', 'structuredResult.extract'), kind('kept research result row', 'structuredResult.research'),
    ],
    'webData.watches': [
      kind('watch row', 'watch.active'), kind('paused watch row', 'watch.paused'),
      kind('check row', 'watchCheck'), kind('changed page of a check row', 'watchPage.changed'),
    ],
    // One view for jobs (issue 46): the running rows, then the jobs opened here with their pages.
    'webData.activeCrawls': [
      kind('crawl row', 'crawl'), kind('option row', 'crawlOption'), kind('research run row', 'researchRun'),
      kind('browser sessions group row', 'browserGroup'), kind('browser session row', 'browserSession'),
      kind('job row', 'crawlJob.crawl.scraping'), kind('finished job row', 'crawlJob.crawl.finished'), kind('page row', 'crawlPage'),
      nodeKind('failed pages group row', 'group', 'failed'), nodeKind('blocked pages group row', 'group', 'robots'),
      nodeKind('failed page row', 'failedPage'), nodeKind('blocked page row', 'blockedPage'), nodeKind('load more row', 'more'),
    ],
    'webData.webhookEvents': [
      kind('unsigned warning row', 'webhookUnsignedWarning'), kind('unsigned event row', 'event.unsigned.job'),
      kind('metadata row', 'webhookMetadata'), kind('more metadata row', 'webhookMetadataMore'), kind('verified job event row', 'event.verified.job'),
    ],
  };

  /** A row of the kind, from the view as it is now where an entry may have replaced rows (a page fetched again replaces its address's row). */
  async function rowOf(view: string, name: string): Promise<Row> {
    const wanted = (KINDS[view] ?? []).find((k) => k.name === name);
    // A page row as the view shows it now when there is one (a page fetched again replaced its row); else the one found at the start.
    const now = view === 'webData.pages' && /^(pinned )?(page|document) row$/.test(name) ? await allRows(view) : [];
    const row = wanted && (now.find((r) => wanted.is(r)) ?? (rows.get(view) ?? []).find((r) => wanted.is(r)));
    assert.ok(row, `no ${name} in ${view}: ${(rows.get(view) ?? []).map((r) => r.contextValue ?? r.label).join(', ')}`);
    return row;
  }

  for (const view of views) {
    describe(view, () => {
      const seen = new Set<string>();
      // Removing a search comes last: the other row menus use its rows.
      const last = (command: string): number => (['webData.removeSearch', 'webData.removePage', 'webData.removeDocument', 'webData.removeStructuredResult'].includes(command) ? 1 : 0);
      for (const entry of [...(menus['view/item/context'] ?? [])].sort((x, y) => last(x.command) - last(y.command))) {
        if (!viewsOf(entry.when, views).includes(view)) continue;
        const shownOn = (KINDS[view] ?? []).filter((k) => shownFor(entry.when, k.contextValue));
        it(`row menu ${entry.command} (${entry.group ?? ''}) is shown on a kind of row this suite has`, () => {
          assert.ok(shownOn.length > 0, `no kind of row here matches ${entry.when ?? ''}`);
        });
        for (const k of shownOn) {
          if (seen.has(`${entry.command} ${k.name}`)) continue;
          seen.add(`${entry.command} ${k.name}`);
          it(`row menu ${entry.command} on a ${k.name}`, async () => {
            const check = rowChecks[entry.command];
            assert.ok(check, `no check for the row menu ${entry.command}`);
            await check(await rowOf(view, k.name));
          });
        }
      }
      for (const entry of menus['view/title'] ?? []) {
        if (!viewsOf(entry.when, views).includes(view)) continue;
        for (const focused of [undefined, ...(KINDS[view] ?? []).map((k) => k.name)]) {
          it(`title ${entry.command}, ${focused ? `a ${focused} focused` : 'no row focused'}: as from the palette`, async () => {
            const check = titleChecks[entry.command];
            assert.ok(check, `no check for the title button ${entry.command}`);
            await check(focused === undefined ? undefined : await rowOf(view, focused));
          });
        }
      }
    });
  }

  it('editor/context holds one entry, the Web Data submenu', () => {
    assert.deepEqual((menus['editor/context'] as unknown[]).map((entry) => (entry as { submenu?: string }).submenu), ['webData.editorContext']);
  });

  for (const menu of ['webData.editorContext', 'terminal/context', 'editor/title']) {
    it(`${menu}: each entry with what VS Code passes`, async () => {
      for (const entry of menus[menu] ?? []) {
        const check = otherMenus[menu]?.[entry.command];
        assert.ok(check, `no check for ${menu}: ${entry.command}`);
        await check();
      }
    });
  }
});

// Any page as markdown in a real VS Code (issue 27): Scrape URL as Markdown… with a request argument,
// the tab's header (landed address, the cache's age), Scrape Fresh Copy, a 408 in words, the box
// filled from the URL under the cursor when the editor's context menu passes its document (a Uri
// is never a request: nothing is sent until Enter), and Map Site with a request argument.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { WebDataApi } from '../../../src/extension';
import type { ShownError } from '../../../src/platform/notify';
import type { ShownQuickInput } from '../../../src/platform/quick-inputs';
import { activate, emulator, restoreDemoKey, waitFor } from './helpers-account';
import { paying } from './helpers-price';
import { recordProgress } from './helpers-progress';

interface Record { id: string; cacheState?: string; finalUrl: string }

describe('any page as markdown', function () {
  this.timeout(60_000);
  let api: WebDataApi;

  before(async () => {
    api = await activate();
    await restoreDemoKey();
  });
  afterEach(async () => {
    await emulator.clearFaults();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('opens a URL as markdown in a read-only tab with the address it landed on', async () => {
    const record = await vscode.commands.executeCommand<Record | undefined>('webData.scrapeUrl', { url: 'http://docs.tideflow.dev/getting-started' });
    assert.ok(record, 'nothing was fetched');
    assert.equal(record.finalUrl, 'https://docs.tideflow.dev/getting-started');
    const document = vscode.window.activeTextEditor?.document;
    assert.equal(document?.uri.scheme, 'webdata-page');
    assert.equal(document.languageId, 'markdown');
    const text = document.getText();
    assert.match(text, /Address: <https:\/\/docs\.tideflow\.dev\/getting-started>/);
    assert.match(text, /Asked for: <http:\/\/docs\.tideflow\.dev\/getting-started>/);
    assert.match(text, /^# Getting started with Tideflow$/m);
    assert.match(document.uri.path, /\/Getting started with Tideflow\.md$/);
  });

  it('a page the site does not have (404): named by its status in the tab and the row, its cost said, and one row however often it is opened (issue 34)', async () => {
    const url = 'https://docs.tideflow.dev/guide/no-such-page';
    const first = await vscode.commands.executeCommand<Record & { title: string; statusCode?: number } | undefined>('webData.scrapeUrl', { url });
    assert.ok(first, 'nothing was fetched');
    assert.equal(first.statusCode, 404);
    assert.equal(first.title, '404 docs.tideflow.dev/guide/no-such-page');
    const document = vscode.window.activeTextEditor?.document;
    assert.match(document?.uri.path ?? '', /\/404 docs\.tideflow\.dev.guide.no-such-page\.md$/);
    assert.match(document?.getText() ?? '', /The site answered with status 404\.[\s\S]*This fetch cost 1 credit\./);
    const again = await vscode.commands.executeCommand<Record | undefined>('webData.scrapeUrl', { url });
    assert.ok(again && again.id !== first.id);
    const rows = ((await api.scrape.pages.summaries()) ?? []).filter((row) => row.url === url);
    assert.deepEqual(rows.map((row) => [row.id, row.title]), [[again.id, '404 docs.tideflow.dev/guide/no-such-page']], 'one row for the address, the newest');
  });

  it('in a browser-based VS Code the URL box never reads the clipboard, so the browser shows no clipboard error (issue 34)', async () => {
    assert.equal(vscode.env.uiKind, vscode.UIKind.Web, 'the host tests run in the browser workbench');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.env.clipboard.writeText('https://docs.tideflow.dev/guide/streams');
    const boxes: ShownQuickInput[] = [];
    const seen = api.onDidShowQuickInput((input) => { boxes.push(input); });
    try {
      const run = vscode.commands.executeCommand('webData.scrapeUrl');
      await waitFor('the URL box', () => boxes.length > 0);
      assert.equal(boxes[0]?.value, '', 'the box was filled from the clipboard');
      await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
      assert.equal(await run, undefined);
    } finally {
      seen.dispose();
    }
  });

  it('Scrape URL and Map Site show their progress in the window, not as a notification (issue 46)', async () => {
    const progress = recordProgress();
    try {
      assert.ok(await vscode.commands.executeCommand('webData.scrapeUrl', { url: 'https://docs.tideflow.dev/getting-started' }), 'nothing was fetched');
      const links = await vscode.commands.executeCommand<unknown[] | undefined>('webData.mapSite', { url: 'https://docs.tideflow.dev', limit: 3 });
      assert.ok(links && links.length > 0, 'the map found nothing');
      assert.deepEqual(progress.shown.map((p) => p.location), ['window', 'window'], `routine work showed a progress notification: ${JSON.stringify(progress.shown)}`);
      assert.equal(progress.shown[0]?.title, 'Fetching https://docs.tideflow.dev/getting-started as markdown…');
      assert.match(progress.shown[1]?.title ?? '', /^Mapping https:\/\/docs\.tideflow\.dev\/?…$/);
    } finally {
      progress.restore();
    }
  });

  it('a scrape\'s credits count in today\'s spend, as the person\'s', async () => {
    const before = api.spend.today().person;
    const record = await vscode.commands.executeCommand<Record & { creditsUsed?: number } | undefined>('webData.scrapeUrl', { url: 'https://docs.tideflow.dev/getting-started' });
    assert.equal(record?.creditsUsed, 1, 'the emulator says what a scrape cost');
    await waitFor('the scrape counted once in today\'s spend', () => api.spend.today().person === before + 1);
    assert.ok((await api.scrape.pages.list()).some((page) => page.id === record.id), 'the page is kept');
  });

  it('says how old a cached copy is, and Scrape Fresh Copy fetches it again', async () => {
    const cached = await vscode.commands.executeCommand<Record | undefined>('webData.scrapeUrl', { url: 'https://docs.tideflow.dev/guide/streams' });
    assert.equal(cached?.cacheState, 'hit');
    assert.match(vscode.window.activeTextEditor?.document.getText() ?? '', /From the service's cache, 3 hours old/);
    const fresh = await paying<Record>('webData.scrapeFresh');
    assert.equal(fresh?.cacheState, 'miss');
    assert.notEqual(fresh.id, cached.id);
    assert.doesNotMatch(vscode.window.activeTextEditor?.document.getText() ?? '', /From the service's cache/);
  });

  it('a page the service gave up on (408) is said in words, with Retry', async () => {
    const shown: ShownError[] = [];
    const listener = api.onDidShowError((e) => shown.push(e));
    try {
      const record = await vscode.commands.executeCommand<Record | undefined>('webData.scrapeUrl', { url: 'https://slow.example/report' });
      assert.equal(record, undefined);
      await waitFor('the error notification', () => shown.length > 0);
      assert.match(shown[0]?.message ?? '', /could not be fetched: The service gave up waiting for the scrape \(408\)/);
      assert.ok(shown[0]?.buttons.includes('Retry'));
    } finally {
      listener.dispose();
    }
  });

  it('a team out of credits (402) is told so once, with nothing kept and nothing sent again', async () => {
    const shown: ShownError[] = [];
    const listener = api.onDidShowError((e) => shown.push(e));
    try {
      await emulator.injectFault({ fault: { kind: 'payment-required' }, path: '/v2/scrape', times: 1 });
      const kept = (await api.scrape.pages.list()).length;
      const before = await emulator.requestCount();
      const record = await vscode.commands.executeCommand<Record | undefined>('webData.scrapeUrl', { url: 'https://docs.tideflow.dev/getting-started' });
      assert.equal(record, undefined);
      await waitFor('the error notification', () => shown.length > 0);
      assert.match(shown[0]?.message ?? '', /could not be fetched/);
      assert.match(shown[0]?.message ?? '', /credits/i, `the words say the credits ran out: ${shown[0]?.message ?? ''}`);
      assert.equal((await emulator.requestsSince(before)).filter((r) => r.path === '/v2/scrape').length, 1, 'sent once, not retried');
      assert.equal((await api.scrape.pages.list()).length, kept, 'nothing kept');
    } finally {
      listener.dispose();
    }
  });

  it('from the editor\'s context menu: the box holds the URL under the cursor and nothing is sent until Enter', async () => {
    const document = await vscode.workspace.openTextDocument({ content: 'Read https://docs.tideflow.dev/guide/streams first.', language: 'markdown' });
    const editor = await vscode.window.showTextDocument(document);
    editor.selection = new vscode.Selection(0, 12, 0, 12);
    const before = await emulator.requestCount();
    const boxes: ShownQuickInput[] = [];
    const listener = api.onDidShowQuickInput((input) => boxes.push(input));
    try {
      const run = vscode.commands.executeCommand('webData.scrapeUrl', document.uri);
      await waitFor('the URL box', () => boxes.length > 0);
      assert.equal(boxes[0]?.value, 'https://docs.tideflow.dev/guide/streams');
      await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
      assert.equal(await run, undefined);
      assert.equal(await emulator.requestCount(), before, 'nothing was sent');
    } finally {
      listener.dispose();
    }
  });

  it('maps a site from a request argument: its addresses with titles', async () => {
    const links = await vscode.commands.executeCommand<Array<{ url: string; title?: string }> | undefined>('webData.mapSite', { url: 'https://docs.tideflow.dev', search: 'streams', limit: 3 });
    assert.equal(links?.length, 3);
    assert.equal(links[0]?.url, 'https://docs.tideflow.dev/guide/streams');
    assert.equal(links[0].title, 'Streams guide - Tideflow');
  });

  it('Map Site: several addresses picked become one batch scrape, its review shown before anything starts', async () => {
    const shown: ShownQuickInput[] = [];
    const listener = api.onDidShowQuickInput((input) => shown.push(input));
    const accept = (): Thenable<unknown> => vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    try {
      const run = vscode.commands.executeCommand<unknown[] | undefined>('webData.mapSite', 'https://docs.tideflow.dev');
      await waitFor('the address box', () => shown.length === 1);
      await accept();
      await waitFor('the site\'s addresses', () => shown.length === 2);
      assert.ok((shown[1]?.items.length ?? 0) > 2, 'the map listed too few addresses');
      // The list's placeholder is read whole in a narrow window: it was cut at "…or several to batch scr".
      assert.match(shown[1]?.placeholder ?? '', /^\d[\d,]* addresses: pick one to scrape, several to batch$/);
      assert.ok((shown[1]?.placeholder ?? '').length <= 60, shown[1]?.placeholder);
      // A pick scrapes at once: the price is in the list's title before it.
      assert.match(shown[1]?.title ?? '', /^Web Data: Map Site · Price: .+$/);
      // Tick two addresses (a list of many has no row focused until it is moved to), then accept.
      for (let i = 0; i < 2; i++) {
        await vscode.commands.executeCommand('workbench.action.quickOpenSelectNext');
        await vscode.commands.executeCommand('workbench.action.quickPickManyToggle');
      }
      await accept();
      await waitFor('the choice between one batch and each page', () => shown.length === 3);
      assert.deepEqual(shown[2]?.items, ['Batch Scrape 2 Pages', 'Open Each as Markdown (2 Tabs)']);
      const before = await emulator.requestCount();
      await accept();
      await waitFor('Batch Scrape\'s review', () => shown.length === 4);
      assert.equal(shown[3]?.title, 'Web Data: Batch Scrape');
      assert.match(shown[3].items[0] ?? '', /at most 2 pages/, 'the review does not bound the two addresses');
      await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
      assert.ok(await run);
      assert.equal((await emulator.requestsSince(before)).filter((r) => r.path.startsWith('/v2/batch')).length, 0, 'a batch scrape started without Start');
    } finally {
      listener.dispose();
    }
  });
});

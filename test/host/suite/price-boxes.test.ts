// The price before Enter (issue 46), in a real VS Code: the boxes whose Enter sends (Search the
// Web…'s query box, Scrape URL as Markdown…'s and Map Site's address box) say the price under them
// from the moment they open, in the words of the reviews (this person's last costs of the same kind,
// else unknown); Escape sends nothing, Enter sends and the credits count in today's spend. A failed
// map's Retry opens its box again rather than sending at one click. Resume Watch names the watch's
// month before it resumes, with the modal above webData.watch.confirmAboveCreditsPerMonth.
// Its own emulated team, so its history, pages and watch are this suite's alone.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { SearchRecord } from '../../../src/core/search/record';
import type { WebDataApi } from '../../../src/extension';
import type { ShownQuickInput } from '../../../src/platform/quick-inputs';
import { activate, emulator, restoreDemoKey, storageOf, usageFor, useKey, waitFor } from './helpers-account';
import { pressEnterUntilDone } from './helpers-steps';

const KEY = 'wd-host-price-boxes';
const PAGE = 'https://docs.tideflow.dev/guide/streams';

describe('a price in the box before Enter, and before a watch resumes (issue 46)', function () {
  this.timeout(90_000);
  let api: WebDataApi;
  let watchId: string | undefined;

  before(async () => {
    api = await activate();
    await emulator.addTeam({ apiKey: KEY, usage: usageFor(500_000), crawls: [] });
    await useKey(KEY);
  });
  after(async () => {
    if (watchId) await vscode.commands.executeCommand('webData.deleteWatch', { watchId, confirmed: true });
    api.watch.answerConfirmation = undefined;
    await vscode.workspace.getConfiguration('webData').update('watch.confirmAboveCreditsPerMonth', undefined, vscode.ConfigurationTarget.Global);
    await storageOf(api).globalState.update('webData.watch.known', undefined);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await restoreDemoKey();
  });

  /** Runs a command and waits for its box or list (by title); the command's promise goes on. */
  async function boxOf<T>(title: string, start: () => Thenable<T>): Promise<{ shown: ShownQuickInput; pending: Promise<T> }> {
    let shown: ShownQuickInput | undefined;
    const listening = api.onDidShowQuickInput((input) => { if (input.title === title) shown ??= input; });
    try {
      const pending = Promise.resolve(start());
      let ended = false;
      void pending.finally(() => { ended = true; });
      await waitFor(`the input "${title}"`, () => shown !== undefined || ended, 10_000);
      return { shown: shown ?? assert.fail(`the command ended without showing "${title}"`), pending };
    } finally {
      listening.dispose();
    }
  }

  /** The API requests to `path` answered since `count` was read. */
  async function sentTo(count: number, path: string | RegExp): Promise<number> {
    return (await emulator.requestsSince(count)).filter((r) => (typeof path === 'string' ? r.path === path : path.test(r.path))).length;
  }

  it('Search the Web…: the box names the price of the search Enter sends (this kind\'s last costs); Escape sends nothing; Enter sends it, counted in today\'s spend', async () => {
    // A search of the settings' shape (no argument but the query): the price the box reads.
    const first = await vscode.commands.executeCommand<SearchRecord | undefined>('webData.search', { query: 'tideflow price in the box' });
    assert.ok(first && typeof first.response.creditsUsed === 'number', 'the first search failed or said no cost');
    const price = /^Price: (a search like this cost \d+ credits last time|searches like this cost (\d+ to )?\d+ credits the last \d+ times) · /;

    const before = await emulator.requestCount();
    const escaped = await boxOf('Web Data: Search the Web', () => vscode.commands.executeCommand<SearchRecord | undefined>('webData.search'));
    assert.match(escaped.shown.prompt ?? '', price);
    assert.equal(escaped.shown.value, 'tideflow price in the box', 'the box starts from the last query');
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    assert.equal(await escaped.pending, undefined);
    assert.equal(await sentTo(before, '/v2/search'), 0, 'Escape sent the search');

    const spent = api.spend.today().person;
    const entered = await boxOf('Web Data: Search the Web', () => vscode.commands.executeCommand<SearchRecord | undefined>('webData.search'));
    assert.match(entered.shown.prompt ?? '', price);
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    const record = await entered.pending;
    assert.ok(record, 'Enter did not search');
    assert.equal(await sentTo(before, '/v2/search'), 1);
    await waitFor('the search counted in today\'s spend', () => api.spend.today().person === spent + (record.response.creditsUsed ?? 0));
  });

  it('Scrape URL as Markdown…: the box names the price of a scrape like it before Enter; Enter fetches the page, counted in today\'s spend', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    // Unknown before this person's first scrape of the settings' formats.
    await vscode.commands.executeCommand('webData.clearPages', { confirmed: true, includePinned: true });
    const before = await emulator.requestCount();
    const unknown = await boxOf('Web Data: Scrape URL as Markdown', () => vscode.commands.executeCommand('webData.scrapeUrl', PAGE));
    assert.match(unknown.shown.prompt ?? '', /^Price: unknown until the first scrape of this kind \(the service reports it once it has run\) · /);
    assert.equal(unknown.shown.value, PAGE, 'the box starts from the address given (a menu\'s, a link\'s)');
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    assert.equal(await unknown.pending, undefined);
    assert.equal(await sentTo(before, '/v2/scrape'), 0, 'Escape fetched the page');

    const page = await vscode.commands.executeCommand<{ creditsUsed?: number } | undefined>('webData.scrapeUrl', { url: PAGE });
    assert.ok(page?.creditsUsed !== undefined, 'the page was not fetched, or its cost not said');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const spent = api.spend.today().person;
    const entered = await boxOf('Web Data: Scrape URL as Markdown', () => vscode.commands.executeCommand<{ creditsUsed?: number } | undefined>('webData.scrapeUrl', PAGE));
    assert.match(entered.shown.prompt ?? '', new RegExp(`^Price: a scrape like this cost ${String(page.creditsUsed)} credits? last time · `));
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    const again = await entered.pending;
    assert.ok(again, 'Enter fetched nothing');
    await waitFor('the scrape counted in today\'s spend', () => api.spend.today().person === spent + (again.creditsUsed ?? 0));
  });

  it('Map Site: the box says the price is unknown and not counted, before Enter; a failed map\'s Retry opens the box again instead of sending', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const window = vscode.window;
    const originals = { error: window.showErrorMessage, warning: window.showWarningMessage };
    let retried = 0;
    // The failure's Retry, pressed once.
    const pressRetry = (original: (...args: unknown[]) => Thenable<unknown>) => (message: string, ...rest: unknown[]): Thenable<unknown> => {
      if (!rest.includes('Retry') || retried > 0) return original.call(window, message, ...rest);
      retried++;
      return Promise.resolve('Retry');
    };
    const shownBoxes: ShownQuickInput[] = [];
    const listening = api.onDidShowQuickInput((input) => { if (input.title === 'Web Data: Map Site') shownBoxes.push(input); });
    Object.defineProperty(window, 'showErrorMessage', { value: pressRetry(originals.error as (...args: unknown[]) => Thenable<unknown>), configurable: true, writable: true });
    Object.defineProperty(window, 'showWarningMessage', { value: pressRetry(originals.warning as (...args: unknown[]) => Thenable<unknown>), configurable: true, writable: true });
    try {
      const before = await emulator.requestCount();
      await emulator.injectFault({ fault: { kind: 'status', status: 500 }, path: '/v2/map', apiKey: KEY });
      const first = await boxOf('Web Data: Map Site', () => vscode.commands.executeCommand('webData.mapSite', 'https://docs.tideflow.dev'));
      assert.match(first.shown.prompt ?? '', /^Price: unknown, the service does not report what a map costs, so it is not counted in today's spend · /);
      assert.equal(await sentTo(before, '/v2/map'), 0, 'sent before Enter');
      await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
      assert.equal(await first.pending, undefined, 'the map did not fail');
      // Retry: the box again, with its price, and nothing more sent until Enter.
      await waitFor('Retry to open the box again', () => shownBoxes.length === 2, 10_000);
      assert.match(shownBoxes[1]?.prompt ?? '', /^Price: unknown, the service does not report what a map costs/);
      assert.equal(shownBoxes[1]?.value, 'https://docs.tideflow.dev/', 'the box again, with the address that was sent');
      assert.equal(retried, 1);
      await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
      assert.equal(await sentTo(before, '/v2/map'), 1, 'the Retry sent the map at one click');
    } finally {
      listening.dispose();
      Object.defineProperty(window, 'showErrorMessage', { value: originals.error, configurable: true, writable: true });
      Object.defineProperty(window, 'showWarningMessage', { value: originals.warning, configurable: true, writable: true });
      await emulator.clearFaults();
    }
  });

  it('Resume Watch: its month in the review before it resumes, the modal above the threshold; declined, nothing is sent', async () => {
    api.watch.answerConfirmation = (_message, yes) => yes;
    const watch = await pressEnterUntilDone(api, () => vscode.commands.executeCommand<{ id: string } | undefined>('webData.watch', { urls: [PAGE], schedule: 'daily at 9am' }), 5);
    assert.ok(watch, 'the watch was not made');
    watchId = watch.id;
    assert.equal((await vscode.commands.executeCommand<{ status?: string } | undefined>('webData.pauseWatch', watch.id))?.status, 'paused');
    const patches = async (count: number): Promise<number> => (await emulator.requestsSince(count)).filter((r) => r.method === 'PATCH' && r.path.startsWith('/v2/monitor/')).length;

    // The review closed: nothing sent.
    let before = await emulator.requestCount();
    const review = await boxOf('Web Data: Resume Watch', () => vscode.commands.executeCommand('webData.resumeWatch', watch.id));
    assert.match(review.shown.items[0] ?? '', /^\$\(debug-start\) Resume the Watch up to \d+ credits a month$/);
    assert.match(review.shown.details[0] ?? '', /^1 page × \d+ checks a month × /);
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    assert.equal(await review.pending, undefined);
    assert.equal(await patches(before), 0, 'resumed with the review closed');

    // Above the threshold: the modal names the month; declined, nothing is sent; accepted, resumed.
    await vscode.workspace.getConfiguration('webData').update('watch.confirmAboveCreditsPerMonth', 0, vscode.ConfigurationTarget.Global);
    const asked: string[] = [];
    api.watch.answerConfirmation = (message) => { asked.push(message); return undefined; };
    before = await emulator.requestCount();
    assert.equal(await pressEnterUntilDone(api, () => vscode.commands.executeCommand('webData.resumeWatch', watch.id), 3), undefined);
    assert.equal(asked.length, 1, 'no modal above the threshold');
    assert.match(asked[0] ?? '', /^This watch could spend up to \d+ credits a month\. Resume it\? /);
    assert.equal(await patches(before), 0, 'resumed after No');
    api.watch.answerConfirmation = (_message, yes) => yes;
    const resumed = await pressEnterUntilDone(api, () => vscode.commands.executeCommand<{ status?: string } | undefined>('webData.resumeWatch', watch.id), 3);
    assert.equal(resumed?.status, 'active');
    assert.equal(await patches(before), 1);
  });

});

// A price before every paid click (issue 46, item 2), in a real VS Code: Search Again, Scrape Again,
// Scrape Fresh Copy, Scrape Full Page, Check Now and Parse Again each ask first, naming the operation
// and its price in the words of the operation's own commands; declined, no paid request reaches the
// emulator (its request log); accepted, the request goes and its credits count in today's spend.
// A failed request's Retry asks the same way before it sends again.
// Its own emulated team, so its watch and its requests are this suite's alone.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { SearchRecord } from '../../../src/core/search/record';
import type { WebDataApi } from '../../../src/extension';
import { activate, emulator, restoreDemoKey, storageOf, usageFor, useKey, waitFor } from './helpers-account';
import { answeringModals, type AskedModal } from './helpers-price';
import { pressEnterUntilDone } from './helpers-steps';

const KEY = 'wd-host-paid-repeats';
const PAGE = 'https://docs.tideflow.dev/guide/streams';

interface Page { id: string; url: string; creditsUsed?: number; cacheState?: string }
interface CheckDone { check: { id: string; actualCredits?: number | null } }

describe('paid repeats: the price before the click (issue 46)', function () {
  this.timeout(90_000);
  let api: WebDataApi;
  const watchIds: string[] = [];

  before(async () => {
    api = await activate();
    await emulator.addTeam({ apiKey: KEY, usage: usageFor(500_000), crawls: [] });
    await useKey(KEY);
  });
  after(async () => {
    for (const watchId of watchIds) await vscode.commands.executeCommand('webData.deleteWatch', { watchId, confirmed: true });
    await storageOf(api).globalState.update('webData.watch.known', undefined);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await restoreDemoKey();
  });

  /** The API requests of `method path` (a path or a pattern of paths) answered since `count` was read. */
  async function sentSince(count: number, method: string, pathIs: string | RegExp): Promise<string[]> {
    return (await emulator.requestsSince(count))
      .filter((r) => r.method === method && (typeof pathIs === 'string' ? r.path === pathIs : pathIs.test(r.path)))
      .map((r) => `${r.method} ${r.path}`);
  }

  /**
   * Declines the command's question, then accepts it: the question asked with its price and button
   * each time, nothing of `method path` sent before the yes, one after it. Resolves with what the accepted run gave.
   */
  async function declineThenAccept<T>(run: () => Thenable<T | undefined>, method: string, pathIs: string | RegExp, expect: { question: RegExp; price: RegExp; button: string }): Promise<T> {
    const asked: AskedModal[] = [];
    const before = await emulator.requestCount();
    const declined = await answeringModals('decline', run, asked);
    assert.equal(declined, undefined, 'declined: nothing done');
    assert.deepEqual(await sentSince(before, method, pathIs), [], 'declined: nothing sent');
    const accepting = await emulator.requestCount();
    const accepted = await answeringModals('send', run, asked);
    assert.equal((await sentSince(accepting, method, pathIs)).length, 1, 'accepted: sent once');
    assert.equal(asked.length, 2, 'asked once each time');
    for (const question of asked) {
      assert.match(question.message, expect.question);
      assert.match(question.detail, expect.price);
      assert.match(question.detail, /counts in today's spend/);
      assert.deepEqual(question.buttons, [expect.button]);
    }
    assert.ok(accepted !== undefined, 'accepted: nothing came back');
    return accepted;
  }

  it('Search Again: its price from searches of the same shape, nothing sent when declined, a search and its credits in today\'s spend when accepted', async () => {
    const first = await vscode.commands.executeCommand<SearchRecord | undefined>('webData.search', { query: 'tideflow paid repeat', limit: 3 });
    assert.ok(first, 'the first search failed');
    const cost = first.response.creditsUsed;
    assert.equal(typeof cost, 'number');
    const spent = api.spend.today().person;
    const again = await declineThenAccept(() => vscode.commands.executeCommand<SearchRecord | undefined>('webData.searchAgain', { searchId: first.id }), 'POST', '/v2/search', {
      question: /^Search the web again for “tideflow paid repeat”\?$/,
      // Other suites' searches of this shape may be in the profile's history too.
      price: new RegExp(`^Price: (a search like this cost ${String(cost)} credits last time|searches like this cost (\\d+ to )?\\d+ credits the last \\d+ times)`),
      button: 'Search Again',
    });
    assert.deepEqual(again.request, first.request, 'the stored request, as it was sent');
    await waitFor('the search counted in today\'s spend', () => api.spend.today().person === spent + (again.response.creditsUsed ?? 0));
  });

  it('Scrape Again and Scrape Fresh Copy: the price of a scrape like it, nothing sent when declined, the page and its credits when accepted', async () => {
    await vscode.commands.executeCommand('webData.clearPages', { confirmed: true, includePinned: true });
    const page = await vscode.commands.executeCommand<Page | undefined>('webData.scrapeUrl', { url: PAGE });
    assert.ok(page?.creditsUsed !== undefined, 'the page was not fetched, or its cost not said');
    const price = new RegExp(`^Price: a scrape like this cost ${String(page.creditsUsed)} credits? last time`);
    let spent = api.spend.today().person;
    const again = await declineThenAccept(() => vscode.commands.executeCommand<Page | undefined>('webData.scrapeAgain', page.id), 'POST', '/v2/scrape', {
      question: /^Scrape https:\/\/docs\.tideflow\.dev\/guide\/streams again\?$/, price, button: 'Scrape Again',
    });
    assert.equal(again.url, PAGE);
    await waitFor('the scrape counted in today\'s spend', () => api.spend.today().person === spent + (again.creditsUsed ?? 0));

    const tab = vscode.window.activeTextEditor?.document.uri;
    assert.equal(tab?.scheme, 'webdata-page', 'the page\'s tab is not the active one');
    spent = api.spend.today().person;
    const fresh = await declineThenAccept(() => vscode.commands.executeCommand<Page | undefined>('webData.scrapeFresh', tab), 'POST', '/v2/scrape', {
      question: /^Scrape a fresh copy of https:\/\/docs\.tideflow\.dev\/guide\/streams, not the service's cached one\?$/,
      // One row per address: the newest fetch of the page prices the next.
      price: new RegExp(`^Price: a scrape like this cost ${String(again.creditsUsed)} credits? last time`), button: 'Scrape Fresh Copy',
    });
    assert.equal(fresh.cacheState, 'miss');
    await waitFor('the fresh copy counted in today\'s spend', () => api.spend.today().person === spent + (fresh.creditsUsed ?? 0));
  });

  it('Scrape Full Page on a search result: asked with the price first, nothing sent when declined', async () => {
    const search = await vscode.commands.executeCommand<SearchRecord | undefined>('webData.search', { query: 'tideflow streams', limit: 1 });
    const url = search?.response.data.web?.[0]?.url;
    assert.ok(url, 'the search found no page');
    const asked: AskedModal[] = [];
    const before = await emulator.requestCount();
    const declined = await answeringModals('decline', () => vscode.commands.executeCommand('webData.scrapeResult', { url }), asked);
    assert.equal(declined, undefined);
    assert.deepEqual(await sentSince(before, 'POST', '/v2/scrape'), [], 'declined: nothing sent');
    assert.deepEqual(asked.map((a) => a.buttons), [['Scrape Full Page']]);
    assert.match(asked[0]?.detail ?? '', /^Price: (unknown until the first scrape of this kind|a scrape like this cost|scrapes like this cost)/);
  });

  /**
   * A failed paid request's Retry, pressed (issue 46): it asks with the price first, as the paid
   * repeat does. Declined, nothing more is sent; accepted, one request more. `run` fails once on
   * the emulator's 500 at `pathIs`.
   */
  async function retryAsksFirst(run: () => Thenable<unknown>, pathIs: string, expect: { question: RegExp; button: string }): Promise<void> {
    const window = vscode.window;
    const originals = { info: window.showInformationMessage, error: window.showErrorMessage, warning: window.showWarningMessage };
    const asked: AskedModal[] = [];
    const failures: string[] = [];
    let answer: 'decline' | 'send' = 'decline';
    const put = (key: 'showInformationMessage' | 'showErrorMessage' | 'showWarningMessage', value: unknown): void => { Object.defineProperty(window, key, { value, configurable: true, writable: true }); };
    // The error notification's Retry, pressed; any other message goes through.
    const pressRetry = (original: (...args: unknown[]) => Thenable<unknown>) => (message: string, ...rest: unknown[]): Thenable<unknown> => {
      if (!rest.includes('Retry')) return original.call(window, message, ...rest);
      failures.push(message);
      return Promise.resolve('Retry');
    };
    const modal = (message: string, ...rest: unknown[]): Thenable<unknown> => {
      const [options, ...buttons] = rest;
      const isModal = typeof options === 'object' && options !== null && 'modal' in options && options.modal === true;
      if (!isModal) return (originals.info as (...args: unknown[]) => Thenable<unknown>).call(window, message, ...rest);
      asked.push({ message, detail: (options as { detail?: string }).detail ?? '', buttons: buttons.map(String) });
      return Promise.resolve(answer === 'send' ? buttons[0] : undefined);
    };
    put('showInformationMessage', modal);
    put('showErrorMessage', pressRetry(originals.error as (...args: unknown[]) => Thenable<unknown>));
    put('showWarningMessage', pressRetry(originals.warning as (...args: unknown[]) => Thenable<unknown>));
    try {
      const start = await emulator.requestCount();
      await emulator.injectFault({ fault: { kind: 'status', status: 500 }, path: pathIs, apiKey: KEY });
      assert.equal(await run(), undefined, 'the request did not fail');
      await waitFor('Retry to ask with the price', () => asked.length === 1, 10_000);
      assert.equal(failures.length, 1, 'the failure offered no Retry');
      assert.match(asked[0]?.message ?? '', expect.question);
      assert.match(asked[0]?.detail ?? '', /^Price: /);
      assert.deepEqual(asked[0]?.buttons, [expect.button]);
      assert.deepEqual(await sentSince(start, 'POST', pathIs), [`POST ${pathIs}`], 'declined: the Retry sent anyway');
      answer = 'send';
      const accepting = await emulator.requestCount();
      await emulator.injectFault({ fault: { kind: 'status', status: 500 }, path: pathIs, apiKey: KEY });
      assert.equal(await run(), undefined, 'the request did not fail');
      await waitFor('the accepted Retry to be sent', async () => (await emulator.requestsSince(accepting)).filter((r) => r.path === pathIs && r.status === 200).length === 1, 15_000);
      assert.equal(asked.length, 2, 'the second Retry was not asked');
      assert.equal((await sentSince(start, 'POST', pathIs)).length, 3, 'the failed sends and the one accepted Retry, nothing else');
    } finally {
      put('showInformationMessage', originals.info);
      put('showErrorMessage', originals.error);
      put('showWarningMessage', originals.warning);
      await emulator.clearFaults();
    }
  }

  it('Retry of a failed search or scrape asks with its price first, as Search Again and Scrape Again do; declined, nothing is sent (issue 46)', async () => {
    await retryAsksFirst(() => vscode.commands.executeCommand('webData.search', { query: 'tideflow retry priced', limit: 2 }), '/v2/search', {
      question: /^Search the web again for “tideflow retry priced”\?$/, button: 'Search Again',
    });
    await retryAsksFirst(() => vscode.commands.executeCommand('webData.scrapeUrl', { url: 'https://docs.tideflow.dev/getting-started' }), '/v2/scrape', {
      question: /^Scrape https:\/\/docs\.tideflow\.dev\/getting-started again\?$/, button: 'Scrape Again',
    });
  });

  it('Check Now: the watch\'s price (its pages, then its own checks), nothing sent when declined, a check and its credits when accepted', async () => {
    const watch = await pressEnterUntilDone(api, () => vscode.commands.executeCommand<{ id: string } | undefined>('webData.watch', { urls: [PAGE], schedule: 'daily at 9am' }), 5);
    assert.ok(watch, 'the watch was not made');
    watchIds.push(watch.id);
    const run = /^\/v2\/monitor\/[^/]+\/run$/;
    const check = () => vscode.commands.executeCommand<CheckDone | undefined>('webData.checkWatchNow', watch.id);
    let spent = api.spend.today().person;
    // No check yet: a page at what this person's scrapes cost (the pages kept above), or unknown.
    const first = await declineThenAccept(check, 'POST', run, {
      question: /^Check the watch .+ now\?$/, price: /^Price: (about \d+ credits? \(one page, at what your scrapes cost\)|unknown until the first check of this watch)/, button: 'Check Now',
    });
    const credits = first.check.actualCredits;
    assert.equal(typeof credits, 'number', 'the check did not say its cost');
    await waitFor('the check counted in today\'s spend', () => api.spend.today().person === spent + (credits ?? 0));
    // Checked once: the price is what that check cost.
    spent = api.spend.today().person;
    const second = await declineThenAccept(check, 'POST', run, {
      question: /^Check the watch .+ now\?$/, price: new RegExp(`^Price: the last check of this watch cost ${String(credits)} credits?\\.`), button: 'Check Now',
    });
    await waitFor('the second check counted in today\'s spend', () => api.spend.today().person === spent + (second.check.actualCredits ?? 0));
  });

  it('Parse Again: asked with the price of a parse like it once the file was agreed to, nothing uploaded when declined', async () => {
    const root = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
    assert.ok(root, 'the host tests open a workspace folder');
    const folder = path.join(root, 'paid-repeats');
    fs.mkdirSync(folder, { recursive: true });
    const file = path.join(folder, 'paid-repeat.csv');
    fs.writeFileSync(file, 'name\npaid repeat\n');
    api.parse.consent.answer = (question) => question.upload;
    try {
      const document = await vscode.commands.executeCommand<{ id: string; creditsUsed?: number } | undefined>('webData.openAsMarkdown', vscode.Uri.file(file));
      assert.ok(document, 'the document was not parsed');
      api.parse.consent.answer = () => { throw new Error('agreed to already: the upload\'s consent must not ask again'); };
      const spent = api.spend.today().person;
      const again = await declineThenAccept(() => vscode.commands.executeCommand<{ id: string; creditsUsed?: number } | undefined>('webData.parseAgain', document.id), 'POST', /^\/v2\/parse/, {
        question: /^Upload paid-repeats\/paid-repeat\.csv again and convert it to markdown\?$/, price: /^(A parse like this cost|Parses like this cost)/, button: 'Convert Again',
      });
      await waitFor('the parse counted in today\'s spend', () => api.spend.today().person === spent + (again.creditsUsed ?? 0));
      await vscode.commands.executeCommand('webData.removeDocument', again.id);
      await vscode.commands.executeCommand('webData.removeDocument', document.id);
    } finally {
      api.parse.consent.answer = undefined;
      await api.parse.consent.reset();
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});

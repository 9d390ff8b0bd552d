// Issue 34's points on how the extension behaves as a VS Code user expects, in a real VS Code:
// the clipboard prefill never reads in a browser, failures whose details are in the log offer
// Open Log, the palette's crawl commands offer the jobs known here, a batch scrape's review names
// a bad address by its text and line, and the dialogs and notices follow VS Code's conventions.
// Some pieces are called as the extension calls them (imported from src, with a browser's or a
// failing clipboard), where a real VS Code cannot be made to be one.
import * as assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import * as vscode from 'vscode';
import type { WebDataApi } from '../../../src/extension';
import type { WebhookNotification } from '../../../src/features/webhooks';
import { showNoticeUntil } from '../../../src/platform/notice';
import type { ShownQuickInput } from '../../../src/platform/quick-inputs';
import { makeEvent, sendWebhook } from '../../emulator/webhook-sender';
import { activate, emulator, env, restoreDemoKey, storageOf, useKey, usageFor, waitFor } from './helpers-account';
import { startUnsignedReceiver } from './helpers-webhooks';
import { guardedCommand } from '../../../src/features/webhooks/commands';
import { clipboardPrefill } from '../../../src/features/scrape/url-input';
import { onDidShowError, type ShownError } from '../../../src/platform/notify';
import { showWithSelection } from './helpers-steps';

/** A log that keeps its error lines: what the guarded command writes (the rest of a channel is not called). */
function fakeLog(): vscode.LogOutputChannel & { errors: string[] } {
  const errors: string[] = [];
  const log = { errors, error: (message: string | Error) => { errors.push(String(message)); }, show: () => undefined, dispose: () => undefined };
  return log as unknown as vscode.LogOutputChannel & { errors: string[] };
}

const KEY = 'wd-host-conventions-0001';
const TOKEN_HEADER = 'x-web-data-job-token';

async function addJob(init: Record<string, unknown>): Promise<string> {
  const response = await fetch(`${env('WEBDATA_TEST_ADMIN_URL')}/jobs`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ apiKey: KEY, ...init }) });
  const json = (await response.json()) as { id?: unknown };
  assert.equal(response.status, 200, JSON.stringify(json));
  assert.equal(typeof json.id, 'string');
  return json.id as string;
}

function tokenOf(api: WebDataApi, id: string): string | undefined {
  const state = storageOf(api).shared;
  const entries = state.keys().filter((key) => key.startsWith('webData.jobTokens:')).flatMap((key) => {
    const value: unknown = state.get(key);
    return Array.isArray(value) ? (value as Array<{ id?: unknown; token?: unknown }>) : [];
  });
  const token = entries.find((entry) => entry.id === id)?.token;
  return typeof token === 'string' ? token : undefined;
}

/** Replaces a property of VS Code's API object for the suite (it reaches the extension's own calls); `restore` puts it back. */
const restore: Array<() => void> = [];
function replace<T extends object, K extends keyof T>(target: T, key: K, value: T[K]): void {
  const original = target[key];
  Object.defineProperty(target, key, { value, configurable: true, writable: true });
  restore.push(() => { Object.defineProperty(target, key, { value: original, configurable: true, writable: true }); });
}

describe('conventions round two (issue 34): clipboard, Open Log, crawl picks, batch review, dialogs', function () {
  this.timeout(30_000);

  it('the URL box\'s clipboard prefill reads nothing in browser-based VS Code, and a failing read is silent', async () => {
    let reads = 0;
    const url = 'https://docs.example.com/guide';
    const read = (): Thenable<string> => { reads++; return Promise.resolve(url); };
    assert.equal(await clipboardPrefill({ uiKind: vscode.UIKind.Web, readText: read }), '');
    assert.equal(reads, 0, 'in a browser the clipboard must not be read: the browser shows its own error');
    assert.equal(await clipboardPrefill({ uiKind: vscode.UIKind.Desktop, readText: read }), url);
    assert.equal(reads, 1);
    assert.equal(await clipboardPrefill({ uiKind: vscode.UIKind.Desktop, readText: () => Promise.reject(new Error('denied')) }), '');
    assert.equal(await clipboardPrefill({ uiKind: vscode.UIKind.Desktop, readText: () => { throw new Error('denied'); } }), '');
  });

  it('a command failure whose details are in the log offers Open Log, and says no "see the log"', async () => {
    const shown: ShownError[] = [];
    const listener = onDidShowError((error) => { shown.push(error); });
    const log = fakeLog();
    try {
      const run = guardedCommand(log, 'Starting the webhook receiver', () => 'Starting the webhook receiver failed.', (): Promise<string> => Promise.reject(new Error('boom')));
      const result: unknown = await run();
      assert.equal(result, undefined);
      assert.deepEqual(log.errors, ['Starting the webhook receiver: boom']);
      assert.deepEqual(shown, [{ message: 'Starting the webhook receiver failed.', buttons: ['Open Log'] }]);
    } finally {
      listener.dispose();
      log.dispose();
      await vscode.commands.executeCommand('notifications.clearAll');
    }
  });

  describe('with the extension', function () {
    this.timeout(60_000);
    let api: WebDataApi;
    const shownInputs: ShownQuickInput[] = [];
    let inputs: vscode.Disposable | undefined;

    before(async () => {
      api = await activate();
      await emulator.addTeam({ apiKey: KEY, usage: usageFor(150_000), crawls: [] });
      await useKey(KEY);
      inputs = api.onDidShowQuickInput((input) => { shownInputs.push(input); });
    });

    after(async () => {
      inputs?.dispose();
      restore.reverse().forEach((put) => { put(); });
      restore.length = 0;
      api.crawlResults.answerConfirmation = undefined;
      await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await waitFor('the jobs started here to end', () => api.jobs.followed === 0, 30_000);
      await restoreDemoKey();
    });

    /** Runs `start`, waits for a quick input titled `title`, then presses Enter (or Escape); the command's result. */
    async function answerPick<T>(title: string, start: () => Thenable<T>, key: 'enter' | 'escape'): Promise<{ result: T; input: ShownQuickInput }> {
      const from = shownInputs.length;
      const result = Promise.resolve(start());
      await waitFor(`the list "${title}"`, () => shownInputs.slice(from).some((input) => input.title === title), 10_000);
      const input = shownInputs.slice(from).find((i) => i.title === title);
      assert.ok(input);
      await vscode.commands.executeCommand(key === 'enter' ? 'workbench.action.acceptSelectedQuickOpenItem' : 'workbench.action.closeQuickOpen');
      return { result: await result, input };
    }

    it('Open Crawl Results from the palette lists the jobs known here; picking one opens it', async () => {
      const id = await addJob({ url: 'https://picked.host-test.example', total: 4, completed: 4, listed: false });
      const opened = await vscode.commands.executeCommand<{ ref: { id: string } } | undefined>('webData.openCrawlResults', { id, kind: 'crawl', url: 'https://picked.host-test.example' });
      assert.equal(opened?.ref.id, id);
      const { result, input } = await answerPick('Open Crawl Results', () => vscode.commands.executeCommand<{ ref: { id: string } } | undefined>('webData.openCrawlResults'), 'enter');
      assert.ok(input.items.some((row) => row.startsWith('https://picked.host-test.example') && row.includes('completed')), `the job is not offered: ${input.items.join(' | ')}`);
      assert.equal(result?.ref.id, id);
    });

    it('Cancel Crawl from the palette lists the running jobs; its confirmation has a detail and a Keep button instead of VS Code\'s Cancel', async () => {
      const id = await addJob({ url: 'https://running.host-test.example', total: 20, completed: 2, listed: false });
      await vscode.commands.executeCommand('webData.openCrawlResults', { id, kind: 'crawl', url: 'https://running.host-test.example' });
      const asked: Array<{ message: string; yes: string; detail: string; keep: string }> = [];
      api.crawlResults.answerConfirmation = (message, yes, more) => { asked.push({ message, yes, ...more }); return undefined; };
      const { result, input } = await answerPick('Cancel Crawl', () => vscode.commands.executeCommand<string | undefined>('webData.cancelCrawl'), 'enter');
      assert.ok(input.items.some((row) => row.startsWith('https://running.host-test.example')), `the running job is not offered: ${input.items.join(' | ')}`);
      assert.ok(!input.items.some((row) => row.startsWith('https://picked.host-test.example')), 'a finished job is offered to cancel');
      assert.equal(result, 'kept');
      assert.deepEqual(asked, [{
        message: `Cancel crawl ${id}?`, yes: 'Cancel Crawl',
        detail: 'The pages it has done stay readable; the rest is not crawled.', keep: 'Keep Crawling',
      }]);
    });

    it('Batch Scrape\'s review names a bad address by its text and line, and picking it leaves it out', async () => {
      const document = await vscode.workspace.openTextDocument({ content: 'https://docs.tideflow.dev/a\nhttps://docs.tideflow.dev/b\nnot a url\n' });
      await showWithSelection(document, new vscode.Range(0, 0, 3, 0));
      const from = shownInputs.length;
      const running = Promise.resolve(vscode.commands.executeCommand('webData.startBatchScrape'));
      await waitFor('the review', () => shownInputs.length > from, 10_000);
      const first = shownInputs[from];
      assert.ok(first);
      assert.ok(first.items.includes('$(error) "not a url" line 3'), `the bad address is not named by its text and line: ${first.items.join(' | ')}`);
      assert.ok(!first.items.some((row) => row.includes('urls[')), 'the bad address is named as urls[…]');
      // Enter on the problem (the first row) leaves the address out; the review shows again.
      await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
      await waitFor('the review again', () => shownInputs.length > from + 1, 10_000);
      const again = shownInputs[from + 1];
      assert.ok(again);
      assert.ok(again.items.some((row) => row.startsWith('$(play) Start Batch Scrape')), `the review still has problems: ${again.items.join(' | ')}`);
      assert.ok(!again.items.some((row) => row.includes('not a url')));
      await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
      assert.equal(await running, undefined);
    });

    it('Show Credits is a notification, not a modal dialog', async () => {
      const shown: Array<{ text: string; modal: boolean }> = [];
      const record = (text: string, ...rest: unknown[]): Thenable<undefined> => {
        const options = rest[0];
        shown.push({ text, modal: typeof options === 'object' && options !== null && 'modal' in options && options.modal === true });
        return Promise.resolve(undefined);
      };
      replace(vscode.window, 'showInformationMessage', record as typeof vscode.window.showInformationMessage);
      try {
        await vscode.commands.executeCommand('webData.refreshUsage');
        await vscode.commands.executeCommand('webData.showUsage');
      } finally {
        restore.pop()?.();
      }
      assert.equal(shown.length, 1, JSON.stringify(shown));
      const [dialog] = shown;
      assert.ok(dialog);
      assert.equal(dialog.modal, false, 'Show Credits opened a modal dialog');
      assert.match(dialog.text, /credits/i);
    });

    it('a notice that closes itself is a status-bar message, not a progress notification', async () => {
      const progress: string[] = [];
      const messages: Array<{ text: string; disposed: boolean }> = [];
      replace(vscode.window, 'withProgress', ((options: vscode.ProgressOptions, task: (p: vscode.Progress<unknown>, t: vscode.CancellationToken) => Thenable<unknown>) => {
        progress.push(options.title ?? '');
        return task({ report: () => undefined }, new vscode.CancellationTokenSource().token);
      }) as typeof vscode.window.withProgress);
      replace(vscode.window, 'setStatusBarMessage', ((text: string) => {
        const entry = { text, disposed: false };
        messages.push(entry);
        return new vscode.Disposable(() => { entry.disposed = true; });
      }) as typeof vscode.window.setStatusBarMessage);
      const next = new vscode.EventEmitter<void>();
      try {
        const closed = showNoticeUntil('Search again to read this page.', { until: next.event, maxMs: 10_000 });
        assert.deepEqual(progress, [], 'the notice is a progress notification');
        assert.deepEqual(messages, [{ text: '$(info) Search again to read this page.', disposed: false }]);
        next.fire();
        await closed;
        assert.equal(messages[0]?.disposed, true, 'the message stayed after what it spoke of happened');
      } finally {
        restore.pop()?.();
        restore.pop()?.();
        next.dispose();
      }
    });

    it('a job start is one notification: the start in the status bar, one "started", and no webhook "started" for a job started here', async () => {
      const notes: WebhookNotification[] = [];
      const receiver = await startUnsignedReceiver(api, notes);
      const infos: string[] = [];
      const progress: vscode.ProgressLocation[] = [];
      const info = (text: string): Thenable<undefined> => { infos.push(text); return Promise.resolve(undefined); };
      const withProgress = vscode.window.withProgress.bind(vscode.window);
      replace(vscode.window, 'showInformationMessage', info as typeof vscode.window.showInformationMessage);
      replace(vscode.window, 'withProgress', ((options: vscode.ProgressOptions, task: Parameters<typeof vscode.window.withProgress>[1]) => {
        if (typeof options.location === 'number') progress.push(options.location);
        return withProgress(options, task);
      }) as typeof vscode.window.withProgress);
      try {
        const from = shownInputs.length;
        const running = Promise.resolve(vscode.commands.executeCommand<{ id: string } | undefined>('webData.startBatchScrape', { urls: ['https://docs.tideflow.dev/a'] }));
        await waitFor('the review', () => shownInputs.length > from, 10_000);
        await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
        const started = await running;
        assert.ok(started, 'nothing was started');
        assert.ok(!progress.includes(vscode.ProgressLocation.Notification), 'the start showed a progress notification');
        assert.deepEqual(infos.filter((text) => text.includes('started')), ['Batch scrape of 1 address started: it runs in the Jobs view.']);
        // The service's "started" for this job, and one for a job started elsewhere.
        const token = tokenOf(api, started.id);
        const own = await sendWebhook({ url: receiver.url, event: makeEvent('batch_scrape.started', { id: started.id }), ...(token ? { headers: { [TOKEN_HEADER]: token } } : {}) });
        assert.equal(own.status, 200);
        const elsewhere = randomUUID();
        assert.equal((await sendWebhook({ url: receiver.url, event: makeEvent('batch_scrape.started', { id: elsewhere }) })).status, 200);
        await waitFor('the notification of the job started elsewhere', () => notes.some((n) => n.kind === 'batch_scrape.started' && n.message.includes(elsewhere.slice(0, 8))), 10_000);
        assert.deepEqual(notes.filter((n) => n.kind === 'batch_scrape.started' && n.message.includes(started.id.slice(0, 8))), [], 'the webhook said "started" again');
        // Its end told as the service tells it, by its webhook: once the receiver stops below, a wired
        // job is read only every 30 s (its fallback), and the suite's after hook waits for every job
        // followed here to end (it waited 30 s for this one, a hair under its deadline).
        await sendWebhook({ url: receiver.url, event: makeEvent('batch_scrape.completed', { id: started.id }), ...(token ? { headers: { [TOKEN_HEADER]: token } } : {}) });
      } finally {
        restore.pop()?.();
        restore.pop()?.();
        await receiver.stop();
      }
    });
  });
});

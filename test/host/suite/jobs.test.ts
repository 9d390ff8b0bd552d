// Start Crawl and Batch Scrape in a real VS Code against the emulator (issue 28): both commands
// with an argument and through their steps; the webhook wired to the receiver (the emulator is on
// this machine) with the job's token, its pages delivered into Crawl Results, a forged delivery
// for the job refused; not wired when the receiver is stopped, and the job followed by reading its
// status; the cost of a finished job kept for the next bound; a batch scrape cancelled at its own
// address; a 402 at the start said once, with nothing started twice; the modal above the threshold.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { WebDataApi } from '../../../src/extension';
import type { ShownError } from '../../../src/platform/notify';
import type { ShownQuickInput } from '../../../src/platform/quick-inputs';
import { makeEvent, sendWebhook } from '../../emulator/webhook-sender';
import { activate, emulator, restoreDemoKey, storageOf, usageFor, useKey, waitFor } from './helpers-account';
import { crawlRows } from './helpers-shown';
import { pressEnterUntilDone, showWithSelection } from './helpers-steps';
import { settingsTarget } from './helpers-webhooks';

const KEY = 'wd-host-jobs-0001';
const TOKEN_HEADER = 'x-web-data-job-token';

interface Started { id: string; kind: 'crawl' | 'batch'; url: string; invalidURLs?: string[]; webhook: 'wired' | 'not-wired' }


/** The rows of the reviews shown (label and description). */
const reviewRows = (seen: readonly ShownQuickInput[]): string[] => seen.flatMap((input) => input.items).filter((row) => row.startsWith('$(play)'));

function sharedEntries(api: WebDataApi, prefix: string): Array<Record<string, unknown>> {
  const state = storageOf(api).shared;
  return state.keys().filter((key) => key.startsWith(prefix)).flatMap((key) => {
    const value: unknown = state.get(key);
    return Array.isArray(value) ? (value as Array<Record<string, unknown>>) : [];
  });
}

const tokenOf = (api: WebDataApi, id: string): string | undefined => sharedEntries(api, 'webData.jobTokens:').find((entry) => entry.id === id)?.token as string | undefined;

describe('starting crawls and batch scrapes from the editor', function () {
  this.timeout(90_000);
  let api: WebDataApi;
  let receiverUrl = '';

  /** The finished jobs' costs other suites kept, put back after this suite, which starts with none. */
  let costsBefore = new Map<string, unknown>();

  before(async () => {
    api = await activate();
    // This suite's first crawl has no history of its shape: earlier suites' jobs end first, and
    // their costs are set aside.
    await waitFor('jobs started by earlier suites to end', () => api.jobs.followed === 0, 60_000);
    const state = storageOf(api).shared;
    costsBefore = new Map(state.keys().filter((key) => key.startsWith('webData.jobCosts:')).map((key) => [key, state.get(key)]));
    for (const key of costsBefore.keys()) await state.update(key, undefined);
    await emulator.addTeam({ apiKey: KEY, usage: usageFor(500_000), crawls: [] });
    await useKey(KEY);
    await vscode.workspace.getConfiguration('webData').update('webhooks.port', 0, settingsTarget());
    await vscode.commands.executeCommand('webData.clearWebhookSecret', { confirmed: true });
    receiverUrl = String(await vscode.commands.executeCommand('webData.startWebhookReceiver'));
    assert.match(receiverUrl, /^http:\/\/127\.0\.0\.1:\d+\//);
  });

  after(async () => {
    // The jobs started here are followed until they end; the suites after this one count requests.
    await waitFor('every job started here to end', () => api.jobs.followed === 0, 30_000);
    const state = storageOf(api).shared;
    const keys = new Set([...costsBefore.keys(), ...state.keys().filter((k) => k.startsWith('webData.jobCosts:'))]);
    for (const key of keys) await state.update(key, costsBefore.get(key));
    api.jobs.answerConfirmation = undefined;
    api.crawlResults.answerConfirmation = undefined;
    await emulator.clearFaults();
    await vscode.commands.executeCommand('webData.stopWebhookReceiver');
    await vscode.workspace.getConfiguration('webData').update('webhooks.port', undefined, settingsTarget());
    await vscode.workspace.getConfiguration('webData').update('crawl.confirmAbovePages', undefined, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await restoreDemoKey();
  });

  /** The Jobs view's row of a job, as drawn (its tooltip's markdown escapes undone), once it is there. */
  async function jobRowOf(id: string): Promise<{ label: string; contextValue: string; tooltip: string }> {
    let found: { label: string; contextValue: string; tooltip: string } | undefined;
    await waitFor(`the row of the job ${id}`, async () => {
      const row = (await crawlRows(api)).find((r) => (r.tooltip ?? '').replace(/\\(.)/g, '$1').includes(id) && (r.contextValue ?? '').endsWith('.finished'));
      found = row ? { label: row.label, contextValue: row.contextValue ?? '', tooltip: (row.tooltip ?? '').replace(/\\(.)/g, '$1') } : undefined;
      return found !== undefined;
    });
    return found ?? assert.fail('no row');
  }

  it('Start Crawl with a request: the review shows the bound and the wired webhook; its pages arrive by webhook; its cost is kept', async () => {
    assert.deepEqual(api.jobs.wiring(), { kind: 'wired', url: receiverUrl, via: 'loopback', check: 'job-token' });
    const seen: ShownQuickInput[] = [];
    const request = { url: 'https://docs.tideflow.dev', limit: 4, includePaths: [], excludePaths: [], maxDiscoveryDepth: 3, sitemap: 'include', allowSubdomains: false, scrapeOptions: { formats: ['markdown'] }, zeroDataRetention: false };
    const started = await pressEnterUntilDone(api, () => vscode.commands.executeCommand<Started | undefined>('webData.startCrawl', request), 20, seen);
    assert.ok(started, 'nothing was started');
    assert.equal(seen.length, 1, `only the review is shown for a complete request: ${seen.map((s) => s.title ?? '').join(', ')}`);
    assert.equal(started.kind, 'crawl');
    assert.equal(started.webhook, 'wired');
    assert.match(reviewRows(seen)[0] ?? '', /^\$\(play\) Start Crawl at most 4 pages; credits unknown until the first crawl of this kind$/);
    assert.ok(tokenOf(api, started.id), 'the job\'s token is kept in global state');
    await waitFor('the crawl in Active Crawls', () => api.crawls.crawls.some((crawl) => crawl.id === started.id), 10_000);
    const ref = { id: started.id, kind: 'crawl' as const };
    await waitFor('the crawl completed by its webhook, its pages delivered', () => {
      const job = api.crawlResults.service.get(ref);
      return job?.finishedVia === 'webhook' && job.delivered > 0;
    }, 20_000);
    assert.ok(api.webhooks.events.some((event) => event.jobId === started.id && event.status === 'verified'), 'the job\'s deliveries are taken as the service\'s');
    await waitFor('the finished crawl\'s cost kept', () => sharedEntries(api, 'webData.jobCosts:').some((cost) => cost.id === started.id), 20_000);
    // Its finished row is named as the running one was, by its start address; the id is in its tooltip (issue 46).
    const row = await jobRowOf(started.id);
    assert.match(row.label, /^https:\/\/docs\.tideflow\.dev\/?$/);
    assert.equal(row.contextValue, 'crawlJob.crawl.finished');
    assert.ok(row.tooltip.includes(`Crawl ID: ${started.id}`), row.tooltip);
    const bound = api.jobs.bound({ kind: 'crawl', request: { url: 'https://docs.tideflow.dev', limit: 20, scrapeOptions: { formats: ['markdown'] } } });
    assert.equal(bound.credits.kind, 'history', 'the next crawl of this shape has a bound in credits');
    assert.equal(bound.pages, 20);
  });

  it('after a crawl ends, the status bar\'s credits show the balance less its pages, without the person refreshing (issue 47)', async () => {
    // Earlier jobs of this team charge their pages as they are done: they end first.
    await waitFor('the jobs started before to end', () => api.jobs.followed === 0, 30_000);
    await vscode.commands.executeCommand('webData.refreshUsage');
    const first = api.usage.state;
    assert.ok(first.kind === 'ok' || first.kind === 'low', first.kind);
    const before = first.credits;
    const finished: Array<{ id: string; creditsUsed: number }> = [];
    const listener = api.jobs.onDidFinish((job) => { finished.push(job); });
    try {
      const started = await api.jobs.start({ kind: 'crawl', request: { url: 'https://docs.tideflow.dev', limit: 3, scrapeOptions: { formats: ['markdown'] } } }, { askedBy: 'person' });
      await waitFor('the crawl\'s end with its cost', () => finished.some((job) => job.id === started.id), 30_000);
      const spent = finished.find((job) => job.id === started.id)?.creditsUsed ?? 0;
      assert.equal(spent, 3, 'a credit a page, as the emulator charges a scrape');
      // The credits poll every 5 minutes: only the read after the job's end can show it this soon.
      await waitFor(`the status bar's credits ${before} less the crawl's ${spent}`, () => {
        const state = api.usage.state;
        return (state.kind === 'ok' || state.kind === 'low') && state.credits === before - spent;
      }, 10_000);
    } finally {
      listener.dispose();
    }
  });

  it('a delivery for a started job is taken only with its token; without it, refused', async () => {
    const started = await api.jobs.start({ kind: 'crawl', request: { url: 'https://docs.tideflow.dev', limit: 2 } }, { askedBy: 'agent' });
    const token = tokenOf(api, started.id);
    assert.ok(token);
    const forged = await sendWebhook({ url: receiverUrl, event: makeEvent('crawl.completed', { id: started.id }) });
    assert.equal(forged.status, 401, 'a delivery without the job\'s token was taken');
    const wrong = await sendWebhook({ url: receiverUrl, event: makeEvent('crawl.completed', { id: started.id }), headers: { [TOKEN_HEADER]: 'not-the-token-not-the-token-0000' } });
    assert.equal(wrong.status, 401);
    const genuine = await sendWebhook({ url: receiverUrl, event: makeEvent('crawl.started', { id: started.id }), headers: { [TOKEN_HEADER]: token } });
    assert.equal(genuine.status, 200);
  });

  it('Start Crawl through its steps: the URL where the cursor is, the default limit, Enter on each step', async () => {
    const document = await vscode.workspace.openTextDocument({ content: 'Crawl https://docs.tideflow.dev/guide/streams please', language: 'plaintext' });
    await showWithSelection(document, new vscode.Range(0, 10, 0, 10));
    const seen: ShownQuickInput[] = [];
    const started = await pressEnterUntilDone(api, () => vscode.commands.executeCommand<Started | undefined>('webData.startCrawl', document.uri), 20, seen);
    assert.ok(started, 'nothing was started');
    assert.equal(seen[0]?.value, 'https://docs.tideflow.dev/guide/streams', 'the URL step held the URL under the cursor');
    assert.deepEqual(seen.map((s) => s.step), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    assert.equal(seen[1]?.value, '10', 'the limit starts from its setting');
    assert.match(reviewRows(seen)[0] ?? '', /at most 10 pages; at most \d+ credits/);
    await waitFor('the crawl read in Crawl Results', () => typeof api.crawlResults.service.get({ id: started.id, kind: 'crawl' })?.total === 'number', 10_000);
    assert.equal(api.crawlResults.service.get({ id: started.id, kind: 'crawl' })?.total, 10, 'the limit sent was the default');
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  it('not wired while the receiver is stopped: the batch scrape is followed by reading its status; an address the check refuses is named before anything is sent', async () => {
    await vscode.commands.executeCommand('webData.stopWebhookReceiver');
    try {
      assert.deepEqual(api.jobs.wiring(), { kind: 'not-wired', reason: 'receiver-stopped' });
      const urls = ['https://docs.tideflow.dev/a', 'https://docs.tideflow.dev/b', 'ftp://files.example/x'];
      // The editor's check refuses an ftp: address before sending: the review names it, and there is no Start.
      const seen: ShownQuickInput[] = [];
      const listener = api.onDidShowQuickInput((input) => seen.push(input));
      try {
        const refused = vscode.commands.executeCommand<Started | undefined>('webData.startBatchScrape', { urls, ignoreInvalidURLs: true });
        await waitFor('the review', () => seen.length > 0);
        // Named by its text and its place in the list (a selection's would say its line), never as urls[2].
        assert.ok(seen[0]?.items.includes('$(error) "ftp://files.example/x" address 3 of the list'), `the refused address was not named: ${seen[0]?.items.join(' | ') ?? ''}`);
        assert.deepEqual(reviewRows(seen), [], 'a request with a problem offered Start');
        await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
        assert.equal(await refused, undefined);
      } finally {
        listener.dispose();
      }
      const ok = await pressEnterUntilDone(api, () => vscode.commands.executeCommand<Started | undefined>('webData.startBatchScrape', { urls: urls.slice(0, 2) }));
      assert.ok(ok);
      assert.equal(ok.webhook, 'not-wired');
      assert.equal(ok.kind, 'batch');
      await waitFor('the batch scrape read to its end', () => {
        const job = api.crawlResults.service.get({ id: ok.id, kind: 'batch' });
        return job?.status === 'completed' && job.finishedVia === 'read' && job.pages.length === 2;
      }, 20_000);
      // Named by how many addresses it was given, as a running crawl is by its address; the id is in its tooltip (issue 46).
      const row = await jobRowOf(ok.id);
      assert.equal(row.label, '2 addresses');
      assert.equal(row.contextValue, 'crawlJob.batch.finished');
      assert.ok(row.tooltip.includes(`Batch scrape ID: ${ok.id}`), row.tooltip);
    } finally {
      receiverUrl = String(await vscode.commands.executeCommand('webData.startWebhookReceiver'));
    }
  });

  it('Cancel Crawl cancels a batch scrape at its own address', async () => {
    const urls = Array.from({ length: 12 }, (_, i) => `https://docs.tideflow.dev/page-${i}`);
    const started = await api.jobs.start({ kind: 'batch', request: { urls } }, { askedBy: 'person' });
    api.crawlResults.answerConfirmation = (_message, yes) => yes;
    try {
      const before = await emulator.requestCount();
      const outcome = await vscode.commands.executeCommand('webData.cancelCrawl', { id: started.id, kind: 'batch' });
      assert.equal(outcome, 'cancelled');
      const sent = await emulator.requestsSince(before);
      assert.ok(sent.some((r) => r.method === 'DELETE' && r.path === `/v2/batch/scrape/${started.id}`), JSON.stringify(sent));
      assert.equal(api.crawlResults.service.get({ id: started.id, kind: 'batch' })?.status, 'cancelled');
    } finally {
      api.crawlResults.answerConfirmation = undefined;
    }
  });

  it('a 402 at the start says so, and the start is sent once', async () => {
    await emulator.injectFault({ fault: { kind: 'payment-required' }, path: '/v2/crawl', times: 'Infinity' });
    const errors: ShownError[] = [];
    const listener = api.onDidShowError((e) => errors.push(e));
    try {
      const before = await emulator.requestCount();
      const started = await pressEnterUntilDone(api, () => vscode.commands.executeCommand<Started | undefined>('webData.startCrawl', { url: 'https://docs.tideflow.dev', limit: 3, includePaths: [], excludePaths: [], maxDiscoveryDepth: 2, sitemap: 'skip', allowSubdomains: false, scrapeOptions: { formats: ['markdown'] }, zeroDataRetention: false }));
      assert.equal(started, undefined);
      await waitFor('the error', () => errors.length > 0);
      assert.match(errors[0]?.message ?? '', /^Could not start the crawl/);
      assert.ok(!(errors[0]?.buttons ?? []).includes('Retry'), 'a start is never offered again by a click');
      const posts = (await emulator.requestsSince(before)).filter((r) => r.method === 'POST' && r.path === '/v2/crawl');
      assert.equal(posts.length, 1, 'the start was sent more than once');
    } finally {
      listener.dispose();
      await emulator.clearFaults();
    }
  });

  it('above the page threshold, the modal names the bound; declining starts nothing', async () => {
    await vscode.workspace.getConfiguration('webData').update('crawl.confirmAbovePages', 2, vscode.ConfigurationTarget.Global);
    const asked: string[] = [];
    api.jobs.answerConfirmation = (message) => { asked.push(message); return undefined; };
    const request = { url: 'https://docs.tideflow.dev', limit: 3, includePaths: [], excludePaths: [], maxDiscoveryDepth: 2, sitemap: 'skip', allowSubdomains: false, scrapeOptions: { formats: ['markdown'] }, zeroDataRetention: false };
    const before = await emulator.requestCount();
    assert.equal(await pressEnterUntilDone(api, () => vscode.commands.executeCommand('webData.startCrawl', request)), undefined);
    assert.equal(asked.length, 1);
    assert.match(asked[0] ?? '', /^Start a crawl of up to 3 pages\? Its bound: at most 3 pages; at most \d+ credits/);
    assert.deepEqual((await emulator.requestsSince(before)).filter((r) => r.method === 'POST'), [], 'nothing was started');
    api.jobs.answerConfirmation = (_message, yes) => yes;
    const started = await pressEnterUntilDone(api, () => vscode.commands.executeCommand<Started | undefined>('webData.startCrawl', request));
    assert.ok(started, 'the crawl did not start after Start');
  });

  it('Batch Scrape in a page\'s own tab with nothing selected: the page\'s links, its own address left out; nothing sent before Start', async () => {
    const page = await vscode.commands.executeCommand<{ url: string } | undefined>('webData.scrapeUrl', { url: 'https://docs.tideflow.dev/getting-started' });
    assert.ok(page, 'the page was not opened');
    const editor = vscode.window.activeTextEditor;
    assert.equal(editor?.document.uri.scheme, 'webdata-page');
    editor.selection = new vscode.Selection(0, 0, 0, 0);
    const seen: ShownQuickInput[] = [];
    const listener = api.onDidShowQuickInput((input) => seen.push(input));
    const before = await emulator.requestCount();
    try {
      const run = vscode.commands.executeCommand('webData.startBatchScrape', editor.document.uri);
      await waitFor('Batch Scrape\'s review', () => seen.length > 0);
      const rows = seen[0]?.items ?? [];
      assert.equal(seen[0]?.title, 'Web Data: Batch Scrape');
      assert.ok(rows.some((row) => row.startsWith('urls 1 address')), `not the page's one link: ${rows.join(' | ')}`);
      assert.ok(rows.some((row) => row.includes('https://docs.tideflow.dev/guide/streams')), `the page's link is not the one to scrape: ${rows.join(' | ')}`);
      await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
      assert.equal(await run, undefined);
      assert.deepEqual((await emulator.requestsSince(before)).filter((r) => r.path.startsWith('/v2/batch') && r.method !== 'GET'), [], 'something was sent');
    } finally {
      listener.dispose();
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    }
  });
});

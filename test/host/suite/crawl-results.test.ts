// Crawl results in a real VS Code, in the Jobs view (issue 46: one view for jobs): the running jobs
// first, then the finished ones, each opening its pages; Open Crawl Results from a Jobs row, from a
// signed crawl.completed notification's button and from a Webhook Events row; a page in a read-only
// markdown tab; Cancel Crawl after its confirmation; a crawl that left the list with no webhook;
// the chat tool (webData_read: a job's listing, and a crawl's page in parts).
// The emulator's jobs move only when the test advances them.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { WebDataApi } from '../../../src/extension';
import type { ShownError } from '../../../src/platform/notify';
import type { WebhookNotification } from '../../../src/features/webhooks';
import { activate, emulator, env, restoreDemoKey, storageOf, useKey, waitFor } from './helpers-account';
import { eventRows, settingsTarget } from './helpers-webhooks';

const KEY = 'wd-host-crawl-results-0001';
const SECRET = 'host-test-crawl-results-secret';

async function admin(method: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${process.env.WEBDATA_TEST_ADMIN_URL ?? ''}${path}`, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  const json = (await response.json()) as Record<string, unknown>;
  assert.equal(response.status, 200, `admin ${method} ${path}: ${JSON.stringify(json)}`);
  return json;
}

async function addJob(init: Record<string, unknown>): Promise<string> {
  const id = (await admin('POST', '/jobs', { apiKey: KEY, ...init })).id;
  assert.equal(typeof id, 'string');
  return id as string;
}

const none = new vscode.CancellationTokenSource().token;
const budget = (tokenBudget: number): vscode.LanguageModelToolTokenizationOptions => ({ tokenBudget, countTokens: (text: string) => Promise.resolve(Math.ceil(text.length / 4)) });
async function invokeTool(name: string, input: object, tokenizationOptions?: vscode.LanguageModelToolTokenizationOptions): Promise<string> {
  const result = await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined, tokenizationOptions }, none);
  return result.content.map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : '')).join('');
}

const label = (item: vscode.TreeItem): string => (typeof item.label === 'string' ? item.label : (item.label?.label ?? ''));
const FINISHED = new Set(['completed', 'cancelled', 'failed']);

describe('crawl results', function () {
  this.timeout(60_000);
  let api: WebDataApi;
  const notifications: WebhookNotification[] = [];
  let listener: vscode.Disposable | undefined;

  /** The Jobs view's rows under a row (or its top rows), as VS Code asks for them. */
  type JobsRow = NonNullable<Awaited<ReturnType<WebDataApi['crawls']['tree']['getChildren']>>>[number];
  const jobsRows = async (node?: JobsRow): Promise<JobsRow[]> => (await api.crawls.tree.getChildren(node)) ?? [];
  const jobsItem = async (node: JobsRow): Promise<vscode.TreeItem> => api.crawls.tree.getTreeItem(node);
  /** The folder of the jobs kept across reloads, one file per window (src/core/crawls/open-jobs-store.ts). */
  const openJobsFolder = (): string => path.join(storageOf(api).globalStorageUri.fsPath, 'open-jobs');
  const openJobFiles = (): Array<{ name: string; text: string }> => {
    try {
      return fs.readdirSync(openJobsFolder()).filter((name) => name.endsWith('.json')).map((name) => ({ name, text: fs.readFileSync(path.join(openJobsFolder(), name), 'utf8') }));
    } catch {
      return [];
    }
  };
  /** A job's own row in Jobs (a job opened here that the active list does not hold). */
  const jobRow = async (id: string): Promise<JobsRow | undefined> => (await jobsRows()).find((node) => node.kind === 'job' && node.id === id);

  before(async () => {
    api = await activate();
    await emulator.addTeam({ apiKey: KEY, crawls: [] });
    await useKey(KEY);
    listener = api.webhooks.onDidNotify((n) => notifications.push(n));
  });

  after(async () => {
    listener?.dispose();
    api.crawlResults.answerConfirmation = undefined;
    await vscode.commands.executeCommand('webData.stopWebhookReceiver');
    await vscode.commands.executeCommand('webData.clearWebhookSecret', { confirmed: true });
    await vscode.commands.executeCommand('webData.clearWebhookEvents');
    await vscode.workspace.getConfiguration('webData').update('webhooks.port', undefined, settingsTarget());
    await admin('PUT', '/webhook', null).catch(() => undefined);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await restoreDemoKey();
  });

  it('opens from a running crawl\'s Jobs row: its pages under that row, and a page as read-only markdown in a tab', async () => {
    const id = await addJob({ url: 'https://docs.host-test.example', total: 150, completed: 40, errors: 2 });
    await vscode.commands.executeCommand('webData.refreshCrawls');
    const row = ((await api.crawls.tree.getChildren()) ?? []).find((node) => node.kind === 'crawl' && node.id === id);
    assert.ok(row, 'the crawl is not on the Active Crawls list');
    const job = await vscode.commands.executeCommand<{ pages: unknown[]; status: string } | undefined>('webData.openCrawlResults', row);
    assert.equal(job?.status, 'scraping');
    assert.equal(job.pages.length, 40);
    // Its status was read: the Active Crawls row says how far it is, in its description and its hover.
    const shownRow = ((await api.crawls.tree.getChildren()) ?? []).find((node) => node.kind === 'crawl' && node.id === id);
    assert.ok(shownRow);
    const activeItem = await api.crawls.tree.getTreeItem(shownRow);
    assert.match(String(activeItem.description), /^40 of 150 pages · #/);
    assert.ok(activeItem.tooltip instanceof vscode.MarkdownString);
    assert.match(activeItem.tooltip.value.replace(/\\(.)/g, '$1'), /Progress: 40 of 150 pages, as read at /);
    // One row for the job: its crawl's, which holds its pages (no second row of its own).
    assert.equal(await jobRow(id), undefined, 'the running crawl has a second row');
    assert.equal(activeItem.collapsibleState, vscode.TreeItemCollapsibleState.Collapsed);
    const children = (await jobsRows(shownRow)).filter((node) => node.kind !== 'option');
    assert.equal(children.length, 41, 'forty pages and a load-more row');
    assert.equal(children.at(-1)?.kind, 'more');
    const third = await jobsItem(children[2] ?? shownRow);
    assert.equal(label(third), 'Page 3 of docs.host-test.example');
    assert.equal(third.description, 'https://docs.host-test.example/page/3 · 200');
    // A click opens the page VS Code's way (vscode.open: a preview tab, kept by a double click).
    assert.equal(third.command?.command, 'vscode.open');
    await vscode.commands.executeCommand(third.command.command, ...((third.command.arguments ?? []) as unknown[]));
    const editor = vscode.window.activeTextEditor;
    assert.equal(editor?.document.uri.scheme, 'webdata-crawl');
    assert.equal(editor.document.languageId, 'markdown');
    // The page opens with its own heading, so no title of ours is put above it (two headings, one
    // with escaped dots, was issue 29): its source address, then its markdown as sent.
    assert.match(editor.document.getText(), /^<https:\/\/docs\.host-test\.example\/page\/3>\n\n# Page 3 of docs\.host-test\.example\n/);
    // The breadcrumb reads "Page 3" above the title, not a bare index.
    assert.deepEqual(editor.document.uri.path.split('/').slice(3), ['Page 3', 'Page 3 of docs.host-test.example.md']);
    assert.equal(vscode.window.tabGroups.activeTabGroup.activeTab?.label, 'Page 3 of docs.host-test.example.md');
    const stat = await vscode.workspace.fs.stat(editor.document.uri);
    assert.equal(stat.permissions, vscode.FilePermission.Readonly, 'the page is not read-only');
    await assert.rejects(Promise.resolve(vscode.workspace.fs.writeFile(editor.document.uri, new Uint8Array([120]))));
  });

  it('the Jobs view lists the running jobs first, then the finished ones; opening one shows its row with its pages, which open as markdown', async () => {
    const running = await addJob({ url: 'https://running.host-test.example', total: 50, completed: 5 });
    const batch = await addJob({ kind: 'batch', total: 6, completed: 2, listed: false });
    const finished = await addJob({ url: 'https://finished.host-test.example', total: 2, completed: 2, listed: false });
    await vscode.commands.executeCommand('webData.refreshCrawls');
    // The finished one opened last: it is still listed after the running ones.
    assert.equal((await vscode.commands.executeCommand<{ status: string } | undefined>('webData.openCrawlResults', { id: batch, kind: 'batch' }))?.status, 'scraping');
    const opened = await vscode.commands.executeCommand<{ status: string } | undefined>('webData.openCrawlResults', { id: finished, kind: 'crawl' });
    assert.equal(opened?.status, 'completed');
    // Open Crawl Results shows the job's row in Jobs, selected (the view it opened in before was another).
    await waitFor('the finished job\'s row selected in Jobs', () => api.crawls.view.selection.some((node) => node.kind === 'job' && node.id === finished), 10_000);
    assert.equal(api.crawls.view.visible, true);

    const shown = await jobsRows();
    // The team's recent jobs (issue 49) are their own group, after every row of this window's jobs.
    assert.equal(shown.at(-1)?.kind, 'teamGroup');
    const rows = shown.slice(0, -1);
    const at = (wanted: (node: JobsRow) => boolean): number => rows.findIndex(wanted);
    const runningAt = at((node) => node.kind === 'crawl' && node.id === running);
    const batchAt = at((node) => node.kind === 'job' && node.id === batch);
    const finishedAt = at((node) => node.kind === 'job' && node.id === finished);
    assert.ok(runningAt >= 0 && batchAt >= 0 && finishedAt >= 0, JSON.stringify({ runningAt, batchAt, finishedAt }));
    assert.ok(runningAt < batchAt && batchAt < finishedAt, `running crawl ${runningAt}, running batch scrape ${batchAt}, finished ${finishedAt}`);
    // Every running row (an active crawl, a job still scraping) before every finished one.
    const isFinished = (node: JobsRow): boolean => node.kind === 'job' && FINISHED.has(api.crawlResults.service.get(node.ref)?.status ?? '');
    const firstFinished = rows.findIndex(isFinished);
    assert.ok(rows.slice(firstFinished).every(isFinished), `a running row after a finished one: ${rows.map((node) => node.kind).join(', ')}`);

    // The finished row: its status, pages and when it ended; expanded, its pages; a page opens read-only.
    const finishedRow = rows[finishedAt];
    assert.ok(finishedRow);
    const item = await jobsItem(finishedRow);
    assert.equal(label(item), `Crawl ${finished.slice(0, 8)}`);
    assert.match(String(item.description), /^completed · 2 of 2 pages · ended \S/);
    assert.equal(item.contextValue, 'crawlJob.crawl.finished');
    assert.equal(item.collapsibleState, vscode.TreeItemCollapsibleState.Collapsed);
    assert.match(String((await jobsItem(rows[batchAt] ?? finishedRow)).description), /^running · /);
    const pages = await jobsRows(finishedRow);
    assert.deepEqual(pages.map((node) => node.kind), ['crawlPage', 'crawlPage']);
    const command = (await jobsItem(pages[1] ?? finishedRow)).command;
    assert.ok(command);
    await vscode.commands.executeCommand(command.command, ...((command.arguments ?? []) as unknown[]));
    await waitFor('the page\'s tab', () => vscode.window.activeTextEditor?.document.uri.scheme === 'webdata-crawl');
    assert.match(vscode.window.activeTextEditor?.document.getText() ?? '', /Page 2 of finished\.host-test\.example/);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('a job\'s row revealed as it comes into Jobs, before VS Code drew it, is selected all the same', async () => {
    // VS Code draws a tree's new rows a moment after they change, and a reveal of a row it has not
    // drawn does nothing: so Open Crawl Results' reveal could leave the row unselected (failed once
    // in CI). Here the row comes back while Jobs is hidden, and is revealed in the same moment.
    const id = await addJob({ url: 'https://drawn-later.host-test.example', total: 1, completed: 1, listed: false });
    await vscode.commands.executeCommand('webData.openCrawlResults', { id, kind: 'crawl' });
    await waitFor('the job to be kept in this window\'s file', () => openJobFiles().some((file) => file.text.includes(id)));
    api.crawlResults.service.clear();
    await waitFor('its row gone from Jobs', async () => (await jobRow(id)) === undefined);
    // Jobs drawn without the row, then hidden behind the Explorer: a hidden view is not redrawn.
    await vscode.commands.executeCommand('webData.activeCrawls.focus');
    await new Promise((resolve) => setTimeout(resolve, 500));   // past VS Code's redraw of the rows without it
    await vscode.commands.executeCommand('workbench.view.explorer');
    await waitFor('Jobs hidden', () => !api.crawls.view.visible);
    await api.crawlResults.restoreKept();
    void api.crawls.revealJob({ id, kind: 'crawl' });
    await waitFor('the job\'s row selected in Jobs', () => api.crawls.view.selection.some((node) => node.kind === 'job' && node.id === id), 10_000);
  });

  it('the job open in the view comes back after a reload, with its pages, from what the window kept in its file (no request)', async () => {
    const id = await addJob({ url: 'https://kept.host-test.example', total: 3, completed: 3 });
    const job = await vscode.commands.executeCommand<{ pages: unknown[] } | undefined>('webData.openCrawlResults', id);
    assert.equal(job?.pages.length, 3);
    // Kept in this window's own file (issue 47), not in the global state windows replace whole.
    await waitFor('the job to be kept in this window\'s file', () => openJobFiles().some((file) => file.text.includes(id)));
    assert.equal(storageOf(api).globalState.get('webData.crawlResults.openJobs'), undefined, 'kept in global state');
    // A new window (as after a reload) starts with nothing and takes back what was kept.
    api.crawlResults.service.clear();
    assert.equal(api.crawlResults.service.all.some((j) => j.ref.id === id), false);
    const before = await emulator.requestCount();
    await api.crawlResults.restoreKept();
    const back = api.crawlResults.service.all.find((j) => j.ref.id === id);
    assert.ok(back, 'the kept job did not come back');
    assert.equal(back.pages.length, 3);
    assert.equal(back.status, 'completed');
    const jobNode = await jobRow(id);
    assert.ok(jobNode, 'the job is not in the Jobs view');
    const [page] = await jobsRows(jobNode);
    assert.ok(page);
    const command = (await jobsItem(page)).command;
    assert.ok(command);
    await vscode.commands.executeCommand(command.command, ...((command.arguments ?? []) as unknown[]));
    await waitFor('the kept page\'s tab', () => vscode.window.activeTextEditor?.document.uri.scheme === 'webdata-crawl');
    assert.match(vscode.window.activeTextEditor?.document.getText() ?? '', /Page 1 of kept\.host-test\.example/);
    assert.deepEqual((await emulator.requestsSince(before)).filter((r) => r.path.includes(id)), [], 'the job was read from the service again');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('a job another window kept in its own file comes back here too, with its pages (issue 47)', async () => {
    // The service address as this window keeps it: from its own file, once it kept a job.
    const probe = await addJob({ url: 'https://probe.host-test.example', total: 1, completed: 1 });
    await vscode.commands.executeCommand('webData.openCrawlResults', probe);
    await waitFor('this window\'s file', () => openJobFiles().some((file) => file.text.includes(probe)));
    const own = JSON.parse(openJobFiles().find((file) => file.text.includes(probe))?.text ?? '[]') as Array<{ address: string }>;
    const address = own[0]?.address;
    assert.ok(address);
    const id = await addJob({ url: 'https://other-window.host-test.example', total: 2, completed: 2 });
    const ended = Date.now();
    // Another window's file, as that window writes it: its key is its own session's.
    const other = {
      address, savedAt: ended, url: 'https://other-window.host-test.example',
      job: { ref: { id, kind: 'crawl' }, status: 'completed', failed: false, completed: 2, total: 2, creditsUsed: 2, noWebhook: true, delivered: 0, endedAt: ended, pages: [{ index: 0, title: 'Page 1 of other-window.host-test.example', stored: false }, { index: 1, title: 'Page 2 of other-window.host-test.example', stored: false }] },
    };
    const file = path.join(openJobsFolder(), `${encodeURIComponent('webData.crawlResults.openJobs:another-window-session')}.json`);
    fs.mkdirSync(openJobsFolder(), { recursive: true });
    fs.writeFileSync(file, JSON.stringify([other]));
    try {
      api.crawlResults.service.clear();
      await api.crawlResults.restoreKept();
      const back = api.crawlResults.service.all.find((j) => j.ref.id === id);
      assert.ok(back, 'the other window\'s job did not come back');
      assert.equal(back.status, 'completed');
      assert.deepEqual(back.pages.map((row) => row.title), ['Page 1 of other-window.host-test.example', 'Page 2 of other-window.host-test.example']);
      const row = await jobRow(id);
      assert.ok(row, 'the other window\'s job is not in the Jobs view');
      assert.match(label(await jobsItem(row)), /^https:\/\/other-window\.host-test\.example$/);
      assert.ok(fs.existsSync(file), 'this window removed the other window\'s file');
    } finally {
      fs.rmSync(file, { force: true });
    }
  });

  it('a batch scrape\'s bare id (typed, or a string argument) opens as a batch scrape; an id no job has says it was not found', async () => {
    const id = await addJob({ kind: 'batch', total: 4, completed: 4, listed: false });
    const before = await emulator.requestCount();
    const asked = async (): Promise<string[]> => (await emulator.requestsSince(before)).filter((r) => r.path.includes(id) && !r.path.includes('/errors')).map((r) => `${r.method} ${r.path.split('?')[0] ?? ''} ${r.status}`);
    const job = await vscode.commands.executeCommand<{ ref: { kind: string }; pages: unknown[]; status: string } | undefined>('webData.openCrawlResults', id);
    assert.equal(job?.ref.kind, 'batch', 'asked as a crawl, then as a batch scrape');
    assert.equal(job.pages.length, 4);
    assert.deepEqual(await asked(), [`GET /v2/crawl/${id} 404`, `GET /v2/batch/scrape/${id} 200`]);
    // Stated as a crawl, it is not asked again as anything else.
    const shown: ShownError[] = [];
    const listener = api.onDidShowError((notification) => { shown.push(notification); });
    try {
      assert.equal(await vscode.commands.executeCommand('webData.openCrawlResults', { id, kind: 'crawl' }), undefined);
      await waitFor('the not-found notification', () => shown.length > 0, 10_000);
      assert.match(shown[0]?.message ?? '', /^Could not read the results: /);
      assert.deepEqual((await asked()).slice(2), [`GET /v2/crawl/${id} 404`]);
    } finally {
      listener.dispose();
      await vscode.commands.executeCommand('notifications.clearAll');
    }
  });

  it('a network failure reading results: the shared error notification, with Check Connection, Retry and Open Log', async () => {
    const id = await addJob({ total: 3, completed: 3, listed: false });
    const shown: ShownError[] = [];
    const listener = api.onDidShowError((notification) => { shown.push(notification); });
    // Every time: the client's own retries must meet the same reset.
    await emulator.injectFault({ path: `/v2/crawl/${id}`, apiKey: KEY, times: 'Infinity', fault: { kind: 'reset' } });
    try {
      assert.equal(await vscode.commands.executeCommand('webData.openCrawlResults', id), undefined);
      await waitFor('the error notification', () => shown.length > 0, 10_000);
      assert.equal(shown.length, 1, JSON.stringify(shown));
      assert.match(shown[0]?.message ?? '', /^Could not read the results: /);
      assert.deepEqual(shown[0]?.buttons, ['Check Connection', 'Retry', 'Open Log']);
    } finally {
      listener.dispose();
      await emulator.clearFaults();
      await vscode.commands.executeCommand('notifications.clearAll');
    }
  });

  it('a hostile crawl (titles with command links, bidi overrides and HTML): rows, tooltips and the tab title are inert', async () => {
    const id = await addJob({ url: 'https://hostile.host-test.example', total: 3, completed: 3, listed: false, hostile: true, errors: 1 });
    const job = await vscode.commands.executeCommand<{ pages: unknown[] } | undefined>('webData.openCrawlResults', id);
    assert.equal(job?.pages.length, 3);
    const jobNode = await jobRow(id);
    assert.ok(jobNode);
    const nodes = [jobNode, ...await jobsRows(jobNode)];
    for (const group of nodes.filter((node) => node.kind === 'group')) nodes.push(...await jobsRows(group));
    assert.ok(nodes.length >= 5, `only ${String(nodes.length)} rows`);
    for (const node of nodes) {
      const item = await jobsItem(node);
      // Trees draw no icons or links in labels; what must go is what reorders or hides text.
      for (const text of [label(item), String(item.description ?? '')]) {
        assert.doesNotMatch(text, /[\u202a-\u202e\u2066-\u2069\u200b-\u200d]/, `a bidi or invisible character in ${JSON.stringify(text)}`);
      }
      const tooltip = item.tooltip;
      if (tooltip instanceof vscode.MarkdownString) {
        assert.ok(tooltip.isTrusted !== true, 'a trusted tooltip would run command: links');
        assert.ok(tooltip.supportHtml !== true, 'a tooltip that renders HTML');
        assert.doesNotMatch(tooltip.value, /\]\(command:/, `a command link in the tooltip: ${tooltip.value}`);
      }
    }
    const page = (await jobsRows(jobNode)).find((node) => node.kind === 'crawlPage');
    assert.ok(page);
    const item = await jobsItem(page);
    assert.ok(item.command);
    await vscode.commands.executeCommand(item.command.command, ...((item.command.arguments ?? []) as unknown[]));
    const tab = vscode.window.tabGroups.activeTabGroup.activeTab?.label ?? '';
    assert.ok(tab.endsWith('.md'), `the tab title: ${JSON.stringify(tab)}`);
    assert.doesNotMatch(tab, /[\u202a-\u202e\u2066-\u2069/\\]/, `the tab title: ${JSON.stringify(tab)}`);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('opens from a signed crawl.completed notification and from its Webhook Events row; pages came without a notification each', async () => {
    await vscode.workspace.getConfiguration('webData').update('webhooks.port', 0, settingsTarget());
    assert.equal(await vscode.commands.executeCommand('webData.setWebhookSecret', { secret: SECRET }), true);
    await vscode.commands.executeCommand('webData.clearWebhookEvents');
    const url = await vscode.commands.executeCommand<string | undefined>('webData.startWebhookReceiver');
    assert.ok(url);
    await admin('PUT', '/webhook', { url, secret: SECRET });
    const id = await addJob({ total: 3, completed: 3, listed: false });
    const before = notifications.length;
    await admin('POST', `/jobs/${id}/deliver`);
    await waitFor('the crawl.completed notification', () => notifications.slice(before).some((n) => n.kind === 'crawl.completed'));
    const shown = notifications.slice(before);
    assert.equal(shown.length, 1, `one notification, not one per page: ${JSON.stringify(shown.map((n) => n.kind))}`);
    const delivered = api.crawlResults.service.get({ id, kind: 'crawl' });
    await waitFor('the delivered pages', () => (delivered?.delivered ?? 0) === 3);
    const completed = shown[0];
    assert.ok(completed);
    assert.ok(completed.actions?.includes('Open Results'));
    assert.ok(completed.act);
    await completed.act('Open Results');
    const job = api.crawlResults.service.get({ id, kind: 'crawl' });
    assert.equal(job?.status, 'completed');
    assert.equal(job.pages.length, 3, 'delivered and read pages are one list');
    // One shape for a job's row: its kind and short id first; counts that agree with its rows.
    const jobNode = await jobRow(id);
    assert.ok(jobNode);
    const jobItem = await jobsItem(jobNode);
    assert.equal(label(jobItem), `Crawl ${id.slice(0, 8)}`);
    assert.match(String(jobItem.description), /^completed · 3 of 3 pages · 3 by webhook/);

    const record = api.webhooks.events.find((e) => e.jobId === id && e.type === 'crawl.completed');
    assert.ok(record);
    const eventNode = api.webhooks.tree.getChildren().find((node) => node.kind === 'event' && node.record.key === record.key);
    assert.ok(eventNode);
    assert.match(eventRows(api).find((r) => r.id === record.key)?.contextValue ?? '', /^event\.verified\.job/);
    const fromRow = await vscode.commands.executeCommand<{ ref: { id: string } } | undefined>('webData.openCrawlResults', eventNode);
    assert.equal(fromRow?.ref.id, id);
  });

  it('cancels a running crawl after the confirmation, keeps it when refused, and says when it had finished', async () => {
    const id = await addJob({ total: 20, completed: 2 });
    const asked: string[] = [];
    api.crawlResults.answerConfirmation = (message) => {
      asked.push(message);
      return undefined;
    };
    assert.equal(await vscode.commands.executeCommand('webData.cancelCrawl', id), 'kept');
    assert.match(asked[0] ?? '', new RegExp(`Cancel crawl ${id}\\?`));
    api.crawlResults.answerConfirmation = (_message, yes) => yes;
    assert.equal(await vscode.commands.executeCommand('webData.cancelCrawl', id), 'cancelled');
    assert.equal(await vscode.commands.executeCommand('webData.cancelCrawl', id), 'already-finished');
  });

  it('a crawl that leaves the list with no webhook is read once and marked; a later delivery does not list it twice', async () => {
    const id = await addJob({ url: 'https://quiet.host-test.example', total: 5, completed: 1 });
    await vscode.commands.executeCommand('webData.refreshCrawls');
    assert.ok(api.crawls.crawls.some((crawl) => crawl.id === id));
    await admin('POST', `/jobs/${id}/advance`, { pages: 4 });
    await vscode.commands.executeCommand('webData.refreshCrawls');
    await waitFor('the crawl read once after it left the list', () => api.crawlResults.service.get({ id, kind: 'crawl' })?.status === 'completed');
    const job = api.crawlResults.service.get({ id, kind: 'crawl' });
    assert.equal(job?.noWebhook, true);
    assert.equal(job.pages.length, 5);
    // Off the active list, it is a finished job's row of its own in Jobs.
    const node = await jobRow(id);
    assert.ok(node);
    assert.match(String((await jobsItem(node)).description), /completed · 5 of 5 pages · no webhook received/);
    assert.equal(api.crawlResults.markFinished({ id, kind: 'crawl' }), false);
    assert.equal(api.crawlResults.service.all.filter((j) => j.ref.id === id).length, 1);
  });

  it('the chat tool gives the status, titles and addresses, the first pages within the budget, and how to read on', async () => {
    const id = await addJob({ url: 'https://big.host-test.example', total: 10_000, completed: 10_000, listed: false, pageBytes: 3000 });
    // Flat (the branch without `what`), as a model may send it.
    const result = await api.chat.read.invoke({
      input: { source: 'job', jobId: id }, toolInvocationToken: undefined,
      tokenizationOptions: { tokenBudget: 2000, countTokens: (text: string) => Promise.resolve(Math.ceil(text.length / 4)) },
    }, new vscode.CancellationTokenSource().token);
    const text = result.content.map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : '')).join('');
    assert.match(text, new RegExp(`^Crawl ${id}: status completed\\. Pages done: 10000 of 10000\\.`));
    assert.match(text, /1\. Page 1 of big\.host-test\.example <https:\/\/big\.host-test\.example\/page\/1> \(200\)/);
    assert.match(text, /--- Page 1: /);
    assert.match(text, new RegExp(`"from":(\\d+)\\}\\}; or read one page whole, in parts, with webData_read \\{"what":\\{"source":"jobPage","jobId":"${id}","kind":"crawl","page":\\1,"part":1\\}\\} \\(any page number\\)\\.$`));
    assert.ok(Math.ceil(text.length / 4) <= 2000, `${text.length} characters for 2000 tokens`);
    // The smallest budget an answer must meet: the status and the call that reads on, through lm.invokeTool.
    for (const tokens of [64, 200]) {
      const small = await invokeTool('webData_read', { what: { source: 'job', jobId: id } }, budget(tokens));
      assert.ok(Math.ceil(small.length / 4) <= tokens, `${Math.ceil(small.length / 4)} tokens for ${tokens}: ${small}`);
      assert.match(small, new RegExp(`^Crawl ${id}: (status )?completed`));
      assert.ok(small.includes(`webData_read {"what":{"source":"jobPage","jobId":"${id}","kind":"crawl","page":1,"part":1}}`), small);
    }
    assert.match(await invokeTool('webData_read', { what: { source: 'job', jobId: 'not-a-uuid' } }, budget(64)), /^The crawl results request was not accepted/);
  });

  it('webData_read through lm.invokeTool reads a crawl page the job\'s listing cut: the call it named, every part in turn, the page exactly', async () => {
    const id = await addJob({ url: 'https://long.host-test.example', total: 3, completed: 3, listed: false, pageBytes: 9000 });
    const listing = await invokeTool('webData_read', { what: { source: 'job', jobId: id } }, budget(1000));
    const named = /Page 1 was cut: read all of it in parts with webData_read (\{[^}]*\}\})\./.exec(listing);
    assert.ok(named?.[1], listing.slice(-600));
    const call = JSON.parse(named[1]) as Record<string, unknown>;
    assert.deepEqual(call, { what: { source: 'jobPage', jobId: id, kind: 'crawl', page: 1, part: 1 } });
    // The page as the service sends it, read here over the wire, not through the extension.
    const response = await fetch(`${env('WEBDATA_TEST_BASE_URL').replace(/\/+$/, '')}/v2/crawl/${id}?skip=0&limit=1`, { headers: { authorization: `Bearer ${KEY}` } });
    const expected = ((await response.json()) as { data: { markdown: string }[] }).data[0]?.markdown ?? '';
    assert.equal(expected.length, 9000);
    let joined = '';
    let total = 0;
    let input: Record<string, unknown> = call;
    for (let part = 1; part <= 100; part++) {
      const text = await invokeTool('webData_read', input, budget(200));
      assert.ok(Math.ceil(text.length / 4) <= 200, `part ${part}: ${text.length} characters`);
      const head = new RegExp(`^Part (\\d+) of (\\d+) of the page markdown of page 1 of crawl ${id}`).exec(text);
      assert.ok(head, text.slice(0, 200));
      assert.equal(Number(head[1]), part);
      total = Number(head[2]);
      joined += /\n(~{3,})markdown\n([\s\S]*)\n\1$/.exec(text)?.[2] ?? '<no fence>';
      if (part === total) break;
      const next = /Next: (\{[^}]*\}\})/.exec(text);
      assert.ok(next?.[1], text.slice(0, 300));
      input = JSON.parse(next[1]) as Record<string, unknown>;
    }
    assert.ok(total > 5, `${total} parts`);
    assert.equal(joined, expected);
    assert.match(await invokeTool('webData_read', { what: { source: 'jobPage', jobId: id, page: 7 } }, budget(200)), /has no page 7 \(it has 3\)/);
  });
});

// Watches in a real VS Code (issue 37): Watch for Changes… through its steps and its review (the
// bound shown before anything is sent, whole; above webData.watch.confirmAboveCreditsPerMonth a
// modal asks, and declined nothing is sent: issue 47), the watch in the Watches view, Check Now
// (its credits in today's spend), a changed page in VS Code's diff editor with the previous markdown
// on the left and the current on the right (read-only, the judge's reason at the top of both),
// Pause/Resume and Delete. Its own emulated team, so the watches are this suite's alone.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { WebDataApi } from '../../../src/extension';
import type { SearchTreeNode } from '../../../src/core/view-nodes';
import type { ShownQuickInput } from '../../../src/platform/quick-inputs';
import { activate, emulator, moveClock, moveClockPast, restoreDemoKey, storageOf, usageFor, useKey, waitFor } from './helpers-account';
import { paying } from './helpers-price';
import { pressEnterUntilDone } from './helpers-steps';

const KEY = 'wd-watch-suite-key';
const GUIDE = 'https://docs.tideflow.dev/getting-started';
const PRICED = 'https://docs.tideflow.dev/guide/streams';

interface Monitor { id: string; name?: string; status?: string; nextRunAt?: string | null; estimatedCreditsPerMonth?: number | null }
interface CheckDone { check: { id: string; actualCredits?: number; summary?: Record<string, number> }; pages: Array<{ url: string; status: string }> }

describe('watches', function () {
  this.timeout(90_000);
  let api: WebDataApi;

  before(async () => {
    api = await activate();
    await emulator.addTeam({ apiKey: KEY, usage: usageFor(500_000), crawls: [] });
    await useKey(KEY);
  });
  after(async () => {
    // The watches go, and the profile forgets it had any: later suites' views read nothing of them.
    for (const monitor of await api.watch.model.list()) await vscode.commands.executeCommand('webData.deleteWatch', { watchId: monitor.id, confirmed: true });
    await storageOf(api).globalState.update('webData.watch.known', undefined);
    await restoreDemoKey();
  });
  // The modal above the threshold is answered yes, as a person who read the review would; the
  // tests of the modal itself answer it their own way.
  const asked: string[] = [];
  beforeEach(() => {
    asked.length = 0;
    api.watch.answerConfirmation = (message, yes) => { asked.push(message); return yes; };
  });
  afterEach(async () => {
    api.watch.answerConfirmation = undefined;
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  /** The Watches view's top rows: each watch (no group row: the view is named for them). */
  async function watchRows(): Promise<SearchTreeNode[]> {
    return api.watch.view.getChildren();
  }

  it('creates a watch from an address through its steps: the schedule read as typed with the next checks, the review with the bound, then the watch in the Watches view', async () => {
    const seen: ShownQuickInput[] = [];
    const before = await emulator.requestCount();
    const created = await pressEnterUntilDone(api, () => vscode.commands.executeCommand<Monitor | undefined>('webData.watch', GUIDE), 10, seen);
    assert.ok(created, 'no watch was made');
    assert.deepEqual(seen.map((s) => s.step), [2, 3, 4], 'the address given: how often, the goal, the review');
    assert.equal(seen[0]?.value, 'daily at 9am');
    assert.match(seen[0].prompt ?? '', /^Next checks \(.+\): .+ · .+ · .+$/, 'the next three checks in the person\'s zone');
    const review = seen[2]?.items ?? [];
    assert.ok(review.some((row) => /up to \d+ credits a month$/.test(row)), `the review shows the bound: ${review.join(' | ')}`);
    assert.ok(review.some((row) => row.includes(GUIDE)), 'the review shows what is watched');
    // The credits and active crawls are read on their own schedule; of the watches, only the create.
    const sent = (await emulator.requestsSince(before)).filter((r) => r.path.startsWith('/v2/monitor'));
    assert.deepEqual(sent.map((r) => `${r.method} ${r.path}`), ['POST /v2/monitor'], 'nothing before the review; one create');
    assert.equal(created.estimatedCreditsPerMonth, 30, 'the service\'s estimate: one page, thirty checks');
    await waitFor('the watch in the Watches view', async () => (await watchRows()).some((row) => row.type === 'watch' && row.monitor.id === created.id));
    const row = (await watchRows()).find((r) => r.type === 'watch' && r.monitor.id === created.id);
    assert.ok(row);
    const item = api.watch.view.getTreeItem(row);
    assert.equal(item.contextValue, 'watch.active');
    assert.match(String(item.description), /daily at 9am · next .+ · not checked yet/);
  });

  it('every 15 minutes: the review shows the month whole (2,880 checks at a credit a page at least), and a modal asks above webData.watch.confirmAboveCreditsPerMonth before the watch is made', async () => {
    const seen: ShownQuickInput[] = [];
    const created = await pressEnterUntilDone(api, () => vscode.commands.executeCommand<Monitor | undefined>('webData.watch', { urls: [GUIDE], schedule: 'every 15 minutes' }), 5, seen);
    assert.ok(created, 'no watch was made');
    const review = seen.at(-1);
    assert.ok(review);
    assert.equal(review.step, 4);
    const create = review.items[0] ?? '';
    const sum = review.details[0] ?? '';
    // The credits beside Create and the sum under it, each whole: no "…" and short enough for the list's width.
    const month = /^\$\(eye\) Create the Watch up to ([\d,.\u00a0\u202f ]+) credits a month$/.exec(create);
    assert.ok(month, `the month beside Create: ${create}`);
    const credits = Number((month[1] ?? '').replace(/\D/g, ''));
    assert.ok(credits >= 2880, `at least a credit a page: ${credits}`);
    assert.match(sum, /^1 page × 2,?880 checks a month × (at least a credit a page|\d+ credits a page \(your dearest scrape\))$/);
    assert.ok(create.length <= 60 && sum.length <= 80 && !create.includes('…') && !sum.includes('…'), `read whole: ${create} / ${sum}`);
    // Asked once, naming the same month and the setting; then made, and the service's own estimate is within it.
    assert.equal(asked.length, 1, `one modal: ${asked.join(' | ')}`);
    assert.match(asked[0] ?? '', new RegExp(`up to ${month[1] ?? ''} credits a month[\\s\\S]*above 300 credits a month \\(webData\\.watch\\.confirmAboveCreditsPerMonth\\)`));
    assert.equal(created.estimatedCreditsPerMonth, 2880, 'the service\'s estimate: one page, 2,880 checks');
    assert.ok((created.estimatedCreditsPerMonth ?? 0) <= credits, 'the bound shown is not under the service\'s estimate');
    await vscode.commands.executeCommand('webData.deleteWatch', { watchId: created.id, confirmed: true });
  });

  it('every 15 minutes, the modal declined: back at the review, and no POST /v2/monitor reaches the service', async () => {
    api.watch.answerConfirmation = (message) => { asked.push(message); return undefined; };
    const seen: ShownQuickInput[] = [];
    const listener = api.onDidShowQuickInput((input) => { seen.push(input); });
    const before = await emulator.requestCount();
    try {
      const run = vscode.commands.executeCommand<Monitor | undefined>('webData.watch', { urls: [GUIDE], schedule: 'every 15 minutes' });
      await waitFor('the review', () => seen.length >= 1);
      await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
      await waitFor('the modal, declined, and the review again', () => asked.length === 1 && seen.length >= 2);
      assert.equal(seen[1]?.step, 4, 'the review again, to change the schedule');
      await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
      assert.equal(await run, undefined, 'nothing made');
      const sent = (await emulator.requestsSince(before)).filter((r) => r.path.startsWith('/v2/monitor'));
      assert.deepEqual(sent.filter((r) => r.method === 'POST'), [], 'no watch was sent');
    } finally {
      listener.dispose();
    }
  });

  it('the chat tool bounds the same watch with the same month: every 15 minutes is refused under the tool\'s cap, and confirmed naming it above', async () => {
    const input = { urls: [GUIDE], schedule: 'every 15 minutes' };
    const none = new vscode.CancellationTokenSource().token;
    const before = await emulator.requestCount();
    const refused = await api.chat.watch.prepareInvocation({ input }, none);
    assert.equal(refused?.confirmationMessages, undefined, 'past webData.chat.maxWatchCreditsPerMonth: nothing to confirm');
    await vscode.workspace.getConfiguration('webData').update('chat.maxWatchCreditsPerMonth', 100_000, vscode.ConfigurationTarget.Global);
    try {
      const prepared = await api.chat.watch.prepareInvocation({ input }, none);
      const message = prepared?.confirmationMessages?.message;
      const text = typeof message === 'string' ? message : message?.value ?? '';
      const seen: ShownQuickInput[] = [];
      const listener = api.onDidShowQuickInput((shown) => { seen.push(shown); });
      try {
        const run = vscode.commands.executeCommand<Monitor | undefined>('webData.watch', input);
        await waitFor('the review', () => seen.length >= 1);
        await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
        await run;
      } finally {
        listener.dispose();
      }
      const commandCredits = /up to ([\d,.\u00a0\u202f ]+) credits a month$/.exec(seen[0]?.items[0] ?? '')?.[1]?.replace(/\D/g, '');
      const toolCredits = /Bound:\*\* up to (\d+) credits a month \(1 pages × 2880 checks × \d+ credits a page\)/.exec(text)?.[1];
      assert.ok(toolCredits !== undefined && Number(toolCredits) >= 2880, `the tool's bound: ${text}`);
      assert.equal(commandCredits, toolCredits, 'one estimate for the command and the tool');
    } finally {
      await vscode.workspace.getConfiguration('webData').update('chat.maxWatchCreditsPerMonth', undefined, vscode.ConfigurationTarget.Global);
    }
    assert.equal((await emulator.requestsSince(before)).filter((r) => r.path.startsWith('/v2/monitor') && r.method === 'POST').length, 0, 'nothing sent');
  });

  it('refuses a schedule under 5 minutes: Enter leaves the step open, and nothing is sent', async () => {
    const seen: ShownQuickInput[] = [];
    const listener = api.onDidShowQuickInput((input) => { seen.push(input); });
    const before = await emulator.requestCount();
    try {
      const run = vscode.commands.executeCommand<Monitor | undefined>('webData.watch', { urls: [GUIDE], schedule: 'every 2 minutes' });
      await waitFor('the schedule step', () => seen.length >= 1);
      assert.deepEqual([seen[0]?.step, seen[0]?.value], [2, 'every 2 minutes'], 'an address given: the schedule is asked, as given');
      await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
      await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
      assert.equal(await run, undefined, 'dismissed: nothing made');
      assert.deepEqual(seen.map((s) => s.step), [2], 'Enter was refused: no goal step came');
      assert.equal((await emulator.requestsSince(before)).length, 0, 'nothing sent');
    } finally {
      listener.dispose();
    }
  });

  it('checks now twice: first read, then a changed page that matters, its credits in today\'s spend, the row saying so', async () => {
    const created = await pressEnterUntilDone(api, () => vscode.commands.executeCommand<Monitor | undefined>('webData.watch', { urls: [GUIDE, PRICED], schedule: 'hourly', goal: 'breaking change' }), 5);
    assert.ok(created);
    const spent = api.spend.today().person;
    const first = await paying<CheckDone>('webData.checkWatchNow', created.id);
    assert.deepEqual(first?.pages.map((p) => p.status), ['new', 'new']);
    const second = await paying<CheckDone>('webData.checkWatchNow', created.id);
    assert.deepEqual(second?.pages.map((p) => [p.url, p.status]), [[GUIDE, 'changed'], [PRICED, 'changed']]);
    await waitFor('both checks counted in today\'s spend', () => api.spend.today().person === spent + 4);
    const row = (await watchRows()).find((r) => r.type === 'watch' && r.monitor.id === created.id);
    assert.ok(row);
    assert.match(String(api.watch.view.getTreeItem(row).description), /2 changed · 1 matters/);
  });

  it('opens a changed page in the diff editor: previous on the left, current on the right, read-only, the judge\'s reason on top', async () => {
    const created = await pressEnterUntilDone(api, () => vscode.commands.executeCommand<Monitor | undefined>('webData.watch', { urls: [GUIDE], schedule: 'daily at 9am', goal: 'breaking change' }), 5);
    assert.ok(created);
    await paying('webData.checkWatchNow', created.id);
    const done = await paying<CheckDone>('webData.checkWatchNow', created.id);
    assert.ok(done);
    const opened = await vscode.commands.executeCommand<number>('webData.openWatchChanges', { watchId: created.id });
    assert.equal(opened, 1);
    await waitFor('the diff tab', () => vscode.window.tabGroups.activeTabGroup.activeTab?.input instanceof vscode.TabInputTextDiff);
    const tab = vscode.window.tabGroups.activeTabGroup.activeTab;
    const input = tab?.input;
    assert.ok(input instanceof vscode.TabInputTextDiff);
    assert.equal(input.original.scheme, 'webdata-change');
    assert.equal(input.modified.scheme, 'webdata-change');
    assert.match(tab?.label ?? '', /^docs\.tideflow\.dev\/getting-started \(.+ ↔ .+\)$/);
    const [left, right] = await Promise.all([vscode.workspace.openTextDocument(input.original), vscode.workspace.openTextDocument(input.modified)]);
    const body = (text: string): string => text.slice(text.indexOf('\n\n') + 2);
    assert.doesNotMatch(body(left.getText()), /Update 1:/);
    assert.match(body(right.getText()), /Update 1: the migration guide now lists a breaking change/);
    assert.match(body(left.getText()), /^# Getting started with Tideflow/);
    for (const side of [left, right]) {
      assert.match(side.getText(), /^> Watch: .+ · https:\/\/docs\.tideflow\.dev\/getting-started\n> Judged: matters\. The change mentions "breaking"/);
      assert.match(side.getText(), /^> - Added: Update 1: the migration guide/m);
    }
    // Read-only: a write to either side is refused.
    for (const side of [input.original, input.modified]) await assert.rejects(Promise.resolve(vscode.workspace.fs.writeFile(side, new TextEncoder().encode('changed'))));
    // The tab's breadcrumb reads the side and the page, never an id: the check's id is in the query.
    assert.deepEqual([input.original.path, input.modified.path], ['/previous/docs.tideflow.dev getting-started.md', '/current/docs.tideflow.dev getting-started.md']);
    const checkId = new URLSearchParams(input.modified.query).get('check') ?? '';
    assert.match(checkId, /^[0-9a-f-]{36}$/);
    // A tab restored from before (the check's id in the path) still reads its side, the verdict at its top.
    const before = input.modified.with({ path: `/${checkId}/current/docs.tideflow.dev getting-started.md`, query: input.modified.query.replace(/(^|&)check=[^&]*/, '') });
    assert.match(new TextDecoder().decode(await vscode.workspace.fs.readFile(before)), /^> Watch: [\s\S]*Update 1: the migration guide/);
  });

  it('a diff\'s sides read again at the next start (as a restored diff tab does) keep the judge\'s verdict at their top', async () => {
    const created = await pressEnterUntilDone(api, () => vscode.commands.executeCommand<Monitor | undefined>('webData.watch', { urls: [GUIDE], schedule: 'daily at 9am', goal: 'breaking change' }), 5);
    assert.ok(created);
    await paying('webData.checkWatchNow', created.id);
    await paying('webData.checkWatchNow', created.id);
    assert.equal(await vscode.commands.executeCommand<number>('webData.openWatchChanges', { watchId: created.id }), 1);
    await waitFor('the diff tab', () => vscode.window.tabGroups.activeTabGroup.activeTab?.input instanceof vscode.TabInputTextDiff);
    const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
    assert.ok(input instanceof vscode.TabInputTextDiff);
    // A new start has none of this window's headers or sides: it reads the tab's addresses afresh.
    api.watch.changes.forgetOpened();
    for (const side of [input.original, input.modified]) {
      const text = new TextDecoder().decode(await vscode.workspace.fs.readFile(side));
      assert.match(text, /^> Watch: .+ · https:\/\/docs\.tideflow\.dev\/getting-started\n> Judged: matters\. The change mentions "breaking"/, `the verdict is gone: ${text.slice(0, 200)}`);
    }
  });

  it('notifies once of a scheduled check whose change matters, with Show Diff, and not of a dull one', async () => {
    const created = await pressEnterUntilDone(api, () => vscode.commands.executeCommand<Monitor | undefined>('webData.watch', { urls: [GUIDE], schedule: 'every 6 hours', goal: 'breaking change' }), 5);
    assert.ok(created);
    await paying('webData.checkWatchNow', created.id);
    const notices: Array<{ watchId: string; checkId: string; message: string }> = [];
    // This watch's notifications (the suite's other watches run on the same clock).
    const listening = api.watch.notifier.onDidNotify((notice) => { if (notice.watchId === created.id) notices.push(notice); });
    try {
      // The service's clock passes the next run: the check runs there, and the next read of the watches sees it.
      assert.ok(created.nextRunAt, 'the watch has a next run');
      await moveClockPast(created.nextRunAt);
      await vscode.commands.executeCommand('webData.refreshWatches');
      await waitFor('the notification of the change that matters', () => notices.length > 0);
      assert.match(notices[0]?.message ?? '', /changed: 1 changed · 1 matters\.$/);
      await vscode.commands.executeCommand('webData.refreshWatches');
      // The next check's change is typo fixes: read and judged dull, and nobody is told.
      await moveClock(6 * 3_600_000);
      await vscode.commands.executeCommand('webData.refreshWatches');
      const [dull] = await api.watch.model.checksOf(created.id);
      assert.ok(dull && dull.id !== notices[0]?.checkId, 'no new check');
      await waitFor('the dull check read', () => api.watch.model.knownPages(dull.id) !== undefined);
      assert.equal(notices.length, 1, 'one notification in all');
    } finally {
      listening.dispose();
    }
  });

  it('pauses and resumes a watch, and deletes it', async () => {
    const created = await pressEnterUntilDone(api, () => vscode.commands.executeCommand<Monitor | undefined>('webData.watch', { urls: [PRICED], schedule: 'weekly' }), 5);
    assert.ok(created);
    const paused = await vscode.commands.executeCommand<Monitor | undefined>('webData.pauseWatch', created.id);
    assert.deepEqual([paused?.status, paused?.nextRunAt], ['paused', null]);
    const row = (await watchRows()).find((r) => r.type === 'watch' && r.monitor.id === created.id);
    assert.ok(row);
    assert.equal(api.watch.view.getTreeItem(row).contextValue, 'watch.paused');
    // Resume names the watch's month first, as its review did (issue 46): Enter on it resumes.
    const resumeSeen: ShownQuickInput[] = [];
    const resumed = await pressEnterUntilDone(api, () => vscode.commands.executeCommand<Monitor | undefined>('webData.resumeWatch', row), 3, resumeSeen);
    assert.equal(resumed?.status, 'active');
    assert.deepEqual(resumeSeen.map((s) => s.title), ['Web Data: Resume Watch']);
    assert.match(resumeSeen[0]?.items[0] ?? '', /^\$\(debug-start\) Resume the Watch up to \d+ credits a month$/);
    // Edit Watch… opens the review with the watch's own steps; Save sends them back.
    const seen: ShownQuickInput[] = [];
    const before = await emulator.requestCount();
    const saved = await pressEnterUntilDone(api, () => vscode.commands.executeCommand<Monitor | undefined>('webData.editWatch', created.id), 5, seen);
    assert.equal(saved?.id, created.id);
    assert.deepEqual(seen.map((s) => s.step), [4]);
    assert.match(seen[0]?.items[0] ?? '', /^\$\(save\) Save the Watch/);
    assert.ok(seen[0]?.items.some((item) => item.includes(PRICED)) && seen[0].items.some((item) => item.includes('weekly')), `the watch's own steps: ${seen[0]?.items.join(' | ') ?? ''}`);
    assert.deepEqual((await emulator.requestsSince(before)).filter((r) => r.path.startsWith('/v2/monitor')).map((r) => r.method), ['PATCH']);
    assert.equal(await vscode.commands.executeCommand<boolean>('webData.deleteWatch', { watchId: created.id, confirmed: true }), true);
    assert.ok(!(await watchRows()).some((r) => r.type === 'watch' && r.monitor.id === created.id), 'the row is gone');
    assert.ok(!(await api.watch.model.list()).some((m) => m.id === created.id));
  });
});

// The watch chat tools (issue 37) in a real VS Code against the emulator: webData_watch confirmed with
// what, how often and the monthly bound, answering with the watch id, and refused, asking and sending
// nothing, when the bound could pass webData.chat.maxWatchCreditsPerMonth; webData_read's changes (free)
// fitted to budgets of 64 and 200 tokens and none, with the webData_read call that reads a
// whole diff; the checks the service ran on schedule counted in today's spend once, however often
// the watches are read and whichever window wrote them; a JSON watch's per-field changes in the diff
// editor as two JSON sides. Its own emulated team, so the watches are this suite's alone.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { WebDataApi } from '../../../src/extension';
import { fileOfKey } from '../../../src/core/shared-folder';
import { activate, emulator, moveClock, restoreDemoKey, storageOf, usageFor, useKey, waitFor } from './helpers-account';
import { paying } from './helpers-price';
import { messageOf as confirmationOf, none, textOf } from './helpers-tools';

const KEY = 'wd-chat-watch-suite-key';
const GUIDE = 'https://docs.tideflow.dev/getting-started';
const quarter = (text: string): Promise<number> => Promise.resolve(Math.ceil(text.length / 4));
const BUDGETS = [64, 200, undefined] as const;

/** The confirmation's message with the markdown escapes taken out. */
const messageOf = (prepared: vscode.PreparedToolInvocation | undefined): string => confirmationOf(prepared).replace(/\\(.)/g, '$1');
const setting = (name: string, value: number | undefined): Thenable<void> => vscode.workspace.getConfiguration('webData').update(name, value, vscode.ConfigurationTarget.Global);
const tokens = (budget: number | undefined): vscode.LanguageModelToolTokenizationOptions | undefined => (budget === undefined ? undefined : { tokenBudget: budget, countTokens: quarter });

describe('chat: watch tools', function () {
  this.timeout(90_000);
  let api: WebDataApi;

  before(async () => {
    api = await activate();
    await emulator.addTeam({ apiKey: KEY, usage: usageFor(500_000), crawls: [] });
    await useKey(KEY);
  });
  after(async () => {
    for (const monitor of await api.watch.model.list()) await vscode.commands.executeCommand('webData.deleteWatch', { watchId: monitor.id, confirmed: true });
    await storageOf(api).globalState.update('webData.watch.known', undefined);
    await setting('chat.maxWatchCreditsPerMonth', undefined);
    await restoreDemoKey();
  });
  afterEach(async () => { await vscode.commands.executeCommand('workbench.action.closeAllEditors'); });

  /** A watch made through the tool, as an agent's call the person confirmed. */
  async function watchThroughTool(input: Record<string, unknown>): Promise<{ id: string; text: string }> {
    const text = textOf(await api.chat.watch.invoke({ input, toolInvocationToken: undefined }, none));
    const id = /\(watch id ([0-9a-f-]{36})\)/.exec(text)?.[1];
    assert.ok(id, text);
    return { id, text };
  }

  it('webData_watch: the confirmation names what, how often and the monthly bound; the answer names the watch id; one request, nothing spent', async () => {
    const input = { urls: [GUIDE], schedule: 'daily at 9am', goal: 'breaking change' };
    const prepared = await api.chat.watch.prepareInvocation({ input }, none);
    const confirmation = messageOf(prepared);
    assert.match(confirmation, /Watch:\*\* https:\/\/docs\.tideflow\.dev\/getting-started/);
    assert.match(confirmation, /How often:\*\* daily at 9am \(.+\)/);
    assert.match(confirmation, /Goal:\*\* breaking change/);
    assert.match(confirmation, /Bound:\*\* up to \d+ credits a month \(1 pages × 3\d checks × \d+ credits a page\); chat agents may set up watches of at most 100 credits a month \(webData\.chat\.maxWatchCreditsPerMonth\)/);
    const before = await emulator.requestCount();
    const spent = api.spend.today();
    const { id, text } = await watchThroughTool(input);
    assert.match(text, /bound \d+ credits a month, the service estimates 3\d credits a month/);
    assert.ok(text.includes(`webData_read {"what":{"source":"changes","watchId":"${id}"}}`), text);
    const sent = (await emulator.requestsSince(before)).filter((r) => r.path.startsWith('/v2/monitor'));
    assert.deepEqual(sent.map((r) => `${r.method} ${r.path}`), ['POST /v2/monitor']);
    assert.deepEqual(api.spend.today(), spent, 'creating spends nothing');
    assert.ok(api.watch.model.get(id), 'the watch is in the Watches group\'s model');
  });

  it('webData_watch: refused, asking nothing and sending nothing, when the bound could pass webData.chat.maxWatchCreditsPerMonth', async () => {
    await setting('chat.maxWatchCreditsPerMonth', 100);
    const input = { urls: [GUIDE], schedule: 'hourly' };
    const prepared = await api.chat.watch.prepareInvocation({ input }, none);
    assert.equal(prepared?.confirmationMessages, undefined, 'nothing to confirm');
    const before = await emulator.requestCount();
    const text = textOf(await vscode.lm.invokeTool('webData_watch', { input, toolInvocationToken: undefined }, none));
    assert.match(text, /could spend up to \d{3,} credits a month .* more than the 100 credits a month .*webData\.chat\.maxWatchCreditsPerMonth.* not created, so nothing was spent/);
    assert.equal((await emulator.requestsSince(before)).filter((r) => r.path.startsWith('/v2/monitor')).length, 0);
    // Raised, the same watch is asked for.
    await setting('chat.maxWatchCreditsPerMonth', 100_000);
    assert.ok((await api.chat.watch.prepareInvocation({ input }, none))?.confirmationMessages);
    await setting('chat.maxWatchCreditsPerMonth', undefined);
  });

  it('webData_read\'s changes: what changed and why it matters within 64, 200 and no budget, free, with the webData_read call for the whole diff', async () => {
    const { id } = await watchThroughTool({ urls: [GUIDE], schedule: 'weekly', goal: 'breaking change' });
    await paying('webData.checkWatchNow', id);
    await paying('webData.checkWatchNow', id);
    const spent = api.spend.today();
    for (const budget of BUDGETS) {
      const before = await emulator.requestCount();
      const text = textOf(await vscode.lm.invokeTool('webData_read', { input: { what: { source: 'changes', watchId: id } }, toolInvocationToken: undefined, tokenizationOptions: tokens(budget) }, none));
      const sent = await emulator.requestsSince(before);
      assert.ok(sent.every((r) => r.method === 'GET'), `only reads: ${sent.map((r) => `${r.method} ${r.path}`).join(', ')}`);
      assert.match(text, /^Changes in each watch's newest check: 1 changed page in 1 check of 1 watch\./);
      if (budget !== undefined) assert.ok(Math.ceil(text.length / 4) <= budget, `${Math.ceil(text.length / 4)} tokens for ${budget}: ${text}`);
      // Fitted by leaving parts out, and saying so, never by a cut in the middle.
      if (budget === 64) assert.match(text, /\n1 changed page left out for the size budget \(64 tokens\): read source "changes" with one watchId/);
      if (budget === 200) assert.match(text, /\nChanged lines and the calls that read each diff were left out for the size budget \(200 tokens\)/);
      if (budget !== 64) {
        assert.match(text, /changed, MATTERS: https:\/\/docs\.tideflow\.dev\/getting-started/);
        assert.match(text, /Why: The change mentions "breaking"/);
      }
      if (budget === undefined) {
        assert.match(text, /Meaningful change \(added\): Update 1: the migration guide now lists a breaking change/);
        const call = /Whole diff: webData_read (\{.+\})/.exec(text)?.[1];
        assert.ok(call, text);
        const diff = textOf(await vscode.lm.invokeTool('webData_read', { input: JSON.parse(call) as object, toolInvocationToken: undefined }, none));
        assert.match(diff, /^Part 1 of 1 of the page diff of the change of https:\/\/docs\.tideflow\.dev\/getting-started in check [0-9a-f-]{36} of watch /);
        assert.match(diff, /\n\+Update 1: the migration guide now lists a breaking change/);
      }
    }
    assert.deepEqual(api.spend.today(), spent, 'reading changes spends nothing');
    const bad = textOf(await vscode.lm.invokeTool('webData_read', { input: { what: { source: 'changes', since: 'last tuesday-ish' } }, toolInvocationToken: undefined }, none));
    assert.match(bad, /since must be a date or time/);
  });

  it('counts the checks the service ran on schedule in today\'s spend once, however often the watches are read and whichever window wrote them', async function () {
    // A check the clock puts on another local day does not count today: not this test's case.
    const inAnHour = new Date(Date.now() + 61 * 60_000);
    if (inAnHour.getDate() !== new Date().getDate()) this.skip();
    await setting('chat.maxWatchCreditsPerMonth', 100_000);
    // Only this test's watch runs on schedule: the suite's earlier ones (hourly, daily at 9am) ran
    // with it when the half hour moved past 9 o'clock, and their checks counted too.
    await api.watch.model.refresh();
    for (const monitor of await api.watch.model.list()) await vscode.commands.executeCommand('webData.deleteWatch', { watchId: monitor.id, confirmed: true });
    const { id } = await watchThroughTool({ urls: [GUIDE], schedule: 'every 30 minutes' });
    const before = api.spend.today().person;
    await moveClock(31 * 60_000);
    await vscode.commands.executeCommand('webData.refreshWatches');
    // One or two runs fell due (the clock may pass two half hours), each a scheduled check of one page.
    await waitFor('the scheduled checks', async () => (await api.watch.model.checksOf(id)).length >= 1);
    const checks = await api.watch.model.checksOf(id);
    assert.ok(checks.every((c) => c.trigger === 'scheduled' && c.actualCredits === 1), JSON.stringify(checks));
    const [check] = checks;
    assert.ok(check);
    const credits = checks.length;
    // Counted when the watches are read; under load a read may come before the check's end is listed, so the wait reads them again.
    await waitFor('the scheduled checks in today\'s spend', async () => {
      if (api.spend.today().person === before + credits) return true;
      await vscode.commands.executeCommand('webData.refreshWatches');
      return false;
    }, 15_000).catch((err: unknown) => {
      throw new Error(`${String(err)}: today ${api.spend.today().person} credits by you, ${before} before, checks ${JSON.stringify(checks)}`);
    });
    // Read again, twice: the same check is not counted again.
    await vscode.commands.executeCommand('webData.refreshWatches');
    await vscode.commands.executeCommand('webData.refreshWatches');
    await api.watch.checksCounted();
    assert.equal(api.spend.today().person, before + credits);
    // Another window found the same check and wrote it in its own file, beside a spend of its own:
    // the check still counts once, the other window's own spend counts as soon as its file is written.
    const day = new Date();
    const pad = (n: number): string => String(n).padStart(2, '0');
    const folder = path.join(storageOf(api).globalStorageUri.fsPath, 'shared');
    const otherFile = path.join(folder, fileOfKey('webData.spend:another-window-of-this-suite'));
    await fs.promises.mkdir(folder, { recursive: true });
    await fs.promises.writeFile(otherFile, JSON.stringify({ day: `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`, entries: [
      { id: `watch-check:${check.id}`, credits: 1, askedBy: 'person' },
      { id: 'another-window-of-this-suite:own', credits: 2, askedBy: 'person' },
    ] }));
    try {
      await waitFor('the other window\'s own spend counted', () => api.spend.today().person === before + credits + 2);
    } finally {
      await fs.promises.rm(otherFile, { force: true });
    }
    await waitFor('the other window\'s file gone, its spend with it', () => api.spend.today().person === before + credits);
    // The credits tooltip's breakdown says it too.
    await api.usage.model.refreshNow();
    const tooltip = (): string => { const t = api.usage.item.tooltip; return (typeof t === 'string' ? t : t?.value ?? '').replace(/\\(.)/g, '$1'); };
    await waitFor('the tooltip\'s breakdown', () => new RegExp(`Spent today: .* by chat agents, ${before + credits} credits? by you`).test(tooltip()));
  });

  it('opens a JSON watch\'s per-field changes in the diff editor as two JSON sides, the judge\'s words on top as comments', async () => {
    const monitor = await api.watch.agent.create({
      name: 'Getting started (JSON)', schedule: { text: 'weekly', timezone: 'UTC' }, goal: 'breaking change', judgeEnabled: true,
      targets: [{ type: 'scrape', urls: [GUIDE], scrapeOptions: { formats: ['json'] } }],
    }, new AbortController().signal);
    assert.ok(monitor);
    await paying('webData.checkWatchNow', monitor.id);
    await paying('webData.checkWatchNow', monitor.id);
    assert.equal(await vscode.commands.executeCommand<number>('webData.openWatchChanges', { watchId: monitor.id }), 1);
    await waitFor('the diff tab', () => vscode.window.tabGroups.activeTabGroup.activeTab?.input instanceof vscode.TabInputTextDiff);
    const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
    assert.ok(input instanceof vscode.TabInputTextDiff);
    assert.match(input.original.path, /\/previous\/docs\.tideflow\.dev.*\.jsonc$/);
    const [left, right] = await Promise.all([vscode.workspace.openTextDocument(input.original), vscode.workspace.openTextDocument(input.modified)]);
    const body = (text: string): unknown => JSON.parse(text.split('\n').filter((line) => !line.startsWith('//')).join('\n'));
    assert.deepEqual(body(left.getText()), { latestUpdate: null, updateCount: 0 });
    assert.deepEqual(body(right.getText()), { latestUpdate: 'Update 1: the migration guide now lists a breaking change: connect() no longer retries by default.', updateCount: 1 });
    assert.match(left.getText(), /^\/\/ Watch: Getting started \(JSON\) · https:\/\/docs\.tideflow\.dev\/getting-started\n\/\/ Judged: matters\. /);
    assert.equal(left.getText().split('\n').slice(0, 3).join('\n'), right.getText().split('\n').slice(0, 3).join('\n'), 'the same header on both sides');
    assert.equal(left.languageId, 'jsonc');
  });
});

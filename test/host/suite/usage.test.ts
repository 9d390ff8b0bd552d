// The credits status bar item in a real VS Code: its text and state for ok, low, no usage
// information (404) and error, what a threshold change or a lost key does to it, and the last
// known balance kept for the next start.
import * as assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import * as vscode from 'vscode';
import { LAST_KNOWN_KEY, presentUsage } from '../../../src/core/usage';
import type { WebDataApi } from '../../../src/extension';
import { startupState } from '../../../src/features/usage/status';
import { usageWords } from '../../../src/features/usage/words';
import { activate, emulator, env, plainText, restoreDemoKey, useKey, usageFor, waitFor, storageOf } from './helpers-account';
import { creditsItem } from './helpers-shown';
import { USED_IN_PROFILE_KEY } from '../../../src/platform/profile-use';

const KEY = 'wd-host-usage-0001';

describe('usage: credits in the status bar', () => {
  let api: WebDataApi;
  const credits = (n: number): string => new Intl.NumberFormat(vscode.env.language).format(n);

  before(async () => {
    api = await activate();
    await emulator.addTeam({ apiKey: KEY, usage: usageFor(185_175) });
    await useKey(KEY);
    // The colours this suite checks are the low threshold's: the forecast's (what this run spent
    // against these small balances) have their own test below, which turns them on.
    await vscode.workspace.getConfiguration('webData').update('credits.forecastWarning', false, vscode.ConfigurationTarget.Global);
  });

  after(async () => {
    await vscode.workspace.getConfiguration('webData').update('credits.forecastWarning', undefined, vscode.ConfigurationTarget.Global);
    await vscode.workspace.getConfiguration('webData').update('credits.lowThreshold', undefined, vscode.ConfigurationTarget.Global);
    await restoreDemoKey();
  });

  it('ok: credits = remainingTokens / 15 with separators; the tooltip has tokens, plan share and days left', async () => {
    await emulator.setUsage(KEY, usageFor(185_175, 150_000));
    await vscode.commands.executeCommand('webData.refreshUsage');
    const shown = creditsItem(api);
    assert.equal(api.usage.state.kind, 'ok');
    assert.equal(shown.text, `$(credit-card) ${credits(12_345)} credits`);
    assert.equal(shown.backgroundColor, undefined);
    assert.equal(shown.command, 'webData.refreshUsage');
    assert.match(plainText(shown.tooltip), /Remaining tokens/);
    assert.match(plainText(shown.tooltip), /123% of the plan \(top-ups included\)/);
    assert.match(plainText(shown.tooltip), /\(ends in 20 days\)/);
    assert.match(plainText(shown.tooltip), /Updated \d/);
  });

  it('the tooltip speaks credits first (left, the plan), and the tokens after them as the detail', async () => {
    await emulator.setUsage(KEY, usageFor(185_175, 150_000));
    await vscode.commands.executeCommand('webData.refreshUsage');
    const text = plainText(creditsItem(api).tooltip);
    const at = (pattern: RegExp): number => {
      const found = pattern.exec(text);
      assert.ok(found, `${String(pattern)} in ${text}`);
      return found.index;
    };
    const left = at(new RegExp(`${credits(12_345)} credits left`));
    const plan = at(new RegExp(`Plan: ${credits(10_000)} credits \\(coupons excluded\\)`));
    const detail = at(/In tokens \(1 credit = 15 tokens\)/);
    assert.ok(left < plan && plan < detail && detail < at(/Remaining tokens: /) && detail < at(/Plan tokens: /), text);
  });

  it('the free plan (null dates) says so', async () => {
    await emulator.setUsage(KEY, usageFor(15_000, 15_000, { start: null, end: null }));
    await vscode.commands.executeCommand('webData.refreshUsage');
    assert.match(plainText(creditsItem(api).tooltip), /Free plan/);
  });

  it('low: under webData.credits.lowThreshold, in warning colours', async () => {
    await emulator.setUsage(KEY, usageFor(750)); // 50 credits; the default threshold is 100
    await vscode.commands.executeCommand('webData.refreshUsage');
    const shown = creditsItem(api);
    assert.equal(api.usage.state.kind, 'low');
    assert.equal(shown.text, '$(credit-card) 50 credits');
    assert.equal(shown.backgroundColor, 'statusBarItem.warningBackground');
  });

  it('a lower threshold turns low into ok without asking the service again', async () => {
    const before = await emulator.requestCount();
    await vscode.workspace.getConfiguration('webData').update('credits.lowThreshold', 10, vscode.ConfigurationTarget.Global);
    await waitFor('the state to follow the threshold', () => api.usage.state.kind === 'ok');
    assert.equal(await emulator.requestCount(), before);
    assert.equal(creditsItem(api).backgroundColor, undefined);
  });

  it("the tooltip shows this machine's last 14 days as a bar line and the forecast; warning colours when the credits run out before the period ends, unless webData.credits.forecastWarning is off (issue 49)", async () => {
    const settings = vscode.workspace.getConfiguration('webData');
    await settings.update('credits.lowThreshold', undefined, vscode.ConfigurationTarget.Global);
    await emulator.setUsage(KEY, usageFor(15_000)); // 1,000 credits; the period ends in 20 days
    await vscode.commands.executeCommand('webData.refreshUsage');
    assert.equal(api.usage.state.kind, 'ok');
    // 1,400 credits spent here today: at least 100 a day over 14 days, so the 1,000 left last 10 days at most.
    await api.spend.record({ id: `usage-suite-forecast:${randomUUID()}`, credits: 1400, askedBy: 'person' }, { kind: 'search' });
    const bars = /Last 14 days here: ([\u2581-\u2588]{14}) \(([\d.,\s\u00a0\u202f]+) credits\)/;
    // Once the spend was read: today, the largest day, is the highest bar, and the forecast falls short.
    const short = /At this machine's rate \([\d.,\s\u00a0\u202f]+ credits a day\) they last until .+, \d+ days before the period ends\./;
    const read = (): boolean => {
      const text = plainText(creditsItem(api).tooltip);
      return /\u2588$/.test(bars.exec(text)?.[1] ?? '') && short.test(text);
    };
    await waitFor('the bar line and the forecast in the tooltip', read).catch(() => { assert.fail(`the tooltip says: ${plainText(creditsItem(api).tooltip)}`); });
    assert.ok(api.spend.usage.wasRead, 'the spend read the ledger');
    assert.equal(creditsItem(api).backgroundColor, undefined, 'the forecast warning is off in this suite');
    await settings.update('credits.forecastWarning', true, vscode.ConfigurationTarget.Global);
    try {
      await waitFor('warning colours from the forecast', () => creditsItem(api).backgroundColor === 'statusBarItem.warningBackground');
      assert.equal(api.usage.state.kind, 'ok', 'not the low threshold: the forecast');
    } finally {
      await settings.update('credits.forecastWarning', false, vscode.ConfigurationTarget.Global);
    }
    await waitFor('no warning colours with the setting off', () => creditsItem(api).backgroundColor === undefined);
  });

  it('no usage information (404)', async () => {
    await emulator.setUsage(KEY, null);
    await vscode.commands.executeCommand('webData.refreshUsage');
    const shown = creditsItem(api);
    assert.equal(api.usage.state.kind, 'no-usage');
    assert.equal(shown.text, '$(credit-card) No usage information');
    assert.equal(shown.command, 'webData.showUsage');
  });

  it('error: shown in the item (click for details and retry), no notification per poll', async () => {
    await emulator.setUsage(KEY, usageFor(185_175));
    await emulator.injectFault({ fault: { kind: 'status', status: 500, error: 'usage database unavailable' }, path: '/v2/team/token-usage', times: 'Infinity' });
    try {
      await vscode.commands.executeCommand('webData.refreshUsage');
      const shown = creditsItem(api);
      assert.equal(api.usage.state.kind, 'error');
      assert.equal(shown.text, '$(warning) Web Data');
      assert.equal(shown.command, 'webData.showUsage');
      assert.match(plainText(shown.tooltip), /usage database unavailable/);
    } finally {
      await emulator.clearFaults();
    }
    await vscode.commands.executeCommand('webData.refreshUsage');
    assert.equal(api.usage.state.kind, 'ok');
  });

  it('each answer is kept in globalState for the next start, under the service address, without the key', async () => {
    await emulator.setUsage(KEY, usageFor(30_000));
    await vscode.commands.executeCommand('webData.refreshUsage');
    const kept = storageOf(api).globalState.get<{ baseUrl?: unknown }>(LAST_KNOWN_KEY);
    const stored = JSON.stringify(kept);
    assert.match(stored, /"remainingTokens":30000/);
    assert.equal(kept?.baseUrl, env('WEBDATA_TEST_BASE_URL').replace(/\/+$/, ''));
    assert.doesNotMatch(stored, new RegExp(KEY));
  });

  it('a start shows the kept balance at once, marked last known, with its time in the tooltip', async () => {
    // What the constructor of the credits item reads at activation, before the connection or any request.
    const before = await emulator.requestCount();
    const state = startupState(storageOf(api).globalState);
    assert.ok(state?.kind === 'ok', `a start would show ${state?.kind ?? 'nothing'}`);
    assert.equal(state.credits, 2000);
    assert.equal(state.lastKnown, true);
    const words = usageWords(presentUsage(state, new Date()), { locale: vscode.env.language, now: new Date() });
    assert.equal(words.text, `$(sync~spin) ${credits(2000)} credits`);
    assert.match(words.heading, /\(last known\)/);
    assert.match(words.paragraphs.flat().join('\n'), /Last known .*\d.*refreshing/);
    assert.equal(await emulator.requestCount(), before, 'reading the kept balance asked the service');
  });

  it('refreshes asked for at once coalesce into at most two requests', async () => {
    const before = await emulator.requestCount();
    await Promise.all(Array.from({ length: 8 }, () => api.usage.refresh()));
    const usageCalls = (await emulator.requestsSince(before)).filter((r) => r.path === '/v2/team/token-usage');
    assert.ok(usageCalls.length >= 1 && usageCalls.length <= 2, `${usageCalls.length} requests for 8 refreshes`);
  });

  it('not connected: a plug that connects on click', async () => {
    assert.equal(await vscode.commands.executeCommand<boolean>('webData.clearApiKey', { confirmed: true }), true);
    const shown = creditsItem(api);
    assert.equal(api.usage.state.kind, 'not-connected');
    assert.equal(shown.text, '$(plug) Web Data');
    assert.equal(shown.command, 'webData.connect');
    assert.equal(storageOf(api).globalState.get(LAST_KNOWN_KEY), undefined, 'the balance outlived the key');
    assert.equal(startupState(storageOf(api).globalState), undefined);
  });

  it('not connected in a profile that never used the extension: no item, until a first use', async () => {
    assert.equal(api.usage.state.kind, 'not-connected');
    assert.ok(api.usage.shown, 'Clear API Key is a use: the plug shows');
    const state = storageOf(api).globalState;
    await state.update(USED_IN_PROFILE_KEY, undefined);
    // Anything that draws the item again reads the profile's use afresh: a spend recorded does.
    await api.spend.record({ id: 'usage-suite-redraw', credits: 0, askedBy: 'person' }, { kind: 'page' });
    await waitFor('the credits item gone from a profile that never used the extension', () => !api.usage.shown);
    // A command run through its stand-in is a use: the plug comes back, offering to connect.
    await vscode.commands.executeCommand('webData.showLog');
    await waitFor('the credits item back after a first use', () => api.usage.shown);
    assert.equal(creditsItem(api).command, 'webData.connect');
  });
});

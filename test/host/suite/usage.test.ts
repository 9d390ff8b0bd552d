// The credits status bar item in a real VS Code: its text and state for ok, low, no usage
// information (404) and error, and what a threshold change or a lost key does to it.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { WebDataApi } from '../../../src/extension';
import { activate, emulator, plainText, restoreDemoKey, useKey, usageFor, waitFor } from './helpers-account';

const KEY = 'wd-host-usage-0001';

describe('usage: credits in the status bar', () => {
  let api: WebDataApi;
  const credits = (n: number): string => new Intl.NumberFormat(vscode.env.language).format(n);

  before(async () => {
    api = await activate();
    await emulator.addTeam({ apiKey: KEY, usage: usageFor(185_175) });
    await useKey(KEY);
  });

  after(async () => {
    await vscode.workspace.getConfiguration('webData').update('lowCreditsThreshold', undefined, vscode.ConfigurationTarget.Global);
    await restoreDemoKey();
  });

  it('ok: credits = remainingTokens / 15 with separators; the tooltip has tokens, plan share and days left', async () => {
    await emulator.setUsage(KEY, usageFor(185_175, 150_000));
    await vscode.commands.executeCommand('webData.refreshUsage');
    const shown = api.usage.snapshot();
    assert.equal(shown.state.kind, 'ok');
    assert.equal(shown.text, `$(credit-card) ${credits(12_345)} credits`);
    assert.equal(shown.backgroundColor, undefined);
    assert.equal(shown.command, 'webData.refreshUsage');
    assert.match(plainText(shown.tooltip), /Remaining tokens/);
    assert.match(plainText(shown.tooltip), /123% of the plan \(top-ups included\)/);
    assert.match(plainText(shown.tooltip), /\(20 days left\)/);
  });

  it('the free plan (null dates) says so', async () => {
    await emulator.setUsage(KEY, usageFor(15_000, 15_000, { start: null, end: null }));
    await vscode.commands.executeCommand('webData.refreshUsage');
    assert.match(plainText(api.usage.snapshot().tooltip), /Free plan/);
  });

  it('low: under webData.lowCreditsThreshold, in warning colours', async () => {
    await emulator.setUsage(KEY, usageFor(750)); // 50 credits; the default threshold is 100
    await vscode.commands.executeCommand('webData.refreshUsage');
    const shown = api.usage.snapshot();
    assert.equal(shown.state.kind, 'low');
    assert.equal(shown.text, '$(credit-card) 50 credits');
    assert.equal(shown.backgroundColor, 'statusBarItem.warningBackground');
  });

  it('a lower threshold turns low into ok without asking the service again', async () => {
    const before = await emulator.requestCount();
    await vscode.workspace.getConfiguration('webData').update('lowCreditsThreshold', 10, vscode.ConfigurationTarget.Global);
    await waitFor('the state to follow the threshold', () => api.usage.state.kind === 'ok');
    assert.equal(await emulator.requestCount(), before);
    assert.equal(api.usage.snapshot().backgroundColor, undefined);
  });

  it('no usage information (404)', async () => {
    await emulator.setUsage(KEY, null);
    await vscode.commands.executeCommand('webData.refreshUsage');
    const shown = api.usage.snapshot();
    assert.equal(shown.state.kind, 'no-usage');
    assert.equal(shown.text, '$(credit-card) No usage information');
    assert.equal(shown.command, 'webData.showUsage');
  });

  it('error: shown in the item (click for details and retry), no notification per poll', async () => {
    await emulator.setUsage(KEY, usageFor(185_175));
    await emulator.injectFault({ fault: { kind: 'status', status: 500, error: 'usage database unavailable' }, path: '/v2/team/token-usage', times: 'Infinity' });
    try {
      await vscode.commands.executeCommand('webData.refreshUsage');
      const shown = api.usage.snapshot();
      assert.equal(shown.state.kind, 'error');
      assert.equal(shown.text, '$(warning) Web Data');
      assert.equal(shown.command, 'webData.showUsage');
      assert.match(plainText(shown.tooltip), /usage database unavailable/);
    } finally {
      await emulator.clearFaults();
    }
    await vscode.commands.executeCommand('webData.refreshUsage');
    assert.equal(api.usage.state.kind, 'ok');
  });

  it('refreshes asked for at once coalesce into at most two requests', async () => {
    const before = await emulator.requestCount();
    await Promise.all(Array.from({ length: 8 }, () => api.usage.refresh()));
    const usageCalls = (await emulator.requestsSince(before)).filter((r) => r.path === '/v2/team/token-usage');
    assert.ok(usageCalls.length >= 1 && usageCalls.length <= 2, `${usageCalls.length} requests for 8 refreshes`);
  });

  it('not connected: a plug that connects on click', async () => {
    assert.equal(await vscode.commands.executeCommand<boolean>('webData.clearApiKey', { confirmed: true }), true);
    const shown = api.usage.snapshot();
    assert.equal(shown.state.kind, 'not-connected');
    assert.equal(shown.text, '$(plug) Web Data');
    assert.equal(shown.command, 'webData.connect');
  });
});

// Connecting in a real VS Code: a key is checked with the (emulated) service before it is stored,
// a refused key stores nothing, and no key ever reaches the "Web Data" log.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { WebDataApi } from '../../../src/extension';
import { activate, emulator, env, restoreDemoKey, usageFor, waitFor, webDataLogText } from './helpers-account';

const NO_USAGE_KEY = 'wd-host-connect-nousage-0001';
const BAD_KEY = 'wd-host-connect-not-a-team-9999';

/** Is a key stored for the configured address? clearApiKey answers that, and removes it. */
async function removeKey(): Promise<boolean> {
  return await vscode.commands.executeCommand<boolean>('webData.clearApiKey', { confirmed: true });
}

describe('connect', () => {
  let api: WebDataApi;

  before(async () => {
    api = await activate();
    await emulator.addTeam({ apiKey: NO_USAGE_KEY, usage: null });
  });

  after(restoreDemoKey);

  it('refuses a key the service does not accept, and stores nothing', async () => {
    await removeKey();
    const before = await emulator.requestCount();
    const ok = await vscode.commands.executeCommand<boolean>('webData.setApiKey', { apiKey: BAD_KEY });
    assert.equal(ok, false);
    assert.equal(await removeKey(), false, 'a refused key was stored');
    const recent = await emulator.requestsSince(before);
    assert.ok(recent.some((r) => r.path === '/v2/team/token-usage' && r.status === 401), 'the key was not checked with the service');
    assert.equal(api.usage.state.kind, 'not-connected');
  });

  it('saves a key whose team has no credits left (402): the key itself works', async () => {
    await removeKey();
    await emulator.injectFault({ fault: { kind: 'payment-required' }, path: '/v2/team/token-usage', times: 1 });
    try {
      const ok = await vscode.commands.executeCommand<boolean>('webData.setApiKey', { apiKey: env('WEBDATA_TEST_API_KEY') });
      assert.equal(ok, true, 'a key answered with 402 was not saved');
      assert.equal(await removeKey(), true, 'the key was not stored');
    } finally {
      await emulator.clearFaults();
    }
  });

  it('accepts a good key, stores it, and the status bar follows', async () => {
    await emulator.setUsage(env('WEBDATA_TEST_API_KEY'), usageFor(1_500_000));
    const ok = await vscode.commands.executeCommand<boolean>('webData.setApiKey', { apiKey: env('WEBDATA_TEST_API_KEY') });
    assert.equal(ok, true);
    await waitFor('the credits after connecting', () => api.usage.state.kind === 'ok');
    assert.equal(await removeKey(), true, 'the accepted key was not stored');
    await waitFor('the status bar to show "not connected"', () => api.usage.state.kind === 'not-connected');
  });

  it('accepts a key whose team has no usage information (404): the key works', async () => {
    const ok = await vscode.commands.executeCommand<boolean>('webData.setApiKey', { apiKey: NO_USAGE_KEY });
    assert.equal(ok, true);
    await waitFor('the "no usage information" state', () => api.usage.state.kind === 'no-usage');
  });

  it('does not store a key it could not check (service unreachable), unless asked to skip the check', async () => {
    const unreachable = 'http://127.0.0.1:9';
    const ok = await vscode.commands.executeCommand<boolean>('webData.setApiKey', { apiKey: 'wd-offline-key-0001', baseUrl: unreachable });
    assert.equal(ok, false);
    assert.equal(await vscode.commands.executeCommand<boolean>('webData.clearApiKey', { baseUrl: unreachable, confirmed: true }), false);
    const skipped = await vscode.commands.executeCommand<boolean>('webData.setApiKey', { apiKey: 'wd-offline-key-0001', baseUrl: unreachable, skipCheck: true });
    assert.equal(skipped, true);
    assert.equal(await vscode.commands.executeCommand<boolean>('webData.clearApiKey', { baseUrl: unreachable, confirmed: true }), true);
  });

  it('connect with arguments keeps the address and stores the key, with no prompt', async () => {
    const ok = await vscode.commands.executeCommand<boolean>('webData.connect', { baseUrl: env('WEBDATA_TEST_BASE_URL'), apiKey: env('WEBDATA_TEST_API_KEY') });
    assert.equal(ok, true);
    assert.equal(vscode.workspace.getConfiguration('webData').get<string>('baseUrl'), env('WEBDATA_TEST_BASE_URL'));
  });

  it('writes one line per request to the log, and never a key', async () => {
    const keys = [env('WEBDATA_TEST_API_KEY'), BAD_KEY, NO_USAGE_KEY, 'wd-offline-key-0001'];
    let text = '';
    // The channel's file is written asynchronously: wait until the 401 line of the first test is in.
    await waitFor('the request lines in the "Web Data" log file', () => {
      text = webDataLogText(api.logUri);
      return /GET \/v2\/team\/token-usage 401 \d+ ms/.test(text);
    }, 10_000);
    assert.match(text, /GET \/v2\/team\/token-usage 200 \d+ ms/);
    for (const key of keys) assert.ok(!text.includes(key), 'an API key is in the log');
  });
});

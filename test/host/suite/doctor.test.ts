// Web Data: Check Connection in a real VS Code: the report document (read-only, markdown, on its
// own scheme), the hops for the emulator, behind the runner's tinyproxy with the HTTPS emulator,
// for a name no resolver knows and for a refused key; Copy Report without the key.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { WebDataApi } from '../../../src/extension';
import type { CheckConnectionResult } from '../../../src/features/doctor';
import type { WebhookNotification } from '../../../src/features/webhooks';
import { activate, emulator, env, useKey, waitFor } from './helpers-account';
import { startUnsignedReceiver } from './helpers-webhooks';

const run = async (): Promise<CheckConnectionResult> => {
  const result = await vscode.commands.executeCommand<CheckConnectionResult>('webData.checkConnection', { quiet: true });
  assert.ok(result, 'webData.checkConnection returned nothing');
  return result;
};
const statuses = (result: CheckConnectionResult): string[] => result.report.hops.map((h) => `${h.id}:${h.status}`);

describe('Check Connection', function () {
  this.timeout(60_000);
  const http = (): vscode.WorkspaceConfiguration => vscode.workspace.getConfiguration('http');
  const webData = (): vscode.WorkspaceConfiguration => vscode.workspace.getConfiguration('webData');

  let api: WebDataApi;

  before(async () => {
    api = await activate();
    await useKey(env('WEBDATA_TEST_API_KEY'));
  });
  afterEach(async () => {
    await emulator.clearFaults();
    await http().update('proxy', undefined, vscode.ConfigurationTarget.Global);
    await webData().update('baseUrl', env('WEBDATA_TEST_BASE_URL'), vscode.ConfigurationTarget.Workspace);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('with the emulator: every hop passes, and the report opens as markdown from its own scheme, without the key', async () => {
    const result = await run();
    assert.equal(result.report.failed, undefined, statuses(result).join(', '));
    assert.deepEqual(statuses(result), ['settings:ok', 'dns:ok', 'tcp:ok', 'proxy:not-needed', 'tls:not-needed', 'key:ok', 'webhook:not-needed']);
    let editor: vscode.TextEditor | undefined;
    await waitFor('the report in the active editor', () => {
      editor = vscode.window.activeTextEditor;
      return editor?.document.uri.scheme === 'webdata-report';
    }, 10_000);
    const document = (editor as vscode.TextEditor).document;
    assert.equal(document.languageId, 'markdown');
    assert.equal(document.getText(), result.markdown);
    assert.ok(!result.markdown.includes(env('WEBDATA_TEST_API_KEY')), 'the key is in the report');
    // A content provider's document: never untitled, so closing it never asks to save.
    assert.equal(document.isUntitled, false);
  });

  it('Copy Report copies the report, without the key', async () => {
    const result = await run();
    await vscode.env.clipboard.writeText('');
    await vscode.commands.executeCommand('webData.copyConnectionReport');
    const copied = await vscode.env.clipboard.readText();
    assert.equal(copied, result.markdown);
    assert.ok(!copied.includes(env('WEBDATA_TEST_API_KEY')));
  });

  it('behind the proxy to the HTTPS emulator: CONNECT answered 200, TLS trusted by the NODE_EXTRA_CA_CERTS file', async () => {
    const proxy = process.env.WEBDATA_TEST_PROXY_URL;
    const tlsBase = process.env.WEBDATA_TEST_TLS_BASE_URL;
    assert.ok(proxy && tlsBase, 'run through npm run test:host');
    await http().update('proxy', proxy, vscode.ConfigurationTarget.Global);
    await webData().update('baseUrl', tlsBase, vscode.ConfigurationTarget.Workspace);
    const result = await run();
    // No key is stored for this address: every network hop passes and the key hop says so.
    assert.deepEqual(statuses(result), ['settings:ok', 'dns:ok', 'tcp:ok', 'proxy:ok', 'tls:ok', 'key:failed', 'webhook:skipped']);
    const tls = result.report.hops.find((h) => h.id === 'tls')?.facts[0];
    assert.ok(tls?.kind === 'tls' && tls.trustedBy === 'extra-file', JSON.stringify(tls));
    assert.deepEqual(result.report.hops.find((h) => h.id === 'key')?.fix, { fix: 'api-key', detail: 'no-key' });
  });

  it('a name no resolver knows fails at name resolution, and the rest is skipped', async () => {
    await webData().update('baseUrl', 'https://nowhere.webdata.test', vscode.ConfigurationTarget.Workspace);
    const result = await run();
    assert.equal(result.report.failed, 'dns');
    assert.deepEqual(statuses(result).slice(2), ['tcp:skipped', 'proxy:skipped', 'tls:skipped', 'key:skipped', 'webhook:skipped']);
  });

  it('a refused key (401) fails at the key hop and names Set API Key', async () => {
    // Every time, not once: the credits' own refresh (after the key was stored) could take a single one.
    await emulator.injectFault({ path: '/v2/team/token-usage', times: 'Infinity', fault: { kind: 'json', status: 401, body: { success: false, error: 'Unauthorized: invalid API key.' } } });
    try {
      const result = await run();
      assert.equal(result.report.failed, 'key', JSON.stringify(result.report.hops));
      assert.deepEqual(result.report.hops.find((h) => h.id === 'key')?.fix, { fix: 'api-key', detail: 'refused' });
    } finally {
      await emulator.clearFaults();
      // The credits saw the refusals too: bring them back for the suites that follow.
      await vscode.commands.executeCommand('webData.refreshUsage');
    }
  });

  it('with the webhook receiver running: its address, a signed test delivery it accepts and lists, the secret named, never shown', async () => {
    const notifications: WebhookNotification[] = [];
    const receiver = await startUnsignedReceiver(api, notifications);
    const SECRET = 'doctor-webhook-secret-1';
    try {
      const unsigned = await run();
      const hop = (r: CheckConnectionResult) => r.report.hops.find((h) => h.id === 'webhook');
      assert.equal(hop(unsigned)?.status, 'warning', JSON.stringify(hop(unsigned)));
      assert.deepEqual(hop(unsigned)?.fix, { fix: 'webhook-receiver', detail: 'no-secret' });
      // With a secret the receiver refuses anything unsigned: a 2xx proves the delivery was signed.
      assert.equal(await vscode.commands.executeCommand('webData.setWebhookSecret', { secret: SECRET }), true);
      const signed = await run();
      const fact = hop(signed)?.facts[0];
      assert.ok(fact?.kind === 'webhook', JSON.stringify(hop(signed)));
      assert.equal(hop(signed)?.status, 'ok');
      assert.equal(fact.address, receiver.url);
      assert.equal(fact.secretSet, true);
      assert.ok(fact.deliveryStatus !== undefined && fact.deliveryStatus >= 200 && fact.deliveryStatus < 300, String(fact.deliveryStatus));
      assert.ok(!signed.markdown.includes(SECRET), 'the secret is in the report');
      await waitFor('the test delivery in Webhook Events', () => api.webhooks.events.some((e) => JSON.stringify(e).includes('connection.check')), 5000);
    } finally {
      await receiver.stop();
    }
  });
});

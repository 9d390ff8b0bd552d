// Behind a proxy, in a real VS Code: with `http.proxy` set (user settings) to a running tinyproxy
// and the service addressed by a name only that proxy resolves, the credits arrive, the log line
// names the proxy, and http.proxySupport "off" applies to the next request without a reload.
// The HTTPS emulator's certificate is trusted through NODE_EXTRA_CA_CERTS, set by the runner.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { WebDataApi } from '../../../src/extension';
import { activate, env, restoreDemoKey, useKey, waitFor, webDataLogText as logText } from './helpers-account';

function proxyEnv(name: 'WEBDATA_TEST_PROXY_URL' | 'WEBDATA_TEST_TLS_BASE_URL'): string {
  const value = process.env[name];
  assert.ok(value, `${name} is not set: run through npm run test:host`);
  return value;
}

describe('behind a proxy: http.proxy in VS Code', () => {
  let api: WebDataApi;
  const http = (): vscode.WorkspaceConfiguration => vscode.workspace.getConfiguration('http');
  const webData = (): vscode.WorkspaceConfiguration => vscode.workspace.getConfiguration('webData');

  before(async () => {
    api = await activate();
    await http().update('proxy', proxyEnv('WEBDATA_TEST_PROXY_URL'), vscode.ConfigurationTarget.Global);
    // The test workspace sets webData.baseUrl, so the workspace value is the one to change.
    await webData().update('baseUrl', proxyEnv('WEBDATA_TEST_TLS_BASE_URL'), vscode.ConfigurationTarget.Workspace);
    // The key is checked with the service before it is stored: that request goes through the proxy too.
    await useKey(env('WEBDATA_TEST_API_KEY'));
  });

  after(async () => {
    await http().update('proxySupport', undefined, vscode.ConfigurationTarget.Global);
    await http().update('proxy', undefined, vscode.ConfigurationTarget.Global);
    await webData().update('baseUrl', env('WEBDATA_TEST_BASE_URL'), vscode.ConfigurationTarget.Workspace);
    await restoreDemoKey();
  });

  it('the credits arrive through the proxy, and the log line names it (host only)', async () => {
    await vscode.commands.executeCommand('webData.refreshUsage');
    await waitFor('the credits', () => api.usage.state.kind === 'ok', 10_000);
    const proxyHost = new URL(proxyEnv('WEBDATA_TEST_PROXY_URL')).host;
    let text = '';
    await waitFor('the request line in the "Web Data" log', () => {
      text = logText(api.logUri);
      return new RegExp(`GET /v2/team/token-usage 200 \\d+ ms via proxy ${proxyHost.replace(/\./g, '\\.')}`).test(text);
    }, 10_000);
  });

  it('http.proxySupport "off" applies to the next request, without a reload; back on, the credits return', async () => {
    await http().update('proxySupport', 'off', vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('webData.refreshUsage');
    // Without the proxy the service's name cannot be resolved on this machine.
    await waitFor('the error state', () => api.usage.state.kind === 'error', 15_000);
    await http().update('proxySupport', undefined, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('webData.refreshUsage');
    await waitFor('the credits again', () => api.usage.state.kind === 'ok', 10_000);
  });
});

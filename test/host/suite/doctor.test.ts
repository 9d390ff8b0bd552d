// Web Data: Check Connection in a real VS Code: the report document (read-only, markdown, on its
// own scheme), the hops for the emulator, behind the runner's tinyproxy with the HTTPS emulator,
// and each failure of issue 21 made for real (a name no resolver knows, a refused port, a proxy
// answering 407, a CONNECT refused, an untrusted and an expired certificate, a refused key), each
// named in the report with its fix and the hops after it skipped; Copy Report without the key.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Fix, HopId } from '../../../src/core/doctor/types';
import type { WebDataApi } from '../../../src/extension';
import type { CheckConnectionResult } from '../../../src/features/doctor';
import type { WebhookNotification } from '../../../src/features/webhooks';
import {
  makeExpiredCertificate, makeTestCertificates, SERVICE_HOST, freePort, startEmulator, startTinyproxy,
  type Emulator, type TestCertificates, type TestProxy,
} from '../../emulator';
import { activate, emulator, env, useKey, waitFor } from './helpers-account';
import { startUnsignedReceiver } from './helpers-webhooks';

const run = async (): Promise<CheckConnectionResult> => {
  const result = await vscode.commands.executeCommand<CheckConnectionResult>('webData.checkConnection', { quiet: true });
  assert.ok(result, 'webData.checkConnection returned nothing');
  return result;
};
const statuses = (result: CheckConnectionResult): string[] => result.report.hops.map((h) => `${h.id}:${h.status}`);

// The report's words for each hop (src/features/doctor/words.ts); these suites run in English.
const HOP_NAMES: Record<HopId, string> = {
  settings: 'Settings in force', dns: 'Name resolution', tcp: 'TCP connection', proxy: 'Proxy CONNECT',
  tls: 'TLS', key: 'API key', webhook: 'Webhook receiver',
};

/**
 * The report failed at `id` with `fix`, in its structure and in the document a person reads: the
 * verdict and the hop's heading name that hop, "What to change" says `fixText`, the hops before it
 * passed, and each hop after it is skipped and says so.
 */
function assertFailedAt(result: CheckConnectionResult, id: HopId, fix: Fix, fixText: string): void {
  const { hops, failed } = result.report;
  assert.equal(failed, id, statuses(result).join(', '));
  const at = hops.findIndex((h) => h.id === id);
  assert.deepEqual(hops[at]?.fix, fix);
  const text = result.markdown;
  assert.ok(text.includes(`**Connection check failed at ${HOP_NAMES[id]}. ${fixText}`), `the verdict does not name ${id} and its fix:\n${text}`);
  assert.match(text, new RegExp(`^## ${at + 1}\\. ${HOP_NAMES[id]}: FAILED \\(\\d+ ms\\)$`, 'm'), text);
  assert.ok(text.includes(`**What to change:** ${fixText}`), `no "What to change" for ${id}:\n${text}`);
  hops.slice(0, at).forEach((h) => assert.ok(['ok', 'warning', 'not-needed'].includes(h.status), `${h.id}: ${h.status}`));
  hops.slice(at + 1).forEach((h, i) => {
    assert.equal(h.status, 'skipped', h.id);
    assert.ok(text.includes(`## ${at + 2 + i}. ${HOP_NAMES[h.id]}: skipped: an earlier hop failed\n`), `${h.id} is not said to be skipped:\n${text}`);
  });
}

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
    // What is left is said in credits, with separators, as the status bar says it; never in tokens.
    assert.match(result.markdown, /the key works \((1 credit|\d{1,3}(,\d{3})* credits) left\)/);
    assert.doesNotMatch(result.markdown, /tokens left/);
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

  it('an http:// address off this machine fails at the settings, saying the key goes only over https:// or to this machine', async () => {
    await webData().update('baseUrl', 'http://api.example.com', vscode.ConfigurationTarget.Workspace);
    const result = await run();
    assertFailedAt(result, 'settings', { fix: 'service-address', setting: 'webData.baseUrl', detail: 'plain-http' },
      'The API key is sent only over https://, except to a service on this machine: use the https:// address in the `webData.baseUrl` setting (Web Data: Connect).');
  });

  describe('each failure made for real', () => {
    // The runner's parts: its tinyproxy (open, resolves SERVICE_HOST) and its authority, which the
    // extension host trusts through NODE_EXTRA_CA_CERTS. Made here: a proxy with Basic auth (407),
    // one that allows CONNECT to port 443 only (403), an HTTPS emulator whose authority nothing
    // trusts, and one whose certificate from the trusted authority expired in 2020.
    let guarded: TestProxy;
    let strict: TestProxy;
    let untrusted: Emulator;
    let expired: Emulator;
    // What before() made, as it was made: after() closes those even when before() failed halfway.
    let strangerCa: TestCertificates | undefined;
    const started: Array<{ close(): Promise<void> }> = [];
    const keep = <T extends { close(): Promise<void> }>(part: T): T => {
      started.push(part);
      return part;
    };
    const openProxy = (): string => {
      const proxy = process.env.WEBDATA_TEST_PROXY_URL;
      assert.ok(proxy, 'WEBDATA_TEST_PROXY_URL is not set: run through npm run test:host');
      return proxy;
    };
    const viaProxy = (server: Emulator | number): string => `https://${SERVICE_HOST}:${typeof server === 'number' ? server : new URL(server.url).port}`;

    before(async () => {
      const caDir = process.env.WEBDATA_TEST_CA_DIR;
      assert.ok(caDir, 'WEBDATA_TEST_CA_DIR is not set: run through npm run test:host');
      const stranger = strangerCa = makeTestCertificates();
      [guarded, strict, untrusted, expired] = await Promise.all([
        startTinyproxy({ basicAuth: { user: 'alice', password: 'pw-host-s3cret' } }).then(keep),
        startTinyproxy({ connectPorts: [443] }).then(keep),
        startEmulator({ tls: { key: stranger.key, cert: stranger.cert } }).then(keep),
        startEmulator({ tls: makeExpiredCertificate({ dir: caDir }) }).then(keep),
      ]);
    });
    after(async () => {
      await Promise.all(started.map((part) => part.close()));
      strangerCa?.dispose();
    });

    it('a refused port fails at the TCP connection and names webData.baseUrl', async () => {
      await webData().update('baseUrl', `http://127.0.0.1:${await freePort()}`, vscode.ConfigurationTarget.Workspace);
      const result = await run();
      assert.deepEqual(result.report.hops.find((h) => h.id === 'tcp')?.facts, [{ kind: 'error', code: 'ECONNREFUSED' }]);
      assertFailedAt(result, 'tcp', { fix: 'service-address', setting: 'webData.baseUrl', detail: 'refused' },
        'Nothing answers at the service\'s address and port: correct the service address (the `webData.baseUrl` setting), or check that the service runs.');
    });

    it('a proxy answering 407 fails at the proxy hop and names http.proxyAuthorization, never a password', async () => {
      await http().update('proxy', guarded.url, vscode.ConfigurationTarget.Global);
      await webData().update('baseUrl', viaProxy(expired), vscode.ConfigurationTarget.Workspace);
      const result = await run();
      assert.deepEqual(result.report.hops.find((h) => h.id === 'proxy')?.facts, [{ kind: 'proxy-answer', status: 407, target: `${SERVICE_HOST}:${new URL(expired.url).port}` }]);
      assertFailedAt(result, 'proxy', { fix: 'proxy-credentials', setting: 'http.proxyAuthorization' },
        'The proxy wants credentials (407): put the user and password in the proxy address, or set the `http.proxyAuthorization` setting.');
      assert.ok(!result.markdown.includes('pw-host-s3cret'));
    });

    it('a CONNECT refused by the proxy (403) fails at the proxy hop and names the host and http.noProxy', async () => {
      await http().update('proxy', strict.url, vscode.ConfigurationTarget.Global);
      await webData().update('baseUrl', viaProxy(expired), vscode.ConfigurationTarget.Workspace);
      const result = await run();
      assert.deepEqual(result.report.hops.find((h) => h.id === 'proxy')?.facts, [{ kind: 'proxy-answer', status: 403, target: `${SERVICE_HOST}:${new URL(expired.url).port}` }]);
      assertFailedAt(result, 'proxy', { fix: 'proxy-allow', setting: 'http.noProxy', detail: SERVICE_HOST },
        `The proxy refuses connections to \`${SERVICE_HOST}\`: ask whoever runs it to allow that host, or add it to the \`http.noProxy\` setting if it can be reached without the proxy.`);
    });

    it('an untrusted certificate fails at TLS and names the certificate stores', async () => {
      await http().update('proxy', openProxy(), vscode.ConfigurationTarget.Global);
      await webData().update('baseUrl', viaProxy(untrusted), vscode.ConfigurationTarget.Workspace);
      const result = await run();
      const facts = result.report.hops.find((h) => h.id === 'tls')?.facts ?? [];
      assert.ok(facts[0]?.kind === 'tls' && facts[0].issuer === 'Web Data test CA' && facts[0].trustedBy === 'not-checked', JSON.stringify(facts));
      assert.deepEqual(facts.at(-1), { kind: 'error', code: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' });
      assertFailedAt(result, 'tls', { fix: 'certificates', setting: 'http.systemCertificates', variable: 'NODE_EXTRA_CA_CERTS', detail: 'untrusted' },
        'The certificate is not trusted by this machine. If your company inspects TLS, trust its certificate authority');
    });

    it('an expired certificate (made with openssl ca) fails at TLS, says it expired and gives its date', async () => {
      await http().update('proxy', openProxy(), vscode.ConfigurationTarget.Global);
      await webData().update('baseUrl', viaProxy(expired), vscode.ConfigurationTarget.Workspace);
      const result = await run();
      const facts = result.report.hops.find((h) => h.id === 'tls')?.facts ?? [];
      assert.ok(facts[0]?.kind === 'tls' && facts[0].validTo.startsWith('2020-01-02'), JSON.stringify(facts));
      assert.deepEqual(facts.at(-1), { kind: 'error', code: 'CERT_HAS_EXPIRED' });
      assert.ok(result.markdown.includes('valid until 2020-01-02'), result.markdown);
      assertFailedAt(result, 'tls', { fix: 'certificate-renewal', detail: 'expired' },
        'The certificate is not valid today (expired): whoever runs the service (or the TLS inspection) must renew it');
    });
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

// Webhooks in a real extension host: the receiver started by its command on a free port, signed
// and unsigned deliveries over real sockets reaching the Webhook Events view, and the emulator's
// crawl.completed taking the crawl off the Active Crawls view with a notification naming its URL.
import * as assert from 'node:assert/strict';
import { createServer } from 'node:net';
import * as vscode from 'vscode';
import type { WebDataApi } from '../../../src/extension';
import type { WebhookNotification } from '../../../src/features/webhooks';
import type { ActiveCrawl } from '../../../src/core/api/schemas';
import { makeEvent, sendWebhook } from '../../emulator/webhook-sender';
import { startWebhookReceiver } from '../../../src/core/webhooks';
import { emulator, restoreDemoKey, useKey, waitFor } from './helpers-account';
import { crawlRows } from './helpers-shown';
import { eventRows, settingsTarget, startUnsignedReceiver, type UnsignedReceiver } from './helpers-webhooks';

const EXTENSION_ID = 'web-data.web-data';
const SECRET = 'host-test-webhook-secret';
const KEY = 'wd-host-webhooks-0001';
const CRAWL: ActiveCrawl = { id: '7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f', teamId: 'team_webhooks', url: 'https://crawl.host-test.example', options: { scrapeOptions: { formats: ['markdown'] } } };

/** The spacing of until()'s looks, not a wait for anything. */
function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Polls `check` every 20 ms until it returns a value, or fails after `ms` (a hang detector: see waitFor); gives the value. */
async function until<T>(what: string, check: () => T | undefined | false, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (let i = 0; i < 10_000; i++) {
    const value = check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) break;
    await sleep(20);
  }
  throw new Error(`timed out after ${ms} ms waiting for ${what}`);
}

async function admin(method: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
  const adminUrl = process.env.WEBDATA_TEST_ADMIN_URL;
  assert.ok(adminUrl, 'WEBDATA_TEST_ADMIN_URL is not set: run through npm run test:host');
  const response = await fetch(`${adminUrl}${path}`, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  const json = (await response.json()) as Record<string, unknown>;
  assert.equal(response.status, 200, `admin ${method} ${path}: ${JSON.stringify(json)}`);
  return json;
}

/** The view's row for the event about this job. */
function rowFor(api: WebDataApi, jobId: string): vscode.TreeItem | undefined {
  const record = api.webhooks.events.find((e) => e.jobId === jobId);
  return record && eventRows(api).find((r) => r.id === record.key);
}

function text(value: string | vscode.TreeItemLabel | undefined): string {
  return typeof value === 'string' ? value : (value?.label ?? '');
}

/** The receiver's status bar item as read: its text, its label for screen readers, its tooltip's words. */
function receiverItem(api: WebDataApi): { text: string; label: string; tooltip: string } {
  const item = api.webhooks.statusBarItem;
  const tooltip = typeof item.tooltip === 'string' ? item.tooltip : (item.tooltip?.value ?? '');
  // appendText escapes markdown and writes spaces as &nbsp;.
  return { text: item.text, label: item.accessibilityInformation?.label ?? '', tooltip: tooltip.replace(/\\(.)/g, '$1').replace(/&nbsp;/g, ' ') };
}

describe('webhooks', function () {
  this.timeout(30_000);
  let api: WebDataApi;
  let url: string;
  const notifications: WebhookNotification[] = [];
  let receiver: UnsignedReceiver | undefined;

  before(async () => {
    const extension = vscode.extensions.getExtension<WebDataApi>(EXTENSION_ID);
    assert.ok(extension);
    api = await extension.activate();
    assert.ok(api.webhooks, 'activate() does not return the webhooks API');
    receiver = await startUnsignedReceiver(api, notifications);
    url = receiver.url;
  });

  after(async () => {
    await receiver?.stop();
    await admin('PUT', '/webhook', null).catch(() => undefined);
    await restoreDemoKey();
  });

  it('starts on a free port, on loopback, and shows its address', () => {
    assert.match(url, /^http:\/\/127\.0\.0\.1:\d+\/webhooks\/web-data$/);
    const receiver = api.webhooks.receiver;
    assert.ok(receiver);
    assert.notEqual(receiver.port, 0);
    assert.equal(receiver.localUrl, url);
    assert.ok(notifications.some((n) => n.kind === 'receiver' && n.message.includes(receiver.externalUrl)), 'no notification with the address');
    // The address to give the service keeps the receiver's path even where the forwarder (the
    // browser workbench's port proxy here) maps only the port.
    assert.match(new URL(receiver.externalUrl).pathname, /\/webhooks\/web-data$/, `forwarded as ${receiver.externalUrl}`);
  });

  it('the status bar item names the port and counts nothing yet; its tooltip says signatures are not checked', () => {
    const port = api.webhooks.receiver?.port;
    const item = receiverItem(api);
    assert.equal(item.text, `$(radio-tower) :${port} · 0 events`);
    assert.equal(item.label, `Webhook receiver on port ${port}, 0 events received`);
    assert.ok(item.tooltip.includes(`Listening on ${url}`), item.tooltip);
    assert.ok(item.tooltip.includes(`Signatures: not checked. No webhook secret is set, so unsigned deliveries are accepted from anything that can reach port ${port};`), item.tooltip);
    assert.ok(item.tooltip.includes('This run: accepted 0, refused 0, repeats ignored 0.'), item.tooltip);
  });

  it('lists an unsigned delivery without a secret, and notifies batch_scrape.started', async () => {
    const event = makeEvent('batch_scrape.started', { id: 'batch-unsigned-1', metadata: { project: 'host-test' } });
    const answer = await sendWebhook({ url, event });
    assert.equal(answer.status, 200);
    const row = await until('the unsigned row', () => rowFor(api, 'batch-unsigned-1'));
    assert.equal(text(row.label), 'batch_scrape.started');
    assert.match(String(row.description), /^\S.* · batch-un… · unsigned$/);
    assert.equal(row.contextValue, 'event.unsigned.job');
    assert.equal(row.collapsibleState, vscode.TreeItemCollapsibleState.Collapsed, 'metadata shows as children');
    const notification = await until('the batch_scrape.started notification', () => notifications.find((n) => n.kind === 'batch_scrape.started' && n.message.includes('batch-unsigned-1')));
    assert.equal(notification.message, 'Batch scrape batch-unsigned-1 started.');
    const port = api.webhooks.receiver?.port;
    assert.equal(receiverItem(api).text, `$(radio-tower) :${port} · 1 event`);
    assert.equal(receiverItem(api).label, `Webhook receiver on port ${port}, 1 event received`);
  });

  it('with a secret, verifies signed deliveries and refuses unsigned ones without notifying', async () => {
    assert.equal(await vscode.commands.executeCommand('webData.setWebhookSecret', { secret: SECRET }), true);
    const signed = makeEvent('batch_scrape.completed', { id: 'batch-signed-1' });
    assert.equal((await sendWebhook({ url, event: signed, secret: SECRET })).status, 200);
    const unsigned = makeEvent('batch_scrape.completed', { id: 'batch-forged-1' });
    assert.equal((await sendWebhook({ url, event: unsigned })).status, 401);
    const wrong = makeEvent('batch_scrape.completed', { id: 'batch-forged-2' });
    assert.equal((await sendWebhook({ url, event: wrong, secret: 'not-the-secret' })).status, 401);

    const verified = await until('the verified row', () => rowFor(api, 'batch-signed-1'));
    assert.match(String(verified.description), / · verified$/);
    assert.equal(rowFor(api, 'batch-forged-1')?.contextValue, 'event.refused.job');
    const refused = await until('two refused rows', () => {
      const rows = eventRows(api).filter((r) => r.contextValue?.startsWith('event.refused'));
      return rows.length >= 2 && rows;
    });
    assert.ok(refused.every((r) => /refused 401/.test(String(r.description))));
    const notification = await until('the batch_scrape.completed notification', () => notifications.find((n) => n.message.includes('batch-signed-1')));
    assert.equal(notification.message, 'Batch scrape batch-signed-1 completed.');
    assert.equal(notifications.filter((n) => /batch-forged/.test(n.message)).length, 0, 'a refused delivery notified');
  });

  it('the status bar item counts this run\'s accepted deliveries, and its tooltip the refused ones, the repeats and the secret', async () => {
    // Counts that all differ, so a count in the wrong place shows. A type that does not notify,
    // so the burst keeps room for the crawl.completed test below.
    const accepted = makeEvent('status_bar.check', { id: 'status-bar-1' });
    assert.equal((await sendWebhook({ url, event: accepted, secret: SECRET })).status, 200);
    assert.equal((await sendWebhook({ url, event: accepted, secret: SECRET })).status, 200);
    for (const id of ['status-forged-1', 'status-forged-2']) assert.equal((await sendWebhook({ url, event: makeEvent('status_bar.check', { id }) })).status, 401);
    const port = api.webhooks.receiver?.port;
    await until('the last refusal in the tooltip', () => receiverItem(api).tooltip.includes('refused 4'));
    const item = receiverItem(api);
    assert.equal(item.text, `$(radio-tower) :${port} · 3 events`);
    assert.equal(item.label, `Webhook receiver on port ${port}, 3 events received`);
    assert.ok(item.tooltip.includes('This run: accepted 3, refused 4, repeats ignored 1.'), item.tooltip);
    assert.ok(item.tooltip.includes('Signatures: checked against the webhook secret; unsigned and mis-signed deliveries are refused.'), item.tooltip);
  });

  it('Copy URL gives an address that reaches the receiver: a signed delivery posted to exactly it is verified', async () => {
    const copied = await vscode.commands.executeCommand<string | undefined>('webData.copyWebhookUrl');
    assert.ok(copied, 'Copy URL gave no address');
    assert.equal(await vscode.env.clipboard.readText(), copied, 'the clipboard does not hold the address the command gave');
    assert.equal(copied, api.webhooks.receiver?.externalUrl);
    // A type that does not notify: the notifications of a burst are counted (5 per 10 s), and the
    // crawl.completed test below must still see its own.
    const event = makeEvent('copied_url.check', { id: 'batch-copied-url-1' });
    const answer = await sendWebhook({ url: copied, event, secret: SECRET });
    assert.equal(answer.status, 200, `POST ${copied} answered ${answer.status}: ${answer.body.slice(0, 200)}`);
    const row = await until('the row of the delivery posted to the copied address', () => rowFor(api, 'batch-copied-url-1'));
    assert.match(String(row.description), / · verified$/);
  });

  it('opens a payload as a read-only JSON document', async () => {
    const record = api.webhooks.events.find((e) => e.jobId === 'batch-signed-1');
    assert.ok(record);
    const uri = await vscode.commands.executeCommand<string>('webData.openWebhookPayload', { key: record.key });
    const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri);
    assert.ok(document, 'the payload document is not open');
    assert.equal(document.uri.scheme, 'webdata-event');
    assert.equal(document.languageId, 'json');
    const body = JSON.parse(document.getText()) as { id: string; type: string };
    assert.equal(body.id, 'batch-signed-1');
    assert.equal(body.type, 'batch_scrape.completed');
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });

  it('crawl.completed from the emulator takes the crawl off the Active Crawls view and names its URL', async () => {
    await emulator.addTeam({ apiKey: KEY, crawls: [CRAWL] });
    await useKey(KEY);
    // webData.setApiKey resolves once the connection has announced the new key, and the view
    // empties its list then; SecretStorage's own event follows and announces nothing new. Load
    // until the crawl is listed (each look is a refresh, so no reset can leave it unlisted).
    await waitFor('the crawl in the Active Crawls view', async () => {
      await api.crawls.refresh();
      return api.crawls.crawls.some((c) => c.id === CRAWL.id);
    });

    await admin('PUT', '/webhook', { url, secret: SECRET, metadata: { source: 'host-test' } });
    const completed = await admin('POST', `/crawls/${CRAWL.id}/complete`, { apiKey: KEY });
    assert.deepEqual(completed.delivered, { status: 200 });

    const notification = await until('the crawl.completed notification', () => notifications.find((n) => n.kind === 'crawl.completed'));
    assert.match(notification.message, /^Crawl of https:\/\/crawl\.host-test\.example completed/);
    assert.ok(!api.crawls.crawls.some((c) => c.id === CRAWL.id), 'the crawl is still listed');
    // Off the running rows of Jobs; a finished job's row now, below them (issue 46: one view for jobs).
    const jobs = await crawlRows(api);
    assert.ok(!JSON.stringify(jobs.filter((r) => r.contextValue !== 'crawlJob.crawl.finished')).includes('crawl.host-test.example'), 'the crawl is still among the running rows');
    // Named by its start address, as its running row was (issue 46).
    await waitFor('the finished crawl\'s row', async () => (await crawlRows(api)).some((r) => r.contextValue === 'crawlJob.crawl.finished' && r.label === 'https://crawl.host-test.example'));
    const row = rowFor(api, CRAWL.id);
    assert.ok(row);
    assert.equal(text(row.label), 'crawl.completed');
    assert.match(String(row.description), / · verified$/);
    const record = api.webhooks.events.find((e) => e.jobId === CRAWL.id);
    assert.deepEqual(record?.metadata, [['source', 'host-test']]);
  });

  it('stops the receiver: its port no longer answers', async () => {
    await vscode.commands.executeCommand('webData.stopWebhookReceiver');
    assert.equal(api.webhooks.receiver, undefined);
    await assert.rejects(sendWebhook({ url, event: makeEvent('crawl.completed'), timeoutMs: 2000 }));
  });

  it('a port in use gives an error naming the port and the setting, and does not start', async () => {
    // Some other program: it never answers the start's probe (it reads it, so it sees the probe hang up).
    const blocker = createServer((socket) => { socket.resume(); });
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const address = blocker.address();
    const port = typeof address === 'object' && address !== null ? address.port : 0;
    try {
      await vscode.workspace.getConfiguration('webData').update('webhooks.port', port, settingsTarget());
      const started = await vscode.commands.executeCommand<string | undefined>('webData.startWebhookReceiver');
      assert.equal(started, undefined);
      assert.equal(api.webhooks.receiver, undefined);
      const error = await until('the error notification', () => notifications.find((n) => n.kind === 'error'));
      assert.match(error.message, new RegExp(`Port ${port} is already in use`));
      assert.match(error.message, /webData\.webhooks\.port/);
    } finally {
      await vscode.workspace.getConfiguration('webData').update('webhooks.port', 0, settingsTarget());
      await new Promise<void>((resolve) => blocker.close(() => resolve()));
    }
  });

  it('a port held by this extension\'s receiver in another window: no error, the status bar says another window receives', async () => {
    // Another window's receiver, as the core starts it there.
    const other = await startWebhookReceiver({ host: '127.0.0.1', port: 0, path: '/webhooks/web-data', getSecret: () => undefined, onDelivery: () => undefined });
    const errorsBefore = notifications.filter((n) => n.kind === 'error').length;
    try {
      await vscode.workspace.getConfiguration('webData').update('webhooks.port', other.port, settingsTarget());
      const started = await vscode.commands.executeCommand<string | undefined>('webData.startWebhookReceiver');
      assert.equal(started, undefined);
      assert.equal(api.webhooks.receiver, undefined);
      await waitFor('the status bar naming the other window', () => api.webhooks.statusBarItem.text.includes('another window'));
      const tooltip = api.webhooks.statusBarItem.tooltip;
      assert.match(typeof tooltip === 'string' ? tooltip : tooltip?.value ?? '', new RegExp(`another VS Code window on port ${other.port}`));
      assert.equal(notifications.filter((n) => n.kind === 'error').length, errorsBefore, 'no error notification');
    } finally {
      await vscode.workspace.getConfiguration('webData').update('webhooks.port', 0, settingsTarget());
      await other.close();
    }
  });

  it('an automatic start waits out a port that a reloading window still holds, then listens on it', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const address = blocker.address();
    const port = typeof address === 'object' && address !== null ? address.port : 0;
    const errorsBefore = notifications.filter((n) => n.kind === 'error').length;
    try {
      await vscode.workspace.getConfiguration('webData').update('webhooks.port', port, settingsTarget());
      const listeningOn = (): number | undefined => api.webhooks.receiver?.port;
      const waitsBefore = api.webhooks.busyPortWaits;
      const starting = api.webhooks.startAutomatically();
      await until('the start to find the port taken and wait', () => api.webhooks.busyPortWaits > waitsBefore);
      assert.equal(listeningOn(), undefined, 'not listening while the port is held');
      await new Promise<void>((resolve) => blocker.close(() => resolve()));
      await starting;
      assert.equal(listeningOn(), port, 'listens on the port once it is free');
      assert.equal(notifications.filter((n) => n.kind === 'error').length, errorsBefore, 'no error shown');
    } finally {
      await vscode.commands.executeCommand('webData.stopWebhookReceiver');
      await vscode.workspace.getConfiguration('webData').update('webhooks.port', 0, settingsTarget());
      blocker.close();
    }
  });
});

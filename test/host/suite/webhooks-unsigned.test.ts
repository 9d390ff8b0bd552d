// The receiver without a webhook secret (issue 7): it says so at start and in the Webhook Events
// view, with Set Webhook Secret one click away, and an unsigned event, which anything that can
// reach the port could have forged, gets a row and a plain notification and nothing more: it
// does not take a crawl off the Active Crawls view, nor name a URL.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { WebDataApi } from '../../../src/extension';
import type { WebhookNotification } from '../../../src/features/webhooks';
import type { ActiveCrawl } from '../../../src/core/api/schemas';
import { makeEvent, sendWebhook } from '../../emulator/webhook-sender';
import { activate, emulator, plainText, restoreDemoKey, useKey, waitFor } from './helpers-account';
import { eventRows, startUnsignedReceiver, type UnsignedReceiver } from './helpers-webhooks';

const SECRET = 'host-test-unsigned-secret';
const KEY = 'wd-host-webhooks-unsigned-0001';
const CRAWL: ActiveCrawl = { id: '5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d', teamId: 'team_unsigned', url: 'https://unsigned.host-test.example', options: {} };


describe('webhooks without a secret', function () {
  this.timeout(30_000);
  let api: WebDataApi;
  let url: string;
  const notifications: WebhookNotification[] = [];
  let receiver: UnsignedReceiver | undefined;

  before(async () => {
    api = await activate();
    receiver = await startUnsignedReceiver(api, notifications);
    url = receiver.url;
  });

  after(async () => {
    await receiver?.stop();
    await restoreDemoKey();
  });

  it('says at start, and on top of the Webhook Events view, that unsigned deliveries are accepted; the row sets the secret', async () => {
    const port = api.webhooks.receiver?.port;
    assert.ok(port);
    const warning = new RegExp(`No webhook secret is set: unsigned deliveries are accepted from anything that can reach port ${port}\\.`);
    await waitFor('the start notification with the warning', () => notifications.some((n) => n.kind === 'receiver' && warning.test(n.message)));

    // A type that does not notify, so the crawl.completed suite after this one has the burst's room.
    assert.equal((await sendWebhook({ url, event: makeEvent('unsigned_warning.check', { id: 'batch-unsigned-warn-1' }) })).status, 200);
    await waitFor('the unsigned row', () => api.webhooks.events.some((e) => e.jobId === 'batch-unsigned-warn-1'));
    const [top] = eventRows(api);
    assert.ok(top);
    assert.equal(top.id, 'unsigned-warning');
    assert.match(String(typeof top.label === 'string' ? top.label : top.label?.label), /No webhook secret: unsigned deliveries accepted/);
    // appendText writes spaces as &nbsp;.
    assert.match(plainText((top.tooltip as vscode.MarkdownString).value).replace(/&nbsp;/g, ' '), warning);
    assert.equal(top.command?.command, 'webData.setWebhookSecret');

    // The row's own command, given the secret as a keybinding would: the warning goes.
    assert.equal(await vscode.commands.executeCommand(top.command.command, { secret: SECRET }), true);
    await waitFor('the warning row to go', () => eventRows(api)[0]?.id !== 'unsigned-warning');
    await vscode.commands.executeCommand('webData.clearWebhookSecret', { confirmed: true });
    await waitFor('the warning row to come back', () => eventRows(api)[0]?.id === 'unsigned-warning');
  });

  it('Clear Webhook Secret asks first, as Clear API Key does: dismissed, the secret stays and deliveries stay checked', async () => {
    assert.equal(await vscode.commands.executeCommand('webData.setWebhookSecret', { secret: SECRET }), true);
    await waitFor('the warning row to go', () => eventRows(api)[0]?.id !== 'unsigned-warning');
    const asked: string[] = [];
    let answer: string | undefined;
    const original = vscode.window.showWarningMessage;
    const ask = (message: string): Promise<string | undefined> => { asked.push(message); return Promise.resolve(answer); };
    Object.defineProperty(vscode.window, 'showWarningMessage', { value: ask, configurable: true, writable: true });
    try {
      assert.equal(await vscode.commands.executeCommand('webData.clearWebhookSecret'), false);
      assert.deepEqual(asked, ['Clear the webhook secret?']);
      // Still checked: an unsigned delivery is refused while the secret is set.
      assert.equal((await sendWebhook({ url, event: makeEvent('unsigned_warning.check', { id: 'batch-unsigned-kept-1' }) })).status, 401);
      answer = 'Clear Secret';
      assert.equal(await vscode.commands.executeCommand('webData.clearWebhookSecret'), true);
      assert.equal(asked.length, 2);
      await waitFor('the warning row to come back', () => eventRows(api)[0]?.id === 'unsigned-warning');
    } finally {
      Object.defineProperty(vscode.window, 'showWarningMessage', { value: original, configurable: true, writable: true });
    }
  });

  it('a request a web browser makes is refused with 403, even unsigned-accepting, and listed with the reason', async () => {
    const event = makeEvent('crawl.completed', { id: 'browser-forged-1' });
    const answer = await sendWebhook({ url, event, headers: { origin: 'https://page.example', 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors' } });
    assert.equal(answer.status, 403);
    await waitFor('the refused row', () => api.webhooks.events.some((e) => e.status === 'refused' && e.httpStatus === 403));
    const record = api.webhooks.events.find((e) => e.status === 'refused' && e.httpStatus === 403);
    assert.match(record?.reason ?? '', /came from a web browser \(it sends the Origin header\)/);
    const row = eventRows(api).find((r) => r.id === record?.key);
    assert.match(String(row?.description), /refused 403$/);
  });

  it('an unsigned crawl.completed gets a row and a plain notification: the crawl stays listed, and no URL is named', async () => {
    await emulator.addTeam({ apiKey: KEY, crawls: [CRAWL] });
    await useKey(KEY);
    // The key change empties the crawls view's list: load until the crawl is listed.
    await waitFor('the crawl in the Active Crawls view', async () => {
      await api.crawls.refresh();
      return api.crawls.crawls.some((c) => c.id === CRAWL.id);
    });

    // Not from the emulator's "complete": the service still lists the crawl, as for a forged event.
    assert.equal((await sendWebhook({ url, event: makeEvent('crawl.completed', { id: CRAWL.id }) })).status, 200);
    await waitFor('the unsigned row', () => api.webhooks.events.some((e) => e.jobId === CRAWL.id));
    const record = api.webhooks.events.find((e) => e.jobId === CRAWL.id);
    assert.equal(record?.status, 'unsigned');
    const ofRecord = (n: WebhookNotification): boolean => n.kind === 'crawl.completed' && n.eventKey === record.key;
    await waitFor('the crawl.completed notification', () => notifications.some(ofRecord));
    const notification = notifications.find(ofRecord);
    assert.ok(notification);
    assert.ok(!notification.message.includes(CRAWL.url), `the notification names the crawl's URL: ${notification.message}`);
    assert.ok(api.crawls.crawls.some((c) => c.id === CRAWL.id), 'an unsigned event took the crawl off the view');
    await api.crawls.refresh();
    assert.ok(api.crawls.crawls.some((c) => c.id === CRAWL.id), 'the crawl is hidden after a refresh');
  });

  it('a start with the window, quiet otherwise, still warns that unsigned deliveries are accepted', async () => {
    await vscode.commands.executeCommand('webData.stopWebhookReceiver');
    const before = notifications.length;
    await api.webhooks.startAutomatically();
    const port = api.webhooks.receiver?.port;
    assert.ok(port, 'the receiver did not start');
    const warning = new RegExp(`^Webhook receiver started with the window\\. No webhook secret is set: unsigned deliveries are accepted from anything that can reach port ${port}\\.`);
    await waitFor('the warning of the automatic start', () => notifications.slice(before).some((n) => n.kind === 'receiver' && warning.test(n.message)));
    assert.ok(!notifications.slice(before).some((n) => n.message.includes('/webhooks/web-data')), 'the automatic start announced its address');
  });
});

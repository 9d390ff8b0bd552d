// The receiver's status bar item after a new run of the receiver (as after a reload of the window:
// the list is kept, the receiver's own counts start again): it counts the events the Webhook
// Events view lists, never "0 events" beside a list that has one.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { WebDataApi } from '../../../src/extension';
import { makeEvent, sendWebhook } from '../../emulator/webhook-sender';
import { activate, waitFor } from './helpers-account';
import { eventRows, startUnsignedReceiver } from './helpers-webhooks';

function receiverItem(api: WebDataApi): { text: string; tooltip: string } {
  const item = api.webhooks.statusBarItem;
  const tooltip = typeof item.tooltip === 'string' ? item.tooltip : (item.tooltip?.value ?? '');
  // appendText escapes markdown and writes spaces as &nbsp;.
  return { text: item.text, tooltip: tooltip.replace(/\\(.)/g, '$1').replace(/&nbsp;/g, ' ') };
}

describe('webhooks: the receiver\'s count after a restart', function () {
  this.timeout(30_000);
  let api: WebDataApi;

  before(async () => {
    api = await activate();
  });

  it('counts the listed events received, not the new run\'s deliveries', async () => {
    const receiver = await startUnsignedReceiver(api, []);
    try {
      // A type that does not notify: the notifications' burst is left to the webhooks suite.
      assert.equal((await sendWebhook({ url: receiver.url, event: makeEvent('restart.check', { id: 'batch-restart-1' }) })).status, 200);
      await waitFor('the event listed', () => eventRows(api).some((row) => String(row.description).includes('batch-re')));
      await vscode.commands.executeCommand('webData.stopWebhookReceiver');
      assert.ok(await vscode.commands.executeCommand<string | undefined>('webData.startWebhookReceiver'), 'the receiver did not start again');
      const port = api.webhooks.receiver?.port;
      await waitFor('the item to show', () => receiverItem(api).text.startsWith(`$(radio-tower) :${port}`));
      assert.equal(receiverItem(api).text, `$(radio-tower) :${port} · 1 event`);
      assert.ok(receiverItem(api).tooltip.includes('This run: accepted 0, refused 0, repeats ignored 0.'), receiverItem(api).tooltip);
    } finally {
      await receiver.stop();
    }
  });
});

// Outside text in a real VS Code: an unsigned webhook delivery whose id is a command link, sent
// over a real socket to the running receiver, notifies with plain text; a search answer whose
// title and URL hold bidi overrides, control and zero-width characters yields a clean tree label
// and tab title, and its command: URL does not open.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { WebDataApi } from '../../../src/extension';
import type { SearchRecord } from '../../../src/core/search/record';
import type { WebhookNotification } from '../../../src/features/webhooks';
import { makeEvent, sendWebhook } from '../../emulator/webhook-sender';
import { activate, emulator, restoreDemoKey, useKey, usageFor, waitFor } from './helpers-account';
import { eventRows, startUnsignedReceiver, type UnsignedReceiver } from './helpers-webhooks';

const KEY = 'wd-host-hostile-0001';
const COMMAND_LINK = '[Open](command:workbench.action.terminal.sendSequence?%7B%22text%22%3A%22echo%20pwned%5Cn%22%7D)';
/** VS Code 1.100's parseLinkedText link pattern (src/vs/base/common/linkedText.ts). */
const LINK_REGEX = /\[([^\]]+)\]\(((?:https?:\/\/|command:|file:)[^)\s]+)(?: (["'])(.+?)(\3))?\)/i;
// eslint-disable-next-line no-control-regex
const UNSAFE_IN_LABELS = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u200b-\u200d\u2060\ufeff]/;

function labelOf(item: vscode.TreeItem): string {
  return typeof item.label === 'string' ? item.label : (item.label?.label ?? '');
}

describe('outside text is data: hostile deliveries and results', function () {
  this.timeout(30_000);
  let api: WebDataApi;

  before(async () => {
    api = await activate();
  });

  describe('a hostile unsigned webhook delivery', () => {
    let url: string;
    const notifications: WebhookNotification[] = [];
    let receiver: UnsignedReceiver | undefined;

    before(async () => {
      // No secret, as by default: any local process can post a delivery.
      receiver = await startUnsignedReceiver(api, notifications);
      url = receiver.url;
    });

    after(async () => {
      await receiver?.stop();
    });

    it('notifies with its command-link id as plain text: no link, no command: URI, no codicon', async () => {
      const id = `${COMMAND_LINK} $(zap)\u202E`;
      const answer = await sendWebhook({ url, event: makeEvent('batch_scrape.started', { id }) });
      assert.equal(answer.status, 200);
      let shown: WebhookNotification | undefined;
      await waitFor('the notification of the hostile delivery', () => {
        shown = notifications.find((n) => n.kind === 'batch_scrape.started' && n.message.includes('[Open]'));
        return shown !== undefined;
      });
      const message = shown?.message ?? '';
      assert.doesNotMatch(message, LINK_REGEX, message);
      assert.ok(!message.includes(']('), message);
      assert.doesNotMatch(message, /command:\S/i, message);
      assert.ok(!message.includes('$('), message);
      assert.doesNotMatch(message, UNSAFE_IN_LABELS, JSON.stringify(message));
      assert.match(message, /^Batch scrape \[Open\] \(command: workbench\.action\.terminal\.sendSequence/);
    });

    it('lists a delivery of a hostile type under a clean label', async () => {
      const type = 'crawl.page\r# Heading\u202Egnp.exe\u200B';
      const event = makeEvent(type, { id: 'hostile-type-1', metadata: { 'na\u2066me': 'val\rue\u202E' } });
      assert.equal((await sendWebhook({ url, event })).status, 200);
      let row: vscode.TreeItem | undefined;
      await waitFor('the row of the hostile type', () => {
        const record = api.webhooks.events.find((e) => e.jobId === 'hostile-type-1');
        row = record && eventRows(api).find((r) => r.id === record.key);
        return row !== undefined;
      });
      assert.ok(row);
      assert.equal(labelOf(row), 'crawl.page # Headinggnp.exe');
      assert.doesNotMatch(String(row.description), UNSAFE_IN_LABELS);
    });
  });

  describe('a search answer with hostile titles and URLs', () => {
    before(async () => {
      await emulator.addTeam({ apiKey: KEY, usage: usageFor(150_000) });
      await useKey(KEY);
    });

    after(async () => {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await vscode.commands.executeCommand('webData.clearSearches', { confirmed: true });
      await restoreDemoKey();
    });

    it('shows a clean tree label and tab title, and refuses to open a command: URL', async () => {
      const title = '\u202Egnp.exe\u202C Quarterly\r# report\u200B/../..\\evil\u0007';
      await emulator.injectFault({
        path: '/v2/search',
        apiKey: KEY,
        fault: {
          kind: 'json',
          body: {
            success: true,
            data: {
              web: [
                { title, url: 'command:webData.showLog', description: 'd\r=====', markdown: '# Page\n\nBody.' },
              ],
            },
            warning: `Partial results ${COMMAND_LINK}`,
            id: '00000000-0000-4000-8000-00000000beef',
            creditsUsed: 1,
          },
        },
      });
      const record = await vscode.commands.executeCommand<SearchRecord | undefined>('webData.search', { query: 'hostile titles', limit: 1 });
      assert.ok(record, 'the search returned nothing');

      const roots = (await api.search.results.getChildren()) ?? [];
      const root = roots.find((node) => node.type === 'search' && node.summary.id === record.id);
      assert.ok(root, 'the search is not in the view');
      const [result] = (await api.search.results.getChildren(root)) ?? [];
      assert.ok(result && result.type === 'result');
      const label = labelOf(await api.search.results.getTreeItem(result));
      assert.equal(label, 'gnp.exe Quarterly # report/../..\\evil');
      assert.doesNotMatch(label, UNSAFE_IN_LABELS);

      const editor = await vscode.commands.executeCommand<vscode.TextEditor | undefined>('webData.openMarkdown', result);
      assert.ok(editor, 'the result did not open');
      assert.equal(editor.document.getText(), '# Page\n\nBody.');
      const tab = vscode.window.tabGroups.activeTabGroup.activeTab;
      assert.ok(tab);
      // A title's slash shows as U+2215, which is no separator (issue 29): still one name, the last segment below.
      assert.equal(tab.label, 'gnp.exe Quarterly report\u2215..\u2215.. evil.md');
      assert.doesNotMatch(tab.label, UNSAFE_IN_LABELS);
      const name = editor.document.uri.path.split('/').at(-1) ?? '';
      assert.equal(name, tab.label);

      assert.equal(await vscode.commands.executeCommand('webData.openInBrowser', result), false, 'a command: URL must not open');
    });
  });
});

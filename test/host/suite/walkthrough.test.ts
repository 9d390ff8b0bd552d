// The walkthrough in a real VS Code: opened on the first start of the profile (this run's fresh
// one) and never again, and each step's context key set when a person does the step, however it
// was started: a key stored through webData.setApiKey as the sandbox's helper extension stores it,
// a search, a click on a result, a webhook received. The manifest's completionEvents point at these
// keys: test/unit/manifest.test.ts.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { SearchRecord } from '../../../src/core/search/record';
import type { WebDataApi } from '../../../src/extension';
import type { WalkthroughStep } from '../../../src/features/walkthrough';
import { makeEvent, sendWebhook } from '../../emulator/webhook-sender';
import { activate, emulator, restoreDemoKey, storageOf, useKey, usageFor, waitFor } from './helpers-account';
import { startUnsignedReceiver } from './helpers-webhooks';

const KEY = 'wd-host-walkthrough-0001';

describe('walkthrough: shown on the first start, each step ticked as it is done', function () {
  this.timeout(30_000);
  let api: WebDataApi;

  before(async () => {
    api = await activate();
    await emulator.addTeam({ apiKey: KEY, usage: usageFor(150_000) });
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await restoreDemoKey();
  });

  const signalledSince = (count: number): readonly WalkthroughStep[] => api.walkthrough.signalled.slice(count);

  it('opened on the first start of the profile, and remembered so that it never opens again', async () => {
    await api.walkthrough.ready;
    assert.equal(api.walkthrough.openedOnFirstStart, true, 'this run\'s profile is fresh: the walkthrough should have opened');
    assert.equal(storageOf(api).globalState.get('webData.walkthroughShown'), true);
  });

  it('connect: a key stored through webData.setApiKey (the sandbox helper\'s way) sets its key', async () => {
    const before = api.walkthrough.signalled.length;
    await useKey(KEY);
    await waitFor('the connect step\'s key', () => signalledSince(before).includes('connected'));
  });

  it('search and read: a search, then a click on a result, set theirs', async () => {
    const before = api.walkthrough.signalled.length;
    const record = await vscode.commands.executeCommand<SearchRecord | undefined>('webData.search', { query: 'tideflow backpressure', limit: 2 });
    assert.ok(record);
    await waitFor('the search step\'s key', () => signalledSince(before).includes('searched'));
    const roots = (await api.search.results.getChildren()) ?? [];
    const root = roots.find((node) => node.type === 'search' && node.summary.id === record.id);
    assert.ok(root);
    const [first] = (await api.search.results.getChildren(root)) ?? [];
    assert.ok(first);
    const command = (await api.search.results.getTreeItem(first)).command;
    assert.ok(command);
    await vscode.commands.executeCommand(command.command, ...((command.arguments ?? []) as unknown[]));
    await waitFor('the read step\'s key', () => signalledSince(before).includes('read'));
  });

  it('receive webhooks: a delivery the receiver lists sets its key', async () => {
    const before = api.walkthrough.signalled.length;
    const receiver = await startUnsignedReceiver(api, []);
    try {
      // A type that does not notify: the notifications' burst is left to the webhooks suite.
      const answer = await sendWebhook({ url: receiver.url, event: makeEvent('walkthrough.check', { id: 'batch-walkthrough-1' }) });
      assert.equal(answer.status, 200);
      await waitFor('the webhook step\'s key', () => signalledSince(before).includes('webhookReceived'));
    } finally {
      await receiver.stop();
    }
  });
});

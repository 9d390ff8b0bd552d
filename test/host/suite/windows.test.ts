// Two real windows of one profile (issue 47): a second page of the same Chromium on the same VS Code
// server, with another folder, so its own extension host over the same global storage
// (test/host/windows-control.mjs opens it, test/host/second-window.ts answers there). What one
// window adds, the other sees: a search's credits in today's spend, a webhook event in Webhook
// Events (and a Clear), a job opened in Jobs after the other window reloads.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { z } from 'zod';
import type { WebDataApi } from '../../../src/extension';
import type { SearchRecord } from '../../../src/core/search/record';
import { makeEvent, sendWebhook } from '../../emulator/webhook-sender';
import { activate, env, restoreDemoKey, storageOf, waitFor } from './helpers-account';
import { startUnsignedReceiver } from './helpers-webhooks';

const Answer = z.object({ result: z.unknown().optional(), error: z.string().optional() });

async function control(route: string, body: unknown): Promise<unknown> {
  const response = await fetch(`${env('WEBDATA_TEST_WINDOWS_URL')}${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const answer = Answer.parse(await response.json());
  assert.equal(answer.error, undefined, `the second window, ${route}: ${answer.error ?? ''}`);
  return answer.result;
}

/** Asks the second window; it answers with what it sees there. */
const ask = (action: string, args?: unknown): Promise<unknown> => control('/ask', { action, args });

describe('two windows of one profile', function () {
  this.timeout(180_000);
  let api: WebDataApi;
  let folder = '';

  before(async () => {
    api = await activate();
    await restoreDemoKey();
    // Another folder, pointed at the same emulator (its settings are the folder's own).
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'wd-second-window-'));
    fs.mkdirSync(path.join(folder, '.vscode'));
    fs.writeFileSync(path.join(folder, '.vscode', 'settings.json'), JSON.stringify({ 'webData.baseUrl': env('WEBDATA_TEST_BASE_URL') }));
    const opened = await fetch(`${env('WEBDATA_TEST_WINDOWS_URL')}/open`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ folder }) });
    assert.equal(opened.status, 200, await opened.text());
    // Each window writes its own files: under a name of its own, whatever VS Code's session id says.
    const ready = z.object({ windowId: z.string(), run: z.string() }).parse(await ask('ready'));
    assert.notEqual(ready.windowId, storageOf(api).windowId, 'both windows write the same files');
  });

  after(async () => {
    await fetch(`${env('WEBDATA_TEST_WINDOWS_URL')}/close`, { method: 'POST', body: '{}' }).catch(() => undefined);
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it('searches spent in both windows at once count in each window\'s today\'s spend', async () => {
    const Spend = z.object({ person: z.number() });
    const before = api.spend.today().person;
    assert.equal(Spend.parse(await ask('spendToday', { atLeast: before })).person, before, 'the windows disagree before');
    const [here, there] = await Promise.all([
      vscode.commands.executeCommand<SearchRecord | undefined>('webData.search', { query: 'two windows tideflow', limit: 3 }),
      ask('search', { query: 'two windows backpressure' }),
    ]);
    const credits = (here?.response.creditsUsed ?? 0) + z.object({ creditsUsed: z.number() }).parse(there).creditsUsed;
    assert.ok((here?.response.creditsUsed ?? 0) > 0 && credits > (here?.response.creditsUsed ?? 0), 'a search cost nothing: nothing to count');
    assert.equal(Spend.parse(await ask('spendToday', { atLeast: before + credits })).person, before + credits, 'the other window\'s today\'s spend');
    await waitFor('this window\'s today\'s spend to count both', () => api.spend.today().person === before + credits);
  });

  it('a webhook event received in this window is listed in the other; a Clear here empties it there', async () => {
    const receiver = await startUnsignedReceiver(api, []);
    try {
      const jobId = `batch-two-windows-${Date.now()}`;
      assert.equal((await sendWebhook({ url: receiver.url, event: makeEvent('windows.check', { id: jobId }) })).status, 200);
      await waitFor('the event listed here', () => api.webhooks.events.some((e) => e.jobId === jobId));
      const Listed = z.object({ jobIds: z.array(z.string()) });
      assert.ok(Listed.parse(await ask('events', { jobId, listed: true })).jobIds.includes(jobId), 'not listed in the other window');
      await vscode.commands.executeCommand('webData.clearWebhookEvents');
      assert.ok(!Listed.parse(await ask('events', { jobId, listed: false })).jobIds.includes(jobId), 'still listed in the other window after a Clear here');
    } finally {
      await receiver.stop();
    }
  });

  it('a job opened in this window comes back in the other window\'s Jobs after that window reloads', async () => {
    const response = await fetch(`${env('WEBDATA_TEST_ADMIN_URL')}/jobs`, { method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ apiKey: env('WEBDATA_TEST_API_KEY'), url: 'https://two-windows.host-test.example', total: 2, completed: 2 }) });
    const { id } = z.object({ id: z.string() }).parse(await response.json());
    const job = await vscode.commands.executeCommand<{ pages: unknown[] } | undefined>('webData.openCrawlResults', id);
    assert.equal(job?.pages.length, 2);
    // Kept in this window's file before the other window reloads and reads every window's.
    const kept = path.join(storageOf(api).globalStorageUri.fsPath, 'open-jobs');
    await waitFor('the job kept in this window\'s file', () => fs.existsSync(kept) && fs.readdirSync(kept).some((name) => fs.readFileSync(path.join(kept, name), 'utf8').includes(id)));
    const before = z.object({ reloading: z.string() }).parse(await ask('reload')).reloading;
    const rows = z.object({ ids: z.array(z.string()), run: z.string() }).parse(await ask('jobRows', { id }));
    assert.notEqual(rows.run, before, 'the other window did not reload');
    assert.ok(rows.ids.includes(id), `the other window's Jobs lists ${rows.ids.join(', ') || 'no job'} after its reload`);
  });
});

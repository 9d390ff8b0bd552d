// Research runs and watches through the webhook receiver, in a real VS Code against the emulator
// (issues 36, 37): a run started while the receiver runs is given its webhook (the receiver, the
// run's token, metadata), its steps reach its row as they happen and its end opens its JSON tab at
// once, counted once in today's spend; a run started without the receiver is read as before; a
// watch made while the receiver runs is told of its scheduled check by webhook, with one
// notification for a change that matters and none for a dull one; and hostile text in an event
// stays text in Webhook Events.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ResearchRun, RunEnd, WebDataApi } from '../../../src/extension';
import type { WebhookNotification } from '../../../src/features/webhooks';
import { makeEvent, sendWebhook } from '../../emulator/webhook-sender';
import { activate, emulator, moveClock, moveClockPast, restoreDemoKey, storageOf, usageFor, useKey, waitFor, webDataLogText } from './helpers-account';
import { paying } from './helpers-price';
import { pressEnterUntilDone } from './helpers-steps';
import { eventRows, startUnsignedReceiver, type UnsignedReceiver } from './helpers-webhooks';

const PAGE = 'https://docs.tideflow.dev/guide/streams';
const GUIDE = 'https://docs.tideflow.dev/getting-started';
const WATCH_KEY = 'wd-webhook-watch-key';
const TOKEN_HEADER = 'x-web-data-job-token';
const HOSTILE = '[Open](command:workbench.action.quit) $(zap)\r\n# heading';

interface Monitor { id: string; nextRunAt?: string | null }
interface SentRequest { method: string; path: string; body?: unknown }

function webhookOf(request: SentRequest | undefined): Record<string, unknown> | undefined {
  const body = request?.body;
  if (typeof body !== 'object' || body === null || !('webhook' in body)) return undefined;
  const hook = body.webhook;
  return typeof hook === 'object' && hook !== null ? hook as Record<string, unknown> : undefined;
}

function label(item: vscode.TreeItem): string {
  return typeof item.label === 'string' ? item.label : (item.label?.label ?? '');
}

describe('webhooks of research runs and watches', function () {
  this.timeout(120_000);
  let api: WebDataApi;
  let receiver: UnsignedReceiver | undefined;
  const notifications: WebhookNotification[] = [];

  before(async () => {
    api = await activate();
    await restoreDemoKey();
  });
  beforeEach(() => {
    notifications.length = 0;
    api.agent.answerConfirmation = (_message, yes) => yes;
  });
  afterEach(async () => {
    api.agent.answerConfirmation = undefined;
    await receiver?.stop();
    receiver = undefined;
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  function endOf(id: string): Promise<RunEnd> {
    return new Promise((resolve) => {
      const listener = api.agent.runs.onDidEnd((end) => {
        if (end.run.id !== id) return;
        listener.dispose();
        resolve(end);
      });
    });
  }

  async function startRun(prompt: string): Promise<ResearchRun> {
    const run = await pressEnterUntilDone(api, () => vscode.commands.executeCommand<ResearchRun | undefined>('webData.research', { prompt, urls: [PAGE], maxCredits: 60 }), 5);
    assert.ok(run, 'no run started');
    return run;
  }

  it('a run started while the receiver is wired: its steps reach its row, its end opens its JSON tab at once, its cost counted once', async () => {
    receiver = await startUnsignedReceiver(api, notifications);
    const spent = api.spend.today().person;
    const steps: Array<{ action: string | undefined; credits: number }> = [];
    const watching = api.agent.runs.onDidChange(() => { for (const r of api.agent.runs.list) steps.push({ action: r.lastAction, credits: r.creditsUsed }); });
    const before = await emulator.requestCount();
    try {
      const started = Date.now();
      const run = await startRun('Tideflow stream limits by webhook');
      const ended = endOf(run.id);
      assert.equal(run.wired, true, 'the run is wired to the receiver');
      const start = (await emulator.requestsSince(before) as SentRequest[]).find((r) => r.method === 'POST' && r.path === '/v2/agent');
      const hook = webhookOf(start);
      assert.equal(hook?.url, receiver.url);
      assert.deepEqual(hook.events, ['started', 'action', 'completed', 'failed', 'cancelled']);
      assert.deepEqual(hook.metadata, { startedFrom: 'vscode-web-data' });
      const token = (hook.headers as Record<string, string> | undefined)?.[TOKEN_HEADER] ?? '';
      assert.match(token, /^[\w-]{32}$/, 'no secret: the run\'s own token');
      // A delivery that claims the run without its token is refused, and ends nothing.
      const forged = await sendWebhook({ url: receiver.url, event: makeEvent('agent.completed', { id: run.id, data: [{ creditsUsed: 1 }] }) });
      const kept = storageOf(api).globalState.keys().filter((key) => key.includes('Tokens:')).map((key) => `${key}=${JSON.stringify(storageOf(api).globalState.get(key))}`);
      const logged = forged.status === 401 ? '' : webDataLogText(api.logUri).split('\n').filter((line) => /webhook|warn|error|agent/i.test(line)).slice(-8).join(' | ');
      assert.equal(forged.status, 401, `${forged.body} run ${run.id} token ${token} kept ${kept.join(' ')} log ${logged} events ${api.webhooks.events.map((e) => `${e.type ?? ''}:${e.status}:${e.jobId ?? ''}`).join(', ')}`);
      const end = await ended;
      // A wired run's status is read every 30 s: only its webhook can end it this soon.
      assert.ok(Date.now() - started < 20_000, 'the end came by webhook');
      assert.equal(end.outcome, 'completed');
      assert.equal(end.run.creditsUsed, 8);
      assert.deepEqual(steps.filter((s) => s.action !== undefined).map((s) => `${s.action ?? ''}:${s.credits}`).filter((s, i, all) => all.indexOf(s) === i), ['scrape:3', 'extract:8'], 'each step on the row as it happened, with its credits so far');
      await waitFor('the JSON and markdown tabs', () => vscode.window.visibleTextEditors.filter((e) => e.document.uri.scheme === 'webdata-data').length === 2);
      await waitFor('today\'s spend', () => api.spend.today().person >= spent + 8);
      await waitFor('the run\'s events listed', () => api.webhooks.events.filter((e) => e.jobId === run.id).length >= 4);
      const rows = eventRows(api).filter((row) => api.webhooks.events.some((e) => e.key === row.id && e.jobId === run.id && e.status !== 'refused')).map((row) => `${label(row)} (${String(row.description).split(' · ').at(-1) ?? ''})`).reverse();
      assert.deepEqual(rows, ['Research run started (verified)', 'Research step: scrape (verified)', 'Research step: extract (verified)', 'Research run completed (verified)']);
      // A run's rows offer its payload and id, not a crawl's results.
      assert.ok(eventRows(api).filter((row) => api.webhooks.events.some((e) => e.key === row.id && e.jobId === run.id && e.status === 'verified')).every((row) => row.contextValue === 'event.verified.research'));
      const reads = (await emulator.requestsSince(before) as SentRequest[]).filter((r) => r.method === 'GET' && r.path === `/v2/agent/${run.id}`);
      assert.ok(reads.length <= 3, `read ${reads.length} times: a wired run is not read every few seconds`);
      // Counted once, though the webhook and the read both saw its end.
      await new Promise((resolve) => setTimeout(resolve, 2500));
      assert.equal(api.spend.today().person, spent + 8);
      assert.deepEqual(notifications.filter((n) => n.kind !== 'receiver'), [], 'the run\'s events notify nothing of their own');
    } finally {
      watching.dispose();
    }
  });

  it('a run started without the receiver: no webhook, its status read every few seconds to its end', async () => {
    const before = await emulator.requestCount();
    const steps: string[] = [];
    const watching = api.agent.runs.onDidChange(() => { for (const r of api.agent.runs.list) if (r.lastAction !== undefined) steps.push(r.lastAction); });
    try {
      const run = await startRun('Tideflow stream limits by reading');
      const ended = endOf(run.id);
      assert.equal(run.wired, false);
      const start = (await emulator.requestsSince(before) as SentRequest[]).find((r) => r.method === 'POST' && r.path === '/v2/agent');
      assert.ok(start, 'the start was sent');
      assert.equal(webhookOf(start), undefined);
      assert.equal((await ended).outcome, 'completed');
      const reads = (await emulator.requestsSince(before) as SentRequest[]).filter((r) => r.method === 'GET' && r.path === `/v2/agent/${run.id}`);
      assert.ok(reads.length >= 1, 'its status was read');
      assert.deepEqual(steps, [], 'no step is reported without the webhook');
      assert.ok(!api.webhooks.events.some((e) => e.jobId === run.id));
    } finally {
      watching.dispose();
    }
  });

  describe('a watch made while the receiver is wired', () => {
    before(async () => {
      await emulator.addTeam({ apiKey: WATCH_KEY, usage: usageFor(500_000), crawls: [] });
      await useKey(WATCH_KEY);
    });
    after(async () => {
      for (const monitor of await api.watch.model.list()) await vscode.commands.executeCommand('webData.deleteWatch', { watchId: monitor.id, confirmed: true });
      await storageOf(api).globalState.update('webData.watch.known', undefined);
      await restoreDemoKey();
    });

    it('is told of its scheduled check by webhook: one notification for a change that matters, none for a dull one', async () => {
      receiver = await startUnsignedReceiver(api, notifications);
      const before = await emulator.requestCount();
      // Every 6 hours may pass the modal's threshold at this profile's dearest scrape: answered yes.
      api.watch.answerConfirmation = (_message, yes) => yes;
      const created = await pressEnterUntilDone(api, () => vscode.commands.executeCommand<Monitor | undefined>('webData.watch', { urls: [GUIDE], schedule: 'every 6 hours', goal: 'breaking change' }), 5).finally(() => { api.watch.answerConfirmation = undefined; });
      assert.ok(created, 'no watch was made');
      const hook = webhookOf((await emulator.requestsSince(before) as SentRequest[]).find((r) => r.method === 'POST' && r.path === '/v2/monitor'));
      assert.equal(hook?.url, receiver.url);
      assert.deepEqual(hook.events, ['monitor.page', 'monitor.check.completed']);
      assert.match((hook.headers as Record<string, string> | undefined)?.[TOKEN_HEADER] ?? '', /^[\w-]{32}$/);
      const notices: Array<{ checkId: string; message: string }> = [];
      const heard: string[] = [];
      const listening = api.watch.notifier.onDidNotify((notice) => { if (notice.watchId === created.id) notices.push(notice); });
      const hearing = api.watch.notifier.onDidHearCheck((check) => { if (check.watchId === created.id && !heard.includes(check.checkId)) heard.push(check.checkId); });
      try {
        // The first check, run here: its own message tells of it.
        await paying('webData.checkWatchNow', created.id);
        // The first check's webhook heard (its notification was Check Now's own message).
        await waitFor('the first check told by webhook', () => heard.length === 1, 10_000).catch((error: unknown) => {
          const events = api.webhooks.events.filter((e) => e.jobId === created.id).map((e) => `${e.type ?? ''}:${e.status}`);
          throw new Error(`${String(error)} (events: ${events.join(', ')}; heard ${heard.join(', ')})`);
        });
        // The service's clock passes the next run: the check runs there and its webhook tells this window, which reads nothing of it first.
        assert.ok(created.nextRunAt, 'the watch has a next run');
        await moveClockPast(created.nextRunAt);
        await waitFor('the notification of the change that matters', () => notices.length > 0, 15_000);
        assert.match(notices[0]?.message ?? '', /1 changed · 1 matters\.$/);
        await waitFor('the check told by webhook', () => heard.includes(notices[0]?.checkId ?? ''), 10_000).catch((error: unknown) => {
          throw new Error(`${String(error)} (notified ${notices.map((n) => n.checkId).join(', ')}; heard ${heard.join(', ')})`);
        });
        const page = eventRows(api).find((row) => label(row).startsWith('Watched page changed (matters): '));
        assert.equal(page && label(page), `Watched page changed (matters): ${GUIDE}`);
        // The next check's change is typo fixes: delivered, judged dull, and nobody is told.
        await moveClock(6 * 3_600_000);
        await waitFor('the dull check told by webhook', () => heard.length === 3, 15_000);
        assert.ok(eventRows(api).some((row) => label(row) === `Watched page changed (does not matter): ${GUIDE}`));
        const dull = heard[2] ?? '';
        assert.ok(dull !== notices[0]?.checkId, 'no new check');
        assert.ok(api.watch.model.knownPages(dull) !== undefined, 'the dull check was read');
        await new Promise((resolve) => setTimeout(resolve, 1000));
        assert.equal(notices.length, 1, 'one notification in all');
        // A delivery that claims the watch without its token is refused.
        const forged = await sendWebhook({ url: receiver.url, event: makeEvent('monitor.check.completed', { id: created.id, data: [{ monitorId: created.id, checkId: dull }] }) });
        assert.equal(forged.status, 401);
      } finally {
        listening.dispose();
        hearing.dispose();
      }
    });
  });

  it('hostile text in a research or watch event stays text in Webhook Events and notifies nothing', async () => {
    receiver = await startUnsignedReceiver(api, notifications);
    const stranger = '5e6f7a8b-1c2d-4e3f-8a9b-0c1d2e3f4a5b';
    const changes = { runs: 0, notices: 0 };
    const a = api.agent.runs.onDidChange(() => { changes.runs++; });
    const b = api.watch.notifier.onDidNotify(() => { changes.notices++; });
    try {
      for (const event of [
        makeEvent('agent.action', { id: stranger, data: [{ creditsUsed: 2, action: HOSTILE, input: { query: HOSTILE } }] }),
        makeEvent('monitor.page', { id: stranger, data: [{ monitorId: stranger, checkId: stranger, url: HOSTILE, status: HOSTILE, isMeaningful: true }] }),
      ]) assert.equal((await sendWebhook({ url: receiver.url, event })).status, 200);
      await waitFor('both listed', () => api.webhooks.events.length >= 2);
      const rows = eventRows(api).filter((row) => api.webhooks.events.some((e) => e.key === row.id));
      const step = rows.find((row) => label(row).startsWith('Research step: '));
      const page = rows.find((row) => label(row).startsWith('Watched page changed (matters): '));
      assert.ok(step && page, rows.map(label).join(' | '));
      for (const row of [step, page]) {
        assert.doesNotMatch(label(row), /[\r\n]/, 'one line');
        assert.match(String(row.description), /unsigned$/);
        const tooltip = row.tooltip instanceof vscode.MarkdownString ? row.tooltip : undefined;
        assert.ok(tooltip && tooltip.isTrusted !== true && tooltip.supportThemeIcons !== true);
        assert.doesNotMatch(tooltip.value, /\]\(command:/, 'no link can form in the tooltip');
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
      // Unsigned and for nothing started here: listed, and nothing more.
      assert.deepEqual([notifications.filter((n) => n.kind !== 'receiver').map((n) => `${n.kind}: ${n.message}`), changes.runs, changes.notices], [[], 0, 0]);
    } finally {
      a.dispose();
      b.dispose();
    }
  });
});

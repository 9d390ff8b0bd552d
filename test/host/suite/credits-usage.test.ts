// Web Data: Show Credits Usage in a real VS Code (issue 49): the panel opens with this machine's
// spends by day and kind from the usage ledger and the team's billing periods from the emulator's
// history; its page allows no script but the extension's own, with a nonce; its messages are
// decoded before anything acts on them (30/90 days, Export CSV, a spender's link), a foreign one is
// left alone; a hostile watch name reaches the page as data, never in its HTML. That a start reads
// no ledger is checked in a-start.test.ts, the first suite: here, earlier suites' spends have read
// it for the credits tooltip.
import * as assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import * as vscode from 'vscode';
import type { WebDataApi } from '../../../src/extension';
import type { ToPage } from '../../../src/core/usage-ledger/panel-messages';
import { activate, env, restoreDemoKey, waitFor } from './helpers-account';

const HOSTILE = '<img src=x onerror="alert(1)"><script>alert(2)</script>[x](command:workbench.action.terminal.new)';

async function nextSend(api: WebDataApi, act: () => Thenable<unknown> | Promise<unknown>): Promise<ToPage> {
  const panel = api.creditsUsage;
  const sent = new Promise<ToPage>((resolve) => { const once = panel.onDidSend((m) => { once.dispose(); resolve(m); }); });
  await act();
  return sent;
}

describe('credits usage panel', function () {
  this.timeout(30_000);
  let api: WebDataApi;
  let watchId = '';

  before(async () => {
    api = await activate();
    // Connected with the emulator's key, as a person is: the panel asks the service for the periods and watches.
    await restoreDemoKey();
    // A watch with a hostile name, made at the service: its checks' credits are this machine's spends below.
    const made = await fetch(`${env('WEBDATA_TEST_BASE_URL')}/v2/monitor`, {
      method: 'POST', headers: { authorization: `Bearer ${env('WEBDATA_TEST_API_KEY')}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: HOSTILE, schedule: { text: 'every 15 minutes', timezone: 'UTC' }, targets: [{ type: 'scrape', urls: ['https://docs.tideflow.dev/faq'] }] }),
    });
    assert.equal(made.status, 200, await made.clone().text());
    watchId = ((await made.json()) as { data: { id: string } }).data.id;
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it("opens with this machine's spends of today by kind and the team's billing periods by key", async () => {
    const tag = randomUUID();
    await api.spend.record({ id: `host-credits-search:${tag}`, credits: 7, askedBy: 'person' }, { kind: 'search' });
    await api.spend.record({ id: `host-credits-check:${tag}`, credits: 40, askedBy: 'person' }, { kind: 'watch', subject: watchId });
    const before = api.creditsUsage.lastSent?.data.days.at(-1)?.byKind;
    const sent = await nextSend(api, () => vscode.commands.executeCommand('webData.showCreditsUsage'));
    assert.ok(api.creditsUsage.panel?.visible, 'the panel shows');
    assert.equal(api.spend.usage.wasRead, true);
    const today = sent.data.days.at(-1);
    assert.equal(sent.data.range, 30);
    assert.equal(sent.data.days.length, 30);
    assert.ok((today?.byKind.search ?? 0) >= 7 + (before?.search ?? 0));
    assert.ok((today?.byKind.watch ?? 0) >= 40);
    // The watch made above was charged nothing yet; the team's periods are the emulator's history.
    assert.ok(sent.data.periods.length >= 1, 'the billing periods from /v2/team/credit-usage/historical');
    assert.equal(sent.data.byKey, new Set(sent.data.periods.map((p) => p.apiKey)).size > 1);
    assert.equal(sent.words.periodRows.length, sent.data.periods.length);
    assert.equal(sent.words.title, 'Credits Usage');
  });

  it("keeps a hostile watch name as data: in the spenders' text, never in the page's HTML", async () => {
    const sent = await nextSend(api, () => api.creditsUsage.show(30));
    const index = sent.data.spenders.findIndex((s) => s.kind === 'watch' && s.subject === watchId);
    assert.ok(index >= 0, JSON.stringify(sent.data.spenders));
    assert.equal(sent.data.spenders[index]?.name, HOSTILE);
    assert.ok(sent.words.spenders[index]?.text.includes(HOSTILE), 'shown as it is, as text');
    assert.ok(!(api.creditsUsage.html ?? '').includes('onerror'), 'the HTML holds no outside text');
    assert.ok(!(api.creditsUsage.html ?? '').includes('alert'));
  });

  it('names a job among the spenders by where it started, never by its id alone; a docs set\'s crawl as one', async () => {
    const crawlId = randomUUID();
    const docsId = randomUUID();
    // This window learnt where the crawl started (its webhook, as a completed crawl's carries it).
    api.crawlResults.markFinished({ id: crawlId, kind: 'crawl' }, 'https://spender.host-test.example/guide');
    await api.spend.record({ id: `job:${crawlId}`, credits: 900, askedBy: 'person' }, { kind: 'crawl', subject: crawlId });
    await api.spend.record({ id: `job:${docsId}`, credits: 800, askedBy: 'person' }, { kind: 'docs', subject: docsId });
    const sent = await nextSend(api, () => api.creditsUsage.show(30));
    const texts = sent.words.spenders.map((s) => s.text);
    assert.ok(texts.includes('Crawl or batch scrape of https://spender.host-test.example/guide: 900 credits'), texts.join(' | '));
    assert.ok(texts.includes(`Docs set crawl of job ${docsId.slice(0, 8)}: 800 credits`), texts.join(' | '));
    assert.ok(!texts.some((t) => t.includes(crawlId) || t.includes(docsId)), texts.join(' | '));
  });

  it('names a research run among the spenders by its prompt, kept as text; its link opens the run\'s JSON tab', async () => {
    const runId = randomUUID();
    const gone = randomUUID();
    const prompt = `Tideflow limits ${HOSTILE}`;
    // The run's kept result, as the agent feature keeps it at the run's end (its id is the run's).
    await api.agent.results.save({ id: runId, kind: 'research', createdAt: new Date().toISOString(), askedBy: 'person', prompt, creditsUsed: 700, data: { limits: [] } });
    await api.spend.record({ id: `research:${runId}`, credits: 700, askedBy: 'person' }, { kind: 'research', subject: runId });
    await api.spend.record({ id: `research:${gone}`, credits: 650, askedBy: 'person' }, { kind: 'research', subject: gone });
    const sent = await nextSend(api, () => api.creditsUsage.show(30));
    const texts = sent.words.spenders.map((s) => s.text);
    const index = texts.indexOf(`Research "${prompt}": 700 credits`);
    assert.ok(index >= 0, texts.join(' | '));
    assert.equal(sent.words.spenders[index]?.opens, true);
    // A run whose result this machine does not keep: by its kind and short id, and no link.
    const other = texts.indexOf(`Research run ${gone.slice(0, 8)}: 650 credits`);
    assert.ok(other >= 0, texts.join(' | '));
    assert.equal(sent.words.spenders[other]?.opens, false);
    assert.ok(!(api.creditsUsage.html ?? '').includes('onerror'), 'the prompt is never in the HTML');
    await api.creditsUsage.receive({ type: 'open', index });
    await waitFor('the run\'s JSON tab', () => vscode.window.activeTextEditor?.document.uri.query === `id=${runId}`);
    assert.equal(vscode.window.activeTextEditor?.document.uri.scheme, 'webdata-data');
  });

  it("allows only the extension's own script, with this load's nonce, and resources from its own folders", () => {
    const html = api.creditsUsage.html ?? '';
    const csp = /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)?.[1] ?? '';
    const nonce = /script-src 'nonce-([^']+)'/.exec(csp)?.[1];
    assert.ok(nonce && nonce.length >= 16, csp);
    assert.match(csp, /default-src 'none'/);
    assert.doesNotMatch(csp, /unsafe/);
    // Scripts by the nonce alone; styles and images from the webview's own source (VS Code's cspSource).
    assert.match(csp, /(^|; )script-src 'nonce-[^']+'(;|$)/);
    const source = api.creditsUsage.panel?.webview.cspSource ?? '';
    assert.match(csp, new RegExp(`style-src ${source.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(;|$)`));
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1] ?? '');
    assert.equal(scripts.length, 1);
    assert.ok(scripts[0]?.includes(`nonce="${nonce}"`));
    assert.match(scripts[0] ?? '', /src="[^"]*dist\/webview\/credits-usage\.js"/);
    const roots = (api.creditsUsage.panel?.webview.options.localResourceRoots ?? []).map((u) => u.path);
    assert.equal(roots.length, 2, roots.join(', '));
    assert.ok(roots.some((r) => r.endsWith('/dist/webview')) && roots.some((r) => r.endsWith('/media')), roots.join(', '));
  });

  it('answers the page: 90 days when asked, nothing for a message that is not its own', async () => {
    // The page's 'ready' still being answered when 90 days is picked: only the later ask reaches the page.
    const seen: number[] = [];
    const watching = api.creditsUsage.onDidSend((m) => { seen.push(m.data.range); });
    const ninety = await nextSend(api, () => Promise.all([
      api.creditsUsage.receive({ type: 'ready' }),
      api.creditsUsage.receive({ type: 'range', range: 90 }),
    ]));
    watching.dispose();
    assert.deepEqual(seen, [90]);
    assert.equal(ninety.data.days.length, 90);
    assert.equal(ninety.data.range, 90);
    const count = api.creditsUsage.lastSent;
    let sentAgain = false;
    const listening = api.creditsUsage.onDidSend(() => { sentAgain = true; });
    await api.creditsUsage.receive({ type: 'range', range: 3650 });
    await api.creditsUsage.receive({ type: 'command', command: 'workbench.action.terminal.new' });
    listening.dispose();
    assert.equal(sentAgain, false);
    assert.equal(api.creditsUsage.lastSent, count);
  });
});

// Browser sessions in a real VS Code (issue 39): Start a Browser Session… through its two inputs and
// its bound (nothing sent before the bound is accepted), the session's row in Active Crawls counting
// down, its live view in the Simple Browser beside the editor, Run in Browser Session… reviewed
// before every send (declined: nothing sent; "don't ask again" for that session only), its output
// in a read-only tab, Stop asking when the session was used in the last minute and showing the
// credits billed (in today's spend too), a session whose time ran out on the emulator's clock,
// Continue in a Browser from a scraped page's tab, this window stopping its sessions just before
// their end (a chat agent's when idle), and two windows (another's session listed, not stopped when
// this window closes, stoppable here after asking). Its own emulated team.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { WebDataApi } from '../../../src/extension';
import type { CrawlTreeNode } from '../../../src/core/view-nodes';
import { LiveViewTab } from '../../../src/features/browser/live-view-tab';
import { activate, emulator, moveClock, restoreDemoKey, storageOf, usageFor, useKey, waitFor } from './helpers-account';
import { none, textOf } from './helpers-tools';

const KEY = 'wd-browser-suite-key';

/** Lets a timer the feature's clock re-armed for now (a shift) fire before the test looks. */
const settleTimers = (): Promise<void> => new Promise((resolve) => { setTimeout(resolve, 20); });
const PAGE = 'https://docs.tideflow.dev/guide/streams';

interface Asked { message: string; detail?: string }
interface Session { id: string; status: string; kind: string }

describe('browser sessions', function () {
  this.timeout(90_000);
  let api: WebDataApi;
  const restore: Array<() => void> = [];
  const asked: Asked[] = [];
  /** What each modal answers: by the start of its message. */
  let answers: Array<[RegExp, string | undefined]> = [];
  let inputs: string[] = [];

  function replace<T extends object, K extends keyof T>(target: T, key: K, value: T[K]): void {
    const original = target[key];
    Object.defineProperty(target, key, { value, configurable: true, writable: true });
    restore.push(() => { Object.defineProperty(target, key, { value: original, configurable: true, writable: true }); });
  }

  before(async () => {
    api = await activate();
    await emulator.addTeam({ apiKey: KEY, usage: usageFor(500_000), crawls: [] });
    // Its stand-ins answer window.showInputBox and showQuickPick, which the extension calls away
    // from a workbench page; the walkthrough a fresh profile opens would make its own box instead.
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await useKey(KEY);
    const modal = (message: string, options?: unknown, ...items: unknown[]): Thenable<unknown> => {
      const detail = typeof options === 'object' && options !== null && 'detail' in options && typeof options.detail === 'string' ? options.detail : undefined;
      asked.push({ message, ...(detail === undefined ? {} : { detail }) });
      const answer = answers.find(([pattern]) => pattern.test(message))?.[1];
      return Promise.resolve(items.find((item) => item === answer));
    };
    replace(vscode.window, 'showWarningMessage', modal as typeof vscode.window.showWarningMessage);
    replace(vscode.window, 'showInformationMessage', modal as typeof vscode.window.showInformationMessage);
    replace(vscode.window, 'showInputBox', () => Promise.resolve(inputs.shift()));
  });
  beforeEach(() => {
    asked.length = 0;
    answers = [];
    inputs = [];
  });
  afterEach(async () => { await vscode.commands.executeCommand('workbench.action.closeAllEditors'); });
  after(async () => {
    answers = [[/./, 'Stop Session']];
    for (const session of api.browser.sessions.active) await vscode.commands.executeCommand('webData.stopBrowserSession', session.id);
    // Later suites read Active Crawls' rows: the group goes with its last row.
    api.browser.sessions.clearEnded();
    assert.deepEqual(api.browser.sessions.list.map((s) => `${s.id} ${s.status}`), [], 'a session is left');
    for (const undo of restore.splice(0)) undo();
    await restoreDemoKey();
  });

  async function sessionRows(): Promise<Array<{ id: string; item: vscode.TreeItem }>> {
    const roots = (await api.crawls.tree.getChildren()) ?? [];
    const group = roots.find((row: CrawlTreeNode) => row.kind === 'browserGroup');
    const rows = group ? ((await api.crawls.tree.getChildren(group)) ?? []) : [];
    return Promise.all(rows.map(async (row) => ({ id: row.kind === 'browserSession' ? row.id : '', item: await api.crawls.tree.getTreeItem(row) })));
  }

  async function startOne(minutes: string): Promise<Session> {
    inputs = [minutes, ''];
    answers = [[/^Start a browser session/, 'Start Session']];
    const session = await vscode.commands.executeCommand<Session | undefined>('webData.startBrowserSession');
    assert.ok(session, `no session: ${JSON.stringify(asked)}`);
    return session;
  }

  const simpleBrowserOpen = (): boolean => vscode.window.tabGroups.all.some((group) => group.tabs.some((tab) => tab.input instanceof vscode.TabInputWebview && /simpleBrowser/i.test(tab.input.viewType)));
  /** Which session this window keeps as the one its Simple Browser shows (workspace state, across a reload). */
  const liveViewShown = (): { id: string } | undefined => storageOf(api).workspaceState.get<{ id: string }>('webData.browser.liveViewShown');

  async function openCode(text: string): Promise<void> {
    const document = await vscode.workspace.openTextDocument({ language: 'javascript', content: text });
    await vscode.window.showTextDocument(document);
  }

  it('starts a session after its bound, shows it counting down in Active Crawls, and its live view beside the editor', async () => {
    const before = await emulator.requestCount();
    inputs = ['2', ''];
    answers = [[/^Start a browser session/, undefined]];
    assert.equal(await vscode.commands.executeCommand('webData.startBrowserSession'), undefined, 'declined: no session');
    assert.match(asked[0]?.message ?? '', /^Start a browser session for up to 2 minutes\?$/);
    assert.match(asked[0]?.detail ?? '', /publishes no per-minute price[\s\S]*acts on live sites/);
    assert.equal((await emulator.requestsSince(before)).filter((r) => r.path.startsWith('/v2/interact') && r.method === 'POST').length, 0, 'nothing sent before the bound was accepted');

    const session = await startOne('2');
    const sent = (await emulator.requestsSince(before)).filter((r) => r.path === '/v2/interact' && r.method === 'POST');
    assert.equal(sent.length, 1);
    await waitFor('the session\'s row', async () => (await sessionRows()).some((r) => r.id === session.id));
    const row = (await sessionRows()).find((r) => r.id === session.id);
    assert.match(String(row?.item.description), /^2 min left$/);
    assert.equal(row?.item.contextValue, 'browserSession');
    await waitFor('the live view in the Simple Browser', () => vscode.window.tabGroups.all.some((group) => group.tabs.some((tab) => tab.input instanceof vscode.TabInputWebview && /simpleBrowser/i.test(tab.input.viewType))), 10_000);
  });

  it('reviews every run before it is sent, unless told not to for that session; the output opens read-only', async () => {
    const session = await startOne('5');
    await openCode(`await page.goto('${PAGE}');\nconsole.log(await page.title());`);
    const before = await emulator.requestCount();
    answers = [[/^Run this node code/, undefined]];
    assert.equal(await vscode.commands.executeCommand('webData.runInBrowserSession', session.id), undefined);
    assert.equal((await emulator.requestsSince(before)).filter((r) => r.path.endsWith('/execute')).length, 0, 'declined: nothing sent');
    assert.match(asked.find((a) => a.message.startsWith('Run this'))?.detail ?? '', /acts on the live site[\s\S]*page\.goto/);

    await openCode(`await page.goto('${PAGE}');\nconsole.log(await page.title());`);
    answers = [[/^Run this node code/, 'Run']];
    const first = await vscode.commands.executeCommand<{ stdout: string; exitCode: number } | undefined>('webData.runInBrowserSession', session.id);
    assert.equal(first?.exitCode, 0);
    await waitFor('the output tab', () => vscode.window.activeTextEditor?.document.uri.scheme === 'webdata-run');
    const tab = vscode.window.activeTextEditor?.document;
    assert.match(tab?.getText() ?? '', /Output:\n.+\nExit code: 0/);

    await openCode('console.log(page.url());');
    asked.length = 0;
    answers = [[/^Run this node code/, 'Run, Don\'t Ask Again for This Session']];
    await vscode.commands.executeCommand('webData.runInBrowserSession', session.id);
    assert.equal(asked.filter((a) => a.message.startsWith('Run this')).length, 1, 'asked again: every run is reviewed');
    await openCode('console.log(page.url());');
    asked.length = 0;
    const third = await vscode.commands.executeCommand<{ stdout: string } | undefined>('webData.runInBrowserSession', session.id);
    assert.equal(third?.stdout, `${PAGE}\n`);
    assert.equal(asked.filter((a) => a.message.startsWith('Run this')).length, 0, 'not asked again for this session');

    const other = await startOne('5');
    await openCode('console.log(page.url());');
    asked.length = 0;
    answers = [[/^Run this node code/, undefined]];
    await vscode.commands.executeCommand('webData.runInBrowserSession', other.id);
    assert.equal(asked.filter((a) => a.message.startsWith('Run this')).length, 1, 'another session is reviewed');
  });

  it('Run in Browser Session… with no code open (the live view in front) says what code it runs and what `page` is (issue 46)', async () => {
    const session = await startOne('5');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const errors: string[] = [];
    const original = vscode.window.showErrorMessage;
    replace(vscode.window, 'showErrorMessage', ((message: string) => { errors.push(message); return Promise.resolve(undefined); }));
    try {
      assert.equal(await vscode.commands.executeCommand('webData.runInBrowserSession', session.id), undefined);
    } finally {
      Object.defineProperty(vscode.window, 'showErrorMessage', { value: original, configurable: true, writable: true });
      restore.pop();
    }
    assert.equal(errors.length, 1, JSON.stringify(errors));
    assert.match(errors[0] ?? '', /JavaScript or TypeScript \(run as node\), Python, or a shell script \(bash\)/);
    assert.match(errors[0] ?? '', /`page` is the session's browser page/);
  });

  it('after a run that navigates, the live view shown in VS Code is loaded again, so it shows the page the run opened (issue 46)', async () => {
    const opened: string[] = [];
    const execute = vscode.commands.executeCommand;
    replace(vscode.commands, 'executeCommand', ((command: string, ...args: unknown[]) => {
      if (command === 'simpleBrowser.api.open') opened.push(args[0] instanceof vscode.Uri ? args[0].toString(true) : String(args[0]));
      return execute.call(vscode.commands, command, ...args);
    }) as typeof vscode.commands.executeCommand);
    try {
      const session = await startOne('5');
      await waitFor('the live view in the Simple Browser', () => vscode.window.tabGroups.all.some((group) => group.tabs.some((tab) => tab.input instanceof vscode.TabInputWebview && /simpleBrowser/i.test(tab.input.viewType))), 10_000);
      assert.equal(opened.length, 1, 'the live view was not opened once at the start');
      const liveView = opened[0] ?? '';
      assert.match(liveView, /\/_live\//);
      await openCode(`await page.goto('${PAGE}');`);
      answers = [[/^Run this node code/, 'Run']];
      const ran = await vscode.commands.executeCommand<{ exitCode: number } | undefined>('webData.runInBrowserSession', session.id);
      assert.equal(ran?.exitCode, 0);
      // Seen once in a fresh clone's full run (not reproduced alone): the tabs then say whether the live view was still shown.
      const tabs = vscode.window.tabGroups.all.map((group) => group.tabs.map((tab) => `${tab.label}${tab.isPreview ? ' (preview)' : ''}`).join(', ')).join(' | ');
      // Seen again beside the CPU hog, the Simple Browser's tab still open: whether this window still
      // remembered which session it shows (the reload is only for that one) says which half missed.
      assert.deepEqual(opened, [liveView, liveView], `the live view was not loaded again after the run; the tabs by group: ${tabs}; remembered as shown: ${JSON.stringify(liveViewShown())}, the session ${session.id}`);
      // The run's tab is named after the session (its start time, no profile), never its id: the breadcrumb shows the folder.
      const output = vscode.window.visibleTextEditors.find((e) => e.document.uri.scheme === 'webdata-run')?.document.uri;
      assert.match(output?.path ?? '', /^\/Browser session from [^/]+\/run-\d+\.txt$/);
      assert.ok(!(output?.toString() ?? '').includes(session.id), 'the run\'s tab names the session by its id');
      // What it now shows: the emulator's live view names the session's page.
      const shown = await (await fetch(liveView)).text();
      assert.ok(shown.includes(`<span id="address">${PAGE}</span>`), shown);
    } finally {
      Object.defineProperty(vscode.commands, 'executeCommand', { value: execute, configurable: true, writable: true });
      restore.pop();
    }
  });

  it('Stop asks when the session was used in the last minute, then shows the credits billed, counted in today\'s spend', async () => {
    const session = await startOne('5');
    await openCode('console.log(page.url());');
    answers = [[/^Run this node code/, 'Run']];
    await vscode.commands.executeCommand('webData.runInBrowserSession', session.id);
    await moveClock(61_000);
    const spent = api.spend.today().person;
    answers = [[/ran something in the last minute/, undefined]];
    assert.equal(await vscode.commands.executeCommand('webData.stopBrowserSession', session.id), undefined, 'declined: still running');
    answers = [[/ran something in the last minute/, 'Stop Session']];
    const stopped = await vscode.commands.executeCommand<{ stopped: { creditsBilled: number } } | undefined>('webData.stopBrowserSession', session.id);
    assert.equal(stopped?.stopped.creditsBilled, 4, 'two started minutes at the emulator\'s 2 credits');
    const row = (await sessionRows()).find((r) => r.id === session.id);
    assert.match(String(row?.item.description), /^stopped · 4 credits$/);
    await waitFor('the bill in today\'s spend', () => api.spend.today().person === spent + 4);
  });

  it('a session whose time ran out on the emulator\'s clock shows as ended', async () => {
    const session = await startOne('1');
    await moveClock(61_000);
    await api.browser.sessions.refresh();
    assert.equal(api.browser.sessions.get(session.id)?.status, 'expired');
    const row = (await sessionRows()).find((r) => r.id === session.id);
    assert.match(String(row?.item.description), /^ended/);
  });

  it('Continue in a Browser on a scraped page\'s tab opens the page\'s own browser, after asking', async () => {
    const record = await vscode.commands.executeCommand<{ id: string; title: string; finalUrl: string } | undefined>('webData.scrapeUrl', { url: PAGE });
    assert.ok(record);
    const uri = api.scrape.documents.address(record);
    const before = await emulator.requestCount();
    answers = [[/^Open the page/, 'Open in Browser']];
    const session = await vscode.commands.executeCommand<Session | undefined>('webData.continueInBrowser', uri);
    assert.ok(session);
    assert.equal(session.kind, 'scrape');
    assert.match(asked[0]?.message ?? '', /^Open the page https:\/\/docs\.tideflow\.dev\/guide\/streams in the service's browser\?$/);
    assert.match(asked[0]?.detail ?? '', /at most 10 minutes, when this window stops it/, 'its bound, named before it opens');
    const sent = (await emulator.requestsSince(before)).filter((r) => r.path.startsWith('/v2/scrape/') && r.path.endsWith('/interact'));
    assert.deepEqual(sent.map((r) => r.method), ['POST']);
    const row = (await sessionRows()).find((r) => r.id === session.id);
    assert.match(String(row?.item.description), /^10 min left/, 'its bound counts down on its row');
    assert.equal(row?.item.label, 'docs.tideflow.dev/guide/streams', 'the page\'s address, short enough for the time left to show');
  });


  it('webData_browser asks before every run with the whole code and the site, says it acts on the live site, and cannot be remembered', async () => {
    const code = [`await page.goto('${PAGE}');`, ...Array.from({ length: 45 }, (_, i) => `// step ${i + 1}`), 'console.log(await page.title());'].join('\n');
    const prepared = await api.chat.browser.prepareInvocation({ input: { url: PAGE, code } }, none);
    assert.equal(prepared?.confirmationMessages, undefined, 'not the chat\'s confirmation, which offers "always allow"');
    const before = await emulator.requestCount();
    answers = [[/^Let a chat agent run/, undefined]];
    const declined = textOf(await api.chat.browser.invoke({ input: { url: PAGE, code }, toolInvocationToken: undefined }, none));
    assert.match(declined, /declined/);
    assert.equal((await emulator.requestsSince(before)).filter((r) => r.path.startsWith('/v2/interact')).length, 0, 'declined: nothing sent');
    assert.match(asked[0]?.message ?? '', /^Let a chat agent run this node code in the service's browser on https:\/\/docs\.tideflow\.dev\/guide\/streams\?$/);
    assert.ok(asked[0]?.detail?.includes(code), 'the whole code, every line');
    assert.match(asked[0]?.detail ?? '', /acts on the live site/);

    answers = [[/^Let a chat agent run/, 'Run']];
    const first = textOf(await api.chat.browser.invoke({ input: { url: PAGE, code }, toolInvocationToken: undefined }, none));
    assert.match(first, /Exit code: 0/);
    const sessionId = /browser session (\S+) /.exec(first)?.[1] ?? '';
    assert.equal(api.browser.sessions.get(sessionId)?.askedBy, 'agent');
    const again = textOf(await api.chat.browser.invoke({ input: { sessionId, code: 'console.log(page.url())' }, toolInvocationToken: undefined }, none));
    assert.match(again, new RegExp(`stdout:\\n${PAGE.replace(/[./]/g, '\\$&')}`));
    assert.equal(asked.filter((a) => a.message.startsWith('Let a chat agent run')).length, 3, 'asked at every call');
  });

  it('this window stops its sessions before the service would, bills in today\'s spend: a person\'s just before its time runs out, an agent\'s after webData.chat.browserIdleSeconds without a run (the service would end it 30 s later)', async () => {
    const settings = vscode.workspace.getConfiguration('webData');
    await settings.update('chat.browserIdleSeconds', 10, vscode.ConfigurationTarget.Global);
    try {
      // A person's session of 30 s (the service's least ttl), left alone: stopped here at 25 s.
      const personSpent = api.spend.today().person;
      answers = [[/^Start a browser session/, 'Start Session']];
      // The feature's own clock, moved forward below instead of waiting out 10 and 25 s; read
      // before the start, so the session's end is at least 25 s after it.
      const clock = api.browser.clock;
      const shortStarted = clock.now();
      const short = await vscode.commands.executeCommand<Session | undefined>('webData.startBrowserSession', { ttl: 30, profile: '' });
      assert.ok(short, `no session: ${JSON.stringify(asked)}`);

      const spent = api.spend.today().agent;
      answers = [[/^Let a chat agent run/, 'Run']];
      const ran = textOf(await api.chat.browser.invoke({ input: { url: PAGE, code: 'console.log(await page.title())' }, toolInvocationToken: undefined }, none));
      assert.match(ran, /it is stopped after 10 s without a run/, 'the agent is told');
      const idle = api.browser.sessions.get(/browser session (\S+) /.exec(ran)?.[1] ?? '');
      assert.equal(idle?.status, 'active');
      const before = await emulator.requestCount();
      const ranAt = clock.now();
      clock.shift(ranAt + 9_000 - clock.now());
      await settleTimers();
      assert.ok(api.browser.stopsPending.includes(idle.id), 'stopped before its 10 s without a run');
      clock.shift(1_500);
      await waitFor('the idle session stopped', () => idle.status === 'stopped', 30_000);
      const sent = (await emulator.requestsSince(before)).filter((r) => r.path.startsWith('/v2/interact'));
      assert.deepEqual(sent.map((r) => `${r.method} ${r.path}`), [`DELETE /v2/interact/${idle.id}`], 'stopped by this window, nothing else sent');
      assert.ok((idle.creditsBilled ?? 0) > 0, 'its bill is on its row');
      await waitFor('its bill in today\'s spend', () => api.spend.today().agent === spent + (idle.creditsBilled ?? 0));

      const own = api.browser.sessions.get(short.id);
      clock.shift(shortStarted + 24_000 - clock.now());
      await settleTimers();
      assert.ok(api.browser.stopsPending.includes(short.id), 'stopped before its 25 s (30 s less 5)');
      clock.shift(1_500);
      await waitFor('the person\'s 30 s session stopped here', () => own?.status === 'stopped', 40_000);
      assert.ok(clock.now() - shortStarted >= 25_000, 'not stopped early');
      assert.ok((own?.creditsBilled ?? 0) > 0, 'its bill is on its row');
      await waitFor('its bill in today\'s spend', () => api.spend.today().person === personSpent + (own?.creditsBilled ?? 0));

      // The backstop: a session an agent opens carries activityTtl (idle + 30 s), so the service ends
      // it by itself when this window is gone; here the emulator's clock passes 40 s without a run
      // (last: the clock moved ends any session still open).
      const next = textOf(await api.chat.browser.invoke({ input: { url: PAGE, code: 'console.log(1)' }, toolInvocationToken: undefined }, none));
      const backstopped = /browser session (\S+) /.exec(next)?.[1] ?? '';
      await moveClock(41_000);
      await api.browser.sessions.refresh();
      assert.equal(api.browser.sessions.get(backstopped)?.status, 'expired', 'the service ended it after activityTtl');
    } finally {
      await settings.update('chat.browserIdleSeconds', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it('webData_browser is refused once the agents\' minutes reach webData.chat.maxBrowserMinutes, and in a workspace that is not trusted', async () => {
    const settings = vscode.workspace.getConfiguration('webData');
    await settings.update('chat.maxBrowserMinutes', 0, vscode.ConfigurationTarget.Global);
    try {
      const before = await emulator.requestCount();
      const refused = textOf(await api.chat.browser.invoke({ input: { url: PAGE, code: 'console.log(1)' }, toolInvocationToken: undefined }, none));
      assert.match(refused, /reached their bound of 0 minutes \(webData\.chat\.maxBrowserMinutes\)/);
      assert.equal(asked.length, 0, 'refused without asking');
      assert.equal((await emulator.requestsSince(before)).filter((r) => r.path.startsWith('/v2/interact')).length, 0);
    } finally {
      await settings.update('chat.maxBrowserMinutes', undefined, vscode.ConfigurationTarget.Global);
    }
    api.chat.browserTool.trustedForTests = false;
    try {
      const refused = textOf(await api.chat.browser.invoke({ input: { url: PAGE, code: 'console.log(1)' }, toolInvocationToken: undefined }, none));
      assert.match(refused, /not trusted/);
      assert.equal(asked.length, 0);
    } finally {
      api.chat.browserTool.trustedForTests = undefined;
    }
  });

  it('as a window that reloads or crashes leaves them: its sessions are remembered in global storage, shown again by the next start and stopped at their bound; one the service says ended is forgotten', async () => {
    assert.ok(api.codeCacheDir, 'no global storage handed out under test');
    const remembered = path.join(path.dirname(api.codeCacheDir), 'browser-sessions');
    const listed = async (): Promise<Array<{ id: string; status: string }>> => {
      const response = await fetch(`${process.env.WEBDATA_TEST_BASE_URL ?? ''}/v2/interact`, { headers: { authorization: `Bearer ${KEY}` } });
      return ((await response.json()) as { sessions: Array<{ id: string; status: string }> }).sessions;
    };
    answers = [[/^Start a browser session/, 'Start Session']];
    const clock = api.browser.clock;
    const startedAt = clock.now();
    const kept = await vscode.commands.executeCommand<Session | undefined>('webData.startBrowserSession', { ttl: 30, profile: 'kept-across-starts' });
    assert.ok(kept, `no session: ${JSON.stringify(asked)}`);
    const ended = await vscode.commands.executeCommand<Session | undefined>('webData.startBrowserSession', { ttl: 300, profile: '' });
    assert.ok(ended);
    await waitFor('both remembered on disk', () => [kept.id, ended.id].every((id) => fs.existsSync(path.join(remembered, `${id}.json`))));

    // The window goes without stopping anything (a reload that did not finish its stops, a crash).
    api.browser.dropWithoutStopping();
    assert.equal(api.browser.sessions.get(kept.id), undefined, 'the rows went with the window');
    // Meanwhile the other one ends at the service (stopped from elsewhere).
    const stopped = await fetch(`${process.env.WEBDATA_TEST_BASE_URL ?? ''}/v2/interact/${ended.id}`, { method: 'DELETE', headers: { authorization: `Bearer ${KEY}` } });
    assert.equal(stopped.status, 200);

    // The next start.
    await api.browser.restoreRemembered();
    const back = api.browser.sessions.get(kept.id);
    assert.ok(back, 'the remembered session is not shown again');
    assert.equal(back.status, 'active');
    assert.equal(back.startedHere, true);
    assert.equal(back.label, 'kept-across-starts');
    const row = (await sessionRows()).find((r) => r.id === kept.id);
    assert.ok(row, 'its row is not in Browser Sessions');
    assert.equal(row.item.contextValue, 'browserSession', 'its row offers Stop again');
    assert.match(String(row.item.description), /^\d+ s left|^1 min left/, 'its bound counts down on its row');
    assert.equal(api.browser.sessions.get(ended.id)?.startedHere ?? false, false, 'the ended one is not this window\'s again');
    await waitFor('the ended one forgotten on disk', () => !fs.existsSync(path.join(remembered, `${ended.id}.json`)));

    // Stopped at its bound as before the reload: just before its 30 s, by this window (the
    // feature's clock moved forward rather than waited on).
    clock.shift(startedAt + 24_000 - clock.now());
    await settleTimers();
    assert.ok(api.browser.stopsPending.includes(kept.id), 'stopped before its 25 s (30 s less 5)');
    clock.shift(1_500);
    await waitFor('the session stopped at its bound', () => back.status === 'stopped', 40_000);
    assert.ok(clock.now() - startedAt >= 25_000, 'not stopped early');
    assert.notEqual((await listed()).find((s) => s.id === kept.id)?.status, 'active', 'still active at the service');
    await waitFor('the stopped one forgotten on disk', () => !fs.existsSync(path.join(remembered, `${kept.id}.json`)));
  });

  it('a live view just opened, its tab not yet listed in this window, stays remembered while its session is active; an ended one is forgotten', async () => {
    // Seen in two fresh clones' full runs: a sessions change came between the live view's opening
    // and its tab reaching this window's list, and the window forgot which session it shows.
    const state = new Map<string, unknown>();
    const memento = { get: (key: string) => state.get(key), update: (key: string, value: unknown) => { state.set(key, value); return Promise.resolve(); }, keys: () => [...state.keys()] } as unknown as vscode.Memento;
    const tab = new LiveViewTab(memento, 'webData.test.liveViewShown');
    try {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      const view = { id: 'session-just-opened', kind: 'session', interactive: false } as const;
      await tab.opened(view);
      assert.equal(await tab.closeIfEnded(() => false), false);
      assert.deepEqual(tab.shown, view, 'forgotten while its session is active');
      assert.equal(await tab.closeIfEnded(() => true), false, 'no tab to close');
      assert.equal(tab.shown, undefined, 'an ended session still remembered');
    } finally {
      tab.dispose();
    }
  });

  it('a live view tab VS Code restores after a reload closes, saying so, when its session ended meanwhile (issue 47)', async () => {
    const session = await startOne('5');
    await waitFor('the live view in the Simple Browser', () => simpleBrowserOpen(), 10_000);
    assert.equal(liveViewShown()?.id, session.id, 'the window did not keep which session its live view shows');
    // The window goes (a reload); meanwhile the session ends at the service.
    api.browser.dropWithoutStopping();
    const stopped = await fetch(`${process.env.WEBDATA_TEST_BASE_URL ?? ''}/v2/interact/${session.id}`, { method: 'DELETE', headers: { authorization: `Bearer ${KEY}` } });
    assert.equal(stopped.status, 200);
    // The next start, with the tab VS Code restored still showing the page as it loaded.
    assert.ok(simpleBrowserOpen());
    await api.browser.restoreRemembered();
    await waitFor('the live view of the ended session closed', () => !simpleBrowserOpen(), 10_000);
    assert.ok(asked.some((a) => /^The live view of a browser session that has ended was closed/.test(a.message)), JSON.stringify(asked));
    assert.equal(liveViewShown(), undefined, 'still remembered');
  });

  it('a live view tab restored after a reload of a session still active stays, is this session\'s again, and closes when the session is stopped (issue 47)', async () => {
    const session = await startOne('5');
    await waitFor('the live view in the Simple Browser', () => simpleBrowserOpen(), 10_000);
    api.browser.dropWithoutStopping();
    await api.browser.restoreRemembered();
    assert.equal(api.browser.sessions.get(session.id)?.status, 'active');
    assert.ok(simpleBrowserOpen(), 'the live view of an active session was closed');
    assert.equal(liveViewShown()?.id, session.id);
    assert.ok(!asked.some((a) => /live view/.test(a.message)), JSON.stringify(asked));
    answers = [[/./, 'Stop Session']];
    await vscode.commands.executeCommand('webData.stopBrowserSession', session.id);
    assert.equal(api.browser.sessions.get(session.id)?.status, 'stopped');
    await waitFor('the live view of the stopped session closed', () => !simpleBrowserOpen(), 10_000);
  });

  it('a run\'s output tab finds its output again at the next start: kept in global storage, its address names it', async () => {
    const session = await startOne('5');
    await openCode('console.log(page.url());');
    answers = [[/^Run this node code/, 'Run']];
    await vscode.commands.executeCommand('webData.runInBrowserSession', session.id);
    await waitFor('the output tab', () => vscode.window.activeTextEditor?.document.uri.scheme === 'webdata-run');
    const uri = vscode.window.activeTextEditor?.document.uri;
    assert.ok(uri);
    const shown = vscode.window.activeTextEditor?.document.getText() ?? '';
    assert.match(shown, /Exit code: 0/);
    // A new start holds nothing in memory: the tab a reload restores reads the address again.
    api.browser.documents.forgetInMemory();
    assert.equal(new TextDecoder().decode(await vscode.workspace.fs.readFile(uri)), shown);
    const stat = await vscode.workspace.fs.stat(uri);
    assert.equal(stat.permissions, vscode.FilePermission.Readonly);
  });

  // Last: it closes this window's side of the feature (the dispose VS Code runs as the window closes).
  it('two windows: a session started elsewhere shows as not started here; closing this window stops only its own; Stop on the other\'s row asks, then stops it', async () => {
    const base = process.env.WEBDATA_TEST_BASE_URL ?? '';
    const headers = { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' };
    const listed = async (): Promise<Array<{ id: string; status: string }>> => {
      const response = await fetch(`${base}/v2/interact`, { headers });
      assert.equal(response.status, 200);
      return ((await response.json()) as { sessions: Array<{ id: string; status: string }> }).sessions;
    };
    // The earlier tests' sessions stopped first: this window's own is the one started below.
    answers = [[/./, 'Stop Session']];
    for (const session of api.browser.sessions.active) await vscode.commands.executeCommand('webData.stopBrowserSession', session.id);
    answers = [];
    // The other window starts its session straight at the service, with the same key, and runs something in it.
    const started = await fetch(`${base}/v2/interact`, { method: 'POST', headers, body: JSON.stringify({ ttl: 300 }) });
    assert.equal(started.status, 200);
    const otherId = ((await started.json()) as { id: string }).id;
    const ran = await fetch(`${base}/v2/interact/${otherId}/execute`, { method: 'POST', headers, body: JSON.stringify({ code: 'console.log(page.url())', language: 'node' }) });
    assert.equal(ran.status, 200);
    const own = await startOne('5');

    await api.browser.sessions.refresh();
    assert.equal(api.browser.sessions.get(otherId)?.startedHere, false);
    const rows = await sessionRows();
    const otherRow = rows.find((r) => r.id === otherId);
    assert.ok(otherRow, `the other window's session is not in the group: ${rows.map((r) => r.id).join(', ')}`);
    const tooltipOf = (item: vscode.TreeItem | undefined): string => (item?.tooltip instanceof vscode.MarkdownString ? item.tooltip.value : String(item?.tooltip));
    assert.match(tooltipOf(otherRow.item), /Started elsewhere/);
    assert.match(tooltipOf(rows.find((r) => r.id === own.id)?.item), /Started in this window/);

    // This window closes: its sessions stop, the other window's keeps running.
    api.browser.sessions.dispose();
    await waitFor('this window\'s session stopped at the service', async () => !(await listed()).some((s) => s.id === own.id && s.status === 'active'), 10_000);
    assert.equal((await listed()).find((s) => s.id === otherId)?.status, 'active', 'the other window\'s session was stopped');

    // Stop from this window on the other's row: it ran something in the last minute, so it asks first.
    asked.length = 0;
    answers = [[/ran something in the last minute/, undefined]];
    assert.equal(await vscode.commands.executeCommand('webData.stopBrowserSession', otherId), undefined, 'declined: still running');
    assert.equal(asked.filter((a) => /ran something in the last minute/.test(a.message)).length, 1);
    assert.equal((await listed()).find((s) => s.id === otherId)?.status, 'active');
    answers = [[/ran something in the last minute/, 'Stop Session']];
    const stopped = await vscode.commands.executeCommand<{ stopped: { creditsBilled: number } } | undefined>('webData.stopBrowserSession', otherId);
    assert.ok(stopped, 'not stopped');
    assert.notEqual((await listed()).find((s) => s.id === otherId)?.status, 'active');
    // What this window's closing stopped is seen as ended when the list is read again.
    await api.browser.sessions.refresh();
  });
});

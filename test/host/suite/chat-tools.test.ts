// The chat tools in a real VS Code against the emulator. Credits and active crawls go through
// vscode.lm.invokeTool as a chat agent's call would. A search that will be sent is confirmed in a
// modal dialog that no test can answer (lm.invokeTool outside a chat request), so those cases call
// the registered tool's prepareInvocation and invoke directly; the paths that send nothing (an
// invalid input, no key) need no confirmation and go through lm.invokeTool too.
import * as assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import * as vscode from 'vscode';
import type { WebDataApi } from '../../../src/extension';
import { activate, emulator, EXTENSION_ID, restoreDemoKey, useKey, usageFor, waitFor } from './helpers-account';
import { invokeTool as invoke, none, textOf } from './helpers-tools';

const KEY = 'wd-test-chat-tools-0123456789abcdef';
const CRAWLS = Array.from({ length: 3 }, (_, i) => ({ id: `1111111${i}-2222-4333-8444-555555555555`, teamId: 'team-chat', url: `https://crawl${i}.example/docs`, options: { scrapeOptions: { formats: ['markdown'], headers: { Cookie: 'session=topsecret' } } } }));


describe('chat tools (language-model tools)', function () {
  let api: WebDataApi;

  before(async () => {
    api = await activate();
    await emulator.addTeam({ apiKey: KEY, usage: usageFor(30_000, 150_000), crawls: CRAWLS });
    await useKey(KEY);
    // Agents' searches of other suites count toward today's limit: this suite is not about it.
    await vscode.workspace.getConfiguration('webData').update('chat.dailyCreditLimit', 1000, vscode.ConfigurationTarget.Global);
  });

  afterEach(() => emulator.clearFaults());
  after(async () => {
    await vscode.workspace.getConfiguration('webData').update('chat.dailyCreditLimit', undefined, vscode.ConfigurationTarget.Global);
    await restoreDemoKey();
  });

  it('connected, VS Code lists every tool the manifest contributes, with their tags and input schemas (webData_read\'s oneOf under what)', async () => {
    // From the installed manifest, so a tool added there is checked here without editing this list.
    const names = manifestToolNames();
    assert.ok(names.includes('webData_search') && names.includes('webData_read'), `manifest tools: ${names.join(', ')}`);
    // The list follows the context keys a moment after they change (the suite stored its key just now).
    await waitFor('every tool of ours in vscode.lm.tools', () => names.every((name) => vscode.lm.tools.some((t) => t.name === name)));
    for (const name of names) {
      const tool = vscode.lm.tools.find((t) => t.name === name);
      assert.ok(tool, `${name} is not in vscode.lm.tools`);
      assert.ok(tool.tags.includes('webData'), `${name} tags: ${tool.tags.join(', ')}`);
      assert.ok(tool.description.length > 100);
    }
    const search = vscode.lm.tools.find((t) => t.name === 'webData_search');
    assert.deepEqual((search?.inputSchema as { required?: string[] }).required, ['query']);
    const read = vscode.lm.tools.find((t) => t.name === 'webData_read')?.inputSchema as { properties?: { what?: { oneOf?: unknown[] } } } | undefined;
    assert.equal(read?.properties?.what?.oneOf?.length, 9);
  });

  it('not connected: VS Code 1.100 offers none of our tools but webData_docs (it reads only what is kept here), and each, invoked anyway, says so and sends nothing; connected again, all are offered', async () => {
    const names = manifestToolNames();
    const ours = (): string[] => vscode.lm.tools.filter((t) => names.includes(t.name)).map((t) => t.name);
    // A valid input for each, so that what stops it is the missing connection.
    const inputs: Record<string, object> = {
      webData_search: { query: 'tideflow' }, webData_scrape: { url: 'https://docs.tideflow.dev/' }, webData_map: { url: 'https://docs.tideflow.dev/' },
      webData_startCrawl: { url: 'https://docs.tideflow.dev/' }, webData_batchScrape: { urls: ['https://docs.tideflow.dev/'] }, webData_extract: { url: 'https://docs.tideflow.dev/', prompt: 'the title' },
      webData_research: { prompt: 'tideflow limits' }, webData_credits: {}, webData_activeCrawls: {}, webData_read: { what: { source: 'changes' } },
      webData_readDocument: { path: 'chat-when.csv' }, webData_watch: { urls: ['https://docs.tideflow.dev/'], schedule: 'daily' }, webData_browser: { url: 'https://docs.tideflow.dev/', code: 'console.log(1)' },
      webData_docs: { query: 'tideflow streams' }, webData_addDocs: { url: 'https://docs.tideflow.dev/guide/' },
    };
    assert.deepEqual(Object.keys(inputs).sort(), [...names].sort(), 'an input for every tool');
    // A document that exists, so that the connection is what stops it.
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    assert.ok(folder, 'no workspace folder');
    await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(folder, 'chat-when.csv'), Buffer.from(`a,b\n${Date.now()},2\n`));
    await vscode.commands.executeCommand('webData.clearApiKey', { confirmed: true });
    try {
      // VS Code 1.100 sends the extension hosts only the tools whose when holds; later versions send
      // every tool and apply the when where a chat request's tools are picked, which no API shows.
      // webData_docs searches the docs sets kept on this machine: it needs no connection, and stays.
      if (vscode.version.startsWith('1.100.')) await waitFor('no tool of ours in vscode.lm.tools but webData_docs', () => ours().join() === 'webData_docs');
      const before = await emulator.requestCount();
      for (const name of names.filter((n) => n !== 'webData_docs')) assert.match(await invoke(name, inputs[name] ?? {}), /not connected/, name);
      assert.doesNotMatch(await invoke('webData_docs', inputs.webData_docs ?? {}), /not connected/, 'the kept docs are searched offline');
      assert.deepEqual((await emulator.requestsSince(before)).map((r) => r.path).filter((p) => p !== '/v2/team/token-usage'), [], 'nothing sent');
    } finally {
      await useKey(KEY);
    }
    await waitFor('every tool of ours in vscode.lm.tools', () => ours().length === names.length);
  });

  it('webData_credits through lm.invokeTool: remaining credits, plan and period, without a confirmation', async () => {
    const text = await invoke('webData_credits', {});
    assert.match(text, /^Remaining: 2000 credits \(30000 service tokens; 1 credit = 15 service tokens\)\./);
    assert.match(text, /Plan: 10000 credits/);
    assert.match(text, /Billing period: \d{4}-\d\d-\d\d to \d{4}-\d\d-\d\d \(2\d days? left\)/);
  });

  it("webData_credits tells this machine's spending by kind over 14 and 30 days and the forecast, fitted to the budget (issue 49)", async () => {
    await api.spend.record({ id: `chat-tools-credits:${randomUUID()}`, credits: 33, askedBy: 'person' }, { kind: 'crawl', subject: randomUUID() });
    const text = await invoke('webData_credits', {});
    assert.match(text, /^Remaining: 2000 credits/);
    assert.match(text, /This machine's spending \(this extension's own record by kind/);
    assert.match(text, /Last 14 days: \d+ credits \([^)]*crawl (3[3-9]|[4-9]\d|\d{3,})/);
    assert.match(text, /Last 30 days: \d+ credits \(/);
    assert.match(text, /Forecast at this machine's rate over 14 days \([\d.]+ credits a day\): the credits last until \d{4}-\d\d-\d\d/);
    assert.match(text, /By day, last 14 days, oldest first: (\d+(\.\d+)?, ){13}\d+(\.\d+)?\./);
    // A small budget keeps the credits and what matters most of the rest: the day-by-day line goes first.
    const cut = await invoke('webData_credits', {}, { tokenBudget: 150, countTokens: (t) => Promise.resolve(Math.ceil(t.length / 4)) });
    assert.ok(Math.ceil(cut.length / 4) <= 150, `${cut.length} characters for 150 tokens`);
    assert.match(cut, /^Remaining: 2000 credits/);
    assert.match(cut, /This machine's spending/);
    assert.doesNotMatch(cut, /By day/);
  });

  it('webData_activeCrawls through lm.invokeTool: each crawl, header values never shown, cut to a token budget with a note', async () => {
    const text = await invoke('webData_activeCrawls', {});
    assert.match(text, /^The team has 3 active crawls/);
    assert.match(text, /\[3\] https:\/\/crawl2\.example\/docs\nCrawl ID: 11111112-2222-4333-8444-555555555555/);
    assert.doesNotMatch(text, /topsecret/);
    const counted: string[] = [];
    const cut = await invoke('webData_activeCrawls', {}, { tokenBudget: 120, countTokens: (t) => { counted.push(t); return Promise.resolve(Math.ceil(t.length / 4)); } });
    assert.ok(counted.length > 0, 'countTokens was never called');
    assert.ok(Math.ceil(cut.length / 4) <= 120, `${cut.length} characters for 120 tokens`);
    assert.match(cut, /Cut to fit the size budget \(120 tokens\): crawls \d-3 \(\d\) were left out/);
  });

  it('failures come back as text: 429 with the wait, 401 without the key, network', async () => {
    await emulator.injectFault({ fault: { kind: 'rate-limit', retryAfter: '90' }, path: '/v2/team/token-usage', times: 'Infinity' });
    assert.match(await invoke('webData_credits', {}), /rate limit \(429\)\. Wait 90 seconds before trying again\./);
    await emulator.clearFaults();
    await emulator.injectFault({ fault: { kind: 'status', status: 503 }, path: '/v2/crawl/active', times: 'Infinity' });
    assert.match(await invoke('webData_activeCrawls', {}), /^The active crawls request failed\. The service is not available right now \(503/);
    await emulator.clearFaults();
    await emulator.injectFault({ fault: { kind: 'reset' }, path: '/v2/crawl/active', times: 'Infinity' });
    assert.match(await invoke('webData_activeCrawls', {}), /could not be reached/);
    await emulator.clearFaults();
    const unknownKey = 'wd-test-chat-unknown-key-0123456789';
    await vscode.commands.executeCommand('webData.setApiKey', { apiKey: unknownKey, skipCheck: true });
    try {
      const text = await invoke('webData_credits', {});
      assert.match(text, /did not accept the stored API key \(401\)/);
      assert.ok(!text.includes(unknownKey), 'the key is in the result');
    } finally {
      await useKey(KEY);
    }
  });

  it('a token cancelled before the call: nothing is sent, and each tool says it was cancelled', async () => {
    const source = new vscode.CancellationTokenSource();
    source.cancel();
    // VS Code's own token calls a listener added after the cancel a moment later; a caller's token
    // may never call it: the flag alone must stop the call.
    const flagOnly: vscode.CancellationToken = { isCancellationRequested: true, onCancellationRequested: () => new vscode.Disposable(() => undefined) };
    // The Active Crawls view polls the same address while it is visible: no polling during the calls,
    // so any /v2/crawl/active seen is the tool's own.
    const crawlsSettings = vscode.workspace.getConfiguration('webData');
    const interval = crawlsSettings.inspect<number>('activeCrawls.refreshInterval')?.globalValue;
    await crawlsSettings.update('activeCrawls.refreshInterval', 0, vscode.ConfigurationTarget.Global);
    const before = await emulator.requestCount();
    const calls: [string, vscode.LanguageModelTool<unknown>, object][] = [
      ['The search', api.chat.search, { query: 'tideflow cancelled before the call' }],
      ['The credits request', api.chat.credits, {}],
      ['The active crawls request', api.chat.activeCrawls, {}],
      ['The read', api.chat.read, { what: { source: 'job', jobId: CRAWLS[0]?.id } }],
    ];
    for (const token of [source.token, flagOnly]) {
      for (const [what, tool, input] of calls) {
        const result = await tool.invoke({ input, toolInvocationToken: undefined }, token);
        assert.ok(result, what);
        assert.equal(textOf(result), `${what} was cancelled before it finished.`);
      }
    }
    source.dispose();
    // The status bar's credits may refresh meanwhile; the tools' own requests must not be there.
    const sent = (await emulator.requestsSince(before)).map((r) => r.path).filter((p) => p === '/v2/search' || p.startsWith('/v2/crawl'));
    await crawlsSettings.update('activeCrawls.refreshInterval', interval, vscode.ConfigurationTarget.Global);
    assert.deepEqual(sent, []);
  });

  it('webData_search: prepareInvocation asks to confirm with the query and the price; invoke lands in the Search Results view', async () => {
    const input = { query: 'tideflow backpressure', limit: 3, scrapeFormats: ['markdown'] };
    const prepared = await api.chat.search.prepareInvocation({ input }, none);
    const confirmation = prepared?.confirmationMessages;
    assert.ok(confirmation, 'no confirmation asked');
    assert.equal(confirmation.title, 'Search the web with Web Data?');
    const body = typeof confirmation.message === 'string' ? confirmation.message : confirmation.message.value;
    assert.match(body, /tideflow backpressure/);
    assert.match(body, /\*\*Price:\*\* (unknown until the first search of this kind|a search like this cost \d+ credits last time|searches like this cost)/, body);
    const before = await emulator.requestCount();
    const text = textOf(await api.chat.search.invoke({ input, toolInvocationToken: undefined }, none));
    assert.match(text, /^Web search results for "tideflow backpressure" \(search id [\w-]+\): \d web result\(s\); [1-4] credits? used\./);
    assert.match(text, /\[1\] .+\nURL: https:\/\/\S+\n/);
    assert.match(text, /Page markdown:\n~~~+markdown\n/);
    const sent = await emulator.requestsSince(before);
    assert.deepEqual(sent.map((r) => `${r.method} ${r.path} ${r.status}`).filter((r) => r.includes('search')), ['POST /v2/search 200']);
    const rows = (await api.search.results.getChildren()) ?? [];
    const labels = await Promise.all(rows.map(async (row) => labelText((await api.search.results.getTreeItem(row)).label)));
    assert.ok(labels.some((label) => label.includes('tideflow backpressure')), `rows: ${labels.join(' | ')}`);
  });

  it('webData_search: the result is cut to the invocation\'s token budget, with a note saying what was cut', async () => {
    const input = { query: 'tideflow', limit: 10, scrapeFormats: ['markdown'] };
    const text = textOf(await api.chat.search.invoke({ input, toolInvocationToken: undefined, tokenizationOptions: { tokenBudget: 400, countTokens: (t) => Promise.resolve(Math.ceil(t.length / 3)) } }, none));
    assert.ok(Math.ceil(text.length / 3) <= 400, `${text.length} characters for 400 tokens`);
    assert.match(text, /Left out to fit the size budget \(400 tokens\): .*webData_read\b/s);
    assert.match(text, /\[1\] /);
  });

  it('webData_search failures as text: invalid input (each field, no confirmation, nothing sent), 429 with the wait', async () => {
    const before = await emulator.requestCount();
    const invalid = { query: 'x', limit: 0, tbs: 'qdr:z', includeDomains: ['https://a.example/x'] };
    assert.equal((await api.chat.search.prepareInvocation({ input: invalid }, none))?.confirmationMessages, undefined);
    const text = await invoke('webData_search', invalid);
    assert.match(text, /^The search was not accepted: fix these inputs and call the tool again\.\n- limit: limit must be a whole number from 1 to 100/);
    const domains = await invoke('webData_search', { query: 'x', tbs: 'qdr:z', includeDomains: ['https://a.example/x'] });
    assert.match(domains, /- tbs: /);
    assert.match(domains, /- includeDomains\[0\]: /);
    // The credits refresh after the previous test's search may still arrive: only searches count here.
    const searches = async (): Promise<unknown[]> => (await emulator.requestsSince(before)).filter((r) => r.path === '/v2/search');
    assert.deepEqual(await searches(), [], 'an invalid input sent a search');
    await emulator.injectFault({ fault: { kind: 'rate-limit', retryAfter: '90' }, path: '/v2/search', times: 'Infinity' });
    const limited = textOf(await api.chat.search.invoke({ input: { query: 'tideflow' }, toolInvocationToken: undefined }, none));
    assert.match(limited, /rate limit \(429\)\. Wait 90 seconds before trying again\./);
  });

  it('not connected: no confirmation, nothing sent, and the model is told how the person connects', async () => {
    await vscode.commands.executeCommand('webData.clearApiKey', { confirmed: true });
    try {
      const before = await emulator.requestCount();
      await waitFor('the window to see no key', async () => (await api.chat.search.prepareInvocation({ input: { query: 'tideflow' } }, none))?.confirmationMessages === undefined);
      const text = await invoke('webData_search', { query: 'tideflow' });
      assert.match(text, /not connected\. Ask the person to run "Web Data: Connect…".*no credits were spent\./s);
      assert.match(await invoke('webData_credits', {}), /not connected/);
      // Every tool's failure fits the smallest budget, what to do kept.
      const small = { tokenBudget: 64, countTokens: (t: string) => Promise.resolve(Math.ceil(t.length / 4)) };
      for (const [name, input] of [['webData_search', { query: 'tideflow' }], ['webData_credits', {}], ['webData_activeCrawls', {}]] as const) {
        const fitted = await invoke(name, input, small);
        assert.ok(Math.ceil(fitted.length / 4) <= 64, `${name}: ${fitted}`);
        assert.match(fitted, /not connected\. Ask the person to run "Web Data: Connect…"/, name);
      }
      assert.deepEqual((await emulator.requestsSince(before)).filter((r) => r.path === '/v2/search'), []);
    } finally {
      await useKey(KEY);
    }
  });

  it('a search prepared while not connected is not sent when a key arrives before invoke (no credits without a confirmation)', async () => {
    await vscode.commands.executeCommand('webData.clearApiKey', { confirmed: true });
    const input = { query: 'tideflow streams' };
    await waitFor('the window to see no key', async () => (await api.chat.search.prepareInvocation({ input }, none))?.confirmationMessages === undefined);
    await useKey(KEY);
    await waitFor('the window to see the key', async () => (await api.chat.search.prepareInvocation({ input: { query: 'other' } }, none))?.confirmationMessages !== undefined);
    const before = await emulator.requestCount();
    const text = textOf(await api.chat.search.invoke({ input, toolInvocationToken: undefined }, none));
    assert.match(text, /^The search was not sent: call the tool again .*\(Web Data was connected only after this call was prepared\)/);
    assert.deepEqual((await emulator.requestsSince(before)).filter((r) => r.path === '/v2/search'), []);
  });
});

/** The tools the installed manifest contributes. */
function manifestToolNames(): string[] {
  const manifest = vscode.extensions.getExtension(EXTENSION_ID)?.packageJSON as { contributes?: { languageModelTools?: { name: string }[] } } | undefined;
  return (manifest?.contributes?.languageModelTools ?? []).map((t) => t.name);
}

function labelText(label: string | vscode.TreeItemLabel | undefined): string {
  return typeof label === 'string' ? label : label?.label ?? '';
}

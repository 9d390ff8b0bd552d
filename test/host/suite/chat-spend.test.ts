// Agents that spend wisely, in a real VS Code against the emulator: answers that fit budgets of
// 64, 200 and 2,000 tokens and none; webData_read reading a page in parts that join back
// exactly; a repeated search answered from the history with no request sent; the price from one
// earlier search of that shape; the daily limit warned, then reached and refused with nothing
// sent; and the spend shown in the search row's and the credits' tooltips. A search that will be
// sent is confirmed in a modal dialog no test can answer, so those calls go through the tool's
// prepareInvocation and invoke; every call that sends nothing (a reuse, webData_read, a refusal)
// asks nothing and goes through vscode.lm.invokeTool as an agent's call would.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { WebDataApi } from '../../../src/extension';
import { activate, emulator, plainText, restoreDemoKey, useKey, usageFor, waitFor } from './helpers-account';
import { creditsItem } from './helpers-shown';
import { invokeTool, messageOf, none, textOf } from './helpers-tools';

const KEY = 'wd-test-chat-spend-0123456789abcdef';
const quarter = (text: string): Promise<number> => Promise.resolve(Math.ceil(text.length / 4));
const budget = (tokenBudget: number): vscode.LanguageModelToolTokenizationOptions => ({ tokenBudget, countTokens: quarter });

const searchesSince = async (count: number): Promise<unknown[]> => (await emulator.requestsSince(count)).filter((r) => r.path === '/v2/search');
const setLimit = (value: number | undefined): Thenable<void> => vscode.workspace.getConfiguration('webData').update('chat.dailyCreditLimit', value, vscode.ConfigurationTarget.Global);

describe('chat: agents that spend wisely', function () {
  let api: WebDataApi;
  let startSpend = 0;
  const spent: number[] = [];
  const input = { query: 'tideflow', limit: 8, scrapeFormats: ['markdown'] };
  let searchId = '';

  /** A search an agent sends: prepared (it asks to confirm) and invoked, as chat does once confirmed. */
  async function sent(toolInput: object): Promise<{ text: string; confirmation: string }> {
    const prepared = await api.chat.search.prepareInvocation({ input: toolInput }, none);
    const confirmation = messageOf(prepared);
    assert.ok(confirmation, 'no confirmation asked for a search that will be sent');
    const before = await emulator.requestCount();
    const text = textOf(await api.chat.search.invoke({ input: toolInput, toolInvocationToken: undefined }, none));
    assert.equal((await searchesSince(before)).length, 1, 'one search sent');
    const credits = /; (\d+) credits? used\./.exec(text)?.[1];
    assert.ok(credits, text.slice(0, 300));
    spent.push(Number(credits));
    return { text, confirmation };
  }

  before(async () => {
    api = await activate();
    await emulator.addTeam({ apiKey: KEY, usage: usageFor(60_000, 150_000) });
    await useKey(KEY);
    await setLimit(1000);
    startSpend = api.spend.today().agent;
    const { text } = await sent(input);
    searchId = /\(search id ([\w-]+)\)/.exec(text)?.[1] ?? '';
    assert.ok(searchId, 'the answer names its search id');
  });

  after(async () => {
    await setLimit(undefined);
    await restoreDemoKey();
  });

  for (const tokens of [64, 200, 2000, undefined]) {
    it(`the same search again within minutes, budget ${tokens ?? 'none'}: through lm.invokeTool, from the history, nothing sent, and it fits`, async () => {
      const before = await emulator.requestCount();
      const prepared = await api.chat.search.prepareInvocation({ input }, none);
      assert.equal(prepared?.confirmationMessages, undefined, 'a reuse asks nothing');
      const text = await invokeTool('webData_search', input, tokens === undefined ? undefined : budget(tokens));
      assert.deepEqual(await searchesSince(before), [], 'a reused search sent a request');
      if (tokens === undefined) assert.ok(text.length < 8000, `${text.length} characters`);
      else assert.ok(Math.ceil(text.length / 4) <= tokens, `${Math.ceil(text.length / 4)} tokens for ${tokens}`);
      assert.match(text, /\[1\] .+\nURL: https:\/\/\S+/, 'the first hit\'s title and address');
      assert.match(text, /from the search made less than a minute ago|from the search made \d+ minutes? ago/);
      assert.ok(text.includes(searchId), 'the search id is named');
      if (tokens !== undefined && tokens <= 200) assert.match(text, /webData_read\b/, 'the note says how to read on');
    });
  }

  it('fresh: true searches again (asking first) and sends one request', async () => {
    await sent({ ...input, fresh: true });
  });

  it('webData_read through lm.invokeTool: every part of a page in turn gives it back exactly, "part N of M", nothing sent', async () => {
    const record = await api.search.get(searchId);
    assert.ok(record);
    const pages = (record.response.data.web ?? []).map((r, i) => ({ number: i + 1, markdown: r.markdown ?? '' }));
    const longest = pages.reduce((a, b) => (b.markdown.length > a.markdown.length ? b : a));
    assert.ok(longest.markdown.length > 600, `the longest page has ${longest.markdown.length} characters`);
    const before = await emulator.requestCount();
    let joined = '';
    let total = 0;
    for (let part = 1; part <= 200; part++) {
      const text = await invokeTool('webData_read', { what: { source: 'search', searchId, result: longest.number, part } }, budget(100));
      assert.ok(Math.ceil(text.length / 4) <= 100, `part ${part}: ${text.length} characters`);
      const head = /^Part (\d+) of (\d+) of the page markdown of result (\d+) of search ([\w-]+)/.exec(text);
      assert.ok(head, text.slice(0, 200));
      assert.equal(Number(head[1]), part);
      total = Number(head[2]);
      joined += /\n(~{3,})markdown\n([\s\S]*)\n\1$/.exec(text)?.[2] ?? '<no fence>';
      if (part === total) break;
    }
    assert.ok(total > 3, `${total} parts`);
    assert.equal(joined, longest.markdown);
    // A flat input (the branch without `what`), as a model may send it, reads the same.
    assert.match(await invokeTool('webData_read', { source: 'search', searchId, result: longest.number, part: total + 1 }, budget(100)), new RegExp(`has ${total} parts at this budget`));
    assert.deepEqual(await searchesSince(before), []);
  });

  it('the price: unknown before the first search of a shape, then what that search cost', async () => {
    const shape = { limit: 7, sources: ['web', 'news'], scrapeFormats: ['summary'] };
    const first = await sent({ query: 'tideflow backpressure', ...shape });
    assert.match(first.confirmation, /\*\*Price:\*\* unknown until the first search of this kind/);
    const cost = spent.at(-1);
    const second = await api.chat.search.prepareInvocation({ input: { query: 'tideflow streams', ...shape } }, none);
    assert.match(messageOf(second), new RegExp(`\\*\\*Price:\\*\\* a search like this cost ${cost} credits last time`));
    assert.match(messageOf(second), /Chat agents have spent \d+ of their 1000 credits today \(webData\.chat\.dailyCreditLimit\)/);
  });

  it('the daily limit, the same rule as every tool that spends: a search that could pass it, and one once it is reached, is refused through lm.invokeTool and sends nothing', async () => {
    const agentSpend = api.spend.today().agent;
    assert.equal(agentSpend, startSpend + spent.reduce((a, b) => a + b, 0), 'today\'s agent spend counts each sent search once and no reuse');
    const before = await emulator.requestCount();
    await setLimit(agentSpend + 1);
    const passing = { ...input, query: 'tideflow pipeline' };
    const prepared = await api.chat.search.prepareInvocation({ input: passing }, none);
    assert.equal(prepared?.confirmationMessages, undefined, 'nothing to confirm: nothing will be sent');
    const invocation = prepared?.invocationMessage;
    assert.match(typeof invocation === 'string' ? invocation : invocation?.value ?? '', /Not searching for .*tideflow pipeline.*: it could pass the chat agents’ daily credit limit/);
    assert.match(await invokeTool('webData_search', passing), new RegExp(`^The search could pass the daily agent credit limit \\(${agentSpend} of ${agentSpend + 1} spent today, and it may cost up to \\d+\\); the person can raise webData\\.chat\\.dailyCreditLimit\\. The search was not sent, so nothing was spent\\.`));
    await setLimit(agentSpend);
    const refused = { ...input, query: 'tideflow operators' };
    assert.equal((await api.chat.search.prepareInvocation({ input: refused }, none))?.confirmationMessages, undefined, 'nothing to confirm: nothing will be sent');
    const text = await invokeTool('webData_search', refused);
    assert.equal(text, `Daily agent credit limit reached (${agentSpend} of ${agentSpend} today); the person can raise webData.chat.dailyCreditLimit. The search was not sent, so nothing was spent. Tell the person; pages already fetched can still be read with webData_read.`);
    // At the smallest budget the refusal fits and still says the limit and the setting.
    const small = await invokeTool('webData_search', refused, { tokenBudget: 64, countTokens: (t: string) => Promise.resolve(Math.ceil(t.length / 4)) });
    assert.ok(Math.ceil(small.length / 4) <= 64, small);
    assert.match(small, new RegExp(`^Daily agent credit limit reached \\(${agentSpend} of ${agentSpend} today\\); the person can raise webData\\.chat\\.dailyCreditLimit\\.`));
    // Allowed for the session or not, invoke itself refuses.
    assert.match(textOf(await api.chat.search.invoke({ input: refused, toolInvocationToken: undefined }, none)), /^Daily agent credit limit reached/);
    assert.deepEqual(await searchesSince(before), []);
    await setLimit(1000);
  });

  it('the spend is visible: the row says who asked and its credits; the credits tooltip, today\'s spend by agents and by the person', async () => {
    const person = await vscode.commands.executeCommand<{ response: { creditsUsed?: number | null } } | undefined>('webData.search', { query: 'tideflow install', limit: 2 });
    assert.ok(person);
    const rows = (await api.search.results.getChildren()) ?? [];
    const items = await Promise.all(rows.map(async (row) => api.search.results.getTreeItem(row)));
    const tooltips = items.map((item) => plainText(item.tooltip instanceof vscode.MarkdownString ? item.tooltip.value : item.tooltip ?? ''));
    const agentRow = tooltips.find((t) => t.includes('tideflow backpressure') && t.includes('Asked by: a chat agent'));
    assert.ok(agentRow, tooltips.join('\n---\n'));
    assert.ok(agentRow.includes(`Credits used: ${spent[2]} credit`), agentRow);
    assert.ok(tooltips.some((t) => t.includes('tideflow install') && t.includes('Asked by: you')), 'the palette search says you asked');
    const today = api.spend.today();
    assert.equal(today.agent, startSpend + spent.reduce((a, b) => a + b, 0));
    assert.ok(today.person >= (person.response.creditsUsed ?? 0) && today.person > 0);
    await vscode.commands.executeCommand('webData.refreshUsage');
    const credits = (n: number): string => (n === 1 ? '1 credit' : `${n} credits`);
    const wanted = (): string => `Spent today: ${credits(api.spend.today().agent)} by chat agents, ${credits(api.spend.today().person)} by you`;
    await waitFor('the credits tooltip to show today\'s spend', () => plainText(creditsItem(api).tooltip).includes(wanted())).catch((err: unknown) => {
      assert.fail(`${String(err)}: wanted "${wanted()}" in ${creditsItem(api).tooltip}`);
    });
  });
});

// The research chat tools (issue 36) in a real VS Code against the emulator: webData_extract priced,
// confirmed, checked against its schema, fitted to budgets and refused at the daily limit; webData_research
// confirmed with the prompt, the bound (an agent's maxCredits lowered to webData.chat.maxResearchCredits,
// and said) and today's agent spend; refused, asking nothing and sending nothing, when the whole
// bound could pass the daily limit; its answer naming the run and the webData_read call,
// which waits for the run's end and gives the data fitted to budgets of 64 and 200 tokens and none.
// A call that will be sent goes through prepareInvocation and invoke (its modal cannot be answered
// here); the free result call through vscode.lm.invokeTool as an agent's would.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { WebDataApi } from '../../../src/extension';
import { activate, emulator, restoreDemoKey, waitFor } from './helpers-account';
import { messageOf as confirmationOf, none, textOf } from './helpers-tools';

const quarter = (text: string): Promise<number> => Promise.resolve(Math.ceil(text.length / 4));
const BUDGETS = [64, 200, undefined] as const;
const PAGE = 'https://docs.tideflow.dev/guide/streams';

/** The confirmation's message with the markdown escapes taken out. */
const messageOf = (prepared: vscode.PreparedToolInvocation | undefined): string => confirmationOf(prepared).replace(/\\(.)/g, '$1');
const setting = (name: string, value: number | undefined): Thenable<void> => vscode.workspace.getConfiguration('webData').update(name, value, vscode.ConfigurationTarget.Global);

describe('chat: research tools', function () {
  this.timeout(60_000);
  let api: WebDataApi;

  before(async () => {
    api = await activate();
    await restoreDemoKey();
    await setting('chat.dailyCreditLimit', 1000);
  });
  after(async () => {
    await setting('chat.dailyCreditLimit', undefined);
    await setting('chat.maxResearchCredits', undefined);
    await emulator.clearFaults();
    await waitFor('this suite\'s runs to end', () => api.agent.runs.list.length === 0, 20_000);
  });

  it('webData_research: the confirmation names the prompt, the lowered bound and today; the answer names the run and the call that reads it; the result fits 64, 200 and no budget', async () => {
    const input = { prompt: 'Tideflow stream limits', urls: [PAGE], maxCredits: 400 };
    const prepared = await api.chat.research.prepareInvocation({ input }, none);
    const confirmation = messageOf(prepared);
    assert.match(confirmation, /Prompt:\*\* Tideflow stream limits/);
    assert.match(confirmation, /Bound:\*\* at most 50 credits \(the agent asked for 400; an agent’s run is bound to at most 50, webData\.chat\.maxResearchCredits\)/);
    assert.match(confirmation, /Today:/);
    const before = await emulator.requestCount();
    const text = textOf(await api.chat.research.invoke({ input, toolInvocationToken: undefined }, none));
    const id = /Research run ([0-9a-f-]{36}) started, bound to at most 50 credits/.exec(text)?.[1];
    assert.ok(id, text);
    assert.ok(text.includes(`webData_read {"what":{"source":"research","jobId":"${id}"}}`), text);
    const posts = (await emulator.requestsSince(before)).filter((r) => r.method === 'POST' && r.path === '/v2/agent');
    assert.equal(posts.length, 1);
    for (const tokens of BUDGETS) {
      const result = textOf(await vscode.lm.invokeTool('webData_read', { input: { what: { source: 'research', jobId: id } }, toolInvocationToken: undefined, tokenizationOptions: tokens === undefined ? undefined : { tokenBudget: tokens, countTokens: quarter } }, none));
      assert.match(result, new RegExp(`^Research run ${id} completed \\(\\d+ credits spent\\)`));
      if (tokens === undefined) assert.ok(result.includes('"limits"') || result.includes('"answer"') || result.length > 100, result);
      else assert.ok(Math.ceil(result.length / 4) <= tokens, `${Math.ceil(result.length / 4)} tokens for ${tokens}`);
    }
    await waitFor('the agent\'s spend to count the run', () => api.spend.today().agent > 0, 15_000);
  });

  it('webData_research: refused, asking nothing and sending nothing, when the whole bound could pass the daily limit', async () => {
    await setting('chat.dailyCreditLimit', api.spend.today().agent + 10);
    try {
      const input = { prompt: 'anything at all', maxCredits: 30 };
      const prepared = await api.chat.research.prepareInvocation({ input }, none);
      assert.equal(prepared?.confirmationMessages, undefined, 'nothing to confirm');
      const before = await emulator.requestCount();
      const text = textOf(await vscode.lm.invokeTool('webData_research', { input, toolInvocationToken: undefined }, none));
      assert.match(text, /The research run could pass the daily agent credit limit .* it may cost up to 30\)/);
      assert.equal((await emulator.requestsSince(before)).filter((r) => r.path === '/v2/agent').length, 0);
    } finally {
      await setting('chat.dailyCreditLimit', 1000);
    }
  });

  it('webData_extract: confirmed with the page, the fields and the price; the data checked against the schema and fitted to 64, 200 and no budget; the cut JSON read whole with webData_read', async () => {
    let cut = '';
    const input = { url: PAGE, schema: { type: 'object', properties: { title: { type: 'string', pattern: '^[0-9]+$' }, topics: { type: 'array', items: { type: 'string' } } } } };
    for (const tokens of BUDGETS) {
      const prepared = await api.chat.extract.prepareInvocation({ input }, none);
      const confirmation = messageOf(prepared);
      assert.match(confirmation, /Page:\*\* https:\/\/docs\.tideflow\.dev\/guide\/streams/);
      assert.match(confirmation, /Schema fields:\*\* title, topics/);
      assert.match(confirmation, /Price:\*\* (up to \d+ credits|not known)/);
      const before = await emulator.requestCount();
      const text = textOf(await api.chat.extract.invoke({ input, toolInvocationToken: undefined, tokenizationOptions: tokens === undefined ? undefined : { tokenBudget: tokens, countTokens: quarter } }, none));
      assert.equal((await emulator.requestsSince(before)).filter((r) => r.method === 'POST' && r.path === '/v2/scrape').length, 1);
      if (tokens === undefined) assert.match(text, /^Data extracted from https:\/\/docs\.tideflow\.dev\/guide\/streams \(5 credits; result [0-9a-f-]{36}\)\. It does not match the schema in 1 place\(s\): \/title must match pattern/);
      else assert.ok(Math.ceil(text.length / 4) <= tokens, `${Math.ceil(text.length / 4)} tokens for ${tokens}: ${text}`);
      if (tokens === 64) cut = text;
    }
    // The answer cut at 64 tokens names the webData_read call that reads the whole JSON, free.
    const call = /webData_read (\{"what":\{"source":"result","resultId":"[0-9a-f-]{36}"\}\})/.exec(cut)?.[1];
    assert.ok(call, `no read call in the cut answer: ${cut}`);
    const before = await emulator.requestCount();
    let whole = '';
    let readInput: object | undefined = JSON.parse(call) as object;
    for (let part = 1; part <= 20 && readInput !== undefined; part++) {
      const read = textOf(await vscode.lm.invokeTool('webData_read', { input: readInput, toolInvocationToken: undefined, tokenizationOptions: { tokenBudget: 200, countTokens: quarter } }, none));
      assert.match(read, new RegExp(`^Part ${part} of \\d+ of the page json of extraction [0-9a-f-]{36} from https://docs\\.tideflow\\.dev/guide/streams`), read);
      whole += /\n(~{3,})json\n([\s\S]*)\n\1$/.exec(read)?.[2] ?? '';
      const next = /Next: (\{.*\})\n/.exec(read)?.[1];
      readInput = next === undefined ? undefined : JSON.parse(next) as object;
    }
    assert.ok(Array.isArray((JSON.parse(whole) as { topics?: unknown }).topics), 'the parts give the whole JSON back');
    assert.equal((await emulator.requestsSince(before)).filter((r) => r.path !== '/v2/team/token-usage').length, 0, 'reading sent nothing');
  });

  it('webData_extract: refused, asking nothing and sending nothing, at the daily limit', async () => {
    await setting('chat.dailyCreditLimit', api.spend.today().agent);
    try {
      const input = { url: PAGE, prompt: 'the title' };
      const prepared = await api.chat.extract.prepareInvocation({ input }, none);
      assert.equal(prepared?.confirmationMessages, undefined);
      const before = await emulator.requestCount();
      const text = textOf(await vscode.lm.invokeTool('webData_extract', { input, toolInvocationToken: undefined }, none));
      assert.match(text, /^Daily agent credit limit reached/);
      assert.equal((await emulator.requestsSince(before)).filter((r) => r.path === '/v2/scrape').length, 0);
    } finally {
      await setting('chat.dailyCreditLimit', 1000);
    }
  });

  it('webData_read\'s research result: an id this window does not follow is said, free', async () => {
    const text = textOf(await vscode.lm.invokeTool('webData_read', { input: { what: { source: 'research', jobId: '3f0c9a52-6a3e-4d7b-9c1e-2b8f4e7a1d01' } }, toolInvocationToken: undefined }, none));
    assert.match(text, /^This window follows no research run with that id/);
  });
});

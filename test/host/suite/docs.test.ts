// Docs sets in a real VS Code (issue 48), against the emulator's documentation site (Harborline,
// test/emulator/docs-site.ts): Add Docs… through its steps with Back and its review with the bound,
// nothing sent until Enter on the review (closed, nothing is sent); a crawl cancelled midway keeping
// the pages that arrived; a whole set, then Search Docs… with no request to the service and Enter
// opening the kept page at its heading; Refresh priced first and counting what changed; the Docs
// Sets view's row; webData_docs at budgets of 64 and 300 tokens and none, with no request; and
// webData_addDocs refused above webData.chat.maxDocsPages, confirmed with its bound below it. Its
// own emulated team, so the crawls and their costs are this suite's alone.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { WebDataApi } from '../../../src/extension';
import type { DocsCrawlEnd } from '../../../src/core/docs/crawl-follow';
import type { DocsHit } from '../../../src/core/docs/docs-set';
import { JOB_COSTS_PREFIX } from '../../../src/core/jobs/costs';
import type { ShownQuickInput } from '../../../src/platform/quick-inputs';
import { activate, emulator, moveClock, restoreDemoKey, storageOf, usageFor, useKey, waitFor } from './helpers-account';
import { invokeTool, messageOf, none, textOf } from './helpers-tools';

const KEY = 'wd-docs-suite-key-0123456789abcdef';
const SITE = 'https://docs.harborline.dev/manual/';
const SET = 'docs-harborline-dev-manual';
const quarter = (text: string): Promise<number> => Promise.resolve(Math.ceil(text.length / 4));
const setting = (name: string, value: unknown): Thenable<void> => vscode.workspace.getConfiguration('webData').update(name, value, vscode.ConfigurationTarget.Global);
/** What reached the service since `count`, besides the reads every window makes on its own (credits, active crawls, a followed job's status). */
async function sentSince(count: number): Promise<string[]> {
  return (await emulator.requestsSince(count)).filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`);
}

describe('docs sets', function () {
  this.timeout(120_000);
  let api: WebDataApi;
  let costsBefore = new Map<string, unknown>();
  const seen: ShownQuickInput[] = [];
  let listening: vscode.Disposable | undefined;

  before(async () => {
    api = await activate();
    await emulator.addTeam({ apiKey: KEY, usage: usageFor(500_000), crawls: [] });
    await useKey(KEY);
    await setting('chat.dailyCreditLimit', 1000);
    const shared = storageOf(api).shared;
    costsBefore = new Map(shared.keys().filter((key) => key.startsWith(JOB_COSTS_PREFIX)).map((key) => [key, shared.get(key)]));
  });
  beforeEach(() => {
    seen.length = 0;
    listening = api.onDidShowQuickInput((input) => { seen.push(input); });
  });
  afterEach(async () => {
    listening?.dispose();
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
  after(async () => {
    for (const set of await api.docs.list()) await vscode.commands.executeCommand('webData.docs.remove', { set: set.meta.id, confirmed: true });
    await waitFor('this suite\'s crawls to be followed to their end', () => api.jobs.followed === 0, 60_000);
    const shared = storageOf(api).shared;
    for (const key of shared.keys().filter((k) => k.startsWith(JOB_COSTS_PREFIX))) await shared.update(key, costsBefore.get(key));
    await setting('chat.dailyCreditLimit', undefined);
    await restoreDemoKey();
  });

  /** Waits for the `n`th quick input (from 1) and returns it. */
  async function shown(n: number): Promise<ShownQuickInput> {
    await waitFor(`quick input ${n}`, () => seen.length >= n, 20_000);
    const input = seen[n - 1];
    assert.ok(input);
    return input;
  }

  const enter = (): Thenable<unknown> => vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');

  it('Add Docs…: the bound, Back to the address, the review with the price; closed there, nothing is sent', async () => {
    const before = await emulator.requestCount();
    const run = vscode.commands.executeCommand<DocsCrawlEnd | undefined>('webData.docs.add', { url: SITE });
    const bound = await shown(1);
    assert.deepEqual([bound.step, bound.totalSteps, bound.value], [2, 3, '500'], 'the address given: the bound next, webData.docs.maxPages by default');
    assert.ok(bound.buttons.includes('Back'));
    await vscode.commands.executeCommand('workbench.action.quickInputBack');
    const address = await shown(2);
    assert.deepEqual([address.step, address.value], [1, SITE], 'Back: the address, as it was');
    await enter();
    await shown(3);
    await enter();
    const review = await shown(4);
    assert.equal(review.step, 3);
    assert.match(review.items[0] ?? '', /^\$\(book\) Crawl at most 500 pages and keep them as a docs set at most 500 pages; (credits unknown until the first crawl of this kind|at most [\d,]+ credits)/);
    assert.ok(review.items.some((row) => row.includes(SITE) && row.includes('pages under /manual/')), review.items.join(' | '));
    assert.match(review.details[0] ?? '', /free and works offline/);
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    assert.equal(await run, undefined);
    assert.deepEqual(await sentSince(before), [], 'nothing sent');
    assert.deepEqual(await api.docs.list(), []);
  });

  it('a crawl cancelled midway: the set keeps the pages that arrived, searchable, and says its crawl was cancelled', async () => {
    const before = await emulator.requestCount();
    const run = vscode.commands.executeCommand<DocsCrawlEnd | undefined>('webData.docs.add', { url: SITE, maxPages: 40 });
    await shown(1);
    await enter();
    await waitFor('a few pages kept', () => (api.docs.crawls.get(SET)?.pages ?? 0) >= 2, 30_000);
    const whileRunning = await api.docs.sets(SET);
    assert.ok((whileRunning[0]?.search('harborline').length ?? 0) > 0, 'searchable while the crawl runs');
    api.docs.cancel(SET);
    const end = await run;
    assert.equal(end?.status, 'cancelled');
    assert.ok(end.pages >= 2 && end.pages < 21, `${end.pages} pages`);
    const [kept] = await api.docs.list();
    assert.equal(kept?.meta.id, SET);
    assert.equal(kept.pages, end.pages);
    assert.deepEqual(kept.meta.lastCrawl?.status, 'cancelled');
    const sent = await sentSince(before);
    assert.deepEqual(sent.filter((s) => s.startsWith('POST')), ['POST /v2/crawl'], 'one crawl');
    assert.ok(sent.some((s) => s.startsWith('DELETE /v2/crawl/')), `the crawl cancelled at the service: ${sent.join(', ')}`);
  });

  it('a whole set, its crawl counted in today\'s spend, then Search Docs… with no request: Enter opens the kept page at its heading', async () => {
    const spentBefore = api.spend.today().person;
    const run = vscode.commands.executeCommand<DocsCrawlEnd | undefined>('webData.docs.add', { url: SITE, maxPages: 40 });
    await shown(1);
    await enter();
    // The emulator's clock moves past the crawl's end: every page at the next read.
    await waitFor('the crawl under way', () => api.docs.crawls.has(SET), 10_000);
    await moveClock(60_000);
    const end = await run;
    assert.equal(end?.status, 'completed');
    assert.equal(end.pages, 21);
    const [kept] = await api.docs.list();
    assert.equal(kept?.pages, 21);
    assert.equal(kept.meta.maxPages, 40);
    assert.equal(kept.meta.lastCrawl?.status, 'completed');
    await waitFor('the crawl\'s credits in today\'s spend', () => api.spend.today().person >= spentBefore + 21, 30_000);
    // The usage ledger counts them as a docs set's, not as any crawl's (Show Credits Usage's kinds).
    const usage = await api.spend.usage.history(1);
    assert.ok(usage.subjects.some((s) => s.kind === 'docs' && s.credits >= 21), JSON.stringify(usage.subjects));
    assert.ok((usage.days.at(-1)?.byKind.docs ?? 0) >= 21, JSON.stringify(usage.days.at(-1)));

    const before = await emulator.requestCount();
    const search = vscode.commands.executeCommand<DocsHit | undefined>('webData.docs.search', { query: 'exponential backoff' });
    const pick = await shown(2);
    assert.match(pick.items[0] ?? '', /^Exponential backoff Retries and backoff \| Harborline$/);
    assert.match(pick.details[0] ?? '', /exponential/, 'a line of the passage holding a word of the query');
    await enter();
    const hit = await search;
    assert.equal(hit?.url, `${SITE}guides/retries`);
    const editor = vscode.window.activeTextEditor;
    assert.equal(editor?.document.uri.scheme, 'webdata-docs');
    assert.equal(editor.document.lineAt(editor.selection.active.line).text, '## Exponential backoff', 'the page at its heading');
    assert.deepEqual((await emulator.requestsSince(before)).filter((r) => !r.path.startsWith('/v2/team') && !r.path.startsWith('/v2/crawl/active')), [], 'no request: searched and opened from this machine');
  });

  it('the Docs Sets view shows the set with its site, pages, size, age and cost; its pages open the kept page', async () => {
    const rows = await api.docs.view.getChildren();
    const row = rows.find((r) => r.type === 'docsSet' && r.set.meta.id === SET);
    assert.ok(row);
    const item = api.docs.view.getTreeItem(row);
    assert.equal(item.label, 'docs.harborline.dev/manual');
    assert.match(String(item.description), /^21 pages · [\d.,]+ (kB|MB) · .+ · ([\d,]+ credits|credits not known)$/);
    assert.equal(item.contextValue, 'docsSet');
    const pages = await api.docs.view.getChildren(row);
    assert.equal(pages.length, 21);
    const page = pages.find((p) => p.type === 'docsPage' && p.url.endsWith('/changelog'));
    assert.ok(page);
    const command = api.docs.view.getTreeItem(page).command;
    assert.ok(command);
    const given: unknown[] = command.arguments ?? [];
    await vscode.commands.executeCommand(command.command, ...given);
    assert.match(vscode.window.activeTextEditor?.document.getText() ?? '', /^# Changelog/);
  });

  it('Refresh: the review with the set\'s own bound, then the crawl says what changed', async () => {
    const run = vscode.commands.executeCommand<DocsCrawlEnd | undefined>('webData.docs.refresh', { set: SET });
    const review = await shown(1);
    assert.match(review.items[0] ?? '', /^\$\(book\) Crawl again, at most 40 pages at most 40 pages;/);
    await enter();
    await waitFor('the crawl under way', () => api.docs.crawls.has(SET), 10_000);
    await moveClock(60_000);
    const end = await run;
    assert.deepEqual([end?.status, end?.changed, end?.added, end?.gone], ['completed', 1, 0, 0], 'the changelog has a new release');
    const [kept] = await api.docs.list();
    assert.equal(kept?.pages, 21);
  });

  it('webData_docs at budgets of 64 and 300 tokens and none: the set named with its age, passages cited, no request', async () => {
    const before = await emulator.requestCount();
    const texts: string[] = [];
    for (const tokens of [64, 300, undefined]) {
      const text = await invokeTool('webData_docs', { query: 'backpressure maxWaiting' }, tokens === undefined ? undefined : { tokenBudget: tokens, countTokens: quarter });
      if (tokens !== undefined) assert.ok(Math.ceil(text.length / 4) <= tokens, `${tokens}: ${text}`);
      assert.match(text, new RegExp(`${SET}\\b.*(minute|hour)s? old`), `${tokens ?? 'none'}: the set and its age`);
      assert.match(text, /\[1\] .*<https:\/\/docs\.harborline\.dev\/manual\/guides\/rate-limiting#backpressure>/, `${tokens ?? 'none'}: the passage's citation`);
      texts.push(text);
    }
    assert.match(texts[1] ?? '', /enqueue (can wait|blocks)/, '300 tokens: the passage\'s words');
    assert.match(texts[2] ?? '', /maxWaiting: 10_000/, 'no budget: the passage whole, its code too');
    assert.doesNotMatch(texts[2] ?? '', /cut to fit/);
    assert.match(texts[2] ?? '', /data, never instructions/);
    assert.deepEqual((await emulator.requestsSince(before)).filter((r) => !r.path.startsWith('/v2/team') && !r.path.startsWith('/v2/crawl/active')), [], 'free and local');
  });

  it('webData_addDocs: refused above webData.chat.maxDocsPages without asking or sending; below it, confirmed with its bound, then the set fills', async () => {
    const input = { url: `${SITE}guides/`, maxPages: 500 };
    const before = await emulator.requestCount();
    const refused = await api.chat.addDocs.prepareInvocation({ input }, none);
    assert.equal(refused?.confirmationMessages, undefined, 'nothing to confirm');
    const text = textOf(await api.chat.addDocs.invoke({ input, toolInvocationToken: undefined }, none));
    assert.match(text, /at most 200 pages \(webData\.chat\.maxDocsPages\); 500 were asked\. Nothing was sent/);
    assert.deepEqual(await sentSince(before), []);

    const asked = { url: `${SITE}guides/`, maxPages: 10 };
    const prepared = await api.chat.addDocs.prepareInvocation({ input: asked }, none);
    const message = messageOf(prepared).replace(/\\(.)/g, '$1');
    assert.match(message, /\*\*Page limit:\*\* 10 \(an agent’s docs set is at most 200, webData\.chat\.maxDocsPages\)/);
    assert.match(message, /\*\*Bound:\*\* at most 10 pages, so at most \d+ credits|\*\*Bound:\*\* at most 10 pages; credits unknown/);
    const started = textOf(await api.chat.addDocs.invoke({ input: asked, toolInvocationToken: undefined }, none));
    assert.match(started, /into the docs set "docs-harborline-dev-manual-guides" \(crawl [0-9a-f-]{36}\): at most 10 pages/);
    await moveClock(60_000);
    await waitFor('the agent\'s set kept', async () => (await api.docs.list()).some((s) => s.meta.id === 'docs-harborline-dev-manual-guides' && s.meta.lastCrawl?.status === 'completed'), 30_000);
    const guides = (await api.docs.list()).find((s) => s.meta.id === 'docs-harborline-dev-manual-guides');
    assert.equal(guides?.pages, 6, 'the guides only: the crawl stayed under the path');
    const answer = await invokeTool('webData_docs', { query: 'fake timers', set: 'docs-harborline-dev-manual-guides' });
    assert.match(answer, /guides\/testing#fake-timers/);
  });
});

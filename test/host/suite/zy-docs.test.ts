// Named to run after every other suite but the secrets' last look: its @webData /docs questions load the
// chat participant, which the participant suite checks is loaded only by its own first question.
// Docs sets in a real VS Code (issue 48), against the emulator's documentation site (Harborline,
// test/emulator/docs-site.ts): Add Docs… through its steps with Back and its review with the bound,
// nothing sent until Enter on the review (closed, nothing is sent); a crawl cancelled midway keeping
// the pages that arrived; a whole set, then Search Docs… with no request to the service and Enter
// opening the kept page at its heading; Refresh priced first and counting what changed; the Docs
// Sets view's row; webData_docs at budgets of 64 and 300 tokens and none, with no request; and
// webData_addDocs refused above webData.chat.maxDocsPages, confirmed with its bound below it; Keep
// Fresh through the watch review, a check's changed page updating the set; webData.docs.maxDiskMB's
// modal naming the oldest set; Remove offering to delete the set's watch. Its own emulated team, so
// the crawls, watches and their costs are this suite's alone.
import * as assert from 'node:assert/strict';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { WebDataApi } from '../../../src/extension';
import type { DocsCrawlEnd } from '../../../src/core/docs/crawl-follow';
import type { DocsHit } from '../../../src/core/docs/docs-set';
import { JOB_COSTS_PREFIX } from '../../../src/core/jobs/costs';
import type { ShownQuickInput } from '../../../src/platform/quick-inputs';
import { activate, emulator, moveClock, restoreDemoKey, storageOf, usageFor, useKey, waitFor } from './helpers-account';
import { invokeTool, messageOf, none, textOf } from './helpers-tools';
import { paying } from './helpers-price';
import { chatRequest, fakeModel, modelWithId, RecordingStream } from './helpers-chat';
import { settingsTarget } from './helpers-webhooks';
import type { WebhookNotification } from '../../../src/features/webhooks';

const KEY = 'wd-docs-suite-key-0123456789abcdef';
const latest = process.env.WEBDATA_TEST_VSCODE === 'latest';
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

  it('@webData /docs with no set kept says so and sends nothing (the newest VS Code: a chat model)', async function () {
    if (!latest) this.skip();
    const model = await modelWithId('fake-large');
    const stream = new RecordingStream();
    const before = await emulator.requestCount();
    await api.participant.handle(chatRequest('how do I retry?', model, 'docs'), { history: [] }, stream, none);
    assert.match(stream.text, /No docs set is kept yet, so \/docs has nothing to answer from/);
    assert.deepEqual(stream.anchors(), []);
    assert.deepEqual(await sentSince(before), []);
  });

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

  it('@webData /docs: answered from the kept sets only, numbered citations opening the kept pages, free (the newest VS Code: a chat model)', async function () {
    if (!latest) this.skip();
    const fake = await fakeModel();
    fake.reset();
    const model = await modelWithId('fake-large');
    const ask = async (prompt: string): Promise<{ stream: RecordingStream; result: vscode.ChatResult }> => {
      const stream = new RecordingStream();
      const result = await api.participant.handle(chatRequest(prompt, model, 'docs'), { history: [] }, stream, none);
      return { stream, result: result ?? {} };
    };
    fake.answers = [['Set maxWaiting on the queue [1].']];
    const before = await emulator.requestCount();
    const { stream, result } = await ask('backpressure maxWaiting');
    // Markdown-escaped, as every outside text in an answer is.
    assert.match(stream.text, /From the docs sets kept on this machine: docs\\\.harborline\\\.dev\/manual\//);
    const seen = fake.requests.at(-1)?.text ?? '';
    assert.match(seen, /\[1\] "Rate limiting \| Harborline — Backpressure" at https:\/\/docs\.harborline\.dev\/manual\/guides\/rate-limiting#backpressure/, 'the passage sent, cited with its heading');
    const [first] = stream.anchors();
    assert.equal(first?.title, '[1]');
    assert.equal(first.uri.scheme, 'webdata-docs', 'the citation opens the kept page');
    const page = await vscode.workspace.openTextDocument(first.uri);
    assert.match(page.getText(), /## Backpressure/);
    assert.match(stream.text, /Free: answered from the kept docs sets/);
    const sources: unknown = result.metadata?.webDataSources;
    assert.ok(Array.isArray(sources) && sources.length > 0, 'its sources kept for a follow-up');
    assert.deepEqual((await emulator.requestsSince(before)).filter((r) => !r.path.startsWith('/v2/team') && !r.path.startsWith('/v2/crawl/active')), [], 'nothing sent to the service');
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

  it('Keep Fresh: the watch of the set\'s pages is asked through the watch review with its month; a check\'s changed page updates the set; the row says so', async () => {
    const GUIDES = 'docs-harborline-dev-manual-guides';
    const [guides] = await api.docs.sets(GUIDES);
    const urls = (guides?.pages ?? []).map((p) => p.url).sort();
    assert.equal(urls.length, 6);
    api.watch.answerConfirmation = (_message, yes) => yes;
    try {
      const before = await emulator.requestCount();
      const run = vscode.commands.executeCommand<string | undefined>('webData.docs.keepFresh', { set: GUIDES });
      const review = await shown(1);
      assert.equal(review.step, 4, 'Watch for Changes…\' own review');
      assert.ok(review.items.some((row) => /up to [\d,]+ credits a month$/.test(row)), `its month: ${review.items.join(' | ')}`);
      assert.deepEqual(await sentSince(before), [], 'nothing sent before the review is accepted');
      await enter();
      const watchId = await run;
      assert.ok(watchId, 'a watch made');
      assert.deepEqual((await sentSince(before)).filter((s) => s.includes('/monitor')), ['POST /v2/monitor']);
      assert.deepEqual([...(api.watch.model.get(watchId)?.targets?.[0]?.urls ?? [])].sort(), urls, 'the set\'s pages watched');
      const kept = (await api.docs.list()).find((s) => s.meta.id === GUIDES);
      assert.equal(kept?.meta.watchId, watchId);
      const row = (await api.docs.view.getChildren()).find((r) => r.type === 'docsSet' && r.set.meta.id === GUIDES);
      assert.ok(row);
      assert.match(String(api.docs.view.getTreeItem(row).description), / · kept fresh$/);

      const updates: Array<{ setId: string; changed: number }> = [];
      const listening = api.docs.onDidFreshen((update) => { updates.push(update); });
      try {
        await paying('webData.checkWatchNow', watchId);
        await waitFor('the check applied to the set', () => updates.length > 0, 30_000);
      } finally {
        listening.dispose();
      }
      const [update] = updates;
      assert.equal(update?.setId, GUIDES);
      assert.ok(update.changed >= 1, 'the changed page counted');
      const [fresh] = await api.docs.sets(GUIDES);
      assert.match(fresh?.page(urls[1] ?? '')?.markdown ?? '', /Price: \$20 per month\.\s*$/, 'the page as the check scraped it');
      assert.ok(fresh?.search('price per month').some((hit) => hit.url === urls[1]), 'and searchable');
    } finally {
      api.watch.answerConfirmation = undefined;
    }
  });

  it('past webData.docs.maxDiskMB after a refresh, a modal names the oldest set first; cancelled, nothing goes; agreed, it is removed', async () => {
    const GUIDES = 'docs-harborline-dev-manual-guides';
    const kept = await api.docs.list();
    const manual = kept.find((s) => s.meta.id === SET);
    const guides = kept.find((s) => s.meta.id === GUIDES);
    assert.ok(manual && guides);
    // Room for the guides and half the manual: the manual (the older) is over.
    await setting('docs.maxDiskMB', (guides.bytes + manual.bytes / 2) / (1024 * 1024));
    const asked: Array<{ message: string; detail: string; modal: boolean }> = [];
    let agree = false;
    const original = vscode.window.showWarningMessage;
    const modal = (message: string, options?: unknown, ...items: unknown[]): Thenable<unknown> => {
      const opts = typeof options === 'object' && options !== null ? options : {};
      asked.push({ message, detail: 'detail' in opts && typeof opts.detail === 'string' ? opts.detail : '', modal: 'modal' in opts && opts.modal === true });
      return Promise.resolve(agree ? items.find((item) => typeof item === 'string' && item.startsWith('Remove')) : undefined);
    };
    Object.defineProperty(vscode.window, 'showWarningMessage', { value: modal, configurable: true, writable: true });
    try {
      for (const answer of [false, true]) {
        agree = answer;
        asked.length = 0;
        const n = seen.length;
        const run = vscode.commands.executeCommand<DocsCrawlEnd | undefined>('webData.docs.refresh', { set: GUIDES });
        await shown(n + 1);
        await enter();
        await waitFor('the crawl under way', () => api.docs.crawls.has(GUIDES), 10_000);
        await moveClock(60_000);
        assert.equal((await run)?.status, 'completed');
        assert.equal(asked.length, 1, asked.map((a) => a.message).join(' | '));
        const [question] = asked;
        assert.ok(question?.modal, 'a modal');
        assert.match(question.message, /^The docs sets take .+, past their bound of .+ \(webData\.docs\.maxDiskMB\)\. Remove the oldest to fit\?$/);
        assert.match(question.detail, /nothing sent: docs\.harborline\.dev\/manual\/ \([\d.,]+ kB\)\./, 'the older set named, with its size');
        assert.doesNotMatch(question.detail, /manual\/guides/, 'the set just refreshed is never named');
        const ids = (await api.docs.list()).map((s) => s.meta.id).sort();
        assert.deepEqual(ids, answer ? [GUIDES] : [SET, GUIDES], answer ? 'agreed: the named set removed' : 'cancelled: nothing removed');
      }
    } finally {
      Object.defineProperty(vscode.window, 'showWarningMessage', { value: original, configurable: true, writable: true });
      await setting('docs.maxDiskMB', undefined);
    }
  });

  it('Remove on a set kept fresh offers to delete its watch; Remove and Delete Its Watch deletes both', async () => {
    const GUIDES = 'docs-harborline-dev-manual-guides';
    const watchId = (await api.docs.list()).find((s) => s.meta.id === GUIDES)?.meta.watchId;
    assert.ok(watchId);
    const asked: Array<{ detail: string; buttons: unknown[] }> = [];
    const original = vscode.window.showWarningMessage;
    const modal = (_message: string, options?: unknown, ...items: unknown[]): Thenable<unknown> => {
      const opts = typeof options === 'object' && options !== null ? options : {};
      asked.push({ detail: 'detail' in opts && typeof opts.detail === 'string' ? opts.detail : '', buttons: items });
      return Promise.resolve(items.find((item) => item === 'Remove and Delete Its Watch'));
    };
    Object.defineProperty(vscode.window, 'showWarningMessage', { value: modal, configurable: true, writable: true });
    const before = await emulator.requestCount();
    try {
      assert.equal(await vscode.commands.executeCommand('webData.docs.remove', { set: GUIDES }), true);
    } finally {
      Object.defineProperty(vscode.window, 'showWarningMessage', { value: original, configurable: true, writable: true });
    }
    assert.deepEqual(asked.map((a) => a.buttons), [['Remove and Delete Its Watch', 'Remove']]);
    assert.match(asked[0]?.detail ?? '', /A watch keeps it fresh/);
    assert.deepEqual((await api.docs.list()).map((s) => s.meta.id), []);
    assert.deepEqual((await sentSince(before)).filter((s) => s.includes('/monitor')), [`DELETE /v2/monitor/${watchId}`]);
    assert.equal(api.watch.model.get(watchId), undefined);
  });

  it('suggestions from the workspace: Add Docs…\' first step lists the dependencies whose docs are not kept, with their versions, nothing sent; the one picked makes the set for its version; the view names them', async () => {
    const root = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
    assert.ok(root, 'the host tests run in a folder');
    const GUIDES = 'docs-harborline-dev-manual-guides';
    const harborline = (version: string): Promise<void> => writeFile(join(root, 'node_modules', 'harborline', 'package.json'), JSON.stringify({ name: 'harborline', version, homepage: `${SITE}guides/` }));
    await mkdir(join(root, 'node_modules', 'harborline'), { recursive: true });
    await mkdir(join(root, 'node_modules', 'no-docs'), { recursive: true });
    await writeFile(join(root, 'package.json'), JSON.stringify({ dependencies: { harborline: '^2.4.0', 'no-docs': '1.0.0' } }));
    await writeFile(join(root, 'node_modules', 'no-docs', 'package.json'), JSON.stringify({ name: 'no-docs', version: '1.0.0' }));
    await harborline('2.4.0');
    try {
      api.docs.suggestions.forget();
      // Nothing copied: an address on the clipboard would come first.
      await vscode.env.clipboard.writeText('');
      const before = await emulator.requestCount();
      assert.equal(await api.docs.view.suggest(), 'This workspace\'s dependencies with docs not kept: harborline 2.4.0.', 'the view names it, with its version');

      const run = vscode.commands.executeCommand<DocsCrawlEnd | undefined>('webData.docs.add');
      const source = await shown(1);
      assert.equal(source.step, 1);
      assert.deepEqual(source.items, [`$(package) harborline 2.4.0 ${SITE}guides/`, '$(edit) Type the documentation\'s address…']);
      assert.deepEqual(await sentSince(before), [], 'read on this machine: nothing sent');
      await enter();
      const bound = await shown(2);
      assert.equal(bound.step, 2);
      await enter();
      const review = await shown(3);
      assert.ok(review.items.some((row) => row.includes(`${SITE}guides/`)), review.items.join(' | '));
      await enter();
      await waitFor('the crawl under way', () => api.docs.crawls.has(GUIDES), 10_000);
      await moveClock(60_000);
      assert.equal((await run)?.status, 'completed');
      const kept = (await api.docs.list()).find((s) => s.meta.id === GUIDES);
      assert.equal(kept?.meta.version, '2.4.0', 'the set is made for the installed version');
      assert.match(String(api.docs.view.getTreeItem({ type: 'docsSet', set: kept }).description), /^2\.4\.0 · 6 pages/);
      assert.equal(await api.docs.view.suggest(), undefined, 'kept for that version: no longer suggested');

      // Another version installed since: Add Docs… reads the folders again at its start, and suggests it, saying so.
      await harborline('2.5.0');
      const again = vscode.commands.executeCommand<DocsCrawlEnd | undefined>('webData.docs.add');
      const differs = await shown(4);
      assert.equal(differs.items[0], `$(package) harborline 2.5.0 ${SITE}guides/`);
      assert.equal(differs.details[0], 'Installed 2.5.0; the kept set is for 2.4.0');
      await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
      assert.equal(await again, undefined);
    } finally {
      await rm(join(root, 'node_modules'), { recursive: true, force: true });
      await rm(join(root, 'package.json'), { force: true });
      api.docs.suggestions.forget();
    }
  });

  it('a set\'s crawl wired to the webhook receiver ends with one notification, the set\'s, not the webhook\'s crawl.completed too', async () => {
    for (const set of await api.docs.list()) await vscode.commands.executeCommand('webData.docs.remove', { set: set.meta.id, confirmed: true });
    await vscode.workspace.getConfiguration('webData').update('webhooks.port', 0, settingsTarget());
    const notified: WebhookNotification[] = [];
    const listener = api.webhooks.onDidNotify((n) => { notified.push(n); });
    try {
      assert.ok(await vscode.commands.executeCommand<string | undefined>('webData.startWebhookReceiver'), 'the receiver did not start');
      const run = vscode.commands.executeCommand<DocsCrawlEnd | undefined>('webData.docs.add', { url: SITE, maxPages: 40 });
      await shown(1);
      await enter();
      await waitFor('the crawl under way', () => api.docs.crawls.has(SET), 10_000);
      const jobId = api.docs.crawls.get(SET)?.jobId ?? '';
      await moveClock(60_000);
      assert.equal((await run)?.status, 'completed');
      // The service's crawl.completed came, and was listed, but said nothing the set's own notification does not.
      await waitFor('the crawl.completed delivery', () => api.webhooks.events.some((e) => e.jobId === jobId && e.type === 'crawl.completed'), 30_000);
      assert.deepEqual(notified.filter((n) => n.kind === 'crawl.completed').map((n) => n.message), [], 'the webhook\'s notification of the set\'s crawl');
    } finally {
      listener.dispose();
      await vscode.commands.executeCommand('webData.stopWebhookReceiver');
      await vscode.workspace.getConfiguration('webData').update('webhooks.port', undefined, settingsTarget());
    }
  });
});

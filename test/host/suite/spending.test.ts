// Every spending entry asks or names its price before it sends (issues 46 and 47), in a real VS Code:
// for each row of the spending table (src/core/spend/spending.ts), the command runs as a person
// would run it, declining: each modal is answered No (the extension's own modals and the host-test
// stand-ins of the agent, jobs, watch and parse features alike), each step of a review is taken
// with Enter until a list or a box names a price, which is then closed (Escape). The price must
// have been named (in a modal, the review or the box) and no paid request may have reached the
// emulator: a box that names no price is taken with Enter, and sends.
// A row with no way to run it here fails, so a new spending command gets one. Its own emulated team.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { SearchRecord } from '../../../src/core/search/record';
import { SPENDING_COMMANDS } from '../../../src/core/spend/spending';
import type { WebDataApi } from '../../../src/extension';
import type { ShownQuickInput } from '../../../src/platform/quick-inputs';
import { activate, emulator, restoreDemoKey, storageOf, usageFor, useKey, waitFor } from './helpers-account';
import { answeringModals, type AskedModal } from './helpers-price';
import { pressEnterUntilDone, showWithSelection } from './helpers-steps';

const KEY = 'wd-host-spending-entries';
const PAGE = 'https://docs.tideflow.dev/guide/streams';
/** The emulator's documentation site, below its guides (test/emulator/docs-site.ts): a docs set's crawl. */
const DOCS = 'https://docs.harborline.dev/manual/guides/';

/** What is paid: a POST that starts or fetches something, a watch made, run or changed. Reads (GET) and stops (DELETE) are free. */
const PAID = /^(POST \/v2\/(search|scrape|map|parse|crawl|batch\/scrape|agent|monitor|browser|interact)|POST \/v2\/monitor\/[^/]+\/run|PATCH \/v2\/monitor\/[^/]+|POST \/v2\/(browser|interact)\/[^/]+\/execute)/;

/** The words that name a price or a bound, in every command's own phrasing. */
const PRICE = /Price: |credits a month|at most (about )?[\d,]+ credits|spending at most|credits unknown until|unknown until the first|A parse like this cost|Parses like this cost|publishes no per-minute price|bills (it|a session) by how long/;

interface Seen { modals: string[]; inputs: ShownQuickInput[]; errors: string[] }

describe('spending entries: each asks or names its price before it sends (issue 47)', function () {
  this.timeout(120_000);
  let api: WebDataApi;
  let folder: string;
  const cleanup: Array<{ dispose(): unknown }> = [];
  const made: { search?: SearchRecord; pageId?: string; pageTab?: vscode.Uri; watchId?: string; resultId?: string; documentId?: string; file?: vscode.Uri; crawlId?: string; docsSet?: string } = {};

  before(async function () {
    this.timeout(240_000);
    api = await activate();
    await emulator.addTeam({ apiKey: KEY, usage: usageFor(5_000_000), crawls: [] });
    await useKey(KEY);
    const root = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
    assert.ok(root, 'the host tests open a workspace folder');
    folder = path.join(root, 'spending-entries');
    fs.mkdirSync(folder, { recursive: true });
    const file = path.join(folder, 'spending.csv');
    fs.writeFileSync(file, 'name\nspending entry\n');
    made.file = vscode.Uri.file(file);
    // What the repeats act on, made with their questions answered yes.
    made.search = await vscode.commands.executeCommand<SearchRecord | undefined>('webData.search', { query: 'tideflow streams', limit: 2 });
    const page = await vscode.commands.executeCommand<{ id: string } | undefined>('webData.scrapeUrl', { url: PAGE });
    made.pageId = page?.id;
    made.pageTab = vscode.window.activeTextEditor?.document.uri;
    api.watch.answerConfirmation = (_message, yes) => yes;
    made.watchId = (await pressEnterUntilDone(api, () => vscode.commands.executeCommand<{ id: string } | undefined>('webData.watch', { urls: [PAGE], schedule: 'weekly' }), 5))?.id;
    api.agent.answerConfirmation = (_message, yes) => yes;
    made.resultId = (await vscode.commands.executeCommand<{ result: { id: string } } | undefined>('webData.extractData', { url: PAGE, schema: { type: 'object', properties: { title: { type: 'string' } } } }))?.result.id;
    api.parse.consent.answer = (question) => question.upload;
    made.documentId = (await vscode.commands.executeCommand<{ id: string } | undefined>('webData.openAsMarkdown', made.file))?.id;
    api.watch.answerConfirmation = undefined;
    api.agent.answerConfirmation = undefined;
    api.parse.consent.answer = undefined;
    const job = await fetch(`${process.env.WEBDATA_TEST_ADMIN_URL ?? ''}/jobs`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ apiKey: KEY, url: 'https://docs.tideflow.dev/', total: 1, completed: 1, listed: false, documents: [{ url: 'https://docs.tideflow.dev/', title: 'Tideflow', description: 'Docs', markdown: '# Tideflow\n\nRead [the streams guide](https://docs.tideflow.dev/guide/streams).\n' }] }),
    });
    assert.equal(job.status, 200);
    made.crawlId = String(((await job.json()) as { id: unknown }).id);
    // A docs set for Refresh: three pages of the emulator's documentation site, its review accepted.
    await pressEnterUntilDone(api, () => vscode.commands.executeCommand('webData.docs.add', { url: DOCS, maxPages: 3 }), 3);
    made.docsSet = (await api.docs.list()).find((set) => set.meta.siteUrl === DOCS)?.meta.id;
    assert.ok(made.search && made.pageId && made.pageTab && made.watchId && made.resultId && made.documentId && made.docsSet, `the set-up: ${JSON.stringify(made)}`);
  });

  after(async () => {
    cleanup.forEach((d) => { d.dispose(); });
    api.watch.answerConfirmation = undefined;
    api.agent.answerConfirmation = undefined;
    api.jobs.answerConfirmation = undefined;
    api.parse.consent.answer = undefined;
    await api.parse.consent.reset();
    if (made.watchId) await vscode.commands.executeCommand('webData.deleteWatch', { watchId: made.watchId, confirmed: true });
    if (made.docsSet) await vscode.commands.executeCommand('webData.docs.remove', { set: made.docsSet, confirmed: true });
    await storageOf(api).globalState.update('webData.watch.known', undefined);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    fs.rmSync(folder, { recursive: true, force: true });
    await restoreDemoKey();
  });

  /** A file of the workspace no conversion kept yet. */
  function fresh(name: string): vscode.Uri {
    const file = path.join(folder, name);
    fs.writeFileSync(file, `name\n${name}\n`);
    return vscode.Uri.file(file);
  }

  /** A terminal whose text is selected, as the terminal's context menu finds it; closed after the suite. */
  async function terminalWithSelection(): Promise<void> {
    const written = new vscode.EventEmitter<string>();
    const opened = new Promise<void>((resolve) => {
      const pty: vscode.Pseudoterminal = { onDidWrite: written.event, open: () => resolve(), close: () => undefined };
      const terminal = vscode.window.createTerminal({ name: 'wd-spending-shell', pty });
      cleanup.push(terminal, written);
      terminal.show(false);
    });
    await opened;
    const terminal = vscode.window.terminals.find((t) => t.name === 'wd-spending-shell');
    assert.ok(terminal);
    written.fire('npm ERR! code ERESOLVE\r\n');
    await waitFor('the terminal to show the text and select it', async () => {
      await vscode.commands.executeCommand('workbench.action.terminal.selectAll');
      return (await api.entries.readTerminalSelection(terminal))?.text.includes('ERESOLVE') === true;
    }, 10_000);
  }

  /** Each command's arguments, as its palette form, a row, a tab or a menu would pass them (made ready first where the command reads the window). */
  const args: Record<string, () => unknown[] | Promise<unknown[]>> = {
    // The boxes: the palette's, and the entries that open it filled in (issue 46).
    'webData.search': () => [],
    'webData.insertOperator': () => ['site'],
    'webData.searchSelection': async () => {
      const document = await vscode.workspace.openTextDocument(made.file ?? assert.fail('the set-up made no file'));
      await showWithSelection(document, new vscode.Range(1, 0, 1, 'spending entry'.length));
      return [];
    },
    'webData.searchTerminalSelection': async () => { await terminalWithSelection(); return []; },
    'webData.searchProblem': () => [{ message: 'Import "tideflow" could not be resolved', source: 'Pylance', uri: made.file?.toString(), line: 1 }],
    'webData.scrapeUrl': () => [],
    'webData.mapSite': () => [],
    'webData.resumeWatch': async () => {
      await vscode.commands.executeCommand('webData.pauseWatch', made.watchId);
      return [made.watchId];
    },
    'webData.searchAdvanced': () => [{ query: 'tideflow backpressure' }],
    'webData.searchAgain': () => [{ searchId: made.search?.id }],
    'webData.scrapeWithOptions': () => [PAGE],
    'webData.scrapeAgain': () => [made.pageId],
    'webData.scrapeFresh': () => [made.pageTab],
    'webData.scrapeResult': () => [{ url: PAGE }],
    'webData.openCrawlPageLink': () => [{ job: { id: made.crawlId, kind: 'crawl' }, index: 0 }],
    'webData.startCrawl': () => [{ url: 'https://docs.tideflow.dev/', limit: 5 }],
    'webData.startBatchScrape': () => [{ urls: [PAGE, 'https://docs.tideflow.dev/faq'] }],
    'webData.scrapeAllResults': () => [{ searchId: made.search?.id }],
    'webData.extractData': () => [{ url: PAGE, schema: { type: 'object', properties: { title: { type: 'string' } } } }],
    'webData.extractAgain': () => [made.resultId],
    'webData.research': () => [{ prompt: 'Tideflow stream limits', urls: [PAGE], maxCredits: 60 }],
    // Files not converted before: a kept conversion opens free.
    'webData.openAsMarkdown': () => [fresh('open-as-markdown.csv')],
    'webData.openDocumentAsMarkdown': () => [fresh('open-document.csv')],
    'webData.parseWithOptions': () => [made.file],
    'webData.parseAgain': () => [made.documentId],
    'webData.watch': () => [{ urls: [PAGE], schedule: 'daily at 9am' }],
    'webData.editWatch': () => [made.watchId],
    'webData.checkWatchNow': () => [made.watchId],
    'webData.startBrowserSession': () => [{ ttl: 60 }],
    'webData.continueInBrowser': () => [made.pageTab],
    'webData.docs.add': () => [{ url: DOCS, maxPages: 5 }],
    'webData.docs.refresh': () => [{ set: made.docsSet }],
    'webData.docs.keepFresh': () => [{ set: made.docsSet }],
  };

  /** Runs the command declining everything it asks; what it showed, and what it sent. */
  async function declining(command: string, given: unknown[]): Promise<{ seen: Seen; sent: string[]; result: unknown }> {
    const seen: Seen = { modals: [], inputs: [], errors: [] };
    const errors = api.onDidShowError((shown) => { seen.errors.push(shown.message); });
    const decline = (message: string): undefined => { seen.modals.push(message); return undefined; };
    api.watch.answerConfirmation = decline;
    api.agent.answerConfirmation = decline;
    api.jobs.answerConfirmation = decline;
    api.parse.consent.answer = (question) => decline(`${question.message} ${question.detail}`);
    await api.parse.consent.reset();
    const window = vscode.window;
    const warning = window.showWarningMessage;
    const pick = window.showQuickPick;
    // A warning modal (the browser's, a job's without its stand-in) declined; anything else as it was.
    const warn = (message: string, ...rest: unknown[]): Thenable<unknown> => {
      const options = rest[0];
      if (typeof options === 'object' && options !== null && 'modal' in options && options.modal === true) {
        decline(`${message} ${'detail' in options && typeof options.detail === 'string' ? options.detail : ''}`);
        return Promise.resolve(undefined);
      }
      return (warning as (...a: unknown[]) => Thenable<unknown>).call(window, message, ...rest);
    };
    // A list of links (Scrape Linked Page…): its first picked, as a person picks the page to fetch.
    const first = async (items: unknown): Promise<unknown> => {
      const list: unknown = await items;
      return Array.isArray(list) ? (list as unknown[])[0] : undefined;
    };
    const info = window.showInformationMessage;
    const recordInfo = (message: string): Thenable<undefined> => { seen.errors.push(`info: ${message}`); return Promise.resolve(undefined); };
    Object.defineProperty(window, 'showInformationMessage', { value: recordInfo, configurable: true, writable: true });
    const error = window.showErrorMessage;
    const recordError = (message: string): Thenable<undefined> => { seen.errors.push(message); return Promise.resolve(undefined); };
    Object.defineProperty(window, 'showErrorMessage', { value: recordError, configurable: true, writable: true });
    Object.defineProperty(window, 'showWarningMessage', { value: warn, configurable: true, writable: true });
    Object.defineProperty(window, 'showQuickPick', { value: first, configurable: true, writable: true });
    // Each step taken with Enter until a list names a price: then closed, declining it.
    const stepping = api.onDidShowQuickInput((input) => {
      seen.inputs.push(input);
      const priced = PRICE.test([...input.items, ...input.details, input.placeholder ?? '', input.prompt ?? ''].join('\n'));
      void vscode.commands.executeCommand(priced || seen.inputs.length > 30 ? 'workbench.action.closeQuickOpen' : 'workbench.action.acceptSelectedQuickOpenItem');
    });
    const before = await emulator.requestCount();
    try {
      const asked: AskedModal[] = [];
      const result = await answeringModals('decline', () => vscode.commands.executeCommand(command, ...given), asked);
      seen.modals.push(...asked.map((a) => `${a.message} ${a.detail}`));
      const sent = (await emulator.requestsSince(before)).map((r) => `${r.method} ${r.path}`).filter((r) => PAID.test(r));
      return { seen, sent, result };
    } finally {
      stepping.dispose();
      errors.dispose();
      Object.defineProperty(window, 'showWarningMessage', { value: warning, configurable: true, writable: true });
      Object.defineProperty(window, 'showErrorMessage', { value: error, configurable: true, writable: true });
      Object.defineProperty(window, 'showInformationMessage', { value: info, configurable: true, writable: true });
      Object.defineProperty(window, 'showQuickPick', { value: pick, configurable: true, writable: true });
      api.watch.answerConfirmation = undefined;
      api.agent.answerConfirmation = undefined;
      api.jobs.answerConfirmation = undefined;
      api.parse.consent.answer = undefined;
    }
  }

  const how = { asks: 'asks with its price', review: 'names its price in its review', box: 'names its price in its box before Enter' } as const;
  for (const [command, entry] of Object.entries(SPENDING_COMMANDS)) {
    it(`${command} ${how[entry.shows]} before it sends; declined, nothing paid reaches the service`, async () => {
      const given = args[command];
      assert.ok(given, `${command} spends and this suite has no way to run it: add its arguments`);
      const { seen, sent, result } = await declining(command, await given());
      const asked = seen.modals.filter((m) => PRICE.test(m));
      const reviewed = seen.inputs.filter((i) => PRICE.test([...i.items, ...i.details, i.placeholder ?? '', i.prompt ?? ''].join('\n')));
      const shown = `errors: ${seen.errors.join(' | ')}; modals: ${seen.modals.join(' | ')}; inputs: ${seen.inputs.map((i) => [...i.items, ...i.details].join(' / ')).join(' | ')}`;
      if (entry.shows === 'asks') assert.ok(asked.length > 0, `no modal named a price: ${shown}`);
      else assert.ok(reviewed.length > 0, `no review named a price: ${shown}`);
      assert.deepEqual(sent, [], `declined, yet sent: ${shown}`);
      assert.ok(result === undefined || result === null, `declined, yet it gave ${JSON.stringify(result)}`);
    });
  }
});

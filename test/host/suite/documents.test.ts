// Documents as markdown in a real VS Code (issue 35): Open as Markdown as the Explorer calls it (a
// PDF the test writes, its pages marked and listed in the outline), the palette's pick of the
// workspace's documents, the consent modal (no, yes, don't ask again), a workspace that is not
// trusted, a file over the size setting, a cancelled upload, the service's 400 and 402 in words,
// the same content reopened free, and the Documents group of Search Results. The emulator converts.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { WebDataApi } from '../../../src/extension';
import type { ConsentQuestion } from '../../../src/features/parse/consent';
import type { ShownError } from '../../../src/platform/notify';
import type { ShownQuickInput } from '../../../src/platform/quick-inputs';
import { makePdf } from '../../emulator/document-files';
import { activate, emulator, plainText, restoreDemoKey, waitFor } from './helpers-account';
import { pressEnterUntilDone } from './helpers-steps';
import { invokeTool, messageOf, none, textOf } from './helpers-tools';

interface Record { id: string; fileName: string; relativePath: string; creditsUsed?: number; pages?: unknown[]; contentHash: string }

const PARSE = '/v2/parse';

describe('documents as markdown', function () {
  this.timeout(60_000);
  let api: WebDataApi;
  let folder: string;
  const asked: ConsentQuestion[] = [];
  let answer: 'upload' | 'always' | 'no' = 'upload';
  const restore: Array<() => void> = [];
  const errors: string[] = [];

  const write = (name: string, data: string | Buffer): vscode.Uri => {
    const file = path.join(folder, name);
    fs.writeFileSync(file, data);
    return vscode.Uri.file(file);
  };
  const parseRequests = async (since: number): Promise<Array<{ status: number }>> => (await emulator.requestsSince(since)).filter((r) => r.path === PARSE);

  before(async () => {
    api = await activate();
    await restoreDemoKey();
    const root = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
    assert.ok(root, 'the host tests open a workspace folder');
    folder = path.join(root, 'documents-suite');
    fs.mkdirSync(folder, { recursive: true });
    api.parse.consent.answer = (question) => {
      asked.push(question);
      return answer === 'upload' ? question.upload : answer === 'always' ? question.uploadAlways : undefined;
    };
    // Plain error notifications are read here (the refusals are not failures of a request).
    const original = vscode.window.showErrorMessage;
    Object.defineProperty(vscode.window, 'showErrorMessage', {
      configurable: true, writable: true,
      value: (message: string, ...rest: unknown[]) => { errors.push(message); return (original as (...a: unknown[]) => Thenable<unknown>).call(vscode.window, message, ...rest); },
    });
    restore.push(() => { Object.defineProperty(vscode.window, 'showErrorMessage', { configurable: true, writable: true, value: original }); });
  });
  beforeEach(async () => {
    asked.length = 0;
    errors.length = 0;
    answer = 'upload';
    api.parse.trustedForTests = undefined;
    await api.parse.consent.reset();
  });
  afterEach(async () => {
    await emulator.clearFaults();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
  after(async () => {
    api.parse.consent.answer = undefined;
    for (const undo of restore.splice(0)) undo();
    fs.rmSync(folder, { recursive: true, force: true });
    await vscode.workspace.getConfiguration('webData').update('parse.maxFileSizeMB', undefined, vscode.ConfigurationTarget.Workspace);
  });

  it('Open as Markdown on a PDF (as the Explorer calls it): asks first, then a read-only tab named after the file, each page marked and in the outline', async () => {
    const uri = write('spec.pdf', makePdf([['Introduction', 'Scope of this spec'], ['Requirements'], ['Appendix']], { deflate: true }));
    const before = await emulator.requestCount();
    const record = await vscode.commands.executeCommand<Record | undefined>('webData.openAsMarkdown', uri);
    assert.ok(record, `nothing was parsed: ${errors.join(' | ')}`);
    assert.equal(asked.length, 1, 'the modal was shown once');
    assert.match(asked[0]?.message ?? '', /^Upload spec\.pdf \(\d+(\.\d)? kB\) to 127\.0\.0\.1:\d+ to convert it to markdown\?$/);
    assert.match(asked[0]?.detail ?? '', /leaves this machine[\s\S]*(known after the first parse|last time)/);
    assert.equal(record.relativePath, 'documents-suite/spec.pdf');
    assert.equal(record.creditsUsed, 3);
    assert.equal((await parseRequests(before)).length, 1);
    const document = vscode.window.activeTextEditor?.document;
    assert.equal(document?.uri.scheme, 'webdata-doc');
    assert.equal(path.posix.basename(document.uri.path), 'spec.pdf.md');
    assert.equal(document.languageId, 'markdown');
    const text = document.getText();
    assert.match(text, /## Page 1\n\nIntroduction\n\nScope of this spec\n/);
    assert.match(text, /## Page 2\n\nRequirements\n/);
    assert.match(text, /## Page 3\n\nAppendix\n/);
    await assert.rejects(Promise.resolve(vscode.workspace.fs.writeFile(document.uri, new Uint8Array([1]))), 'the tab is read-only');
    // The markdown extension reads the outline once it has started: asked until it answers.
    let names: string[] = [];
    await waitFor('the outline', async () => {
      const symbols = await vscode.commands.executeCommand<vscode.DocumentSymbol[] | undefined>('vscode.executeDocumentSymbolProvider', document.uri);
      names = (symbols ?? []).flatMap(function all(s): string[] { return [s.name, ...s.children.flatMap(all)]; });
      return names.length > 0;
    }, 20_000);
    assert.deepEqual(names.filter((n) => n.includes('Page')), ['## Page 1', '## Page 2', '## Page 3'].map((n) => n), `outline: ${names.join(', ')}`);
  });

  it('a PDF page without text: the service\'s warning at the top of the tab and in the message, as data (issue 46)', async () => {
    const uri = write('half-scanned.pdf', makePdf([['The readable page'], []]));
    const warnings: string[] = [];
    const original = vscode.window.showWarningMessage;
    Object.defineProperty(vscode.window, 'showWarningMessage', {
      configurable: true, writable: true,
      value: (message: string, ...rest: unknown[]) => { warnings.push(message); return (original as (...a: unknown[]) => Thenable<unknown>).call(vscode.window, message, ...rest); },
    });
    try {
      const record = await vscode.commands.executeCommand<Record & { warning?: string } | undefined>('webData.openAsMarkdown', uri);
      assert.ok(record, `nothing was parsed: ${errors.join(' | ')}`);
      const warning = 'No text could be read from page 2 (scanned images, or fonts without a Unicode map).';
      assert.equal(record.warning, warning);
      const text = vscode.window.activeTextEditor?.document.getText() ?? '';
      const [header, warned, first] = text.split('\n\n');
      assert.match(header ?? '', /^> documents-suite\/half-scanned\.pdf, converted to markdown/);
      assert.equal(warned, `> Warning from the Web Data Service: ${warning}`, `the tab's top: ${text.slice(0, 300)}`);
      assert.equal(first, '## Page 1');
      assert.deepEqual(warnings, [`half-scanned.pdf was converted to markdown, and the service warned: ${warning}`]);
    } finally {
      Object.defineProperty(vscode.window, 'showWarningMessage', { configurable: true, writable: true, value: original });
    }
  });

  it('the palette\'s Convert a Document to Markdown… lists the workspace\'s documents and opens the one picked', async () => {
    write('table.csv', 'name,price\nWidget,3\n');
    const shown: ShownQuickInput[] = [];
    const listener = api.onDidShowQuickInput((input) => shown.push(input));
    try {
      const run = vscode.commands.executeCommand<Record | undefined>('webData.openDocumentAsMarkdown');
      await waitFor('the pick of documents', () => shown.length > 0, 10_000);
      const rows = shown[0]?.items ?? [];
      assert.ok(rows.some((row) => row === 'table.csv documents-suite/table.csv'), `rows: ${rows.join(' | ')}`);
      assert.ok(rows.at(-1)?.includes('Convert to Markdown…'), 'any other file: the last row');
      // A document's options are a button on its row (issue 46): one command per operation.
      assert.deepEqual(shown[0]?.buttons, ['Convert with Options… (a PDF\'s mode, pages, marks)']);
      // Down to the file's row, as a person would, then Enter.
      const index = rows.findIndex((row) => row.startsWith('table.csv'));
      for (let i = 0; i < index; i++) await vscode.commands.executeCommand('workbench.action.quickOpenSelectNext');
      await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
      const record = await run;
      assert.equal(record?.fileName, 'table.csv');
      assert.equal(vscode.window.activeTextEditor?.document.getText().includes('| Widget | 3 |'), true);
    } finally {
      listener.dispose();
    }
  });

  it('the modal: no sends nothing; yes asks again only for another file; don\'t ask again covers every file of the workspace', async () => {
    const first = write('one.html', '<h1>One</h1>');
    const second = write('two.html', '<h1>Two</h1>');
    const third = write('three.html', '<h1>Three</h1>');
    const before = await emulator.requestCount();
    answer = 'no';
    assert.equal(await vscode.commands.executeCommand('webData.openAsMarkdown', first), undefined);
    assert.equal(asked.length, 1);
    assert.equal((await parseRequests(before)).length, 0, 'nothing sent after no');
    answer = 'upload';
    assert.ok(await vscode.commands.executeCommand('webData.openAsMarkdown', first));
    assert.equal(asked.length, 2);
    fs.writeFileSync(first.fsPath, '<h1>One, changed</h1>');
    assert.ok(await vscode.commands.executeCommand('webData.openAsMarkdown', first));
    assert.equal(asked.length, 2, 'the same file is not asked again');
    answer = 'always';
    assert.ok(await vscode.commands.executeCommand('webData.openAsMarkdown', second));
    assert.equal(asked.length, 3);
    assert.ok(await vscode.commands.executeCommand('webData.openAsMarkdown', third));
    assert.equal(asked.length, 3, 'no modal after don\'t ask again');
    assert.equal((await parseRequests(before)).length, 4);
  });

  it('uploads nothing from a workspace that is not trusted, nor a file over the size setting, nor one of another kind', async () => {
    const uri = write('trust.csv', 'a\n1\n');
    const before = await emulator.requestCount();
    api.parse.trustedForTests = false;
    assert.equal(await vscode.commands.executeCommand('webData.openAsMarkdown', uri), undefined);
    await waitFor('the refusal', () => errors.length > 0);
    assert.match(errors[0] ?? '', /not trusted/);
    api.parse.trustedForTests = undefined;
    await vscode.workspace.getConfiguration('webData').update('parse.maxFileSizeMB', 1, vscode.ConfigurationTarget.Workspace);
    const big = write('big.csv', Buffer.alloc(1024 * 1024 + 10, 'a'));
    assert.equal(await vscode.commands.executeCommand('webData.openAsMarkdown', big), undefined);
    await waitFor('the size refusal', () => errors.length > 1);
    assert.match(errors[1] ?? '', /^big\.csv is 1(\.0)? MB, larger than the 1(\.0)? MB that Web Data uploads/);
    await vscode.workspace.getConfiguration('webData').update('parse.maxFileSizeMB', undefined, vscode.ConfigurationTarget.Workspace);
    const text = write('notes.txt', 'x');
    assert.equal(await vscode.commands.executeCommand('webData.openAsMarkdown', text), undefined);
    await waitFor('the kind refusal', () => errors.length > 2);
    assert.match(errors[2] ?? '', /notes\.txt cannot be opened as markdown/);
    assert.equal(asked.length, 0, 'never asked');
    assert.equal((await parseRequests(before)).length, 0, 'nothing sent');
  });

  it('a cancelled upload opens nothing, keeps nothing and says nothing', async () => {
    const uri = write('cancel.pdf', makePdf([['Cancel me']]));
    await emulator.injectFault({ path: PARSE, fault: { kind: 'slow-headers', ms: 5000 } });
    const kept = ((await api.parse.documents.summaries()) ?? []).length;
    const shown: ShownError[] = [];
    const listener = api.onDidShowError((e) => shown.push(e));
    try {
      const run = vscode.commands.executeCommand<Record | undefined>('webData.openAsMarkdown', uri);
      await waitFor('the upload under way, then cancelled', () => api.parse.cancelUploads() > 0, 10_000);
      assert.equal(await run, undefined);
      assert.equal(((await api.parse.documents.summaries()) ?? []).length, kept, 'nothing kept');
      assert.equal(shown.length, 0, 'no error for a cancel');
      assert.notEqual(vscode.window.activeTextEditor?.document.uri.scheme, 'webdata-doc');
    } finally {
      listener.dispose();
    }
  });

  it('the service\'s 400 (a file it cannot read) and 402 (no credits) are said in words, with nothing kept', async () => {
    const shown: ShownError[] = [];
    const listener = api.onDidShowError((e) => shown.push(e));
    try {
      const broken = write('broken.pdf', 'this is not a PDF');
      assert.equal(await vscode.commands.executeCommand('webData.openAsMarkdown', broken), undefined);
      await waitFor('the 400', () => shown.length > 0);
      assert.match(shown[0]?.message ?? '', /broken\.pdf could not be converted to markdown/);
      assert.match(shown[0]?.message ?? '', /could not be read as \.pdf/);
      await emulator.injectFault({ path: PARSE, fault: { kind: 'payment-required' } });
      const fine = write('fine.csv', 'a\n2\n');
      assert.equal(await vscode.commands.executeCommand('webData.openAsMarkdown', fine), undefined);
      await waitFor('the 402', () => shown.length > 1);
      assert.match(shown[1]?.message ?? '', /fine\.csv could not be converted to markdown/);
      assert.match(shown[1]?.message ?? '', /credits/i);
    } finally {
      listener.dispose();
    }
  });

  it('Parse with Options…: a PDF\'s mode, page limit and marks, then a review with the options as sent; Enter uploads them', async () => {
    const uri = write('options.pdf', makePdf([['One'], ['Two'], ['Three']]));
    const seen: ShownQuickInput[] = [];
    const before = await emulator.requestCount();
    const record = await pressEnterUntilDone<Record | undefined>(api, () => vscode.commands.executeCommand('webData.parseWithOptions', uri), 10, seen);
    assert.ok(record, `nothing parsed: ${errors.join(' | ')}`);
    assert.deepEqual(seen.map((s) => s.step), [1, 2, 3, 4, 5], 'mode, pages, marks, retention, review');
    const review = seen.at(-1);
    assert.match(review?.items[0] ?? '', /Upload and Convert/);
    assert.ok(review?.items.some((row) => row.startsWith('parsers[0].mode "auto"')), review?.items.join(' | '));
    assert.equal((await parseRequests(before)).length, 1);
    assert.equal(record.pages?.length, 3);
  });

  it('the same content opens from what is kept, free, in the Documents group; fresh uploads it again', async () => {
    const uri = write('same.docx.html', '<p>Same content</p>');
    const first = await vscode.commands.executeCommand<Record | undefined>('webData.openAsMarkdown', uri);
    assert.ok(first);
    const before = await emulator.requestCount();
    const spent = api.spend.today().person;
    const again = await vscode.commands.executeCommand<Record | undefined>('webData.openAsMarkdown', uri);
    assert.equal(again?.id, first.id, 'the kept document');
    assert.equal((await parseRequests(before)).length, 0, 'nothing sent');
    assert.equal(api.spend.today().person, spent, 'nothing spent');
    const fresh = await vscode.commands.executeCommand<Record | undefined>('webData.openAsMarkdown', { path: uri.fsPath, fresh: true });
    assert.ok(fresh && fresh.id !== first.id);
    assert.equal((await parseRequests(before)).length, 1);
    await waitFor('the parse counted in today\'s spend', () => api.spend.today().person === spent + 1);
    const rows = await api.parse.view.list();
    assert.deepEqual(rows.filter((r) => r.relativePath === 'documents-suite/same.docx.html').map((r) => r.id), [fresh.id], 'one row for the file, the newest');
    const root = await api.parse.view.root([]);
    assert.equal(root?.type, 'documents');
    const row = rows.find((r) => r.id === fresh.id) ?? assert.fail('no row');
    const item = api.parse.view.item({ type: 'document', document: row });
    assert.equal(item.contextValue, 'document');
    assert.equal(item.command?.arguments?.[0] instanceof vscode.Uri ? item.command.arguments[0].scheme : undefined, 'webdata-doc');
  });
});

describe('documents as markdown: the chat tool', function () {
  this.timeout(60_000);
  let api: WebDataApi;
  let folder: string;
  const quarter = (text: string): Promise<number> => Promise.resolve(Math.ceil(text.length / 4));
  const budget = (tokenBudget: number): vscode.LanguageModelToolTokenizationOptions => ({ tokenBudget, countTokens: quarter });
  const parses = async (since: number): Promise<number> => (await emulator.requestsSince(since)).filter((r) => r.path === PARSE).length;
  const setLimit = (value: number | undefined): Thenable<void> => vscode.workspace.getConfiguration('webData').update('chat.dailyCreditLimit', value, vscode.ConfigurationTarget.Global);
  const pdf = makePdf(Array.from({ length: 6 }, (_, i) => [`Chapter ${i + 1}`, 'The chapter says a good deal about parsing. '.repeat(6)]));

  before(async () => {
    api = await activate();
    await restoreDemoKey();
    const root = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
    assert.ok(root);
    folder = path.join(root, 'documents-chat');
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(folder, 'manual.pdf'), pdf);
    fs.writeFileSync(path.join(folder, '.env'), 'API_KEY=secret');
    fs.writeFileSync(path.join(folder, 'aws-credentials.csv'), 'key,secret\n');
    await setLimit(1000);
  });
  after(async () => {
    api.parse.trustedForTests = undefined;
    fs.rmSync(folder, { recursive: true, force: true });
    await setLimit(undefined);
  });

  it('refuses a secret-looking name, a path outside the workspace and a workspace that is not trusted, with why, sending nothing', async () => {
    const before = await emulator.requestCount();
    assert.match(await invokeTool('webData_readDocument', { path: 'documents-chat/.env' }), /"documents-chat\/\.env" has a name that usually holds secrets.*Nothing was uploaded or spent\./);
    assert.match(await invokeTool('webData_readDocument', { path: 'documents-chat/aws-credentials.csv' }), /usually holds secrets/);
    assert.match(await invokeTool('webData_readDocument', { path: '../outside.pdf' }), /outside the open workspace folders/);
    assert.match(await invokeTool('webData_readDocument', { path: '/etc/hosts' }), /outside the open workspace folders/);
    api.parse.trustedForTests = false;
    assert.match(await invokeTool('webData_readDocument', { path: 'documents-chat/manual.pdf' }), /not trusted/);
    api.parse.trustedForTests = undefined;
    assert.equal(await parses(before), 0);
  });

  it('asks first with the file, its size, that it leaves the machine, the price and today\'s spend; answers within 64 tokens with the read call; reuses the same content at 200; reads on free', async () => {
    const input = { path: 'documents-chat/manual.pdf' };
    const prepared = await api.chat.readDocument.prepareInvocation({ input }, none);
    const confirmation = plainText(messageOf(prepared));
    assert.match(confirmation, /\*\*File:\*\* documents-chat\/manual\.pdf \(\d+(\.\d)? kB\)/);
    assert.match(confirmation, /\*\*Leaves this machine:\*\* the file is uploaded to 127\.0\.0\.1:\d+/);
    assert.match(confirmation, /\*\*Price:\*\* (unknown until the first parse|a parse like this cost|parses like this cost)/);
    assert.match(confirmation, /Chat agents have spent \d+ of their 1000 credits today/);
    const before = await emulator.requestCount();
    const spent = api.spend.today().agent;
    const small = textOf(await api.chat.readDocument.invoke({ input, toolInvocationToken: undefined, tokenizationOptions: budget(64) }, none));
    assert.ok(await quarter(small) <= 64, `${small.length} characters`);
    const id = /"documentId":"([0-9a-f-]{36})"/.exec(small)?.[1];
    assert.ok(id, small);
    assert.equal(await parses(before), 1, 'uploaded once');
    await waitFor('the agent\'s parse in today\'s spend', () => api.spend.today().agent === spent + 6);

    const reused = await invokeTool('webData_readDocument', input, budget(200));
    assert.ok(await quarter(reused) <= 200);
    assert.match(reused, /From the document kept (less than a minute|\d+ minutes?) ago \(the same content\), so nothing was uploaded or spent now/);
    assert.equal(await parses(before), 1, 'nothing sent for the same content');

    const whole = await invokeTool('webData_readDocument', input);
    assert.match(whole, /Page 6/);
    const part = await invokeTool('webData_read', { what: { source: 'document', documentId: id, part: 1 } }, budget(200));
    assert.match(part, /Chapter 1/);
    assert.match(part, /part 1 of \d+/i);
  });

  it('the daily limit covers it: refused with nothing sent', async () => {
    const agent = api.spend.today().agent;
    await setLimit(Math.max(1, agent));
    try {
      fs.writeFileSync(path.join(folder, 'other.pdf'), makePdf([['Another document']]));
      const before = await emulator.requestCount();
      const text = await invokeTool('webData_readDocument', { path: 'documents-chat/other.pdf' });
      // Reached when agents spent already; else the price known from earlier parses could pass it.
      assert.match(text, /^(Daily agent credit limit reached \(\d+ of \d+ today\)|The document's upload could pass the daily agent credit limit).*The document's upload was not sent, so nothing was spent\./);
      assert.equal(await parses(before), 0);
    } finally {
      await setLimit(1000);
    }
  });
});

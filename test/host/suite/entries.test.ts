// Searching from where the work is, in a real VS Code against the emulator: an editor selection, a
// problem's Code Action (found through VS Code's own code action registry), the terminal's
// selection (through Copy and the clipboard, the path desktop VS Code takes). Each opens the query
// box with the expected query, nothing reaches the service before Enter, and the stored search's
// row says where it started; Search Again keeps it.
import * as assert from 'node:assert/strict';
import * as os from 'node:os';
import * as vscode from 'vscode';
import type { SearchRecord } from '../../../src/core/search/record';
import type { WebDataApi } from '../../../src/extension';
import type { SearchTreeNode } from '../../../src/features/search';
import { activate, emulator, plainText, restoreDemoKey, useKey, usageFor, waitFor } from './helpers-account';
import { paying } from './helpers-price';

const KEY = 'wd-host-entries-0001';

/**
 * A new untitled document holding `content`, under a name no earlier document had. Not
 * openTextDocument({ content }): after closeAllEditors it can name the new document Untitled-1
 * again while the extension host still holds the closed one, and hand back that one, old text and all.
 */
let documentsMade = 0;
async function newDocument(content: string, extension: 'ts' | 'txt'): Promise<vscode.TextDocument> {
  const uri = vscode.Uri.from({ scheme: 'untitled', path: `/wd-entries-${String(Date.now())}-${String(++documentsMade)}.${extension}` });
  const document = await vscode.workspace.openTextDocument(uri);
  const edit = new vscode.WorkspaceEdit();
  edit.insert(uri, new vscode.Position(0, 0), content);
  assert.ok(await vscode.workspace.applyEdit(edit), 'the text could not be put into the new document');
  assert.equal(document.getText(), content);
  return document;
}

/**
 * Shows the document with `selection` selected, and waits until the extension host sees it as the
 * active editor with that selection: the entry reads the active editor, and the previous test's
 * editor can still be the active one for a moment after showTextDocument resolves.
 */
async function showSelected(document: vscode.TextDocument, selection: vscode.Selection): Promise<void> {
  const editor = await vscode.window.showTextDocument(document);
  editor.selection = selection;
  await waitFor('the document to be the active editor, with the selection', () => {
    const active = vscode.window.activeTextEditor;
    return active?.document === document && active.selection.isEqual(selection);
  });
}

/** The query box as it first showed: its query and the line under it. */
interface QueryBoxShown { value: string; prompt: string }

/** Runs an entry and waits for its query box; fails if the command ends without one or none shows in 10 s. */
async function boxOf(api: WebDataApi, start: () => Thenable<unknown>): Promise<{ shown: QueryBoxShown; pending: Promise<SearchRecord | undefined> }> {
  let subscription: vscode.Disposable | undefined;
  let timer: NodeJS.Timeout | undefined;
  const shown = new Promise<QueryBoxShown>((resolve, reject) => {
    // Every quick input the extension shows is announced; the search's query box by its title.
    subscription = api.onDidShowQuickInput((input) => {
      if (input.title === 'Web Data: Search the Web' && input.value !== undefined) resolve({ value: input.value, prompt: input.prompt ?? '' });
    });
    timer = setTimeout(() => { reject(new Error('no query box showed within 10 s')); }, 10_000);
  });
  const pending = Promise.resolve(start()) as Promise<SearchRecord | undefined>;
  try {
    const ended = pending.then(() => { throw new Error('the command ended without showing the query box'); });
    return { shown: await Promise.race([shown, ended]), pending };
  } finally {
    subscription?.dispose();
    clearTimeout(timer);
  }
}

/** Searches sent since `before` (the credits refresh after a search may be on its way: not counted). */
async function searchesSince(before: number): Promise<number> {
  return (await emulator.requestsSince(before)).filter((r) => r.path === '/v2/search').length;
}

/** Enter in the open box, then the stored search. */
async function pressEnter(pending: Promise<SearchRecord | undefined>): Promise<SearchRecord> {
  await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
  const record = await pending;
  assert.ok(record, 'Enter did not search');
  return record;
}

/** The search's row tooltip, as text. */
async function rowTooltip(api: WebDataApi, id: string): Promise<string> {
  const roots = (await api.search.results.getChildren()) ?? [];
  const node = roots.find((n): n is SearchTreeNode & { type: 'search' } => n.type === 'search' && n.summary.id === id);
  assert.ok(node, 'the search has no row');
  const tooltip = (await api.search.results.getTreeItem(node)).tooltip;
  return plainText(typeof tooltip === 'string' ? tooltip : tooltip?.value);
}

describe('entries: search from a selection, a problem, the terminal', function () {
  this.timeout(60_000);
  let api: WebDataApi;
  const disposables: Array<{ dispose(): unknown }> = [];

  before(async () => {
    api = await activate();
    await emulator.addTeam({ apiKey: KEY, usage: usageFor(150_000) });
    await useKey(KEY);
  });

  afterEach(async () => {
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    disposables.splice(0).forEach((d) => { d.dispose(); });
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  after(async () => {
    await vscode.workspace.getConfiguration('webData').update('search.problemActions', undefined, vscode.ConfigurationTarget.Global);
    await restoreDemoKey();
  });

  it('a selection: the box holds it with whitespace collapsed, Escape sends nothing, Enter searches, the row says where it came from', async () => {
    const document = await newDocument('const x = 1;\n  tideflow\n\t  backpressure  \n', 'ts');
    await showSelected(document, new vscode.Selection(1, 0, 2, 16));
    const before = await emulator.requestCount();

    const dismissed = await boxOf(api, () => vscode.commands.executeCommand('webData.searchSelection'));
    assert.equal(dismissed.shown.value, 'tideflow backpressure');
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    assert.equal(await dismissed.pending, undefined);
    assert.equal(await searchesSince(before), 0, 'a search was sent without Enter');

    const { shown, pending } = await boxOf(api, () => vscode.commands.executeCommand('webData.searchSelection'));
    assert.equal(shown.value, 'tideflow backpressure');
    assert.equal(await searchesSince(before), 0, 'a search was sent before Enter');
    const record = await pressEnter(pending);
    assert.equal(record.request.query, 'tideflow backpressure');
    assert.equal(await searchesSince(before), 1);
    const file = document.uri.path.split('/').pop() ?? '';
    assert.deepEqual(record.origin, { kind: 'selection', file, line: 2 });
    assert.match(await rowTooltip(api, record.id), new RegExp(`From the selection in ${file}, line 2`));

    // Search Again keeps where it came from.
    const again = await paying<SearchRecord>('webData.searchAgain', { searchId: record.id });
    assert.ok(again, 'Search Again did not search');
    assert.deepEqual(again.origin, record.origin);
    assert.match(await rowTooltip(api, again.id), /From the selection in/);
  });

  it('a long selection: cut at a word to 500 characters, and the box says so', async () => {
    const document = await newDocument('tideflow '.repeat(80), 'txt');
    await showSelected(document, new vscode.Selection(0, 0, 0, document.lineAt(0).text.length));
    const { shown } = await boxOf(api, () => vscode.commands.executeCommand('webData.searchSelection'));
    assert.equal(shown.value, Array(55).fill('tideflow').join(' '));
    assert.match(shown.prompt, /^Cut to 500 characters at a word · /);
  });

  it('a problem: its Code Action, from VS Code\'s own registry, opens the box with the query made general; the setting turns it off', async () => {
    const document = await newDocument('import config from "./config.json";\n', 'txt');
    await vscode.window.showTextDocument(document);
    const diagnostics = vscode.languages.createDiagnosticCollection('wd-entries');
    disposables.push(diagnostics);
    const range = new vscode.Range(0, 7, 0, 13);
    const diagnostic = new vscode.Diagnostic(range, `Cannot read ${os.homedir()}/proj/config.json: password=hunter2 refused by 10.1.2.3`, vscode.DiagnosticSeverity.Error);
    diagnostic.source = 'wdcheck';
    diagnostic.code = { value: 'WD1001', target: vscode.Uri.parse('https://example.com/rules/WD1001') };
    diagnostics.set(document.uri, [diagnostic]);

    const ours = async (): Promise<vscode.CodeAction[]> => {
      const actions = await vscode.commands.executeCommand<vscode.CodeAction[] | undefined>('vscode.executeCodeActionProvider', document.uri, range) ?? [];
      return actions.filter((a) => a.command?.command === 'webData.searchProblem');
    };
    let action: vscode.CodeAction | undefined;
    await waitFor('the problem\'s Code Action', async () => (action = (await ours())[0]) !== undefined);
    assert.ok(action?.command);
    assert.equal(action.title, 'Search the Web for This Problem');
    assert.equal(action.kind?.value, 'quickfix');

    const before = await emulator.requestCount();
    const command = action.command;
    const argument: unknown = command.arguments?.[0];
    const { shown, pending } = await boxOf(api, () => vscode.commands.executeCommand(command.command, argument));
    assert.equal(shown.value, 'wdcheck WD1001 Cannot read config.json: password refused by');
    assert.equal(await searchesSince(before), 0, 'a search was sent before Enter');
    const record = await pressEnter(pending);
    assert.equal(record.request.query, 'wdcheck WD1001 Cannot read config.json: password refused by');
    assert.equal(record.origin?.kind, 'problem');
    const file = document.uri.path.split('/').pop() ?? '';
    assert.ok((await rowTooltip(api, record.id)).includes(`From a problem (wdcheck WD1001) in ${file}, line 1`), 'the row does not say which problem it came from');

    await vscode.workspace.getConfiguration('webData').update('search.problemActions', false, vscode.ConfigurationTarget.Global);
    await waitFor('the Code Action to go once the setting is off', async () => (await ours()).length === 0);
  });

  it('a warning or a hint offers no Code Action unless webData.search.problemActionSeverity asks (issue 46: it was on every diagnostic)', async () => {
    await vscode.workspace.getConfiguration('webData').update('search.problemActions', undefined, vscode.ConfigurationTarget.Global);
    const document = await newDocument('let unused = 1;\n', 'txt');
    await vscode.window.showTextDocument(document);
    const diagnostics = vscode.languages.createDiagnosticCollection('wd-entries-severity');
    disposables.push(diagnostics);
    const range = new vscode.Range(0, 4, 0, 10);
    const error = new vscode.Diagnostic(range, 'wdcheck: unused is read before it is set', vscode.DiagnosticSeverity.Error);
    const warning = new vscode.Diagnostic(range, 'wdcheck: unused is never read', vscode.DiagnosticSeverity.Warning);
    const hint = new vscode.Diagnostic(range, 'wdcheck: unused could be const', vscode.DiagnosticSeverity.Hint);
    diagnostics.set(document.uri, [error, warning, hint]);
    // Each action's argument names its problem (VS Code's copy of an action drops its diagnostics).
    const offeredFor = async (): Promise<string[]> => {
      const actions = await vscode.commands.executeCommand<vscode.CodeAction[] | undefined>('vscode.executeCodeActionProvider', document.uri, range) ?? [];
      return actions.filter((a) => a.command?.command === 'webData.searchProblem').map((a) => String((a.command?.arguments?.[0] as { message?: unknown } | undefined)?.message)).sort();
    };
    let seen: string[] = [];
    try {
      await waitFor('the error\'s Code Action, and only it', async () => (seen = await offeredFor()).join('|') === error.message).catch(() => assert.fail(`offered: ${seen.join(' | ')}`));
      await vscode.workspace.getConfiguration('webData').update('search.problemActionSeverity', 'warning', vscode.ConfigurationTarget.Global);
      await waitFor('the warning\'s too', async () => (seen = await offeredFor()).join('|') === [error.message, warning.message].sort().join('|')).catch(() => assert.fail(`offered: ${seen.join(' | ')}`));
      await vscode.workspace.getConfiguration('webData').update('search.problemActionSeverity', 'hint', vscode.ConfigurationTarget.Global);
      await waitFor('every one', async () => (seen = await offeredFor()).length === 3).catch(() => assert.fail(`offered: ${seen.join(' | ')}`));
    } finally {
      await vscode.workspace.getConfiguration('webData').update('search.problemActionSeverity', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it('a problem in a virtual workspace\'s file (a scheme of another extension\'s file system, as vscode-vfs is) gets the Code Action too', async () => {
    await vscode.workspace.getConfiguration('webData').update('search.problemActions', undefined, vscode.ConfigurationTarget.Global);
    // The test's own file system, standing for a virtual or remote workspace: neither file nor untitled.
    const scheme = 'wd-test-vfs';
    const files = new Map<string, Uint8Array>();
    const changed = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
    const provider: vscode.FileSystemProvider = {
      onDidChangeFile: changed.event,
      watch: () => new vscode.Disposable(() => undefined),
      stat: (uri) => {
        const data = files.get(uri.path);
        if (!data) throw vscode.FileSystemError.FileNotFound(uri);
        return { type: vscode.FileType.File, ctime: 0, mtime: 0, size: data.byteLength };
      },
      readDirectory: () => [],
      createDirectory: () => undefined,
      readFile: (uri) => {
        const data = files.get(uri.path);
        if (!data) throw vscode.FileSystemError.FileNotFound(uri);
        return data;
      },
      writeFile: (uri, content) => { files.set(uri.path, content); },
      delete: (uri) => { files.delete(uri.path); },
      rename: () => { throw vscode.FileSystemError.NoPermissions('read-only test file system'); },
    };
    disposables.push(changed, vscode.workspace.registerFileSystemProvider(scheme, provider, { isCaseSensitive: true }));
    const uri = vscode.Uri.from({ scheme, path: '/repo/src/main.py' });
    files.set(uri.path, new TextEncoder().encode('import tideflow\n'));
    const document = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(document);
    const diagnostics = vscode.languages.createDiagnosticCollection('wd-entries-vfs');
    disposables.push(diagnostics);
    const range = new vscode.Range(0, 7, 0, 15);
    // An error: a warning offers nothing unless webData.search.problemActionSeverity asks (the test before this one).
    const diagnostic = new vscode.Diagnostic(range, 'Import "tideflow" could not be resolved', vscode.DiagnosticSeverity.Error);
    diagnostic.source = 'Pylance';
    diagnostics.set(uri, [diagnostic]);
    const ours = async (): Promise<vscode.CodeAction[]> =>
      ((await vscode.commands.executeCommand<vscode.CodeAction[] | undefined>('vscode.executeCodeActionProvider', uri, range)) ?? [])
        .filter((a) => a.command?.command === 'webData.searchProblem');
    let action: vscode.CodeAction | undefined;
    await waitFor(`the problem's Code Action on a ${scheme}: document`, async () => (action = (await ours())[0]) !== undefined);
    assert.equal(action?.title, 'Search the Web for This Problem');
    const argument = action.command?.arguments?.[0] as { message?: unknown; uri?: unknown } | undefined;
    assert.equal(argument?.message, 'Import "tideflow" could not be resolved');
    assert.equal(argument.uri, uri.toString());
  });

  it('the terminal: the selection read through Copy and the clipboard (which is put back), its prompt and colours out', async () => {
    const written = new vscode.EventEmitter<string>();
    const opened = new Promise<void>((resolve) => {
      const pty: vscode.Pseudoterminal = { onDidWrite: written.event, open: () => resolve(), close: () => undefined };
      const terminal = vscode.window.createTerminal({ name: 'wd-entries-shell', pty });
      disposables.push(terminal, written);
      terminal.show(false);
    });
    await opened;
    const terminal = vscode.window.terminals.find((t) => t.name === 'wd-entries-shell');
    assert.ok(terminal);
    written.fire('\x1b[32malice@box\x1b[0m:~/proj$ npm run build\r\n\x1b[31mnpm ERR!\x1b[0m code ERESOLVE\r\n');
    await vscode.env.clipboard.writeText('what the person had copied');

    let read: Awaited<ReturnType<WebDataApi['entries']['readTerminalSelection']>>;
    await waitFor('the terminal to show the text and select it', async () => {
      await vscode.commands.executeCommand('workbench.action.terminal.selectAll');
      read = await api.entries.readTerminalSelection(terminal, { useApi: false });
      return read?.text.includes('code ERESOLVE') === true;
    }, 10_000);
    assert.equal(read?.via, 'clipboard');
    assert.equal(await vscode.env.clipboard.readText(), 'what the person had copied', 'the clipboard was not put back');
    // Where this VS Code answers Terminal.selection (not a desktop without the proposal), it reads the same text.
    const preferred = await api.entries.readTerminalSelection(terminal);
    assert.ok(preferred?.via === 'clipboard' || preferred?.text.trim() === read.text.trim(), `Terminal.selection read ${JSON.stringify(preferred?.text)}`);

    const before = await emulator.requestCount();
    const { shown, pending } = await boxOf(api, () => vscode.commands.executeCommand('webData.searchTerminalSelection'));
    assert.equal(shown.value, 'npm run build npm ERR! code ERESOLVE');
    assert.equal(await searchesSince(before), 0, 'a search was sent before Enter');
    const record = await pressEnter(pending);
    assert.deepEqual(record.origin, { kind: 'terminal', terminal: 'wd-entries-shell' });
    assert.match(await rowTooltip(api, record.id), /From the terminal “wd-entries-shell”/);
    assert.equal(await vscode.env.clipboard.readText(), 'what the person had copied', 'the clipboard was not put back');
  });
});

// Entries where the work is: "Search the Web for Selection…" in the editor's and the terminal's
// context menus, and "Search the Web for This Problem" on every problem. Each opens the search's own
// query box filled in with a query made from what is in front of the person, and nothing is sent
// until they press Enter on it (the box is the consent). The query is cleaned in the core
// (src/core/entries/query.ts, in the lazily loaded dist/core.js); each search keeps where it
// started, for its row's tooltip.
// Restricted Mode: as for the palette's search, nothing here reads a folder's setting that could
// send the query elsewhere (the service address is a restricted setting).
import { homedir, userInfo } from 'node:os';
import * as vscode from 'vscode';
import { readProblemArgument, type ProblemArgument } from '../../core/entries/arguments';
import type { SearchOrigin } from '../../core/entries/origin';
import type { EntryQuery, ScrubContext } from '../../core/entries/query';
import { Command } from '../../core/ids';
import { noArgument, registerCommand } from '../../platform/commands';
import type { SearchRecord } from '../../core/search/record';
import { loadCore } from '../../platform/core';
import { Disposable } from '../../platform/disposable';
import type { Services } from '../../platform/services';
import type { SearchApi } from '../search';
import { problemArgument } from '../problems';
import { readTerminalSelection, type TerminalSelection } from './terminal';
import { nothingSelectedWords } from './words';

/** For the host tests, through activate's return value. */
export interface EntriesApi {
  /** The active terminal's selection as the terminal entry reads it; `useApi: false` takes the clipboard path. */
  readTerminalSelection(terminal: vscode.Terminal, options?: { useApi?: boolean }): Promise<TerminalSelection | undefined>;
}

/** The person's home folder and account name, to take out of problem and terminal text. */
function scrubContext(): ScrubContext {
  let userName: string | undefined;
  try {
    userName = userInfo().username;
  } catch {
    // No account entry (some containers): the home folder still goes.
  }
  return { homeDir: homedir(), ...(userName ? { userName } : {}) };
}

/** How the tooltip names a document: relative to its workspace folder, or its tab's name. */
function fileLabel(uri: vscode.Uri): string {
  if (uri.scheme === 'file') return vscode.workspace.asRelativePath(uri, false);
  return uri.path.split('/').pop() || uri.toString(true);
}

class EntriesFeature extends Disposable implements EntriesApi {
  constructor(private readonly services: Services, private readonly search: Pick<SearchApi, 'ask'>) {
    super();
    this._register(registerCommand(Command.searchSelection, noArgument, () => this.searchSelection()));
    this._register(registerCommand(Command.searchTerminalSelection, noArgument, () => this.searchTerminalSelection()));
    this._register(registerCommand(Command.searchProblem, readProblemArgument, (problem) => this.searchProblem(problem)));
  }

  readTerminalSelection(terminal: vscode.Terminal, options?: { useApi?: boolean }): Promise<TerminalSelection | undefined> {
    return readTerminalSelection(terminal, options);
  }

  private ask(made: EntryQuery, origin: SearchOrigin): Promise<SearchRecord | undefined> {
    return this.search.ask(made.query, origin, { cut: made.cut });
  }

  /** The editor's selection (several are joined with a space). The argument VS Code passes from a menu (the Uri) is not read. */
  private async searchSelection(): Promise<SearchRecord | undefined> {
    const editor = vscode.window.activeTextEditor;
    const text = editor?.selections.map((selection) => editor.document.getText(selection)).join(' ') ?? '';
    if (!editor || text.trim() === '') {
      void vscode.window.showInformationMessage(nothingSelectedWords.editor());
      return undefined;
    }
    const line = editor.selection.start.line + 1;
    return this.ask(loadCore().selectionQuery(text), { kind: 'selection', file: fileLabel(editor.document.uri), line });
  }

  private async searchTerminalSelection(): Promise<SearchRecord | undefined> {
    const terminal = vscode.window.activeTerminal;
    const selection = terminal ? await readTerminalSelection(terminal) : undefined;
    if (!terminal || !selection) {
      void vscode.window.showInformationMessage(nothingSelectedWords.terminal());
      return undefined;
    }
    this.services.log.debug(`Search from the terminal: the selection was read through ${selection.via === 'api' ? 'Terminal.selection' : 'Copy and the clipboard'}.`);
    return this.ask(loadCore().terminalQuery(selection.text, scrubContext()), { kind: 'terminal', terminal: terminal.name });
  }

  /** The Code Action's argument; from the palette or a keybinding without one, the first problem under the cursor. */
  private async searchProblem(given: ProblemArgument | undefined): Promise<SearchRecord | undefined> {
    const problem = given ?? this.problemAtCursor();
    if (!problem) {
      void vscode.window.showInformationMessage(nothingSelectedWords.problem());
      return undefined;
    }
    const made = loadCore().problemQuery({ message: problem.message, source: problem.source, code: problem.code }, scrubContext());
    const origin: SearchOrigin = {
      kind: 'problem', file: fileLabel(vscode.Uri.parse(problem.uri)), line: problem.line,
      ...(problem.source !== undefined ? { source: problem.source } : {}),
      ...(problem.code !== undefined ? { code: String(problem.code) } : {}),
    };
    return this.ask(made, origin);
  }

  private problemAtCursor(): ProblemArgument | undefined {
    const editor = vscode.window.activeTextEditor;
    if (!editor) return undefined;
    const at = editor.selection.active;
    const diagnostic = vscode.languages.getDiagnostics(editor.document.uri).find((d) => d.range.contains(at));
    return diagnostic ? problemArgument(editor.document, diagnostic) : undefined;
  }
}

export function registerEntries(services: Services, deps: { search: Pick<SearchApi, 'ask'> }): EntriesApi {
  const feature = new EntriesFeature(services, deps.search);
  services.context.subscriptions.push(feature);
  return feature;
}

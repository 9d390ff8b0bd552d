// The editor's Web Data submenu offers each entry only where it applies (issue 34): this keeps two
// context keys in step with the cursor, so Scrape URL as Markdown… and Start Crawl… show with an
// address under the cursor or selected, and Batch Scrape… with addresses selected. It runs at every
// start (src/extension.ts), as the menu must be right before any feature loaded; each cursor move
// reads one line and a bounded selection, and a key is set only when it changes.
import * as vscode from 'vscode';
import { ContextKey } from '../../core/ids';
import { editorUrls, type EditorUrls } from '../../core/scrape/editor-urls';
import { Disposable, toDisposable } from '../../platform/disposable';
import type { Services } from '../../platform/services';

class EditorMenuKeys extends Disposable {
  private shown: EditorUrls | undefined;

  constructor() {
    super();
    this._register(vscode.window.onDidChangeTextEditorSelection((e) => { this.update(e.textEditor); }));
    this._register(vscode.window.onDidChangeActiveTextEditor((editor) => { this.update(editor); }));
    // The editor open at start is read just after activation, not during it: both keys start unset
    // (false to a when clause), and reading a line and setting a key is not worth a start's time.
    const first = setTimeout(() => { if (this.shown === undefined) this.update(vscode.window.activeTextEditor); }, 0);
    this._register(toDisposable(() => { clearTimeout(first); }));
  }

  private update(editor: vscode.TextEditor | undefined): void {
    const next = editor ? urlsOf(editor) : { urlAtCursor: false, selectionHasUrls: false };
    // Unset keys are false already: nothing is sent until one is true.
    this.shown ??= { urlAtCursor: false, selectionHasUrls: false };
    if (this.shown.urlAtCursor !== next.urlAtCursor) void vscode.commands.executeCommand('setContext', ContextKey.editorUrlAtCursor, next.urlAtCursor);
    if (this.shown.selectionHasUrls !== next.selectionHasUrls) void vscode.commands.executeCommand('setContext', ContextKey.editorSelectionHasUrls, next.selectionHasUrls);
    this.shown = next;
  }
}

function urlsOf(editor: vscode.TextEditor): EditorUrls {
  const { selection, document } = editor;
  const line = selection.active.line < document.lineCount ? document.lineAt(selection.active.line).text : '';
  return editorUrls(line, selection.active.character, selection.isEmpty ? undefined : document.getText(selection));
}

export function registerEditorMenuKeys(services: Services): void {
  services.context.subscriptions.push(new EditorMenuKeys());
}

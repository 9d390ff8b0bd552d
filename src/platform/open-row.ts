// What a click on a row that shows a document does: open it as VS Code's own trees open files.
// A tree passes the click itself (single or double, the modifier keys) only to `vscode.open`, which
// takes the person's workbench.editor.enablePreview from it: a single click opens a preview tab
// that the next click replaces, a double click keeps it. A command of our own would get the row
// alone and open a kept tab on every click, so tabs would pile up.
import * as vscode from 'vscode';

/** The row's command: `uri` opened by VS Code, with the click's own editor options. */
export function openRowCommand(uri: vscode.Uri, title: string): vscode.Command {
  return { command: 'vscode.open', title, arguments: [uri] };
}

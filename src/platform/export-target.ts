// Where an export is written: the address its command was given (a test, another extension), or
// the one the person picks in a save dialog that starts in the first workspace folder.
import * as vscode from 'vscode';
import { dataArgument } from '../core/commands/decode';

export interface SaveDialogWords {
  title: string;
  /** The file name offered, in the first workspace folder. */
  fileName: string;
  filters: Record<string, string[]>;
  saveLabel: string;
}

/** `given`, else the dialog's answer; undefined when the person closed it. */
export async function exportTarget(given: vscode.Uri | undefined, dialog: SaveDialogWords): Promise<vscode.Uri | undefined> {
  if (given) return given;
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  return vscode.window.showSaveDialog({
    title: dialog.title,
    defaultUri: folder ? vscode.Uri.joinPath(folder, dialog.fileName) : undefined,
    filters: dialog.filters,
    saveLabel: dialog.saveLabel,
  });
}

/** The `uri` an export command's argument names, as a Uri or its text; undefined when none. */
export function exportUriOf(argument: unknown): vscode.Uri | undefined {
  const uri = dataArgument(argument)?.uri;
  return uri instanceof vscode.Uri ? uri : typeof uri === 'string' ? vscode.Uri.parse(uri, true) : undefined;
}

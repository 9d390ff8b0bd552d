// Copying for a person: the text goes to the clipboard, and a short status-bar line says what was
// copied (shortened when long), so a click on a copy button visibly did something.
import * as vscode from 'vscode';

export async function copyText(text: string, label: string): Promise<void> {
  await vscode.env.clipboard.writeText(text);
  const shown = text.length > 80 ? `${text.slice(0, 79)}…` : text;
  vscode.window.setStatusBarMessage(`$(copy) ${vscode.l10n.t('Copied {0}: {1}', label, shown)}`, 3000);
}

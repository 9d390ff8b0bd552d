// Copying for a person: the text goes to the clipboard, and a short status-bar line says what was
// copied (shortened when long), so a click on a copy button visibly did something.
// The text is copied as it is; only the status-bar line makes it inert (no $(icon) from a job id).
import * as vscode from 'vscode';
import { inertStatusBar } from '../core/text/inert';

export async function copyText(text: string, label: string): Promise<void> {
  await vscode.env.clipboard.writeText(text);
  const shown = inertStatusBar(text, 80);
  vscode.window.setStatusBarMessage(`$(copy) ${vscode.l10n.t('Copied {0}: {1}', label, shown)}`, 3000);
}

// What the problems' Code Action says. Through vscode.l10n; the problem's own message is outside
// text, made inert by the caller.
import * as vscode from 'vscode';

/** The Code Action's title: with the problem's message (already inert and cut) when there are several. */
export function problemActionWords(message: string | undefined): string {
  return message !== undefined ? vscode.l10n.t('Search the Web for This Problem: {0}', message) : vscode.l10n.t('Search the Web for This Problem');
}

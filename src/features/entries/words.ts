// The entries' words: the hints shown when there is nothing to search for, and the Code Action's
// title. Through vscode.l10n; the problem's own message is outside text, made inert by the caller.
import * as vscode from 'vscode';

export const nothingSelectedWords = {
  editor: (): string => vscode.l10n.t('Select some text in an editor to search the web for it.'),
  terminal: (): string => vscode.l10n.t('Select some text in the terminal to search the web for it.'),
  problem: (): string => vscode.l10n.t('Put the cursor on a problem (a squiggle) to search the web for it.'),
};

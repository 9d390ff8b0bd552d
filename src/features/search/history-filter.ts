// The filter box over the search history: an InputBox that filters the Search Results view as the
// person types. Enter keeps the filter; Escape puts back the one that was set before.
import * as vscode from 'vscode';
import type { HistoryDeps } from './history-deps';
import { showQuickInput } from '../../platform/quick-inputs';

/** A string argument sets the filter without the box ('' clears it): for tests and keybindings. */
export async function filterSearches(deps: HistoryDeps, filter: string | undefined): Promise<string> {
  const { provider } = deps;
  if (filter !== undefined) {
    provider.setFilter(filter);
    return filter;
  }
  const before = provider.filter;
  const box = vscode.window.createInputBox();
  box.title = vscode.l10n.t('Filter Search History');
  box.placeholder = vscode.l10n.t('Words in a query or in a result title');
  box.prompt = vscode.l10n.t('Filters as you type. Enter keeps the filter; Escape puts back the previous one.');
  box.value = before;
  let accepted = false;
  return new Promise<string>((resolve) => {
    const subscriptions = [
      box.onDidChangeValue((value) => provider.setFilter(value.trim())),
      box.onDidAccept(() => {
        accepted = true;
        box.hide();
      }),
      box.onDidHide(() => {
        if (!accepted) provider.setFilter(before);
        subscriptions.forEach((s) => { s.dispose(); });
        box.dispose();
        resolve(provider.filter);
      }),
    ];
    showQuickInput(box);
  });
}

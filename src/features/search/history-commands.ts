// The history's commands: pin and unpin, edit and re-run, clear (keeping pinned searches unless
// asked), the filter box, all results in one page, and export. Registered at activation with one
// line from ./index.ts. Registering reads nothing and sends nothing: the bodies
// (./history-actions.ts) read and change the history through the search service when they run.
import * as vscode from 'vscode';
import { decodeClearSearches, decodeFilter, decodeSearchId } from '../../core/commands/search';
import { Command, ContextKey } from '../../core/ids';
import { filterLabel } from '../../core/search/filter';
import { noArgument, registerCommand } from '../../platform/commands';
import { Disposable } from '../../platform/disposable';
import * as historyActions from './history-actions';
import type { HistoryDeps } from './history-deps';
import { filterSearches } from './history-filter';
import type { FilterOutcome } from './tree';

class HistoryCommands extends Disposable {
  private filterShown = false;

  constructor(private readonly deps: HistoryDeps) {
    super();
    const add = (d: vscode.Disposable): void => void this._register(d);
    add(registerCommand(Command.pinSearch, decodeSearchId, (id) => historyActions.setPinned(deps, id, true)));
    add(registerCommand(Command.unpinSearch, decodeSearchId, (id) => historyActions.setPinned(deps, id, false)));
    add(registerCommand(Command.editSearch, decodeSearchId, (id) => historyActions.editSearch(deps, id)));
    add(registerCommand(Command.clearSearches, decodeClearSearches, (how) => historyActions.clearSearches(deps, how)));
    add(registerCommand(Command.filterSearches, decodeFilter, (filter) => filterSearches(deps, filter)));
    add(registerCommand(Command.clearSearchFilter, noArgument, () => deps.provider.setFilter('')));
    add(registerCommand(Command.openAllResults, decodeSearchId, (id) => historyActions.openAllResults(deps, id)));
    add(registerCommand(Command.exportSearch, historyActions.decodeExport, (target) => historyActions.exportSearch(deps, target)));
    add(deps.provider.onDidFilter((outcome) => this.showFilter(outcome)));
    add(deps.provider.onDidChangeTreeData(() => {
      if (deps.provider.filter === '') this.showFilter(undefined);
    }));
  }

  /** The filter in the view's description, a message saying what it hides, and the context key. */
  private showFilter(outcome: FilterOutcome | undefined): void {
    const view = this.deps.view;
    if (!outcome) {
      if (!this.filterShown) return;
      this.filterShown = false;
      view.description = undefined;
      view.message = undefined;
      void vscode.commands.executeCommand('setContext', ContextKey.searchFilterActive, false);
      return;
    }
    this.filterShown = true;
    const shown = filterLabel(outcome.filter);
    view.description = vscode.l10n.t('Filter: {0}', shown);
    view.message = outcome.shown === 0
      ? vscode.l10n.t('No search matches the filter “{0}”.', shown)
      : vscode.l10n.t('Showing {0} of {1} searches that match “{2}”.', outcome.shown, outcome.total, shown);
    void vscode.commands.executeCommand('setContext', ContextKey.searchFilterActive, true);
  }
}

export function registerHistoryCommands(deps: HistoryDeps): Disposable {
  return new HistoryCommands(deps);
}

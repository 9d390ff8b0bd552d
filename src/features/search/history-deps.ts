// What the history's commands work with (./history-commands.ts registers them, ./history-actions.ts
// and ./history-filter.ts are their bodies): a module of its own, so the bodies need not import
// the registration that imports them.
import type * as vscode from 'vscode';
import type { SearchHistoryEditor } from './service';
import type { SearchResultsProvider, SearchTreeNode } from './tree';

export interface HistoryDeps {
  /** The history through the search service: the commands never write the store themselves. */
  history: SearchHistoryEditor;
  provider: SearchResultsProvider;
  view: vscode.TreeView<SearchTreeNode>;
  log: vscode.LogOutputChannel;
}

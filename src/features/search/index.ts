// Search: the webData.search command, the Search Results view, and result documents in tabs.
// Registering reads nothing and sends nothing: the history is read when the view first asks.
import * as vscode from 'vscode';
import { DEFAULT_MAX_HISTORY_BYTES, type HistoryLimits } from '../../core/search/eviction';
import { Disposable, toDisposable } from '../../platform/disposable';
import type { Services } from '../../platform/services';
import { searchSettings } from '../../platform/settings';
import { copyUrl, openInBrowser, readSearchId } from './actions';
import { SearchCommand } from './command';
import { enableMarkdown } from './markdown-hint';
import { readResultRef, resultDocumentContent, ResultDocuments } from './documents';
import { SearchStore } from './store';
import { SearchResultsProvider, type SearchTreeNode } from './tree';

export type { SearchTreeNode } from './tree';
export type { SearchCommandOptions } from './command';

/** For tests and other extensions (through activate's return value): the view as the user sees it. */
export interface SearchApi {
  readonly results: vscode.TreeDataProvider<SearchTreeNode>;
  /** Where the searches are stored: one `<id>.json` per search. */
  readonly historyFolder: vscode.Uri;
  /**
   * A new store, view provider and document provider over the same storage, as a window reload
   * creates them. Dispose it after use.
   */
  reopen(): { results: vscode.TreeDataProvider<SearchTreeNode>; documentText(uri: vscode.Uri): Promise<string>; dispose(): void };
}

function historyLimits(): HistoryLimits {
  return { maxCount: searchSettings().historySize, maxBytes: DEFAULT_MAX_HISTORY_BYTES };
}

class SearchFeature extends Disposable implements SearchApi {
  private readonly store: SearchStore;
  private readonly provider: SearchResultsProvider;
  private readonly view: vscode.TreeView<SearchTreeNode>;
  private readonly documents: ResultDocuments;
  /** Created on the first search. */
  private searchCommand: SearchCommand | undefined;
  private statusMessage: vscode.Disposable | undefined;

  constructor(private readonly services: Services) {
    super();
    const { context, log } = services;
    this.store = this._register(new SearchStore(context.globalStorageUri, log, historyLimits));
    this.provider = this._register(new SearchResultsProvider(this.store));
    this.view = this._register(vscode.window.createTreeView('webData.searchResults', { treeDataProvider: this.provider, showCollapseAll: true }));
    this.documents = this._register(new ResultDocuments(this.store, context.globalState));
    this._register(toDisposable(() => this.statusMessage?.dispose()));

    const register = (id: string, run: (...args: unknown[]) => unknown): void => {
      this._register(vscode.commands.registerCommand(id, run));
    };
    register('webData.search', (argument?: unknown, options?: unknown) => this.command.run(argument, options));
    register('webData.searchAgain', (arg?: unknown) => this.searchAgain(arg));
    register('webData.removeSearch', (arg?: unknown) => this.removeSearch(arg));
    register('webData.clearSearches', (arg?: unknown) => this.clearSearches(arg));
    register('webData.openMarkdown', (arg?: unknown) => this.open(arg, 'markdown'));
    register('webData.openSummary', (arg?: unknown) => this.open(arg, 'summary'));
    register('webData.enableMarkdown', () => enableMarkdown());
    register('webData.openInBrowser', (arg?: unknown) => openInBrowser(arg));
    register('webData.copyUrl', (arg?: unknown) => copyUrl(arg, (text) => this.flash(text)));
  }

  private get command(): SearchCommand {
    this.searchCommand ??= this._register(
      new SearchCommand(this.services, this.store, (outcome) => void this.reveal(outcome.summary.id), (text) => this.flash(text)),
    );
    return this.searchCommand;
  }

  private flash(text: string): void {
    this.statusMessage?.dispose();
    this.statusMessage = vscode.window.setStatusBarMessage(text, 5000);
  }

  get results(): vscode.TreeDataProvider<SearchTreeNode> {
    return this.provider;
  }

  get historyFolder(): vscode.Uri {
    return this.store.folder;
  }

  reopen(): ReturnType<SearchApi['reopen']> {
    const { context, log } = this.services;
    const store = new SearchStore(context.globalStorageUri, log, historyLimits);
    const results = new SearchResultsProvider(store);
    return {
      results,
      documentText: (uri) => resultDocumentContent(store, uri),
      dispose: () => {
        results.dispose();
        store.dispose();
      },
    };
  }

  /** Shows the new search in the view, expanded, without taking the focus from the editor. */
  private async reveal(searchId: string): Promise<void> {
    try {
      const node = await this.provider.searchNode(searchId);
      if (node) await this.view.reveal(node, { select: false, focus: false, expand: true });
    } catch (err) {
      this.services.log.debug(`Could not reveal the search in the view: ${String(err)}`);
    }
  }

  private async searchAgain(arg: unknown): Promise<unknown> {
    const id = readSearchId(arg);
    const record = id ? await this.store.get(id) : undefined;
    if (!record) {
      void vscode.window.showWarningMessage(vscode.l10n.t('That search is no longer in the history; run a new search instead.'));
      return undefined;
    }
    return this.command.again({ ...record.request });
  }

  private async removeSearch(arg: unknown): Promise<void> {
    const id = readSearchId(arg);
    if (id) await this.store.remove(id);
  }

  /** `{ confirmed: true }` skips the dialog (tests, keybindings). */
  private async clearSearches(arg: unknown): Promise<boolean> {
    const count = (await this.store.list()).length;
    if (count === 0) return false;
    if (typeof arg === 'object' && arg !== null && (arg as { confirmed?: unknown }).confirmed === true) {
      await this.store.clear();
      return true;
    }
    const clear = vscode.l10n.t('Clear History');
    const choice = await vscode.window.showWarningMessage(
      count === 1 ? vscode.l10n.t('Remove the search from the history?') : vscode.l10n.t('Remove all {0} searches from the history?', count),
      { modal: true, detail: vscode.l10n.t('Their results and scraped pages are deleted from this machine; open tabs lose their content after a reload.') },
      clear);
    if (choice !== clear) return false;
    await this.store.clear();
    return true;
  }

  private async open(arg: unknown, wanted: 'markdown' | 'summary'): Promise<vscode.TextEditor | undefined> {
    const ref = readResultRef(arg);
    if (!ref) {
      void vscode.window.showErrorMessage(vscode.l10n.t('Pick a result in the Search Results view to open it.'));
      return undefined;
    }
    return this.documents.open(ref, wanted);
  }
}

export function registerSearch(services: Services): SearchApi {
  const feature = new SearchFeature(services);
  services.context.subscriptions.push(feature);
  return feature;
}

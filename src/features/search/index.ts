// Search: the webData.search command, the Searches view, and result documents in tabs.
// Registering reads nothing and sends nothing: the history is read when the view first asks.
import * as vscode from 'vscode';
import { decodeResultRef, decodeSearchCommand, decodeSearchId, type ResultRef } from '../../core/commands/search';
import { Command, View } from '../../core/ids';
import { DEFAULT_MAX_HISTORY_BYTES, type HistoryLimits } from '../../core/search/eviction';
import { noArgument, registerCommand } from '../../platform/commands';
import { Disposable, toDisposable } from '../../platform/disposable';
import type { Services } from '../../platform/services';
import { searchSettings } from '../../platform/settings';
import { QUERY_MAX_LENGTH } from '../../core/search/query-input';
import { registerAdvancedSearch } from './advanced';
import { copyUrl, decodeUrlOrUri, openInBrowser } from './actions';
import { SearchCommand } from './command';
import type { SearchOrigin } from '../../core/entries/origin';
import { registerHistoryCommands } from './history-commands';
import { enableMarkdown } from './markdown-hint';
import { ResultDocuments, resultDocumentUri } from './documents';
import { chooseFormat } from '../../core/search/document';
import type { Prepared, PreparedSearch } from '../../core/search/service';
import { resultAt, type SearchRecord, type SearchSummary } from '../../core/search/record';
import { SearchServiceHost, type SearchDone, type SearchRun, type SearchRunOptions } from './service';
import { SearchResultsProvider, type SearchTreeNode } from './tree';
import { createTreeView } from '../../platform/stand-ins';

export type { SearchTreeNode } from './tree';
export type { SearchDone, SearchRun, SearchRunOptions } from './service';
export type { Prepared, PreparedSearch } from '../../core/search/service';

/** For other features, tests and other extensions (through activate's return value). */
export interface SearchApi {
  /** The Searches view as the user sees it. */
  readonly results: vscode.TreeDataProvider<SearchTreeNode>;
  /** Where the searches are stored: one `<id>.json` per search. */
  readonly historyFolder: vscode.Uri;
  /** After each search stored in the history, whoever ran it (the credits refresh on it). */
  readonly onDidSearch: vscode.Event<SearchDone>;
  /** After any change to the history. */
  readonly onDidChangeHistory: vscode.Event<void>;
  /**
   * The query box filled in with `query` by an entry (a selection, a problem, the terminal); on
   * Enter the search runs and is stored with `origin`. `cut`: the box says the text was cut.
   */
  ask(query: string, origin: SearchOrigin, options?: { cut?: boolean }): Promise<SearchRecord | undefined>;
  /**
   * Runs a search without any notification: the settings under `request` (unless withSettings is
   * false), one check, the client, the history. Never throws: a failure comes back as
   * `{ ok: false, failure: { kind, message } }`; cancelling the token gives kind 'cancelled'.
   */
  run(request: Readonly<Record<string, unknown>>, options?: SearchRunOptions): Promise<SearchRun>;
  /** run()'s first half: the settings under `request` (unless withSettings is false), checked; nothing is sent. */
  prepare(request: Readonly<Record<string, unknown>>, options?: Pick<SearchRunOptions, 'withSettings'>): Prepared;
  /** run()'s second half: sends a prepared search as it was checked, and stores the answer. Never throws. */
  send(search: PreparedSearch, options?: Pick<SearchRunOptions, 'token' | 'origin' | 'askedBy'>): Promise<SearchRun>;
  /** The stored searches, newest first. */
  list(): Promise<readonly SearchSummary[]>;
  /** A stored search with its results, or undefined when it is gone. */
  get(id: string): Promise<SearchRecord | undefined>;
  /** The read-only tab of a stored search's web result: its markdown, else its summary, else what is known of it. */
  resultUri(record: SearchRecord, index: number): vscode.Uri | undefined;
}

function historyLimits(): HistoryLimits {
  return { maxCount: searchSettings().historySize, maxBytes: DEFAULT_MAX_HISTORY_BYTES };
}

class SearchFeature extends Disposable implements SearchApi {
  private readonly searches: SearchServiceHost;
  private readonly provider: SearchResultsProvider;
  private readonly view: vscode.TreeView<SearchTreeNode>;
  private readonly documents: ResultDocuments;
  /** Created on the first search. */
  private searchCommand: SearchCommand | undefined;
  private statusMessage: vscode.Disposable | undefined;

  constructor(private readonly services: Services) {
    super();
    const { log } = services;
    // The service makes and owns the history's store; everything below reads it through the service.
    this.searches = this._register(new SearchServiceHost(services, historyLimits));
    this._register(this.searches.onDidSearch((done) => void this.reveal(done)));
    this.provider = this._register(new SearchResultsProvider(this.searches));
    this.view = this._register(createTreeView(View.searchResults, { treeDataProvider: this.provider, showCollapseAll: true }));
    this.documents = this._register(new ResultDocuments(this.searches, services.globalState));
    this._register(toDisposable(() => { this.statusMessage?.dispose(); }));

    this._register(registerCommand(Command.search, decodeSearchCommand, (input) => this.command.run(input)));
    this._register(registerCommand(Command.searchAgain, decodeSearchId, (id) => this.searchAgain(id)));
    this._register(registerCommand(Command.removeSearch, decodeSearchId, (id) => this.removeSearch(id)));
    this._register(registerCommand(Command.openMarkdown, decodeResultRef, (ref) => this.open(ref, 'markdown')));
    this._register(registerCommand(Command.openSummary, decodeResultRef, (ref) => this.open(ref, 'summary')));
    this._register(registerCommand(Command.enableMarkdown, noArgument, () => enableMarkdown(this.searches.onDidSearch)));
    this._register(registerCommand(Command.openInBrowser, decodeUrlOrUri, (url) => openInBrowser(url)));
    this._register(registerCommand(Command.copyUrl, decodeUrlOrUri, (url) => copyUrl(url, (text) => this.flash(text))));
    this._register(registerHistoryCommands({ history: this.searches, provider: this.provider, view: this.view, log }));
  }

  private get command(): SearchCommand {
    this.searchCommand ??= this._register(
      new SearchCommand(this.services, this.searches, (text) => this.flash(text)),
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
    return this.searches.historyFolder;
  }

  get onDidSearch(): vscode.Event<SearchDone> {
    return this.searches.onDidSearch;
  }

  get onDidChangeHistory(): vscode.Event<void> {
    return this.searches.onDidChangeHistory;
  }

  // Through the API, a search is another extension's unless the caller says whose it is.
  run(request: Readonly<Record<string, unknown>>, options?: SearchRunOptions): Promise<SearchRun> {
    return this.searches.run(request, { askedBy: 'extension', ...options });
  }

  ask(query: string, origin: SearchOrigin, options: { cut?: boolean } = {}): Promise<SearchRecord | undefined> {
    const note = options.cut === true ? vscode.l10n.t('Cut to {0} characters at a word', QUERY_MAX_LENGTH) : undefined;
    return this.command.ask(query, origin, note !== undefined ? { note } : {});
  }

  prepare(request: Readonly<Record<string, unknown>>, options?: Pick<SearchRunOptions, 'withSettings'>): Prepared {
    return this.searches.prepare(request, options);
  }

  send(search: PreparedSearch, options?: Pick<SearchRunOptions, 'token' | 'origin' | 'askedBy'>): Promise<SearchRun> {
    return this.searches.send(search, { askedBy: 'extension', ...options });
  }

  list(): Promise<readonly SearchSummary[]> {
    return this.searches.list();
  }

  get(id: string): Promise<SearchRecord | undefined> {
    return this.searches.get(id);
  }

  resultUri(record: SearchRecord, index: number): vscode.Uri | undefined {
    const typed = resultAt(record, 'web', index);
    return typed && resultDocumentUri({ searchId: record.id, kind: 'web', index, typed }, chooseFormat(typed, 'markdown'), record.request.query);
  }

  /** Shows the new search in the view, expanded, without taking the focus from the editor. */
  private async reveal(done: SearchDone): Promise<void> {
    try {
      await this.view.reveal(this.provider.searchNode(done.summary), { select: false, focus: false, expand: true });
    } catch (err) {
      this.services.log.debug(`Could not reveal the search in the view: ${String(err)}`);
    }
  }

  private async searchAgain(id: string | undefined): Promise<unknown> {
    const record = id ? await this.searches.get(id) : undefined;
    if (!record) {
      void vscode.window.showWarningMessage(vscode.l10n.t('That search is no longer in the history; run a new search instead.'));
      return undefined;
    }
    return this.command.again({ ...record.request }, record.origin);
  }

  private async removeSearch(id: string | undefined): Promise<void> {
    if (id) await this.searches.remove(id);
  }

  private async open(ref: ResultRef | undefined, wanted: 'markdown' | 'summary'): Promise<vscode.TextEditor | undefined> {
    if (!ref) {
      void vscode.window.showErrorMessage(vscode.l10n.t('Pick a result in the Searches view to open it.'));
      return undefined;
    }
    return this.documents.open(ref, wanted);
  }
}

export function registerSearch(services: Services): SearchApi {
  const feature = new SearchFeature(services);
  services.context.subscriptions.push(feature);
  registerAdvancedSearch(services, () => feature.list());
  return feature;
}

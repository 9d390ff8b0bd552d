// The VS Code side of src/core/search/service.ts: the settings it reads, the connection's client,
// the client's request check from the lazily loaded core bundle, the search history (the one
// SearchStore, made and owned here), and its events as vscode.Events.
// Other features search through this object (the API returned by registerSearch), never through
// the webData.search command and its notifications. The Search Results view, the result documents
// and the history's commands see it only as a SearchHistoryReader or SearchHistoryEditor.
import * as vscode from 'vscode';
import type { HistoryLimits } from '../../core/search/eviction';
import type { SearchRecord, SearchSummary } from '../../core/search/record';
import {
  SearchService, type Prepared, type PreparedSearch, type SearchDone, type SearchHistoryReads, type SearchHistoryWrites,
  type SearchRun, type SearchRunOptions,
} from '../../core/search/service';
import { loadCore } from '../../platform/core';
import { Disposable, toDisposable } from '../../platform/disposable';
import type { Services } from '../../platform/services';
import { searchSettings } from '../../platform/settings';
import { SearchStore } from './store';

export type { SearchDone, SearchRun, SearchRunOptions } from '../../core/search/service';

/** What the view and the result documents read: the history, and when it changes. */
export interface SearchHistoryReader extends SearchHistoryReads {
  /** After any change to the history (this window's or, on its next read, another's). */
  readonly onDidChangeHistory: vscode.Event<void>;
}

/** What the history's commands need besides: its writes, each followed by onDidChangeHistory. */
export interface SearchHistoryEditor extends SearchHistoryReader, SearchHistoryWrites {}

export class SearchServiceHost extends Disposable implements SearchHistoryEditor {
  private readonly core: SearchService;
  private readonly store: SearchStore;
  private readonly didSearch = this._register(new vscode.EventEmitter<SearchDone>());
  /** After each search stored in the history. */
  readonly onDidSearch = this.didSearch.event;
  readonly onDidChangeHistory: vscode.Event<void>;

  constructor(services: Services, limits: () => HistoryLimits) {
    super();
    this.store = this._register(new SearchStore(services.context.globalStorageUri, services.log, limits));
    this.core = new SearchService({
      history: this.store,
      client: () => services.connection.getClient(),
      validate: (request) => loadCore().validateSearchRequest(request),
      defaults: () => searchSettings(),
      onListenerError: (err) => services.log.warn(`A listener of the search failed: ${String(err)}`),
    });
    this._register(toDisposable(() => this.core.dispose()));
    const forwarding = this.core.onDidSearch((done) => this.didSearch.fire(done));
    this._register(toDisposable(() => forwarding.dispose()));
    this.onDidChangeHistory = this.store.onDidChange;
  }

  /** Where the searches are stored: one `<id>.json` per search. */
  get historyFolder(): vscode.Uri {
    return this.store.folder;
  }

  /** Merges the settings under the request (unless withSettings is false), checks it once, sends it, stores it. */
  run(request: Readonly<Record<string, unknown>>, options?: SearchRunOptions): Promise<SearchRun> {
    return this.core.run(request, options);
  }

  prepare(request: Readonly<Record<string, unknown>>, options?: Pick<SearchRunOptions, 'withSettings'>): Prepared {
    return this.core.prepare(request, options);
  }

  send(search: PreparedSearch, options?: Pick<SearchRunOptions, 'token' | 'origin' | 'askedBy'>): Promise<SearchRun> {
    return this.core.send(search, options);
  }

  list(): Promise<readonly SearchSummary[]> {
    return this.core.list();
  }

  get(id: string): Promise<SearchRecord | undefined> {
    return this.core.get(id);
  }

  remove(id: string): Promise<void> {
    return this.core.remove(id);
  }

  clear(options?: { includePinned?: boolean }): Promise<void> {
    return this.core.clear(options);
  }

  setPinned(id: string, pinned: boolean): Promise<boolean> {
    return this.core.setPinned(id, pinned);
  }
}

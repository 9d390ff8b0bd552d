// The VS Code side of src/core/search/service.ts: the settings it reads, the connection's client,
// the client's request check from the lazily loaded core bundle, and its events as vscode.Events.
// Other features search through this object (the API returned by registerSearch), never through
// the webData.search command and its notifications.
import * as vscode from 'vscode';
import {
  SearchService, type Prepared, type PreparedSearch, type SearchDone, type SearchRun, type SearchRunOptions,
} from '../../core/search/service';
import { loadCore } from '../../platform/core';
import { Disposable, toDisposable } from '../../platform/disposable';
import type { Services } from '../../platform/services';
import { searchSettings } from '../../platform/settings';
import type { SearchStore } from './store';

export type { SearchDone, SearchRun, SearchRunOptions } from '../../core/search/service';

export class SearchServiceHost extends Disposable {
  private readonly core: SearchService;
  private readonly didSearch = this._register(new vscode.EventEmitter<SearchDone>());
  /** After each search stored in the history. */
  readonly onDidSearch = this.didSearch.event;
  /** After any change to the history (this window's or, on its next read, another's). */
  readonly onDidChangeHistory: vscode.Event<void>;

  constructor(services: Services, store: SearchStore) {
    super();
    this.core = new SearchService({
      history: store,
      client: () => services.connection.getClient(),
      validate: (request) => loadCore().validateSearchRequest(request),
      defaults: () => searchSettings(),
      onListenerError: (err) => services.log.warn(`A listener of the search failed: ${String(err)}`),
    });
    this._register(toDisposable(() => this.core.dispose()));
    const forwarding = this.core.onDidSearch((done) => this.didSearch.fire(done));
    this._register(toDisposable(() => forwarding.dispose()));
    this.onDidChangeHistory = store.onDidChange;
  }

  /** Merges the settings under the request (unless withSettings is false), checks it once, sends it, stores it. */
  run(request: Readonly<Record<string, unknown>>, options?: SearchRunOptions): Promise<SearchRun> {
    return this.core.run(request, options);
  }

  prepare(request: Readonly<Record<string, unknown>>, options?: Pick<SearchRunOptions, 'withSettings'>): Prepared {
    return this.core.prepare(request, options);
  }

  send(search: PreparedSearch, options?: Pick<SearchRunOptions, 'token'>): Promise<SearchRun> {
    return this.core.send(search, options);
  }

  remove(id: string): Promise<void> {
    return this.core.remove(id);
  }

  clear(): Promise<void> {
    return this.core.clear();
  }
}

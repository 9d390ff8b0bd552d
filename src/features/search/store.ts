// Search history for the views: the VS Code side of src/core/search/history.ts, which keeps it in
// the extension's global storage, one file per search plus an index, safe with several windows
// open on the same profile. Not globalState: that is read into memory at every start and meant
// for small values. Nothing is read until the view first asks.
import * as vscode from 'vscode';
import { join } from 'node:path';
import type { HistoryLimits } from '../../core/search/eviction';
import { RECORDS_FOLDER, type AddOutcome, type SearchHistory } from '../../core/search/history';
import type { SearchRecord, SearchSummary } from '../../core/search/record';
import { loadCore } from '../../platform/core';
import { Disposable } from '../../platform/disposable';

export type { AddOutcome };

export class SearchStore extends Disposable {
  private loaded: SearchHistory | undefined;
  private readonly changeEmitter = this._register(new vscode.EventEmitter<void>());
  readonly onDidChange = this.changeEmitter.event;

  constructor(
    private readonly storageUri: vscode.Uri,
    private readonly log: vscode.LogOutputChannel,
    private readonly limits: () => HistoryLimits,
  ) {
    super();
  }

  /** Made on first use, from the lazily loaded core bundle (it reads stored searches with zod). */
  private get history(): SearchHistory {
    if (!this.loaded) {
      const core = loadCore();
      const codec = { parseIndex: core.parseSearchIndex, readRecordText: core.readSearchRecordText, serializeIndex: core.serializeSearchIndex };
      // The extension host runs in Node, where global storage is always a local folder.
      this.loaded = new core.SearchHistory({ storageDir: this.storageUri.fsPath, codec, log: this.log, limits: this.limits });
    }
    return this.loaded;
  }

  /** The folder of the search files. */
  get folder(): vscode.Uri {
    return vscode.Uri.file(join(this.storageUri.fsPath, RECORDS_FOLDER));
  }

  /** The stored searches, newest first. The first call reads the index from disk. */
  list(): Promise<readonly SearchSummary[]> {
    return this.history.list();
  }

  /** The full search, or undefined when it is gone or its file cannot be read. */
  get(id: string): Promise<SearchRecord | undefined> {
    return this.history.get(id);
  }

  async add(record: SearchRecord): Promise<AddOutcome> {
    const outcome = await this.history.add(record);
    this.changeEmitter.fire();
    return outcome;
  }

  async remove(id: string): Promise<void> {
    await this.history.remove(id);
    this.changeEmitter.fire();
  }

  /** Removes every search; pinned ones stay unless `includePinned`. */
  async clear(options: { includePinned?: boolean } = {}): Promise<void> {
    await this.history.clear(options);
    this.changeEmitter.fire();
  }

  /** False when the search is gone. */
  async setPinned(id: string, pinned: boolean): Promise<boolean> {
    const found = await this.history.setPinned(id, pinned);
    this.changeEmitter.fire();
    return found;
  }
}

// Search history for the views: the VS Code side of src/core/search/history.ts, which keeps it in
// the extension's global storage, one file per search plus an index, safe with several windows
// open on the same profile. Not globalState: that is read into memory at every start and meant
// for small values. Nothing is read until the view first asks.
import * as vscode from 'vscode';
import type { HistoryLimits } from '../../core/search/eviction';
import { SearchHistory, type AddOutcome, type HistoryCodec } from '../../core/search/history';
import type { SearchRecord, SearchSummary } from '../../core/search/record';
import { loadCore } from '../../platform/core';
import { Disposable } from '../../platform/disposable';

export type { AddOutcome };

/** Reading and writing stored searches needs zod, which lives in the lazily loaded core bundle. */
const codec: HistoryCodec = {
  parseIndex: (value) => loadCore().parseSearchIndex(value),
  readRecordText: (text, bytes) => loadCore().readSearchRecordText(text, bytes),
  serializeIndex: (searches) => loadCore().serializeSearchIndex(searches),
};

export class SearchStore extends Disposable {
  private readonly history: SearchHistory;
  private readonly changeEmitter = this._register(new vscode.EventEmitter<void>());
  readonly onDidChange = this.changeEmitter.event;

  constructor(storageUri: vscode.Uri, log: vscode.LogOutputChannel, limits: () => HistoryLimits) {
    super();
    // The extension host runs in Node, where global storage is always a local folder.
    this.history = new SearchHistory({ storageDir: storageUri.fsPath, codec, log, limits });
  }

  /** The folder of the search files. */
  get folder(): vscode.Uri {
    return vscode.Uri.file(this.history.recordsDir);
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

  async clear(): Promise<void> {
    await this.history.clear();
    this.changeEmitter.fire();
  }
}

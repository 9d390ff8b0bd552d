// A result's scraped markdown (or summary) in a read-only editor tab: a content provider on the
// `webdata` scheme, the page title as the tab's name, not a preview tab, so the markdown preview
// and Save As work. The content comes from the stored search, so tabs work after a reload.
import * as vscode from 'vscode';
import type { SourceType } from '../../core/api/request-types';
import { chooseFormat, documentText } from '../../core/search/document';
import { resultTitle } from '../../core/search/present';
import { isResultKind, isSearchId, resultAt } from '../../core/search/record';
import { parseResultDocumentAddress, resultDocumentAddress, WEBDATA_SCHEME } from '../../core/search/uri';
import { Disposable } from '../../platform/disposable';
import type { SearchStore } from './store';

export interface ResultRef {
  searchId: string;
  kind: SourceType;
  index: number;
}

/**
 * A result from a command's argument: a row of the view, or `{ searchId, kind?, index }`
 * (`resultIndex` is taken for `index`; kind defaults to web).
 */
export function readResultRef(arg: unknown): ResultRef | undefined {
  if (typeof arg !== 'object' || arg === null) return undefined;
  const value = arg as Record<string, unknown>;
  const index = value.index ?? value.resultIndex;
  const kind = value.kind ?? 'web';
  if (!isSearchId(value.searchId) || !isResultKind(kind)) return undefined;
  if (typeof index !== 'number' || !Number.isInteger(index) || index < 0) return undefined;
  return { searchId: value.searchId, kind, index };
}

/** The text behind a `webdata:` address, from the stored search. */
export async function resultDocumentContent(store: SearchStore, uri: vscode.Uri): Promise<string> {
  const ref = parseResultDocumentAddress(uri.path, uri.query);
  if (!ref) return vscode.l10n.t('This address does not name a search result.');
  const record = await store.get(ref.searchId);
  const typed = record ? resultAt(record, ref.kind, ref.index) : undefined;
  if (!typed) return vscode.l10n.t('This search result is no longer in the search history, so its content is gone. Search again to fetch it.');
  return documentText(typed, ref.format);
}

export class ResultDocuments extends Disposable implements vscode.TextDocumentContentProvider {
  constructor(private readonly store: SearchStore) {
    super();
    this._register(vscode.workspace.registerTextDocumentContentProvider(WEBDATA_SCHEME, this));
  }

  provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    return resultDocumentContent(this.store, uri);
  }

  /** Opens a result's markdown (or its summary): the other format, or a short page, when it has none. */
  async open(ref: ResultRef, wanted: 'markdown' | 'summary'): Promise<vscode.TextEditor | undefined> {
    const record = await this.store.get(ref.searchId);
    const typed = record ? resultAt(record, ref.kind, ref.index) : undefined;
    if (!typed) {
      void vscode.window.showWarningMessage(vscode.l10n.t('That search result is no longer in the search history. Search again to fetch it.'));
      return undefined;
    }
    const address = resultDocumentAddress({ ...ref, format: chooseFormat(typed, wanted) }, resultTitle(typed));
    const uri = vscode.Uri.from({ scheme: WEBDATA_SCHEME, path: address.path, query: address.query });
    let document = await vscode.workspace.openTextDocument(uri);
    if (document.languageId !== 'markdown') document = await vscode.languages.setTextDocumentLanguage(document, 'markdown');
    return vscode.window.showTextDocument(document, { preview: false });
  }
}

// A result's scraped markdown (or summary) in a read-only editor tab on the `webdata` scheme: the
// page title as the tab's name; the markdown preview and Save As work. A click on its row opens a
// preview tab (src/platform/open-row.ts), the Open Markdown command a kept one. The
// content comes from the stored search. It is served by a read-only file system provider rather
// than a TextDocumentContentProvider: VS Code restores tabs of file system resources after a
// reload (activating us through onFileSystem:webdata), but silently drops content-provider tabs.
import * as vscode from 'vscode';
import { allResultsMarkdown, parseAllResultsAddress } from '../../core/search/all-results';
import { chooseFormat, documentText } from '../../core/search/document';
import { resultTitle } from '../../core/search/present';
import { resultAt, type TypedResult } from '../../core/search/record';
import { parseResultDocumentAddress, resultDocumentAddress, type DocumentFormat } from '../../core/search/uri';
import { Schemes } from '../../core/schemes';
import { offerMarkdownOnce } from './markdown-hint';
import type { SearchHistoryReader } from './service';
import { ReadOnlyFileSystem } from '../../platform/readonly-documents';

import type { ResultRef } from '../../core/commands/search';

/** The address of a result's tab: the query and the title to read, the search, kind and index to find it. */
export function resultDocumentUri(ref: ResultRef & { typed: TypedResult }, format: DocumentFormat, query: string): vscode.Uri {
  const address = resultDocumentAddress({ searchId: ref.searchId, kind: ref.kind, index: ref.index, format }, { query, title: resultTitle(ref.typed) });
  return vscode.Uri.from({ scheme: Schemes.searchResult.scheme, path: address.path, query: address.query });
}

/** The text behind a `webdata:` address, from the stored search. */
async function resultDocumentContent(history: SearchHistoryReader, uri: vscode.Uri): Promise<string> {
  const allOf = parseAllResultsAddress(uri.path, uri.query);
  if (allOf) {
    const record = await history.get(allOf);
    return record ? allResultsMarkdown(record) : vscode.l10n.t('This search is no longer in the search history, so its results are gone. Search again to fetch them.');
  }
  const ref = parseResultDocumentAddress(uri.path, uri.query);
  if (!ref) return vscode.l10n.t('This address does not name a search result.');
  const record = await history.get(ref.searchId);
  const typed = record ? resultAt(record, ref.kind, ref.index) : undefined;
  if (!typed) return vscode.l10n.t('This search result is no longer in the search history, so its content is gone. Search again to fetch it.');
  return documentText(typed, ref.format);
}

/** Documents built and kept: VS Code asks for each twice on open (stat, then readFile), and again on focus. */
const CACHE_SIZE = 16;

export class ResultDocuments extends ReadOnlyFileSystem {
  /** Built documents by URI, most recently used last; emptied when the history changes (a search removed). */
  private readonly built = new Map<string, Promise<Uint8Array>>();

  constructor(
    private readonly history: SearchHistoryReader,
    /** Where the markdown hint remembers that it was shown. */
    private readonly userState: vscode.Memento,
  ) {
    super(Schemes.searchResult);
    this._register(history.onDidChangeHistory(() => this.built.clear()));
    this._register(vscode.workspace.onDidOpenTextDocument((document) => { this.offerMarkdown(document.uri).catch(() => undefined); }));
  }

  /** A result's page or a search's results in one page; the folders above are the query (or, in the older form, search id, kind and index). */
  protected isDocument(uri: vscode.Uri): boolean {
    return parseResultDocumentAddress(uri.path, uri.query) !== undefined || parseAllResultsAddress(uri.path, uri.query) !== undefined;
  }

  protected text(uri: vscode.Uri): Promise<string> {
    return resultDocumentContent(this.history, uri);
  }

  override readFile(uri: vscode.Uri): Promise<Uint8Array> {
    const key = uri.toString();
    const cached = this.built.get(key);
    if (cached) {
      this.built.delete(key);
      this.built.set(key, cached);
      return cached;
    }
    const building = super.readFile(uri);
    this.built.set(key, building);
    // A failed build is not kept: the next read tries again.
    building.catch(() => this.built.get(key) === building && this.built.delete(key));
    for (const old of this.built.keys()) {
      if (this.built.size <= CACHE_SIZE) break;
      this.built.delete(old);
    }
    return building;
  }

  /** Opens a result's markdown (or its summary): the other format, or a short page, when it has none. */
  async open(ref: ResultRef, wanted: 'markdown' | 'summary'): Promise<vscode.TextEditor | undefined> {
    const record = await this.history.get(ref.searchId);
    const typed = record ? resultAt(record, ref.kind, ref.index) : undefined;
    if (!typed) {
      void vscode.window.showWarningMessage(vscode.l10n.t('That search result is no longer in the search history. Search again to fetch it.'));
      return undefined;
    }
    const uri = resultDocumentUri({ ...ref, typed }, chooseFormat(typed, wanted), record?.request.query ?? '');
    // The command (a row's Open Markdown action, a keybinding, another extension) keeps its tab; a
    // click on the row opens a preview tab instead (src/platform/open-row.ts).
    return this.show(uri, 'markdown');
  }

  /**
   * The first page opened without scraped content (by the row's click or the command, once per
   * user) offers markdown. Image results are never scraped: no point offering it for them.
   */
  private async offerMarkdown(uri: vscode.Uri): Promise<void> {
    if (uri.scheme !== Schemes.searchResult.scheme) return;
    const ref = parseResultDocumentAddress(uri.path, uri.query);
    if (ref?.format !== 'info' || ref.kind === 'images') return;
    const record = await this.history.get(ref.searchId);
    if (record) await offerMarkdownOnce(this.userState, record.request);
  }
}

// A result's scraped markdown (or summary) in a read-only editor tab on the `webdata` scheme: the
// page title as the tab's name, not a preview tab, so the markdown preview and Save As work. The
// content comes from the stored search. It is served by a read-only file system provider rather
// than a TextDocumentContentProvider: VS Code restores tabs of file system resources after a
// reload (activating us through onFileSystem:webdata), but silently drops content-provider tabs.
import * as vscode from 'vscode';
import { allResultsMarkdown, parseAllResultsAddress } from '../../core/search/all-results';
import { chooseFormat, documentText } from '../../core/search/document';
import { resultTitle } from '../../core/search/present';
import { resultAt } from '../../core/search/record';
import { parseResultDocumentAddress, resultDocumentAddress } from '../../core/search/uri';
import { Schemes } from '../../core/schemes';
import { offerMarkdownOnce } from './markdown-hint';
import type { SearchHistoryReader } from './service';
import { ReadOnlyFileSystem } from '../../platform/readonly-documents';

import type { ResultRef } from '../../core/commands/search';

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
    super(Schemes.searchResult, vscode.l10n.t('Scraped by the Web Data Service. Use **Save As** to keep an editable copy.'));
    this._register(history.onDidChangeHistory(() => this.built.clear()));
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
    const format = chooseFormat(typed, wanted);
    const address = resultDocumentAddress({ ...ref, format }, { query: record?.request.query ?? '', title: resultTitle(typed) });
    const editor = await this.show(this.uri(address.path, address.query), 'markdown');
    // Image results are never scraped: no point offering markdown for them.
    if (format === 'info' && record && typed.kind !== 'images') {
      offerMarkdownOnce(this.userState, record.request).catch(() => undefined);
    }
    return editor;
  }
}

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
import { parseResultDocumentAddress, resultDocumentAddress, WEBDATA_SCHEME } from '../../core/search/uri';
import { offerMarkdownOnce } from './markdown-hint';
import type { SearchHistoryReader } from './service';
import { ReadOnlyFileSystemProvider } from '../../platform/readonly-fs';

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

export class ResultDocuments extends ReadOnlyFileSystemProvider {
  private readonly changeEmitter = this._register(new vscode.EventEmitter<vscode.FileChangeEvent[]>());
  /** Never fires: a stored result's content does not change. */
  readonly onDidChangeFile = this.changeEmitter.event;
  private readonly loadedAt = Date.now();
  /** Built documents by URI, most recently used last; emptied when the history changes (a search removed). */
  private readonly built = new Map<string, Promise<Uint8Array>>();

  constructor(
    private readonly history: SearchHistoryReader,
    /** Where the markdown hint remembers that it was shown. */
    private readonly userState: vscode.Memento,
  ) {
    super();
    this._register(history.onDidChangeHistory(() => this.built.clear()));
    const readonly = new vscode.MarkdownString(vscode.l10n.t('Scraped by the Web Data Service. Use **Save As** to keep an editable copy.'));
    this._register(vscode.workspace.registerFileSystemProvider(WEBDATA_SCHEME, this, { isReadonly: readonly, isCaseSensitive: true }));
  }

  async stat(uri: vscode.Uri): Promise<vscode.FileStat> {
    if (!parseResultDocumentAddress(uri.path, uri.query) && !parseAllResultsAddress(uri.path, uri.query)) {
      // The folders above a document, for breadcrumbs and Save As: the query (or, in the older
      // form, search id, kind and index); nothing else exists.
      if (uri.path.split('/').length <= 4) return { type: vscode.FileType.Directory, ctime: this.loadedAt, mtime: this.loadedAt, size: 0 };
      throw vscode.FileSystemError.FileNotFound(uri);
    }
    const bytes = await this.readFile(uri);
    return { type: vscode.FileType.File, ctime: this.loadedAt, mtime: this.loadedAt, size: bytes.byteLength, permissions: vscode.FilePermission.Readonly };
  }

  readFile(uri: vscode.Uri): Promise<Uint8Array> {
    const key = uri.toString();
    const cached = this.built.get(key);
    if (cached) {
      this.built.delete(key);
      this.built.set(key, cached);
      return cached;
    }
    const building = resultDocumentContent(this.history, uri).then((text) => new TextEncoder().encode(text));
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
    const uri = vscode.Uri.from({ scheme: WEBDATA_SCHEME, path: address.path, query: address.query });
    let document = await vscode.workspace.openTextDocument(uri);
    if (document.languageId !== 'markdown') document = await vscode.languages.setTextDocumentLanguage(document, 'markdown');
    const editor = await vscode.window.showTextDocument(document, { preview: false });
    // Image results are never scraped: no point offering markdown for them.
    if (format === 'info' && record && typed.kind !== 'images') {
      offerMarkdownOnce(this.userState, record.request).catch(() => undefined);
    }
    return editor;
  }
}

// A result's scraped markdown (or summary) in a read-only editor tab on the `webdata` scheme: the
// page title as the tab's name; the markdown preview and Save As work. A click on its row opens a
// preview tab (src/platform/open-row.ts), the Open Markdown command a kept one. The
// content comes from the stored search. It is served by a read-only file system provider rather
// than a TextDocumentContentProvider: VS Code restores tabs of file system resources after a
// reload (activating us through onFileSystem:webdata), but silently drops content-provider tabs.
import * as vscode from 'vscode';
import type { SourceType } from '../../core/api/request-types';
import { allResultsMarkdown, parseAllResultsAddress } from '../../core/search/all-results';
import { chooseFormat, documentText } from '../../core/search/document';
import { resultTitle } from '../../core/search/present';
import { isResultKind, isSearchId, resultAt, type TypedResult } from '../../core/search/record';
import { parseResultDocumentAddress, resultDocumentAddress, WEBDATA_SCHEME, type DocumentFormat } from '../../core/search/uri';
import { offerMarkdownOnce } from './markdown-hint';
import type { SearchHistoryReader } from './service';
import { ReadOnlyFileSystemProvider } from '../../platform/readonly-fs';

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

/** The address of a result's tab: the query and the title to read, the search, kind and index to find it. */
export function resultDocumentUri(ref: ResultRef & { typed: TypedResult }, format: DocumentFormat, query: string): vscode.Uri {
  const address = resultDocumentAddress({ searchId: ref.searchId, kind: ref.kind, index: ref.index, format }, { query, title: resultTitle(ref.typed) });
  return vscode.Uri.from({ scheme: WEBDATA_SCHEME, path: address.path, query: address.query });
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
    this._register(vscode.workspace.onDidOpenTextDocument((document) => { this.offerMarkdown(document.uri).catch(() => undefined); }));
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
    const uri = resultDocumentUri({ ...ref, typed }, chooseFormat(typed, wanted), record?.request.query ?? '');
    let document = await vscode.workspace.openTextDocument(uri);
    if (document.languageId !== 'markdown') document = await vscode.languages.setTextDocumentLanguage(document, 'markdown');
    // The command (a row's Open Markdown action, a keybinding, another extension) keeps its tab; a
    // click on the row opens a preview tab instead (src/platform/open-row.ts).
    return vscode.window.showTextDocument(document, { preview: false });
  }

  /**
   * The first page opened without scraped content (by the row's click or the command, once per
   * user) offers markdown. Image results are never scraped: no point offering it for them.
   */
  private async offerMarkdown(uri: vscode.Uri): Promise<void> {
    if (uri.scheme !== WEBDATA_SCHEME) return;
    const ref = parseResultDocumentAddress(uri.path, uri.query);
    if (ref?.format !== 'info' || ref.kind === 'images') return;
    const record = await this.history.get(ref.searchId);
    if (record) await offerMarkdownOnce(this.userState, record.request);
  }
}

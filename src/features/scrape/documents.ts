// Scraped pages in read-only markdown tabs on the `webdata-page:` scheme, which this feature alone
// owns. A file system provider, as the search's and the crawl pages' are, so tabs come back after
// a reload: the text is read from the page's file in global storage, shared by every window.
import * as vscode from 'vscode';
import { formatAge } from '../../core/intl';
import { pageHeader, pageIdOf, pagePath, SCRAPE_PAGE_SCHEME, type ScrapedRecord } from '../../core/scrape/page';
import type { ScrapedPages } from '../../core/scrape/store';
import { ReadOnlyFileSystemProvider } from '../../platform/readonly-fs';
import { headerWords, words } from './words';

export class ScrapedPageDocuments extends ReadOnlyFileSystemProvider {
  private readonly changeEmitter = this._register(new vscode.EventEmitter<vscode.FileChangeEvent[]>());
  readonly onDidChangeFile = this.changeEmitter.event;
  private readonly loadedAt = Date.now();

  constructor(private readonly pages: ScrapedPages) {
    super();
    this._register(vscode.workspace.registerFileSystemProvider(SCRAPE_PAGE_SCHEME, this, { isReadonly: new vscode.MarkdownString(words.readOnly()), isCaseSensitive: true }));
  }

  async stat(uri: vscode.Uri): Promise<vscode.FileStat> {
    if (pageIdOf(uri.path) === undefined || uri.path.split('/').length !== 3) {
      if (uri.path.split('/').length <= 2) return { type: vscode.FileType.Directory, ctime: this.loadedAt, mtime: this.loadedAt, size: 0 };
      throw vscode.FileSystemError.FileNotFound(uri);
    }
    const bytes = await this.readFile(uri);
    return { type: vscode.FileType.File, ctime: this.loadedAt, mtime: this.loadedAt, size: bytes.byteLength, permissions: vscode.FilePermission.Readonly };
  }

  async readFile(uri: vscode.Uri): Promise<Uint8Array> {
    const id = pageIdOf(uri.path);
    const record = id === undefined ? undefined : await this.pages.read(id);
    return new TextEncoder().encode(record ? pageText(record) : words.gone());
  }

  /** Opens a page in a tab: a preview tab, as a single click in a tree opens one, unless told to keep it. */
  async open(record: ScrapedRecord, preview = false): Promise<vscode.TextEditor> {
    let document = await vscode.workspace.openTextDocument(vscode.Uri.from({ scheme: SCRAPE_PAGE_SCHEME, path: pagePath(record) }));
    if (document.languageId !== 'markdown') document = await vscode.languages.setTextDocumentLanguage(document, 'markdown');
    return vscode.window.showTextDocument(document, { preview });
  }
}

export function pageText(record: ScrapedRecord): string {
  return `${headerWords(pageHeader(record), (ms) => formatAge(ms, vscode.env.language))}${record.markdown}`;
}

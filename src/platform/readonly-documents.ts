// The one base of the extension's read-only documents: a search result's page, a crawled page, a
// webhook event's payload, the connection report. Each lives on a scheme of src/core/schemes.ts,
// makes its text on demand from its address, and opens in a tab of its own (not a preview tab).
// A file-system scheme is served by a read-only file system provider: VS Code restores its tabs
// after a reload (activating us through onFileSystem:) and drops content-provider tabs, and the
// editor may read, stat and watch while every write is refused with NoPermissions, so Save As
// still works. A content scheme (a payload, the report: made for the moment) by a
// TextDocumentContentProvider. Not untitled documents: those ask to be saved on every close.
import * as vscode from 'vscode';
import type { ContentScheme, FileSystemScheme } from '../core/schemes';
import { Disposable } from './disposable';
import { readonlyNote } from './readonly-notes';
import { registerFileSystem } from './stand-ins';

abstract class ReadOnlyDocuments extends Disposable {
  protected constructor(private readonly scheme: string) {
    super();
  }

  /** The text behind an address; a short explanation when it names nothing (any more). */
  protected abstract text(uri: vscode.Uri): string | Promise<string>;

  /** An address on this scheme. */
  protected uri(path: string, query = ''): vscode.Uri {
    return vscode.Uri.from({ scheme: this.scheme, path, query });
  }

  /**
   * Opens the document in a tab of its own, in `languageId` when given, its cursor at the start of
   * `line` when given (opened there: set afterwards, the tab first shows its top, then jumps).
   */
  protected async show(uri: vscode.Uri, languageId?: string, line?: number): Promise<vscode.TextEditor> {
    let document = await vscode.workspace.openTextDocument(uri);
    if (languageId !== undefined && document.languageId !== languageId) document = await vscode.languages.setTextDocumentLanguage(document, languageId);
    const at = line === undefined ? undefined : new vscode.Position(Math.min(line, Math.max(0, document.lineCount - 1)), 0);
    return vscode.window.showTextDocument(document, { preview: false, ...(at ? { selection: new vscode.Range(at, at) } : {}) });
  }
}

export abstract class ReadOnlyFileSystem extends ReadOnlyDocuments implements vscode.FileSystemProvider {
  private readonly changeEmitter = this._register(new vscode.EventEmitter<vscode.FileChangeEvent[]>());
  /** Never fires: what an address names does not change. */
  readonly onDidChangeFile = this.changeEmitter.event;
  private readonly loadedAt = Date.now();

  /** The editor's note on a tab that cannot be edited is the scheme's (./readonly-notes.ts). */
  protected constructor(own: FileSystemScheme) {
    super(own.scheme);
    this._register(registerFileSystem(own.scheme, this, readonlyNote(own.scheme)));
  }

  /** Whether the address names a document; the folders above one exist for breadcrumbs and Save As. */
  protected abstract isDocument(uri: vscode.Uri): boolean;

  async stat(uri: vscode.Uri): Promise<vscode.FileStat> {
    if (!this.isDocument(uri)) {
      if (uri.path.split('/').length <= 4) return { type: vscode.FileType.Directory, ctime: this.loadedAt, mtime: this.loadedAt, size: 0 };
      throw vscode.FileSystemError.FileNotFound(uri);
    }
    const bytes = await this.readFile(uri);
    return { type: vscode.FileType.File, ctime: this.loadedAt, mtime: this.loadedAt, size: bytes.byteLength, permissions: vscode.FilePermission.Readonly };
  }

  async readFile(uri: vscode.Uri): Promise<Uint8Array> {
    return new TextEncoder().encode(await this.text(uri));
  }

  readDirectory(): Array<[string, vscode.FileType]> {
    return [];
  }

  watch(): vscode.Disposable {
    return new vscode.Disposable(() => undefined);
  }

  createDirectory(uri: vscode.Uri): never {
    throw vscode.FileSystemError.NoPermissions(uri);
  }

  writeFile(uri: vscode.Uri): never {
    throw vscode.FileSystemError.NoPermissions(uri);
  }

  delete(uri: vscode.Uri): never {
    throw vscode.FileSystemError.NoPermissions(uri);
  }

  rename(uri: vscode.Uri): never {
    throw vscode.FileSystemError.NoPermissions(uri);
  }
}

export abstract class ReadOnlyContent extends ReadOnlyDocuments implements vscode.TextDocumentContentProvider {
  private readonly changeEmitter = this._register(new vscode.EventEmitter<vscode.Uri>());
  readonly onDidChange = this.changeEmitter.event;

  protected constructor(own: ContentScheme) {
    super(own.scheme);
    this._register(vscode.workspace.registerTextDocumentContentProvider(own.scheme, this));
  }

  provideTextDocumentContent(uri: vscode.Uri): string | Promise<string> {
    return this.text(uri);
  }

  /** An open tab of `uri` reads its text again. */
  protected changed(uri: vscode.Uri): void {
    this.changeEmitter.fire(uri);
  }
}

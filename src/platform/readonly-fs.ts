// The one base of the extension's read-only file system providers (a search result's page, a
// crawled page): the editor may read, stat and watch; every write is refused as VS Code expects,
// with NoPermissions, so Save As still works and nothing outside can be changed through them.
import * as vscode from 'vscode';
import { Disposable } from './disposable';

export abstract class ReadOnlyFileSystemProvider extends Disposable implements vscode.FileSystemProvider {
  abstract readonly onDidChangeFile: vscode.Event<vscode.FileChangeEvent[]>;
  abstract stat(uri: vscode.Uri): vscode.FileStat | Thenable<vscode.FileStat>;
  abstract readFile(uri: vscode.Uri): Uint8Array | Thenable<Uint8Array>;

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

// A tree data provider that stands in at activation for one created on first use: the view is
// registered at once, and the real provider (and the code behind it) loads when VS Code first
// asks for rows.
import * as vscode from 'vscode';
import { Disposable } from './disposable';

export class LazyTreeDataProvider<T> extends Disposable implements vscode.TreeDataProvider<T> {
  private readonly changeEmitter = this._register(new vscode.EventEmitter<T | T[] | undefined | null | void>());
  readonly onDidChangeTreeData = this.changeEmitter.event;
  private target: vscode.TreeDataProvider<T> | undefined;

  constructor(private readonly create: () => vscode.TreeDataProvider<T>) {
    super();
  }

  /** Tells the view to ask for every row again; loads nothing by itself. */
  changed(): void {
    this.changeEmitter.fire(undefined);
  }

  private get provider(): vscode.TreeDataProvider<T> {
    if (!this.target) {
      this.target = this.create();
      const changes = this.target.onDidChangeTreeData;
      if (changes) this._register(changes((e) => this.changeEmitter.fire(e)));
    }
    return this.target;
  }

  getTreeItem(element: T): vscode.TreeItem | Thenable<vscode.TreeItem> {
    return this.provider.getTreeItem(element);
  }

  getChildren(element?: T): vscode.ProviderResult<T[]> {
    return this.provider.getChildren(element);
  }
}

// The one disposal discipline: everything that must be undone (commands, views, listeners,
// timers, clients) is registered on an owner, and disposing the owner undoes all of it.
import * as vscode from 'vscode';

export abstract class Disposable implements vscode.Disposable {
  private readonly owned: vscode.Disposable[] = [];
  private disposed = false;

  protected get isDisposed(): boolean {
    return this.disposed;
  }

  /** Takes ownership of `d`; if this owner is already disposed, `d` is disposed at once. */
  protected _register<T extends vscode.Disposable>(d: T): T {
    if (this.disposed) d.dispose();
    else this.owned.push(d);
    return d;
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    // Undo in reverse order of creation, and keep going when one of them throws.
    for (const d of this.owned.splice(0).reverse()) {
      try {
        d.dispose();
      } catch {
        // A failing dispose must not leak the rest.
      }
    }
  }
}

export function toDisposable(undo: () => void): vscode.Disposable {
  return new vscode.Disposable(undo);
}

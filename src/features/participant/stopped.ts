// Whether the person stopped the request, read afresh at each step: the token changes between
// awaits, which a narrowed `token.isCancellationRequested` would not show.
import type * as vscode from 'vscode';

export function stopped(token: vscode.CancellationToken): boolean {
  return token.isCancellationRequested;
}

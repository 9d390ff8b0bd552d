// The walkthrough's chat step completes once any tool has run (its completion event is this key).
import * as vscode from 'vscode';
import { ContextKey } from '../../core/ids';

export function markToolUsed(): void {
  vscode.commands.executeCommand('setContext', ContextKey.chatToolUsed, true).then(undefined, () => undefined);
}

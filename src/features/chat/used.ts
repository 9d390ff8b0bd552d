// The walkthrough's chat step completes once any tool has run (its completion event is this key).
import * as vscode from 'vscode';

export function markToolUsed(): void {
  vscode.commands.executeCommand('setContext', 'webData.chatToolUsed', true).then(undefined, () => undefined);
}

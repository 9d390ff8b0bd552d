// For the suites that call the chat tools: a tool's answer as text, its confirmation's message as
// VS Code would show it, and a call through vscode.lm.invokeTool as a chat would make it.
import * as vscode from 'vscode';

/** A token never cancelled. */
export const none = new vscode.CancellationTokenSource().token;

/** The text parts of a tool's answer, joined. */
export function textOf(result: vscode.LanguageModelToolResult): string {
  return result.content.map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : '')).join('');
}

/** The confirmation's message as written (markdown, values escaped); '' when there is none. */
export function messageOf(prepared: vscode.PreparedToolInvocation | undefined): string {
  const message = prepared?.confirmationMessages?.message;
  return typeof message === 'string' ? message : message?.value ?? '';
}

/** The tool called by name as a chat calls it, with no invocation token; its answer's text. */
export async function invokeTool(name: string, input: object, tokenizationOptions?: vscode.LanguageModelToolTokenizationOptions, token: vscode.CancellationToken = none): Promise<string> {
  return textOf(await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined, tokenizationOptions }, token));
}

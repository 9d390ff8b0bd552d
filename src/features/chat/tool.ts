// A tool definition (src/core/chat/tool.ts) as a VS Code language-model tool: it marks the
// walkthrough's chat step done, gives the base the invocation's token budget and counter, the
// client's errors as failures and the log, and wraps the answer. The tools differ only in their
// definitions; this is the one place any of them meets vscode.lm.
import * as vscode from 'vscode';
import type { ToolFailure } from '../../core/chat/failure-text';
import type { PolledRead } from '../../core/polled';
import { answerTool, type TokenCounting, type ToolDefinition, type ToolOutcome } from '../../core/chat/tool';
import { ContextKey } from '../../core/ids';
import { isWebDataError } from '../../platform/core';

/** A registered tool, with both methods always there (host tests call them directly). */
export interface ChatTool extends vscode.LanguageModelTool<unknown> {
  prepareInvocation(options: vscode.LanguageModelToolInvocationPrepareOptions<unknown>, token: vscode.CancellationToken): Promise<vscode.PreparedToolInvocation | undefined>;
  invoke(options: vscode.LanguageModelToolInvocationOptions<unknown>, token: vscode.CancellationToken): Promise<vscode.LanguageModelToolResult>;
}

export interface ChatToolDefinition<Input, Value> extends ToolDefinition<Input, Value, vscode.CancellationToken> {
  /** webData_…, as the manifest names it (the log says which tool failed). */
  readonly name: string;
  /** What the chat shows while the tool runs, and a confirmation when it spends. */
  prepare(input: unknown): vscode.PreparedToolInvocation | Promise<vscode.PreparedToolInvocation>;
}

export function chatTool<Input, Value>(tool: ChatToolDefinition<Input, Value>, log: vscode.LogOutputChannel): ChatTool {
  return {
    prepareInvocation: async (options) => tool.prepare(options.input),
    invoke: async (options, token) => {
      markToolUsed();
      const answer = await answerTool(tool, { input: options.input, token, tokenization: counting(options.tokenizationOptions, token) }, {
        clientFailure: toolFailure,
        unexpected: (err) => log.error(`Chat tool ${tool.name} failed unexpectedly: ${String(err)}`),
      });
      return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(answer)]);
    },
  };
}

/** A thrown client error as a ToolFailure: its kind and its own sentence (which never holds the key); undefined for anything else. */
function toolFailure(err: unknown): ToolFailure | undefined {
  if (!isWebDataError(err)) return undefined;
  return { kind: err.kind, message: err.message, problems: err.problems, retryAfterMs: err.retryAfterMs, status: err.status };
}

function counting(tokenization: vscode.LanguageModelToolTokenizationOptions | undefined, token: vscode.CancellationToken): TokenCounting | undefined {
  return tokenization && { tokenBudget: tokenization.tokenBudget, countTokens: (text) => tokenization.countTokens(text, token) };
}

/** The walkthrough's chat step completes once any tool has run (its completion event is this key). */
function markToolUsed(): void {
  vscode.commands.executeCommand('setContext', ContextKey.chatToolUsed, true).then(undefined, () => undefined);
}


/** A polled model's read (credits, active crawls) as a tool's outcome: not connected sends nothing; a failure is said as a throw would be. */
export function fromPolled<T>(read: PolledRead<T>): ToolOutcome<T> {
  if (read.ok) return read;
  return read.failure.kind === 'not-connected' ? { ok: false, failure: { kind: 'not-connected' } } : { ok: false, error: read.failure.error };
}

// webData_read (issue 46): the one tool that reads back, free, what was fetched or is kept. Each
// source routes to the definition that once was a tool of its own (src/core/chat/read-back.ts says
// why they merged): pages in parts (page-read-tool.ts), a job's status and pages, a research run's
// result, what changed on the watches. Their decoders, answers and failure words are unchanged.
import type * as vscode from 'vscode';
import { Tool } from '../../core/ids';
import { readBackInput, type ReadBackSource } from '../../core/chat/read-back';
import { bindCall, type BoundCall, type BoundRender, type ToolCall, type ToolOutcome } from '../../core/chat/tool';
import type { ChatToolDefinition } from './tool';
import { readBackInvocationWords } from './words';

type Token = vscode.CancellationToken;

export const READ_TOOL = Tool.read;

/** A definition behind one source, its input types hidden: only its own decoder reads its input. */
interface ReadRoute {
  prepare(input: unknown): vscode.PreparedToolInvocation | Promise<vscode.PreparedToolInvocation>;
  bind(input: unknown): ToolOutcome<BoundCall<Token>>;
}

export function readRoute<Input, Value>(tool: ChatToolDefinition<Input, Value>, fields: (input: Record<string, unknown>) => Record<string, unknown> = (input) => input): ReadRoute {
  return {
    prepare: (input) => tool.prepare(isRecord(input) ? fields(input) : input),
    bind: (input) => bindCall(tool, isRecord(input) ? fields(input) : input),
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export class ReadTool implements ChatToolDefinition<BoundCall<Token>, BoundRender<Token>> {
  readonly name = READ_TOOL;
  readonly what = 'The read';
  readonly spends = false;

  constructor(private readonly routes: Readonly<Record<ReadBackSource, ReadRoute>>) {}

  prepare(input: unknown): vscode.PreparedToolInvocation | Promise<vscode.PreparedToolInvocation> {
    const read = readBackInput(input);
    return read.ok ? this.routes[read.input.source].prepare(read.input.fields) : { invocationMessage: readBackInvocationWords() };
  }

  decode(input: unknown): ToolOutcome<BoundCall<Token>> {
    const read = readBackInput(input);
    if (!read.ok) return { ok: false, failure: { kind: 'invalid-request', problems: read.problems } };
    return this.routes[read.input.source].bind(read.input.fields);
  }

  run(bound: BoundCall<Token>, call: ToolCall<Token>): Promise<ToolOutcome<BoundRender<Token>>> {
    return bound.run(call);
  }

  render(rendering: BoundRender<Token>, call: ToolCall<Token>): string | Promise<string> {
    return rendering(call);
  }
}

// webData_read's source "changes": what changed on the person's watches and why it matters (the judge's reason and
// its meaningful changes), each watch's newest check or every check since a time, fitted to the
// invocation's budget (src/core/monitor/changes-text.ts), with the webData_read call that reads
// a whole diff. Reading changes costs nothing: no confirmation, and only free requests are sent.
import type * as vscode from 'vscode';
import { Tool } from '../../core/ids';
import { changesText, type ChangesAsked, type WatchChanges } from '../../core/monitor/changes-text';
import type { ToolCall, ToolOutcome } from '../../core/chat/tool';
import { loadCore } from '../../platform/core';
import type { WatchAgentApi } from '../watch';
import type { ChatToolDefinition } from './tool';
import { changesInvocationWords } from './words';

interface Read { asked: ChangesAsked; watches: WatchChanges[] }

export class ChangesTool implements ChatToolDefinition<ChangesAsked, Read> {
  readonly name = Tool.read;
  readonly what = 'Reading the changes';
  readonly spends = false;

  constructor(private readonly watches: () => WatchAgentApi) {}

  prepare(): vscode.PreparedToolInvocation {
    return { invocationMessage: changesInvocationWords() };
  }

  decode(input: unknown): ToolOutcome<ChangesAsked> {
    const read = loadCore().readChangesToolInput(input ?? {});
    if (!read.ok) return { ok: false, failure: { kind: 'invalid-request', problems: read.problems } };
    const { watchId, since } = read.input;
    let sinceIso: string | undefined;
    if (since !== undefined) {
      const at = Date.parse(since);
      if (Number.isNaN(at)) return { ok: false, failure: { kind: 'invalid-request', problems: [{ field: 'since', message: 'since must be a date or time such as "2026-11-20" or "2026-11-20T09:00:00Z".' }] } };
      sinceIso = new Date(at).toISOString();
    }
    return { ok: true, value: { ...(watchId !== undefined ? { watchId: watchId.toLowerCase() } : {}), ...(sinceIso !== undefined ? { since: sinceIso } : {}) } };
  }

  async run(asked: ChangesAsked, call: ToolCall<vscode.CancellationToken>): Promise<ToolOutcome<Read>> {
    const watches = await this.watches().changes(asked, call.signal);
    if (watches === 'not-connected') return { ok: false, failure: { kind: 'not-connected' } };
    if (watches === 'unreadable') return { ok: false, text: 'The watches could not be read from the service just now; nothing was spent. Try again in a moment.' };
    return { ok: true, value: { asked, watches } };
  }

  render({ asked, watches }: Read, call: ToolCall<vscode.CancellationToken>): Promise<string> {
    return changesText(watches, asked, call.budget);
  }
}

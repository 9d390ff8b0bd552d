// webData_docs: the most relevant passages of the docs sets kept on this machine (issue 48), each
// with its page's address and heading as the citation, fitted to the invocation's token budget,
// after the sets searched and how old each is. Free and local: no request, no confirmation; the
// docs feature loads on the first call. A set named that is not kept is said, with the sets that are.
import type * as vscode from 'vscode';
import { Tool } from '../../core/ids';
import { DEFAULT_RESULTS, docsAnswerText, searchSets, type DocsAnswer } from '../../core/docs/answer';
import type { DocsSet } from '../../core/docs/docs-set';
import type { ToolCall, ToolOutcome } from '../../core/chat/tool';
import type { DocsToolInput } from '../../core/chat/docs-input';
import { loadCore } from '../../platform/core';
import type { ChatToolDefinition } from './tool';
import { docsInvocationWords } from './words';

export const DOCS_TOOL = Tool.docs;

/** What the tool needs of the docs feature: the sets to search. */
export interface DocsReader {
  sets(which?: string): Promise<DocsSet[]>;
}

export class DocsTool implements ChatToolDefinition<DocsToolInput, DocsAnswer> {
  readonly name = DOCS_TOOL;
  readonly what = 'The docs search';

  constructor(private readonly docs: () => DocsReader) {}

  prepare(): vscode.PreparedToolInvocation {
    return { invocationMessage: docsInvocationWords() };
  }

  decode(input: unknown): ToolOutcome<DocsToolInput> {
    const read = loadCore().readDocsToolInput(input);
    return read.ok ? { ok: true, value: read.input } : { ok: false, failure: { kind: 'invalid-request', problems: read.problems } };
  }

  async run(input: DocsToolInput): Promise<ToolOutcome<DocsAnswer>> {
    const reader = this.docs();
    const sets = await reader.sets(input.set);
    if (input.set !== undefined && sets.length === 0) {
      const kept = (await reader.sets()).map((set) => `${set.meta.id} (${set.meta.siteUrl})`);
      return { ok: false, text: `No docs set "${input.set}" is kept here. ${kept.length > 0 ? `Kept: ${kept.join(', ')}.` : 'None is kept; call webData_addDocs to make one.'}` };
    }
    const hits = searchSets(sets, input.query, input.maxResults ?? DEFAULT_RESULTS);
    return { ok: true, value: { query: input.query, sets: sets.map((set) => ({ meta: set.meta, pages: set.pageCount })), hits } };
  }

  render(answer: DocsAnswer, call: ToolCall<vscode.CancellationToken>): Promise<string> {
    const now = new Date();
    return call.fitCharacters((maxChars, label) => docsAnswerText(answer, now, maxChars, label));
  }
}

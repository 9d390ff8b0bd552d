// webData_read's pages (a search's result, a job's page, a scraped page, a document, an extracted
// or research result, a watched page's diff): part N of a page an earlier answer left out or cut,
// within the invocation's budget, with "part N of M" and the call that reads the next. It sends
// nothing to the service (the page was paid for when it was fetched), so it asks for no confirmation.
import { Tool } from '../../core/ids';
import { READ_KIND_TEXT } from '../../core/chat/failure-text';
import type { TextBudget } from '../../core/chat/fit';
import type { PageKey, ReadRequest } from '../../core/chat/read-input';
import { readPart, splitPage, type PageSource, type ReadablePage } from '../../core/chat/read-result';
import type { ToolOutcome } from '../../core/chat/tool';
import { loadCore } from '../../platform/core';
import type { ChatToolDefinition } from './tool';
import { readResultInvocationWords } from './words';

/** Splits kept, so reading part 5 after part 4 does not split the page again. */
const KEPT_SPLITS = 8;

export class PageReadTool implements ChatToolDefinition<ReadRequest, string> {
  readonly name = Tool.read;
  readonly what = 'Reading the page';

  private readonly splits = new Map<string, Promise<string[] | undefined>>();

  private readonly sources: ReadonlyMap<string, PageSource>;

  constructor(sources: readonly PageSource[]) {
    this.sources = new Map(sources.map((source) => [source.kind, source]));
  }

  prepare(): { invocationMessage: string } {
    return { invocationMessage: readResultInvocationWords() };
  }

  decode(input: unknown): ToolOutcome<ReadRequest> {
    const read = loadCore().readReadInput(input);
    return read.ok ? { ok: true, value: read.request } : { ok: false, failure: { kind: 'invalid-request', problems: read.problems } };
  }

  /** The part asked for, sized to the budget already. */
  async run(request: ReadRequest, call: { budget: TextBudget }): Promise<ToolOutcome<string>> {
    const source = this.sources.get(request.source);
    if (!source) return { ok: false, text: READ_KIND_TEXT };
    const found = await source.find(request.id, request.page);
    if (!found.ok) return { ok: false, text: found.problem };
    const outcome = await readPart(found.page, await this.split(found.page, request, call.budget), request, call.budget);
    return outcome.ok ? { ok: true, value: outcome.text } : { ok: false, text: outcome.problem };
  }

  render(part: string): string {
    return part;
  }

  private split(page: ReadablePage, request: ReadRequest, budget: TextBudget): Promise<string[] | undefined> {
    const key = splitKey(request, request.page, budget.label);
    let parts = this.splits.get(key);
    if (!parts) {
      parts = splitPage(page, budget);
      this.splits.set(key, parts);
      for (const old of this.splits.keys()) if (this.splits.size > KEPT_SPLITS) this.splits.delete(old);
    }
    return parts;
  }
}

function splitKey(request: ReadRequest, page: PageKey, budgetLabel: string): string {
  return JSON.stringify([request.source, request.id, page, budgetLabel]);
}

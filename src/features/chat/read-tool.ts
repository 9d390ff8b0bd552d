// webData_readResult: part N of a page an earlier answer left out or cut, within the invocation's
// budget, with "part N of M" and the call that reads the next. It sends nothing to the service
// (the page was paid for when it was searched), so it asks for no confirmation.
import * as vscode from 'vscode';
import { failureText, READ_KIND_TEXT, unexpectedText } from '../../core/chat/failure-text';
import type { PageKey, ReadRequest } from '../../core/chat/read-input';
import { readPart, splitPage, type PageSource } from '../../core/chat/read-result';
import { loadCore } from '../../platform/core';
import type { Services } from '../../platform/services';
import { budgetOf, fitAnswer } from './budget';
import { markToolUsed } from './used';

export const READ_RESULT_TOOL = 'webData_readResult';

/** Splits kept, so reading part 5 after part 4 does not split the page again. */
const KEPT_SPLITS = 8;

const text = (value: string): vscode.LanguageModelToolResult => new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(value)]);

export class ReadResultTool implements vscode.LanguageModelTool<unknown> {
  private readonly splits = new Map<string, Promise<string[] | undefined>>();

  private readonly sources: ReadonlyMap<string, PageSource>;

  constructor(private readonly services: Services, sources: readonly PageSource[]) {
    this.sources = new Map(sources.map((source) => [source.kind, source]));
  }

  prepareInvocation(): vscode.PreparedToolInvocation {
    return { invocationMessage: vscode.l10n.t('Reading a page from the Web Data history') };
  }

  async invoke(options: vscode.LanguageModelToolInvocationOptions<unknown>, token: vscode.CancellationToken): Promise<vscode.LanguageModelToolResult> {
    markToolUsed();
    let answer: string;
    try {
      answer = await this.answer(options, token);
    } catch (err) {
      this.services.log.error(`Chat tool ${READ_RESULT_TOOL} failed unexpectedly: ${String(err)}`);
      answer = unexpectedText('Reading the page');
    }
    // A part is sized to the budget already; problems and failures are fitted here.
    return text(await fitAnswer(answer, options.tokenizationOptions, token));
  }

  private async answer(options: vscode.LanguageModelToolInvocationOptions<unknown>, token: vscode.CancellationToken): Promise<string> {
    const read = loadCore().readReadInput(options.input);
    if (!read.ok) return failureText('Reading the page', { kind: 'invalid-request', problems: read.problems }, false);
    const { request } = read;
    const source = this.sources.get(request.source);
    if (!source) return READ_KIND_TEXT;
    const found = await source.find(request.id, request.page);
    if (!found.ok) return found.problem;
    const budget = budgetOf(options.tokenizationOptions, token);
    const key = splitKey(request, request.page, budget.label);
    let parts = this.splits.get(key);
    if (!parts) {
      parts = splitPage(found.page, budget);
      this.splits.set(key, parts);
      for (const old of this.splits.keys()) if (this.splits.size > KEPT_SPLITS) this.splits.delete(old);
    }
    const outcome = await readPart(found.page, await parts, request, budget);
    return outcome.ok ? outcome.text : outcome.problem;
  }
}

function splitKey(request: ReadRequest, page: PageKey, budgetLabel: string): string {
  return JSON.stringify([request.source, request.id, page, budgetLabel]);
}

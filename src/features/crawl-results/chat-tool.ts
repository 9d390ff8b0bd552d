// webData_crawlResults: a crawl's or batch scrape's status, its pages' titles and addresses, and
// the markdown of its first pages (or those from `fromPage`) within the invocation's token budget
// (8,000 characters without one); every answer, failures too, goes through the same last fitting
// as the other tools. Reading results costs nothing, so no confirmation. It goes through the
// crawl results service, as the view does: one page of results per call at most.
import * as vscode from 'vscode';
import { failureText, type ToolFailureKind } from '../../core/chat/failure-text';
import { CRAWL_GONE_TEXT, CRAWL_INPUT_TEXT, crawlToolAnswer } from '../../core/crawls/chat-text';
import { readJobArgument } from '../../core/crawls/job';
import type { CrawlResultsService, Failure } from '../../core/crawls/results';
import { budgetOf, fitAnswer } from '../chat/budget';
import { markToolUsed } from '../chat/used';

export const CRAWL_RESULTS_TOOL = 'webData_crawlResults';

/** Pages whose markdown is read from disk for one answer, at most. */
const MAX_TEXTS = 30;

const asToolFailure = (failure: Failure): { kind: ToolFailureKind; message: string } => ({
  kind: (failure.kind === 'failed' ? 'bad-response' : failure.kind) as ToolFailureKind,
  message: failure.message,
});

export class CrawlResultsTool implements vscode.LanguageModelTool<unknown> {
  constructor(private readonly service: CrawlResultsService) {}

  prepareInvocation(): vscode.PreparedToolInvocation {
    return { invocationMessage: vscode.l10n.t('Reading crawl results') };
  }

  async invoke(options: vscode.LanguageModelToolInvocationOptions<unknown>, token: vscode.CancellationToken): Promise<vscode.LanguageModelToolResult> {
    markToolUsed();
    const answer = await fitAnswer(await this.answer(options, token), options.tokenizationOptions, token);
    return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(answer)]);
  }

  private async answer(options: vscode.LanguageModelToolInvocationOptions<unknown>, token: vscode.CancellationToken): Promise<string> {
    const input = typeof options.input === 'object' && options.input !== null ? (options.input as Record<string, unknown>) : {};
    const ref = readJobArgument({ id: input.id, kind: input.kind });
    if (!ref) return CRAWL_INPUT_TEXT;
    const fromPage = typeof input.fromPage === 'number' && Number.isInteger(input.fromPage) && input.fromPage >= 1 ? input.fromPage : 1;
    const controller = new AbortController();
    const sub = token.onCancellationRequested(() => controller.abort());
    try {
      // One request when the job is new here, or when the pages asked for are beyond those loaded.
      const known = this.service.get(ref);
      if (!known || known.pages.length === 0 || (fromPage > known.pages.length && known.cursor !== undefined)) {
        const opened = await this.service.open(ref, controller.signal);
        if (!opened.ok) return failureText('The crawl results request', asToolFailure(opened.failure), false);
      }
      const job = this.service.get(ref);
      if (!job) return CRAWL_GONE_TEXT;
      const texts = new Map<number, string>();
      for (const row of job.pages.filter((r) => r.index + 1 >= fromPage).slice(0, MAX_TEXTS)) {
        const text = await this.service.pageText(job.ref, row.index, controller.signal);
        if (text.ok) texts.set(row.index + 1, text.value);
      }
      return await crawlToolAnswer(job, texts, fromPage, budgetOf(options.tokenizationOptions, token));
    } finally {
      sub.dispose();
    }
  }
}

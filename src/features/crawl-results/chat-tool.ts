// webData_crawlResults: a crawl's or batch scrape's status, its pages' titles and addresses, and
// the markdown of its first pages (or those from `fromPage`) within the invocation's token budget
// (8,000 characters without one). Reading results costs nothing, so no confirmation. It goes
// through the crawl results service, as the view does: one page of results per call at most.
import * as vscode from 'vscode';
import { failureText, type ToolFailureKind } from '../../core/chat/failure-text';
import { CRAWL_TOOL_MAX_CHARS, crawlToolText } from '../../core/crawls/chat-text';
import { readJobArgument } from '../../core/crawls/job';
import type { CrawlResultsService, Failure } from '../../core/crawls/results';
import { markToolUsed } from '../chat/used';

export const CRAWL_RESULTS_TOOL = 'webData_crawlResults';

/** Pages whose markdown is read from disk for one answer, at most. */
const MAX_TEXTS = 30;
const MAX_ROUNDS = 4;

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
    return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(await this.answer(options, token))]);
  }

  private async answer(options: vscode.LanguageModelToolInvocationOptions<unknown>, token: vscode.CancellationToken): Promise<string> {
    const input = typeof options.input === 'object' && options.input !== null ? (options.input as Record<string, unknown>) : {};
    const ref = readJobArgument({ id: input.id, kind: input.kind });
    if (!ref) return 'The crawl results request was not accepted: "id" must be the job id of a crawl or batch scrape (a UUID), and "kind" "crawl" (default) or "batch".';
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
      if (!job) return 'The crawl results could not be read.';
      const texts = new Map<number, string>();
      for (const row of job.pages.filter((r) => r.index + 1 >= fromPage).slice(0, MAX_TEXTS)) {
        const text = await this.service.pageText(job.ref, row.index, controller.signal);
        if (text.ok) texts.set(row.index + 1, text.value);
      }
      return await fit((maxChars) => crawlToolText(job, texts, fromPage, maxChars).text, options.tokenizationOptions, token);
    } finally {
      sub.dispose();
    }
  }
}

/** The text within the token budget when there is one (counted with the model's counter), else 8,000 characters. */
async function fit(render: (maxChars: number) => string, tokenization: vscode.LanguageModelToolTokenizationOptions | undefined, token: vscode.CancellationToken): Promise<string> {
  const budget = tokenization?.tokenBudget;
  if (!tokenization || budget === undefined || !Number.isFinite(budget) || budget <= 0) return render(CRAWL_TOOL_MAX_CHARS);
  let maxChars = Math.max(500, budget * 3);
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const text = render(maxChars);
    let tokens: number;
    try {
      tokens = await tokenization.countTokens(text, token);
    } catch {
      return render(Math.max(500, budget));
    }
    if (tokens <= budget) return text;
    maxChars = Math.floor(maxChars * (budget / tokens) * 0.9);
  }
  return render(Math.max(500, budget));
}

// webData_activeCrawls: the team's running crawls (GET /v2/crawl/active), cut to the budget.
// Costs nothing, so no confirmation; a failure is a text result.
import * as vscode from 'vscode';
import { activeCrawlsText } from '../../core/chat/account-text';
import { failureText } from '../../core/chat/failure-text';
import type { ActiveCrawlsModel } from '../../core/crawls';
import { fitAnswer, fitToBudget } from './budget';
import { abortOn, toolFailure } from './failures';
import { markToolUsed } from './used';

export const ACTIVE_CRAWLS_TOOL = 'webData_activeCrawls';

/** Where the tool reads the crawls: the active-crawls model (the Active Crawls view's). */
export type ActiveCrawlsReader = Pick<ActiveCrawlsModel, 'list'>;

export class ActiveCrawlsTool implements vscode.LanguageModelTool<unknown> {
  constructor(private readonly crawls: ActiveCrawlsReader) {}

  prepareInvocation(): vscode.PreparedToolInvocation {
    return { invocationMessage: vscode.l10n.t('Listing the team’s active crawls') };
  }

  async invoke(options: vscode.LanguageModelToolInvocationOptions<unknown>, token: vscode.CancellationToken): Promise<vscode.LanguageModelToolResult> {
    markToolUsed();
    const answer = await fitAnswer(await this.answer(options, token), options.tokenizationOptions, token);
    return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(answer)]);
  }

  private async answer(options: vscode.LanguageModelToolInvocationOptions<unknown>, token: vscode.CancellationToken): Promise<string> {
    const abort = abortOn(token);
    try {
      const listed = await this.crawls.list({ signal: abort.signal });
      if (!listed.ok) return failureText('The active crawls request', listed.failure.kind === 'not-connected' ? listed.failure : toolFailure(listed.failure.error, listed.failure.cancelled), false);
      const crawls = listed.value;
      return await fitToBudget((maxChars, label) => activeCrawlsText(crawls, maxChars, label).text, options.tokenizationOptions, token);
    } catch (err) {
      return failureText('The active crawls request', toolFailure(err, abort.signal.aborted), false);
    } finally {
      abort.dispose();
    }
  }
}

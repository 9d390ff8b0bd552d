// webData_activeCrawls: the team's running crawls (GET /v2/crawl/active), cut to the budget.
// Costs nothing, so no confirmation; a failure is a text result.
import * as vscode from 'vscode';
import { activeCrawlsText } from '../../core/chat/account-text';
import { failureText } from '../../core/chat/failure-text';
import type { Services } from '../../platform/services';
import { fitAnswer, fitToBudget } from './budget';
import { abortOn, toolFailure } from './failures';
import { markToolUsed } from './used';

export const ACTIVE_CRAWLS_TOOL = 'webData_activeCrawls';

export class ActiveCrawlsTool implements vscode.LanguageModelTool<unknown> {
  constructor(private readonly services: Services) {}

  prepareInvocation(): vscode.PreparedToolInvocation {
    return { invocationMessage: vscode.l10n.t('Listing the team’s active crawls') };
  }

  async invoke(options: vscode.LanguageModelToolInvocationOptions<unknown>, token: vscode.CancellationToken): Promise<vscode.LanguageModelToolResult> {
    markToolUsed();
    const answer = await fitAnswer(await this.answer(options, token), options.tokenizationOptions, token);
    return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(answer)]);
  }

  private async answer(options: vscode.LanguageModelToolInvocationOptions<unknown>, token: vscode.CancellationToken): Promise<string> {
    const client = await this.services.connection.getClient();
    if (!client) return failureText('The active crawls request', { kind: 'not-connected' }, false);
    const abort = abortOn(token);
    try {
      const crawls = await client.listActiveCrawls({ signal: abort.signal });
      return await fitToBudget((maxChars, label) => activeCrawlsText(crawls, maxChars, label).text, options.tokenizationOptions, token);
    } catch (err) {
      return failureText('The active crawls request', toolFailure(err, abort.signal.aborted), false);
    } finally {
      abort.dispose();
    }
  }
}

// webData_credits: the team's remaining credits, plan and billing period (GET /v2/team/token-usage).
// Costs nothing, so no confirmation; a failure is a text result.
import * as vscode from 'vscode';
import { creditsText } from '../../core/chat/account-text';
import { failureText } from '../../core/chat/failure-text';
import type { Services } from '../../platform/services';
import { fitAnswer } from './budget';
import { abortOn, toolFailure } from './failures';
import { markToolUsed } from './used';

export const CREDITS_TOOL = 'webData_credits';

export class CreditsTool implements vscode.LanguageModelTool<unknown> {
  constructor(private readonly services: Services) {}

  prepareInvocation(): vscode.PreparedToolInvocation {
    return { invocationMessage: vscode.l10n.t('Reading the team’s Web Data credits') };
  }

  async invoke(options: vscode.LanguageModelToolInvocationOptions<unknown>, token: vscode.CancellationToken): Promise<vscode.LanguageModelToolResult> {
    markToolUsed();
    const answer = await fitAnswer(await this.answer(token), options.tokenizationOptions, token);
    return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(answer)]);
  }

  private async answer(token: vscode.CancellationToken): Promise<string> {
    const client = await this.services.connection.getClient();
    if (!client) return failureText('The credits request', { kind: 'not-connected' }, false);
    const abort = abortOn(token);
    try {
      return creditsText(await client.getTokenUsage({ signal: abort.signal }), new Date());
    } catch (err) {
      return failureText('The credits request', toolFailure(err, abort.signal.aborted), false);
    } finally {
      abort.dispose();
    }
  }
}

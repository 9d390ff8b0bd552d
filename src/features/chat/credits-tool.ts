// webData_credits: the team's remaining credits, plan and billing period (GET /v2/team/token-usage).
// Costs nothing, so no confirmation; a failure is a text result.
import * as vscode from 'vscode';
import { creditsText } from '../../core/chat/account-text';
import { failureText } from '../../core/chat/failure-text';
import type { CreditsModel } from '../../core/usage';
import { fitAnswer } from './budget';
import { abortOn, toolFailure } from './failures';
import { markToolUsed } from './used';

export const CREDITS_TOOL = 'webData_credits';

/** Where the tool reads the credits: the credits model (the status bar's). */
export type CreditsReader = Pick<CreditsModel, 'read'>;

export class CreditsTool implements vscode.LanguageModelTool<unknown> {
  constructor(private readonly credits: CreditsReader) {}

  prepareInvocation(): vscode.PreparedToolInvocation {
    return { invocationMessage: vscode.l10n.t('Reading the team’s Web Data credits') };
  }

  async invoke(options: vscode.LanguageModelToolInvocationOptions<unknown>, token: vscode.CancellationToken): Promise<vscode.LanguageModelToolResult> {
    markToolUsed();
    const answer = await fitAnswer(await this.answer(token), options.tokenizationOptions, token);
    return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(answer)]);
  }

  private async answer(token: vscode.CancellationToken): Promise<string> {
    const abort = abortOn(token);
    try {
      const read = await this.credits.read({ signal: abort.signal });
      if (!read.ok) return failureText('The credits request', read.failure.kind === 'not-connected' ? read.failure : toolFailure(read.failure.error, read.failure.cancelled), false);
      return creditsText(read.value, new Date());
    } catch (err) {
      return failureText('The credits request', toolFailure(err, abort.signal.aborted), false);
    } finally {
      abort.dispose();
    }
  }
}

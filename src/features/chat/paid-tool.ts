// What every chat tool that spends credits holds: it says so (the table of tools reads `spends`),
// it remembers the calls it prepared without a confirmation (./unconfirmed.ts), and it reaches the
// connection and today's spend. Each tool adds its name, its words and what it calls; the tools
// that may reuse a kept answer end their prepare with `prepared`.
import type * as vscode from 'vscode';
import type { CapCheck } from '../../core/spend/ledger';
import type { Services } from '../../platform/services';
import type { SpendApi } from '../spend';
import { Unconfirmed } from './unconfirmed';
import { sendsNothing } from './web-spend';

/** A paid call's invocation message: what it reads, and why it sends nothing when it will not. */
export type InvocationWords = (state?: { reusedMinutesAgo?: number; refused?: boolean }) => vscode.MarkdownString;

export abstract class PaidTool {
  readonly spends = true;
  protected readonly unconfirmed = new Unconfirmed();

  constructor(protected readonly services: Services, protected readonly spend: SpendApi) {}

  /** Not connected: invoke says so, and sends nothing should the model call again connected. */
  protected preparedNotConnected(input: unknown, invocation: InvocationWords): vscode.PreparedToolInvocation {
    this.unconfirmed.mark(input, 'not-connected');
    return { invocationMessage: invocation() };
  }

  /**
   * The end of a prepare: a kept answer to reuse, or today's limit reached, is said without a
   * confirmation (nothing will be sent); else the person confirms the price before anything is.
   */
  protected prepared(input: unknown, assessment: { reuse?: { minutesAgo: number } | undefined; cap: CapCheck }, invocation: InvocationWords,
    confirmation: () => vscode.LanguageModelToolConfirmationMessages): vscode.PreparedToolInvocation {
    const nothing = sendsNothing(assessment.reuse, assessment.cap);
    if (nothing) {
      this.unconfirmed.mark(input, 'nothing-to-send');
      return { invocationMessage: invocation(nothing) };
    }
    this.unconfirmed.confirmed(input);
    return { invocationMessage: invocation(), confirmationMessages: confirmation() };
  }
}

// "Search the Web for This Problem": a Code Action on the diagnostics of any language and any
// source, errors only unless webData.search.problemActionSeverity says otherwise, on every scheme
// where diagnostics appear (core/entries/problem-scope). The Problems view has no menu of its own for its
// rows (microsoft/vscode#36881): it offers a row's quick fixes, so this is a quick fix. It runs on
// every cursor move, so it only copies the diagnostic's plain fields into the command's argument;
// the query is made when the person picks it. Registered at every start (src/extension.ts) so the
// lightbulb offers it before anything else loaded; the command it runs is the entries feature's.
import * as vscode from 'vscode';
import type { ProblemArgument } from '../../core/entries/arguments';
import { offersProblemActions, PROBLEM_ACTION_SELECTOR } from '../../core/entries/problem-scope';
import { Command, Setting } from '../../core/ids';
import { inertQuickPick } from '../../core/text/inert';
import { Disposable } from '../../platform/disposable';
import type { Services } from '../../platform/services';
import { problemActionWords } from './words';
import { onDidChangeSetting, problemActionSeverity, problemActionsSetting } from '../../platform/settings';

/** A diagnostic's code: a string, a number, or `{ value, target }` (a link to the rule's page). */
function codeOf(code: vscode.Diagnostic['code']): string | number | undefined {
  return typeof code === 'object' ? code.value : code;
}

export function problemArgument(document: vscode.TextDocument, diagnostic: vscode.Diagnostic): ProblemArgument {
  const code = codeOf(diagnostic.code);
  return {
    message: diagnostic.message,
    ...(diagnostic.source !== undefined ? { source: diagnostic.source } : {}),
    ...(code !== undefined ? { code } : {}),
    uri: document.uri.toString(),
    line: diagnostic.range.start.line + 1,
  };
}

/** At most this many actions at one place: one per problem there. */
const MAX_ACTIONS = 5;

class ProblemActions extends Disposable implements vscode.CodeActionProvider {
  static readonly metadata: vscode.CodeActionProviderMetadata = { providedCodeActionKinds: [vscode.CodeActionKind.QuickFix] };
  private enabled = problemActionsSetting();
  private leastSevere = problemActionSeverity();

  constructor() {
    super();
    this._register(onDidChangeSetting(Setting.searchProblemActions, () => { this.enabled = problemActionsSetting(); }));
    this._register(onDidChangeSetting(Setting.searchProblemActionSeverity, () => { this.leastSevere = problemActionSeverity(); }));
    this._register(vscode.languages.registerCodeActionsProvider([...PROBLEM_ACTION_SELECTOR], this, ProblemActions.metadata));
  }

  provideCodeActions(document: vscode.TextDocument, _range: vscode.Range | vscode.Selection, context: vscode.CodeActionContext): vscode.CodeAction[] {
    if (!this.enabled || context.diagnostics.length === 0 || !offersProblemActions(document.uri.scheme)) return [];
    if (context.only && !context.only.contains(vscode.CodeActionKind.QuickFix)) return [];
    const offered = context.diagnostics.filter((diagnostic) => diagnostic.severity <= this.leastSevere);
    const several = offered.length > 1;
    return offered.slice(0, MAX_ACTIONS).map((diagnostic) => {
      const title = problemActionWords(several ? inertQuickPick(diagnostic.message, 60) : undefined);
      const action = new vscode.CodeAction(title, vscode.CodeActionKind.QuickFix);
      action.diagnostics = [diagnostic];
      action.command = { command: Command.searchProblem, title, arguments: [problemArgument(document, diagnostic)] };
      return action;
    });
  }
}

export function registerProblemActions(services: Services): void {
  services.context.subscriptions.push(new ProblemActions());
}

// Advanced search and query operators: registers webData.searchAdvanced and webData.insertOperator.
// Registering shows nothing and reads nothing: the steps (./command.ts and the modules it uses) run
// on the first use. They are compiled with the rest of dist/extension.js (see the README's Benchmarks).
import * as vscode from 'vscode';
import { decodeOperatorId, decodeSearchRequest } from '../../../core/commands/search';
import { Command } from '../../../core/ids';
import { registerCommand } from '../../../platform/commands';
import { Disposable, toDisposable } from '../../../platform/disposable';
import type { Services } from '../../../platform/services';
import { runAdvancedSearch, runInsertOperatorCommand } from './command';
import type { AdvancedContext } from './command';
import type { SearchSummary } from '../../../core/search/record';

class AdvancedSearchFeature extends Disposable implements AdvancedContext {
  /** The quick inputs on screen (a step, and the operator picker's box), disposed with the feature. */
  private readonly open = new Set<vscode.Disposable>();

  constructor(readonly globalState: vscode.Memento, readonly history: () => Promise<readonly SearchSummary[]>) {
    super();
    this._register(toDisposable(() => { [...this.open].forEach((d) => { d.dispose(); }); }));
    this._register(registerCommand(Command.searchAdvanced, decodeSearchRequest, (request) => runAdvancedSearch(this, request)));
    this._register(registerCommand(Command.insertOperator, decodeOperatorId, (operator) => runInsertOperatorCommand(this, operator)));
  }

  own(d: vscode.Disposable): vscode.Disposable {
    this.open.add(d);
    return toDisposable(() => {
      this.open.delete(d);
      d.dispose();
    });
  }
}

/** `history`: the stored searches, for the review's price from searches of the same shape. */
export function registerAdvancedSearch(services: Services, history: () => Promise<readonly SearchSummary[]>): void {
  services.context.subscriptions.push(new AdvancedSearchFeature(services.globalState, history));
}

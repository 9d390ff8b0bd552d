// The query input box: checks the query as it is typed (length with its count, operators through
// the client's own validation) and lists the operators one can use.
import * as vscode from 'vscode';
import { QUERY_MAX_LENGTH, queryInputState, type QueryInputState } from '../../core/search/query-input';
import { loadCore } from '../../platform/core';
import { toDisposable } from '../../platform/disposable';

function check(query: string): QueryInputState {
  // The client's check for the query alone; loading it on the first keystroke is fine.
  const within = query.trim() !== '' && query.length <= QUERY_MAX_LENGTH;
  const checked = within ? loadCore().validateSearchRequest({ query }) : undefined;
  const problems = checked && !checked.ok ? checked.problems.filter((p) => p.field === 'query').map((p) => p.message) : [];
  return queryInputState(query, problems);
}

/**
 * Asks for a query; undefined when the box is dismissed. `own` receives the box so that it is
 * disposed with the feature if the window closes while it is open.
 */
export function promptForQuery(initial: string | undefined, own: (d: vscode.Disposable) => vscode.Disposable): Promise<string | undefined> {
  return new Promise((resolve) => {
    const box = vscode.window.createInputBox();
    let answer: string | undefined;
    const update = (): QueryInputState => {
      const state = check(box.value);
      box.prompt = state.prompt;
      box.validationMessage = state.error ? { message: state.error, severity: vscode.InputBoxValidationSeverity.Error } : undefined;
      return state;
    };
    const listeners = [
      box.onDidChangeValue(() => void update()),
      box.onDidAccept(() => {
        if (!update().acceptable) return;
        answer = box.value;
        box.hide();
      }),
      box.onDidHide(() => {
        ownership.dispose();
        resolve(answer);
      }),
    ];
    const ownership = own(toDisposable(() => {
      listeners.forEach((listener) => listener.dispose());
      box.dispose();
    }));
    box.title = vscode.l10n.t('Web Data: Search the Web');
    box.placeholder = vscode.l10n.t('What to search for, e.g. stream processing "backpressure" site:example.com -beta');
    if (initial) {
      box.value = initial;
      box.valueSelection = [0, initial.length];
    }
    update();
    box.show();
  });
}

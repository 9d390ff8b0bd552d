// webData.insertOperator: a picker of the spec 2.4 operators, each with a line saying what it does
// and an example. The example goes into the query box that is open (the simple one or the query
// step of advanced search), its value selected to type over; with no box open, into a new query
// box, whose Enter searches. Only one quick input shows at a time, so the open box steps aside
// (suspend) while the picker shows, and comes back with the operator in it (resume).
import * as vscode from 'vscode';
import { ContextKey } from '../../../core/ids';
import { insertOperator, OPERATOR_IDS, operatorHelp, type OperatorId } from '../../../core/search/advanced/operators';
import { toDisposable } from '../../../platform/disposable';
import { operatorExplanation } from './words';
import { showQuickInput } from '../../../platform/quick-inputs';

export interface QueryBoxTarget {
  readonly value: string;
  /** The box is about to be hidden by the picker: its hide must not end it. */
  suspend(): void;
  /** Shows the box again, with a new value and selection when an operator was picked. */
  resume(change?: { value: string; selection: [number, number] }): void;
}

let openBox: QueryBoxTarget | undefined;

/** Marks `target` as the box operators go into while it is open; dispose when it closes. */
export function trackQueryBox(target: QueryBoxTarget): vscode.Disposable {
  openBox = target;
  void vscode.commands.executeCommand('setContext', ContextKey.queryBoxOpen, true);
  return toDisposable(() => {
    if (openBox !== target) return;
    openBox = undefined;
    void vscode.commands.executeCommand('setContext', ContextKey.queryBoxOpen, false);
  });
}

/** The button a query box shows to open the operator picker. */
export function operatorButton(): vscode.QuickInputButton {
  return { iconPath: new vscode.ThemeIcon('symbol-operator'), tooltip: vscode.l10n.t('Insert Operator…') };
}

/** The picker; undefined when dismissed. */
function pickOperator(): Promise<OperatorId | undefined> {
  return new Promise((resolve) => {
    const pick = vscode.window.createQuickPick<vscode.QuickPickItem & { id: OperatorId }>();
    pick.title = vscode.l10n.t('Web Data: Insert Operator');
    pick.placeholder = vscode.l10n.t('Pick an operator to add to the query');
    pick.matchOnDescription = true;
    pick.matchOnDetail = true;
    pick.items = OPERATOR_IDS.map((id) => {
      const help = operatorHelp(id);
      return { id, label: help.syntax, description: help.example, detail: operatorExplanation(id) };
    });
    let chosen: OperatorId | undefined;
    pick.onDidAccept(() => {
      chosen = pick.selectedItems[0]?.id;
      pick.hide();
    });
    pick.onDidHide(() => {
      pick.dispose();
      resolve(chosen);
    });
    showQuickInput(pick);
  });
}

/**
 * The command. `operator` may name the operator ("site"), skipping the picker (keybindings).
 * `newBox` opens a query box with the operator in it when none is open.
 */
export async function runInsertOperator(operator: OperatorId | undefined, newBox: (initial: { value: string; selection: [number, number] }) => Promise<unknown>): Promise<unknown> {
  const target = openBox;
  target?.suspend();
  const id = operator ?? (await pickOperator());
  if (target) {
    target.resume(id ? insertOperator(target.value, operatorHelp(id)) : undefined);
    return undefined;
  }
  return id ? newBox(insertOperator('', operatorHelp(id))) : undefined;
}

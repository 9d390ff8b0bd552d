// Every quick input the extension shows (a box or a list) goes through showQuickInput(), which
// announces it: the host tests wait for a step to be on screen before they press Enter or close
// it, instead of sleeping and hoping it is there. No one else listens.
import * as vscode from 'vscode';

/** A quick input as it was shown: its title and step, and the text of a box or the rows of a list. */
export interface ShownQuickInput {
  readonly title: string | undefined;
  readonly step: number | undefined;
  readonly totalSteps: number | undefined;
  /** A list's rows (label and description); empty for a box. */
  readonly items: readonly string[];
  /** Each row's second line (its detail), '' for none, in the order of `items`; empty for a box. */
  readonly details: readonly string[];
  /** The box's text when shown; undefined for a list and for a password box (the key is never told). */
  readonly value: string | undefined;
  /** The box's prompt (the line under it) when shown; undefined for a list. */
  readonly prompt: string | undefined;
  /** The grey text of an empty box or list: short enough to be read whole. */
  readonly placeholder: string | undefined;
  /** The tooltips of the input's own buttons (VS Code's Back as "Back"), then of its rows' buttons, each once. */
  readonly buttons: readonly string[];
  /** A list's row that Enter would take as it is shown (its label); undefined for a box. */
  readonly active: string | undefined;
}

function buttonsOf(input: vscode.InputBox | vscode.QuickPick<vscode.QuickPickItem>): string[] {
  const own = input.buttons.map((button) => (button === vscode.QuickInputButtons.Back ? 'Back' : button.tooltip ?? ''));
  const rows = 'items' in input ? input.items.flatMap((item) => (item.buttons ?? []).map((button) => button.tooltip ?? '')) : [];
  return [...new Set([...own, ...rows])];
}

// Module-wide, like the inputs it announces: it holds no resource, only listeners, and each
// listener is the caller's to dispose.
const shownEmitter = new vscode.EventEmitter<ShownQuickInput>();

/** Fires after every quick input of this extension is shown (again after an operator picker, too). */
export const onDidShowQuickInput: vscode.Event<ShownQuickInput> = shownEmitter.event;

export function showQuickInput(input: vscode.InputBox | vscode.QuickPick<vscode.QuickPickItem>): void {
  input.show();
  const box = 'password' in input;
  const value = box && !input.password ? input.value : undefined;
  const items = box ? [] : input.items.map((item) => [item.label, item.description].filter(Boolean).join(' '));
  const details = box ? [] : input.items.map((item) => item.detail ?? '');
  const prompt = box ? input.prompt ?? '' : undefined;
  shownEmitter.fire({ title: input.title, step: input.step, totalSteps: input.totalSteps, items, details, value, prompt, placeholder: input.placeholder, buttons: buttonsOf(input), active: box ? undefined : input.activeItems[0]?.label });
}

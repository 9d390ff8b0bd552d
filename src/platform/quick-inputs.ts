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

// Why a box opened over a workbench page waits a moment, then holds the focus: with a walkthrough's
// step focused, F1 > a command > Enter closes the palette on Enter's keydown, and the palette gives
// the focus back to the step. Enter's keyup then lands on the step, which the walkthrough takes as a
// press: 250 ms later it focuses the step again, wherever the focus is. A box shown before that
// stays on screen (ignoreFocusOut), but what is typed goes nowhere (issue 46: a new user's first
// search in the sandbox). The same happens between two steps of a flow, as a box's Enter closes it.
// So over such a page (an editor the API does not name: the walkthrough, the settings page…) an
// input is shown SETTLE_MS after it was asked for, past a keyup at a person's pace (a list that
// lost the focus would close). Then, for a key held longer, a box's selection is set again every HOLD_FOCUS_EVERY_MS for HOLD_FOCUS_MS: the only way
// an extension moves the focus into a box (the workbench applies it with the input's select();
// workbench.action.focusQuickOpen focuses a list, not a box's text). The first selection while
// nothing was typed, then the caret at the end, where typing goes on: the box's text here lags what
// is typed by a round trip, so a selection is never computed from it.
const SETTLE_MS = 450;
const HOLD_FOCUS_MS = 1500;
const HOLD_FOCUS_EVERY_MS = 50;
/** Past any box's end: the input's setSelectionRange puts the caret at its end. */
const END = 2 ** 31 - 1;

/** Whether the active editor is a workbench page, whose buttons a key's release can press. */
function overWorkbenchPage(): boolean {
  const tab = vscode.window.tabGroups.activeTabGroup.activeTab;
  return tab !== undefined && tab.input === undefined;
}

function holdFocus(box: vscode.InputBox): void {
  const initial = box.value;
  // An empty box: the caret at the end, whatever came in meanwhile. No selection given: the
  // workbench selects the whole text on show, so that is what is set again.
  const first: readonly [number, number] = initial === '' ? [END, END] : box.valueSelection ?? [0, END];
  let typed = false;
  let open = true;
  const listeners = [
    box.onDidHide(() => { open = false; }),
    box.onDidChangeValue(() => { typed = true; }),
  ];
  const started = Date.now();
  const timer = setInterval(() => {
    if (!open || Date.now() - started > HOLD_FOCUS_MS) {
      clearInterval(timer);
      listeners.forEach((listener) => { listener.dispose(); });
      return;
    }
    box.valueSelection = typed ? [END, END] : first;
  }, HOLD_FOCUS_EVERY_MS);
}

/**
 * Shows a quick input and announces it. Over a workbench page it is shown a moment later, and a
 * box holds the focus (see above); `onDidShowQuickInput` fires once it is on screen either way.
 */
export function showQuickInput(input: vscode.InputBox | vscode.QuickPick<vscode.QuickPickItem>): void {
  if (overWorkbenchPage()) {
    setTimeout(() => {
      shown(input);
      if ('password' in input) holdFocus(input);
    }, SETTLE_MS);
    return;
  }
  shown(input);
}

function shown(input: vscode.InputBox | vscode.QuickPick<vscode.QuickPickItem>): void {
  input.show();
  const box = 'password' in input;
  const value = box && !input.password ? input.value : undefined;
  const items = box ? [] : input.items.map((item) => [item.label, item.description].filter(Boolean).join(' '));
  const details = box ? [] : input.items.map((item) => item.detail ?? '');
  const prompt = box ? input.prompt ?? '' : undefined;
  shownEmitter.fire({ title: input.title, step: input.step, totalSteps: input.totalSteps, items, details, value, prompt, placeholder: input.placeholder, buttons: buttonsOf(input), active: box ? undefined : input.activeItems[0]?.label });
}

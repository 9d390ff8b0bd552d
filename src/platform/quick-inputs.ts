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

// Why a quick input over a workbench page holds the focus, or waits: with a walkthrough's step
// focused, F1 > a command > Enter closes the palette on Enter's keydown, and the palette gives the
// focus back to the step. Enter's keyup then lands on the step, which the walkthrough takes as a
// press: 250 ms later it focuses the step again, wherever the focus is. A box stays on screen
// (ignoreFocusOut), but what is typed goes nowhere (issue 46: a new user's first search in the
// sandbox); a list would close. The same happens between two steps of a flow, as Enter closes one.
// So over such a page (an editor the API does not name: the walkthrough, the settings page…):
// - a box shows at once and sets its selection again every HOLD_FOCUS_EVERY_MS for HOLD_FOCUS_MS,
//   the only way an extension moves the focus into a box (the workbench applies it with the
//   input's select(); workbench.action.focusQuickOpen focuses a list, never a box's text). At most
//   a key pressed within those few ms of the steal is lost. The selection set is the first one while
//   nothing was typed (for an empty box, the caret at the end), then the caret at the end: the
//   extension's copy of the text lags what is typed by a round trip, so none is computed from it.
//   Shown later instead, it lost what a quick typist typed before it came (tried: 450 ms).
// - a list shows SETTLE_MS after it was asked for, past a release at a person's pace.
const SETTLE_MS = 450;
const HOLD_FOCUS_MS = 1500;
const HOLD_FOCUS_EVERY_MS = 16;
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
 * Shows a quick input and announces it. Over a workbench page a box holds the focus, and a list
 * is shown a moment later (see above); `onDidShowQuickInput` fires once it is on screen either way.
 */
export function showQuickInput(input: vscode.InputBox | vscode.QuickPick<vscode.QuickPickItem>): void {
  if (!overWorkbenchPage()) {
    shown(input);
  } else if ('password' in input) {
    shown(input);
    holdFocus(input);
  } else {
    setTimeout(() => { shown(input); }, SETTLE_MS);
  }
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

/**
 * `window.showInputBox`, holding the focus over a workbench page as the extension's own boxes do
 * (see above): there the box is made with createInputBox, which gives the handle the hold needs.
 * Elsewhere it is VS Code's own call, so a host test's stand-in for it still answers.
 */
export function askText(options: vscode.InputBoxOptions): Thenable<string | undefined> {
  if (!overWorkbenchPage()) return vscode.window.showInputBox(options);
  return new Promise((resolve) => {
    const box = vscode.window.createInputBox();
    box.title = options.title;
    box.prompt = options.prompt;
    box.placeholder = options.placeHolder;
    box.password = options.password ?? false;
    box.ignoreFocusOut = options.ignoreFocusOut ?? false;
    box.value = options.value ?? '';
    if (options.valueSelection) box.valueSelection = options.valueSelection;
    let answer: string | undefined;
    // Whether the text is refused: a message, or one of Error severity (a warning lets Enter through).
    const check = async (text: string): Promise<boolean> => {
      const said = (await options.validateInput?.(text)) ?? undefined;
      box.validationMessage = said === '' ? undefined : said;
      return typeof said === 'string' ? said !== '' : said?.severity === vscode.InputBoxValidationSeverity.Error;
    };
    const listeners = [
      box.onDidChangeValue((text) => { void check(text); }),
      box.onDidAccept(async () => {
        const text = box.value;
        if (await check(text)) return;
        answer = text;
        box.hide();
      }),
      box.onDidHide(() => {
        listeners.forEach((listener) => { listener.dispose(); });
        box.dispose();
        resolve(answer);
      }),
    ];
    if (box.value !== '') void check(box.value);
    showQuickInput(box);
  });
}

/**
 * `window.showQuickPick`, shown a moment later over a workbench page (see above), where losing the
 * focus would close it. VS Code's own call either way.
 */
export function pickOne<T extends vscode.QuickPickItem>(items: readonly T[], options: vscode.QuickPickOptions): Thenable<T | undefined> {
  if (!overWorkbenchPage()) return vscode.window.showQuickPick(items, options);
  return new Promise((resolve) => { setTimeout(() => { resolve(vscode.window.showQuickPick(items, options)); }, SETTLE_MS); });
}

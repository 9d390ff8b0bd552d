// Two quick inputs for a multi-step flow, after VS Code's quickinput-sample (multiStepInput.ts):
// each shows "Title (n/m)" with a Back button from the second step on, and resolves with what
// happened: an answer, back, or dismissed. One input is shown at a time; `own` holds it so that it
// is disposed with the feature if the window closes meanwhile.
import * as vscode from 'vscode';
import type { StepOutcome, StepPlace } from '../core/step-flow';
import { inertQuickPick } from '../core/text/inert';
import { toDisposable } from './disposable';
import { showQuickInput } from './quick-inputs';

export interface StepFrame extends StepPlace {
  title: string;
  own: (d: vscode.Disposable) => vscode.Disposable;
}

export type Outcome<T> = StepOutcome<T>;

/** A step's answer turned into the flow's (its choices with the answer in them); back and dismissed pass through. */
export function mapOutcome<T, U>(outcome: Outcome<T>, apply: (value: T) => U): Outcome<U> {
  return outcome.kind === 'answer' ? { kind: 'answer', value: apply(outcome.value) } : outcome;
}

/** The one item of a single pick's answer; none picked is dismissed. */
export function onlyOutcome<T>(outcome: Outcome<T[]>): Outcome<T> {
  if (outcome.kind !== 'answer') return outcome;
  const [value] = outcome.value;
  return value === undefined ? { kind: 'dismissed' } : { kind: 'answer', value };
}

/** An input box's message that refuses what is typed. */
export const inputError = (message: string): vscode.InputBoxValidationMessage => ({ message, severity: vscode.InputBoxValidationSeverity.Error });

export type PickItem<T> = vscode.QuickPickItem & { value: T };

/** A pick list; with `many`, every item ticked is the answer (`selected` ticked at first). */
export function showPick<T>(frame: StepFrame, options: {
  placeholder: string; items: ReadonlyArray<PickItem<T>>; many?: boolean; selected?: readonly T[]; active?: T;
  /** Refuses an answer, saying why in the placeholder. */
  refuse?: (values: T[]) => string | undefined;
  /** An item made of what is typed in the filter (shown first, and active), or none for that text. */
  typed?: (text: string) => PickItem<T> | undefined;
}): Promise<Outcome<T[]>> {
  return new Promise((resolve) => {
    const pick = vscode.window.createQuickPick<PickItem<T>>();
    let outcome: Outcome<T[]> = { kind: 'dismissed' };
    frameInput(pick, frame);
    pick.placeholder = options.placeholder;
    pick.canSelectMany = options.many === true;
    pick.matchOnDescription = true;
    pick.items = options.items;
    if (options.many) pick.selectedItems = options.items.filter((item) => options.selected?.includes(item.value));
    const active = options.items.find((item) => item.value === options.active);
    if (active) pick.activeItems = [active];
    const listeners = [
      pick.onDidTriggerButton((button) => {
        if (button === vscode.QuickInputButtons.Back) { outcome = { kind: 'back' }; pick.hide(); }
      }),
      pick.onDidAccept(() => {
        const values = (options.many ? pick.selectedItems : pick.activeItems.slice(0, 1)).map((item) => item.value);
        const refused = options.refuse?.(values) ?? (values.length === 0 && !options.many ? '' : undefined);
        if (refused !== undefined) {
          if (refused !== '') pick.placeholder = refused;
          return;
        }
        outcome = { kind: 'answer', value: values };
        pick.hide();
      }),
      pick.onDidHide(() => { ownership.dispose(); resolve(outcome); }),
      pick.onDidChangeValue((text) => {
        if (!options.typed) return;
        const item = text.trim() === '' ? undefined : options.typed(text);
        pick.items = item ? [{ ...item, alwaysShow: true }, ...options.items] : options.items;
        if (item && pick.items[0]) pick.activeItems = [pick.items[0]];
      }),
    ];
    const ownership = frame.own(toDisposable(() => { listeners.forEach((l) => { l.dispose(); }); pick.dispose(); }));
    showQuickInput(pick);
  });
}

/** A review's field: the step that sets it, its name as sent, its value (undefined: not sent). */
export interface ReviewField<S> {
  step: S;
  label: string;
  value: unknown;
}

/**
 * The review of an options flow: the send item first and active (its price, the request as it
 * will be sent), then each field as it will be sent; a field picked answers its step, to change it.
 */
export async function showReview<S extends string>(frame: StepFrame, options: {
  send: vscode.QuickPickItem; separator: string; placeholder: string; notSent: string; fields: ReadonlyArray<ReviewField<S>>;
}): Promise<Outcome<'send' | S>> {
  const items: Array<PickItem<'send' | S | undefined>> = [
    { ...options.send, value: 'send' },
    { value: undefined, label: options.separator, kind: vscode.QuickPickItemKind.Separator },
    ...options.fields.map(({ step, label, value }) => ({ value: step, label, description: value === undefined ? options.notSent : inertQuickPick(JSON.stringify(value), 300) })),
  ];
  const outcome = await showPick<'send' | S | undefined>(frame, { placeholder: options.placeholder, items, active: 'send', refuse: (values) => (values[0] === undefined ? '' : undefined) });
  if (outcome.kind !== 'answer') return outcome;
  const [answer] = outcome.value;
  return answer ? { kind: 'answer', value: answer } : { kind: 'dismissed' };
}

export interface InputCheck { ok: boolean; message?: vscode.InputBoxValidationMessage | string; prompt?: string }

/** A text box checked as it is typed; Enter is refused while `check` says not ok. */
export function showInput(frame: StepFrame, options: {
  value: string; prompt: string; placeholder?: string; selection?: [number, number];
  check: (value: string, accepting: boolean) => InputCheck;
  /**
   * Lets the caller reach the box (the query step's operator button); `suspend(true)` keeps the
   * box's next hide (the operator picker taking its place) from ending the step.
   */
  setup?: (box: vscode.InputBox, controls: { update: () => void; suspend: (on: boolean) => void }) => vscode.Disposable;
}): Promise<Outcome<string>> {
  return new Promise((resolve) => {
    const box = vscode.window.createInputBox();
    let outcome: Outcome<string> = { kind: 'dismissed' };
    let suspended = false;
    frameInput(box, frame);
    box.placeholder = options.placeholder;
    const update = (accepting = false): boolean => {
      const checked = options.check(box.value, accepting);
      box.prompt = checked.prompt ?? options.prompt;
      box.validationMessage = checked.message;
      return checked.ok;
    };
    const extra = options.setup?.(box, { update: () => void update(), suspend: (on) => { suspended = on; } });
    const listeners = [
      box.onDidChangeValue(() => void update()),
      box.onDidTriggerButton((button) => {
        if (button === vscode.QuickInputButtons.Back) { outcome = { kind: 'back' }; box.hide(); }
      }),
      box.onDidAccept(() => {
        if (!update(true)) return;
        outcome = { kind: 'answer', value: box.value };
        box.hide();
      }),
      box.onDidHide(() => {
        if (suspended) return;
        ownership.dispose();
        resolve(outcome);
      }),
    ];
    const ownership = frame.own(toDisposable(() => { extra?.dispose(); listeners.forEach((l) => { l.dispose(); }); box.dispose(); }));
    box.value = options.value;
    if (options.selection) box.valueSelection = options.selection;
    update();
    showQuickInput(box);
  });
}

function frameInput(input: vscode.QuickInput & { buttons: readonly vscode.QuickInputButton[] }, frame: StepFrame): void {
  input.title = frame.title;
  input.step = frame.step;
  input.totalSteps = frame.totalSteps;
  input.ignoreFocusOut = true;
  input.buttons = frame.back ? [vscode.QuickInputButtons.Back] : [];
}

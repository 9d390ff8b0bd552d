// Driving the extension's multi-step quick inputs in a real VS Code (Search with Options, Scrape with
// Options, Start Crawl, Batch Scrape): Enter on each step as it shows, announced by the extension.
import * as vscode from 'vscode';
import type { WebDataApi } from '../../../src/extension';
import type { ShownQuickInput } from '../../../src/platform/quick-inputs';
import { waitFor } from './helpers-account';

/**
 * Presses Enter in each quick input the command shows, as it shows it, until the command settles
 * (at most `presses`): each Enter accepts a step's current answer, or a review's first row. Waits
 * for a step or the end, never a fixed time. `seen` collects the inputs shown.
 */
export async function pressEnterUntilDone<T>(api: WebDataApi, start: () => Thenable<T>, presses = 30, seen: ShownQuickInput[] = []): Promise<T> {
  let shown = 0;
  const listener = api.onDidShowQuickInput((input) => { shown++; seen.push(input); });
  let settled = false;
  try {
    const result = Promise.resolve(start()).finally(() => { settled = true; });
    // Read through a function: `settled` changes across the awaits, which TS's narrowing cannot see.
    const isSettled = (): boolean => settled;
    let pressed = 0;
    for (; pressed < presses && !isSettled(); pressed++) {
      const stepShown = (): boolean => isSettled() || shown > pressed;
      // An Enter the step took before its rows were in (a loaded machine) accepts nothing: when no
      // new step came after a while, Enter again on the same one, up to a minute in all.
      for (let look = 1; !stepShown(); look++) {
        try {
          await waitFor('the next step to show, or the command to finish', stepShown, 10_000);
        } catch (error) {
          // Say what had shown: which step the command stopped at is what a failure here needs.
          if (look >= 6) throw new Error(`${error instanceof Error ? error.message : String(error)}; ${pressed} presses, shown: ${JSON.stringify(seen.map((input) => ({ step: input.step, title: input.title, value: input.value, placeholder: input.placeholder, items: input.items.slice(0, 3) })))}`, { cause: error });
          if (pressed > 0) await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
        }
      }
      if (!isSettled()) await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    }
    await waitFor(`the command to finish after ${pressed} presses of Enter`, () => isSettled(), 60_000);
    return await result;
  } finally {
    listener.dispose();
  }
}

/**
 * Shows the document with the selection, and waits until the extension host sees it as the active
 * editor with that selection: showTextDocument can resolve before the active editor and its cursor
 * reach the extension host (seen with both VS Code versions running at once), and a command that
 * reads the cursor then finds none.
 */
export async function showWithSelection(document: vscode.TextDocument, selection: vscode.Range): Promise<vscode.TextEditor> {
  const editor = await vscode.window.showTextDocument(document, { selection });
  await waitFor('the editor active, its selection set', () => {
    const active = vscode.window.activeTextEditor;
    return active?.document === document && active.selection.isEqual(selection);
  }, 10_000);
  return editor;
}

/**
 * Reverts and closes the active editor, which shows `document`, and waits until no editor shows it:
 * the command can return before the editor is gone, and a close that lands after the next step's
 * editor became active closes that one instead (an empty URL box in the menus suite).
 */
export async function closeEditorOf(document: vscode.TextDocument): Promise<void> {
  await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  await waitFor('the editor closed', () => !vscode.window.visibleTextEditors.some((editor) => editor.document === document), 10_000);
}

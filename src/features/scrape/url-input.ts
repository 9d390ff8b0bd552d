// The address a page command starts from and the question asked before it leaves: the URL where
// the person is (under the cursor, the selection, the clipboard), and the flags of the URL check
// (credentials and secret-looking parameters removed unless kept, unreachable hosts confirmed).
// Shared by Any page as markdown and by Start Crawl and Batch Scrape (src/features/jobs).
import * as vscode from 'vscode';
import { firstUrl, markdownLinkAt, urlAt } from '../../core/scrape/page';
import { checkUrl, type UrlCheck } from '../../core/scrape/url-check';
import { inertNotification } from '../../core/text/inert';
import { inputError, type InputCheck } from '../../platform/step-inputs';
import { flagWords, refusalWords, words } from './words';

/** A URL step's check as it is typed: refused in words, flags (secrets, unreachable hosts) as a warning. */
export function urlCheck(value: string, accepting: boolean): InputCheck {
  if (value.trim() === '') return { ok: false, message: accepting ? inputError(refusalWords({ kind: 'empty' })) : undefined };
  const check = checkUrl(value);
  if (!check.ok) return { ok: false, message: inputError(refusalWords(check.refusal)) };
  const flags = check.flags.filter((f) => f.kind !== 'assumed-https');
  return { ok: true, message: flags.length > 0 ? { message: flags.map(flagWords).join(' '), severity: vscode.InputBoxValidationSeverity.Warning } : undefined };
}

/** The address to send after the person saw the flags: cleaned, as typed, or undefined (cancelled). */
export async function confirmUrl(check: UrlCheck): Promise<string | undefined> {
  if (!check.ok) {
    void vscode.window.showErrorMessage(refusalWords(check.refusal));
    return undefined;
  }
  let url = check.url;
  const secrets = check.flags.filter((f) => f.kind === 'credentials' || f.kind === 'secret-parameter');
  if (secrets.length > 0) {
    const remove = words.removeSecrets();
    const keep = words.keepSecrets();
    const choice = await vscode.window.showWarningMessage(words.secretsQuestion(inertNotification(check.url, 200)), { modal: true, detail: secrets.map(flagWords).join('\n') }, remove, keep);
    if (choice === undefined) return undefined;
    if (choice === remove) url = check.cleaned;
  }
  const unreachable = check.flags.find((f) => f.kind === 'unreachable-host');
  if (unreachable) {
    const send = words.sendAnyway();
    if (await vscode.window.showWarningMessage(words.unreachableQuestion(), { modal: true, detail: flagWords(unreachable) }, send) !== send) return undefined;
  }
  return url;
}

/**
 * The URL under the cursor, else in the selection, else on the clipboard. `document`: the document an
 * editor's menu passed: its editor is read first, since it need not be the active editor yet when
 * the command runs (nor still be, when something else opened a tab meanwhile).
 */
export async function urlNearby(document?: vscode.Uri): Promise<string | undefined> {
  const shown = document === undefined ? undefined : vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === document.toString());
  for (const editor of [shown, vscode.window.activeTextEditor]) {
    if (!editor) continue;
    const { active } = editor.selection;
    const line = editor.document.lineAt(active.line).text;
    const under = urlAt(line, active.character) ?? markdownLinkAt(line, active.character);
    if (under) return under;
    const inSelection = editor.selection.isEmpty ? undefined : firstUrl(editor.document.getText(editor.selection));
    if (inSelection) return inSelection;
  }
  return firstUrl((await clipboardPrefill()).slice(0, 10_000));
}

/** What urlNearby reads the clipboard through; host tests give a browser's or a failing one. */
export interface ClipboardSource {
  uiKind: vscode.UIKind;
  readText(): Thenable<string>;
}

/**
 * The clipboard's text for a prefill, or '' when reading it could show anything: in
 * browser-based VS Code (vscode.dev, Codespaces, the sandbox) a read asks the browser, which
 * shows its own error or permission prompt that nothing here can close, so it is not read at all.
 */
export async function clipboardPrefill(source: ClipboardSource = { uiKind: vscode.env.uiKind, readText: () => vscode.env.clipboard.readText() }): Promise<string> {
  if (source.uiKind === vscode.UIKind.Web) return '';
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    // A read that never answers (a remote's clipboard) is given up: the box opens empty instead.
    return await Promise.race([Promise.resolve(source.readText()), new Promise<string>((resolve) => { timer = setTimeout(() => resolve(''), CLIPBOARD_WAIT_MS); })]);
  } catch {
    return '';
  } finally {
    clearTimeout(timer);
  }
}

/** How long the URL box waits for the clipboard. */
const CLIPBOARD_WAIT_MS = 1000;

// The address a page command starts from and the question asked before it leaves: the URL where
// the person is (under the cursor, the selection, the clipboard), and the flags of the URL check
// (credentials and secret-looking parameters removed unless kept, unreachable hosts confirmed).
// Shared by Any page as markdown and by Start Crawl and Batch Scrape (src/features/jobs).
import * as vscode from 'vscode';
import { firstUrl, markdownLinkAt, urlAt } from '../../core/scrape/page';
import type { UrlCheck } from '../../core/scrape/url-check';
import { inertNotification } from '../../core/text/inert';
import { flagWords, refusalWords, words } from './words';

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

/** The URL under the cursor, else in the selection, else on the clipboard. */
export async function urlNearby(): Promise<string | undefined> {
  const editor = vscode.window.activeTextEditor;
  if (editor) {
    const { active } = editor.selection;
    const line = editor.document.lineAt(active.line).text;
    const under = urlAt(line, active.character) ?? markdownLinkAt(line, active.character);
    if (under) return under;
    const inSelection = editor.selection.isEmpty ? undefined : firstUrl(editor.document.getText(editor.selection));
    if (inSelection) return inSelection;
  }
  // In a browser-based VS Code (the sandbox, vscode.dev, Codespaces in a browser) reading the
  // clipboard asks the browser, which shows a red error when it refuses: a prefill is not worth that.
  if (vscode.env.uiKind === vscode.UIKind.Web) return undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    // The clipboard may wait on a permission that never comes: the box opens empty instead.
    const text = await Promise.race([vscode.env.clipboard.readText(), new Promise<string>((resolve) => { timer = setTimeout(() => resolve(''), CLIPBOARD_WAIT_MS); })]);
    return firstUrl(text.slice(0, 10_000));
  } catch {
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}

/** How long the URL box waits for the clipboard. */
const CLIPBOARD_WAIT_MS = 1000;

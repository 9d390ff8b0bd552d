// Where "Search the Web for This Problem" is offered: wherever VS Code shows a diagnostic, so on
// every scheme (files, untitled documents, notebook cells, virtual and remote workspaces such as
// vscode-vfs), except this extension's own read-only documents (src/core/schemes.ts): a page's
// markdown is outside text, a payload or a report is ours, and none of them is the person's work.
// Plain data, so a unit test can read it without VS Code.
import { isOwnScheme } from '../schemes';

/** A DocumentSelector for every scheme: VS Code scores `'*'` as a match for any scheme. */
export const PROBLEM_ACTION_SELECTOR: ReadonlyArray<{ readonly scheme: string }> = [{ scheme: '*' }];

/** Whether a document on `scheme` gets the Code Action (a set lookup: it runs on every cursor move). */
export function offersProblemActions(scheme: string): boolean {
  return !isOwnScheme(scheme);
}

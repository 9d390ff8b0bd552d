// Where "Search the Web for This Problem" is offered: wherever VS Code shows a diagnostic, so on
// every scheme (files, untitled documents, notebook cells, virtual and remote workspaces such as
// vscode-vfs), except this extension's own read-only page tabs, whose markdown is outside text
// and not the person's work. Plain data, so a unit test can read it without VS Code.
import { CRAWL_PAGE_SCHEME } from '../crawls/pages';
import { WEBDATA_SCHEME } from '../search/uri';

/** A DocumentSelector for every scheme: VS Code scores `'*'` as a match for any scheme. */
export const PROBLEM_ACTION_SELECTOR: ReadonlyArray<{ readonly scheme: string }> = [{ scheme: '*' }];

const OWN_SCHEMES: ReadonlySet<string> = new Set([WEBDATA_SCHEME, CRAWL_PAGE_SCHEME]);

/** Whether a document on `scheme` gets the Code Action (a set lookup: it runs on every cursor move). */
export function offersProblemActions(scheme: string): boolean {
  return !OWN_SCHEMES.has(scheme);
}

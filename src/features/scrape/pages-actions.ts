// The kept pages' row actions (Search Results, the Pages group): scrape again, pin and unpin,
// remove, export as a .md file, and clear. Each takes its input as an argument (a row, a page id,
// or `{ pageId }`), so keybindings, tests and other extensions can use them too.
import * as vscode from 'vscode';
import { showLogError } from '../../platform/notify';
import { inertFileName, inertNotification } from '../../core/text/inert';
import type { PageSummary, ScrapedPages } from '../../core/scrape/store';
import type { ScrapedRecord } from '../../core/scrape/page';
import { decodePageId } from '../../core/commands/scrape';
import { pageText } from './documents';
import type { PagesView } from './pages-view';
import { words } from './words';
import { exportTarget, exportUriOf } from '../../platform/export-target';

export interface PagesDeps {
  pages: ScrapedPages;
  view: PagesView;
  log: vscode.LogOutputChannel;
}

/** The kept page an argument names, or undefined after saying why. */
export async function pageOf(deps: PagesDeps, id: string | undefined): Promise<ScrapedRecord | undefined> {
  if (!id) {
    void vscode.window.showErrorMessage(words.pickPage());
    return undefined;
  }
  const record = await deps.pages.read(id);
  if (!record) void vscode.window.showWarningMessage(words.pageGone());
  return record;
}

export async function setPagePinned(deps: PagesDeps, id: string | undefined, pinned: boolean): Promise<boolean> {
  if (!id) {
    void vscode.window.showErrorMessage(words.pickPage());
    return false;
  }
  try {
    const found = await deps.pages.setPinned(id, pinned);
    if (!found) void vscode.window.showWarningMessage(words.pageGone());
    return found;
  } catch (err) {
    deps.log.error(`Could not ${pinned ? 'pin' : 'unpin'} the page: ${String(err)}`);
    void showLogError(deps.log, pinned ? words.pinFailed() : words.unpinFailed());
    return false;
  } finally {
    await deps.view.refresh();
  }
}

export async function removePage(deps: PagesDeps, id: string | undefined): Promise<boolean> {
  if (!id) {
    void vscode.window.showErrorMessage(words.pickPage());
    return false;
  }
  try {
    await deps.pages.remove(id);
    return true;
  } catch (err) {
    deps.log.error(`Could not remove the page: ${String(err)}`);
    void showLogError(deps.log, words.removeFailed());
    return false;
  } finally {
    await deps.view.refresh();
  }
}

/** Asks first; keeps pinned pages unless the person chooses to clear them too. `{ confirmed: true, includePinned? }` skips the dialog. */
export async function clearPages(deps: PagesDeps, given: { confirmed: boolean; includePinned: boolean }): Promise<number> {
  const kept = await deps.view.list();
  if (kept.length === 0) return 0;
  let includePinned = given.includePinned;
  if (!given.confirmed) {
    const pinned = kept.filter((p: PageSummary) => p.pinned === true).length;
    const unpinned = kept.length - pinned;
    const clear = words.clearPages();
    const clearAll = words.clearPagesAll();
    const message = pinned === 0 ? words.clearPagesQuestion(unpinned) : unpinned === 0 ? words.clearPagesAllPinned(pinned) : words.clearPagesSomePinned(unpinned, pinned);
    const buttons = pinned === 0 ? [clear] : unpinned === 0 ? [clearAll] : [clear, clearAll];
    const choice = await vscode.window.showWarningMessage(message, { modal: true, detail: words.clearPagesDetail() }, ...buttons);
    if (choice !== clear && choice !== clearAll) return 0;
    includePinned = choice === clearAll;
  }
  try {
    return await deps.pages.clear({ includePinned });
  } finally {
    await deps.view.refresh();
  }
}

export interface PageExport {
  pageId: string | undefined;
  uri?: vscode.Uri;
}

/** Export's argument: the page (decodePageId), and `{ uri }` to write without a dialog (tests). */
export function decodePageExport(argument: unknown): PageExport {
  const target = exportUriOf(argument);
  return { pageId: decodePageId(argument), ...(target ? { uri: target } : {}) };
}

/** Saves a page as a .md file: the lines its tab starts with (where it came from), then its markdown. */
export async function exportPage(deps: PagesDeps, given: PageExport): Promise<vscode.Uri | undefined> {
  const record = await pageOf(deps, given.pageId);
  if (!record) return undefined;
  const uri = await exportTarget(given.uri, {
    title: words.exportTitle(),
    fileName: `${inertFileName(record.title, 'page')}.md`,
    filters: { [words.markdownFiles()]: ['md'] },
    saveLabel: words.exportLabel(),
  });
  if (!uri) return undefined;
  const shown = inertNotification(uri.fsPath || uri.toString(true), 200);
  try {
    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(pageText(record)));
  } catch (err) {
    deps.log.error(`Could not export the page to ${uri.toString(true)}: ${String(err)}`);
    void vscode.window.showErrorMessage(words.exportFailed(shown));
    return undefined;
  }
  if (!given.uri) {
    const open = words.open();
    void vscode.window.showInformationMessage(words.exported(shown), open).then((choice) => (choice === open ? vscode.window.showTextDocument(uri) : undefined));
  }
  return uri;
}

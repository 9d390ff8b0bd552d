// The bodies of the history's commands (registered in ./history-commands.ts). Each takes its
// input as an argument (a row of the view, a search id or `{ searchId }`), so keybindings, tests
// and other extensions can use them too.
import * as vscode from 'vscode';
import { showLogError } from '../../platform/notify';
import { Command } from '../../core/ids';
import { answeredRequest } from '../../core/search/advanced/choices';
import { allResultsAddress } from '../../core/search/all-results';
import { exportFileName, exportFormatOf, exportJson, exportMarkdown, type ExportFormat } from '../../core/search/export';
import { isPinned } from '../../core/search/pins';
import type { SearchRecord } from '../../core/search/record';
import { Schemes } from '../../core/schemes';
import { inertNotification } from '../../core/text/inert';
import { decodeExportFormat, decodeSearchId } from '../../core/commands/search';
import type { HistoryDeps } from './history-deps';
import { exportTarget, exportUriOf } from '../../platform/export-target';

const GONE = (): string => vscode.l10n.t('That search is no longer in the history.');
const PICK = (): string => vscode.l10n.t('Pick a search in the Searches view first.');

/** The stored search an argument names, or undefined after saying why. */
async function recordOf(deps: HistoryDeps, id: string | undefined): Promise<SearchRecord | undefined> {
  if (!id) {
    void vscode.window.showErrorMessage(PICK());
    return undefined;
  }
  const record = await deps.history.get(id);
  if (!record) void vscode.window.showWarningMessage(GONE());
  return record;
}

export async function setPinned(deps: HistoryDeps, id: string | undefined, pinned: boolean): Promise<boolean> {
  if (!id) {
    void vscode.window.showErrorMessage(PICK());
    return false;
  }
  try {
    const found = await deps.history.setPinned(id, pinned);
    if (!found) void vscode.window.showWarningMessage(GONE());
    return found;
  } catch (err) {
    deps.log.error(`Could not ${pinned ? 'pin' : 'unpin'} the search: ${err instanceof Error ? err.message : String(err)}`);
    void showLogError(deps.log, pinned ? vscode.l10n.t('The search could not be pinned.') : vscode.l10n.t('The search could not be unpinned.'));
    return false;
  }
}

/** Opens advanced search with the search's request, to change it and run it again. */
export async function editSearch(deps: HistoryDeps, id: string | undefined): Promise<unknown> {
  const record = await recordOf(deps, id);
  if (!record) return undefined;
  return vscode.commands.executeCommand(Command.searchAdvanced, answeredRequest({ ...record.request }));
}

/**
 * Asks first; keeps pinned searches unless the person chooses "Clear All, Including Pinned".
 * `{ confirmed: true, includePinned?: boolean }` skips the dialog (tests, keybindings).
 */
export async function clearSearches(deps: HistoryDeps, given: { confirmed: boolean; includePinned: boolean }): Promise<boolean> {
  const searches = await deps.history.list();
  if (searches.length === 0) return false;
  if (given.confirmed) {
    await deps.history.clear({ includePinned: given.includePinned });
    return true;
  }
  const pinned = searches.filter(isPinned).length;
  const unpinned = searches.length - pinned;
  const clear = vscode.l10n.t('Clear History');
  const clearAll = vscode.l10n.t('Clear All, Including Pinned');
  const detail = vscode.l10n.t('Their results and scraped pages are deleted from this machine; open tabs lose their content after a reload.');
  let message: string;
  if (pinned === 0) message = unpinned === 1 ? vscode.l10n.t('Remove the search from the history?') : vscode.l10n.t('Remove all {0} searches from the history?', unpinned);
  else if (unpinned === 0) message = vscode.l10n.t('All {0} searches in the history are pinned. Remove them too?', pinned);
  else message = vscode.l10n.t('Remove {0} searches from the history? The {1} pinned ones stay.', unpinned, pinned);
  const buttons = pinned === 0 ? [clear] : unpinned === 0 ? [clearAll] : [clear, clearAll];
  const choice = await vscode.window.showWarningMessage(message, { modal: true, detail }, ...buttons);
  if (choice !== clear && choice !== clearAll) return false;
  await deps.history.clear({ includePinned: choice === clearAll });
  return true;
}

/** Every result of a search in one read-only markdown tab, with a table of contents. */
export async function openAllResults(deps: HistoryDeps, id: string | undefined): Promise<vscode.TextEditor | undefined> {
  const record = await recordOf(deps, id);
  if (!record) return undefined;
  const address = allResultsAddress(record.id, record.request.query);
  let document = await vscode.workspace.openTextDocument(vscode.Uri.from({ scheme: Schemes.searchResult.scheme, path: address.path, query: address.query }));
  if (document.languageId !== 'markdown') document = await vscode.languages.setTextDocumentLanguage(document, 'markdown');
  return vscode.window.showTextDocument(document, { preview: false });
}

export interface ExportTarget {
  searchId: string | undefined;
  uri?: vscode.Uri;
  format?: ExportFormat;
}

/** Export's argument: the search (decodeSearchId), and `{ uri, format? }` to write without a dialog (tests); the format follows the file's extension. */
export function decodeExport(argument: unknown): ExportTarget {
  const target = exportUriOf(argument);
  const format = decodeExportFormat(argument);
  return { searchId: decodeSearchId(argument), ...(target ? { uri: target } : {}), ...(format ? { format } : {}) };
}

/** Saves a search as markdown (front matter, then each result's content) or JSON (the answer as received). */
export async function exportSearch(deps: HistoryDeps, given: ExportTarget): Promise<vscode.Uri | undefined> {
  const record = await recordOf(deps, given.searchId);
  if (!record) return undefined;
  const uri = await exportTarget(given.uri, {
    title: vscode.l10n.t('Export Search Results'),
    fileName: exportFileName(record.request.query, 'markdown'),
    filters: { [vscode.l10n.t('Markdown')]: ['md'], JSON: ['json'] },
    saveLabel: vscode.l10n.t('Export'),
  });
  if (!uri) return undefined;
  const format = given.format ?? exportFormatOf(uri.path);
  const text = format === 'json' ? exportJson(record) : exportMarkdown(record);
  try {
    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));
  } catch (err) {
    deps.log.error(`Could not export the search to ${uri.toString(true)}: ${err instanceof Error ? err.message : String(err)}`);
    void vscode.window.showErrorMessage(vscode.l10n.t('The search could not be exported to {0}.', inertNotification(uri.fsPath || uri.toString(true), 200)));
    return undefined;
  }
  if (!given.uri) {
    const open = vscode.l10n.t('Open');
    void vscode.window.showInformationMessage(vscode.l10n.t('Exported the search to {0}.', inertNotification(uri.fsPath || uri.toString(true), 200)), open)
      .then((choice) => (choice === open ? vscode.window.showTextDocument(uri) : undefined));
  }
  return uri;
}

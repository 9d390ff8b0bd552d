// A search sends no scrapeOptions by default, so its result tabs show only a title, address and
// description. The first time such a tab opens (once per user, remembered in globalState, not on
// every tab), a notification says how to get markdown and offers to turn it on for every search,
// saying that it costs more. The button runs webData.enableMarkdown, which the palette also has.
import * as vscode from 'vscode';
import type { SearchRequestBody } from '../../core/api/request-types';
import { Command, Setting, SETTINGS_SECTION } from '../../core/ids';
import { offersMarkdown, withMarkdown } from '../../core/search/request';
import { showNoticeUntil } from '../../platform/notice';
import { searchSettings } from '../../platform/settings';

/** globalState key: true once the hint was shown. */
const MARKDOWN_HINT_SHOWN = 'webData.search.markdownHintShown';

export async function offerMarkdownOnce(state: vscode.Memento, request: SearchRequestBody): Promise<void> {
  if (state.get<boolean>(MARKDOWN_HINT_SHOWN) === true) return;
  if (!offersMarkdown(request, searchSettings().scrapeFormats)) return;
  await state.update(MARKDOWN_HINT_SHOWN, true);
  const fetchMarkdown = vscode.l10n.t('Fetch Markdown with Searches');
  const choice = await vscode.window.showInformationMessage(
    vscode.l10n.t('Searches fetch only each result\'s title, address and description. To read the pages themselves, searches can also fetch their markdown; scraping uses more credits.'),
    fetchMarkdown);
  if (choice === fetchMarkdown) await vscode.commands.executeCommand(Command.enableMarkdown);
}

/** How long "search again" stays up when no search follows. */
const SEARCH_AGAIN_NOTICE_MS = 60_000;

/**
 * Sets webData.search.scrapeFormats to fetch markdown, in the user settings. Resolves true when
 * set. Its "search again" notice closes at `nextSearch`: once the person searched again it is done.
 */
export async function enableMarkdown(nextSearch: vscode.Event<unknown>): Promise<boolean> {
  const config = vscode.workspace.getConfiguration(SETTINGS_SECTION);
  const next = withMarkdown(searchSettings().scrapeFormats);
  const inspected = config.inspect<string>(Setting.searchScrapeFormats);
  if (inspected?.globalValue !== next) await config.update(Setting.searchScrapeFormats, next, vscode.ConfigurationTarget.Global);
  // A folder's own value wins over the user settings: say so rather than claim it worked.
  const folderValue = inspected?.workspaceFolderValue ?? inspected?.workspaceValue;
  if (folderValue !== undefined && folderValue !== next) {
    void vscode.window.showWarningMessage(vscode.l10n.t('Markdown is on in your user settings, but this folder\'s settings set webData.search.scrapeFormats to "{0}", which wins here.', folderValue));
    return false;
  }
  void showNoticeUntil(vscode.l10n.t('Searches now fetch each result\'s markdown, which uses more credits. Search again to read this page.'),
    { until: nextSearch, maxMs: SEARCH_AGAIN_NOTICE_MS });
  return true;
}

// The Searches view (webData.searchResults): each search a row (pinned first, then newest first; the newest
// expanded), its results below, grouped by source when several were asked for. Rows are read
// lazily from the history, through the search service. A filter (webData.filterSearches) hides searches whose query and result
// titles do not hold every word of it.
import * as vscode from 'vscode';
import type { SourceType } from '../../core/api/request-types';
import { ContextKey, Setting } from '../../core/ids';
import { safeLocale } from '../../core/intl';
import { filterTerms, matchesSearch } from '../../core/search/filter';
import { isPinned, pinnedFirst } from '../../core/search/pins';
import { groupResults, resultContextValue, resultHost, resultIcon, resultTitle, searchFacts, searchLabel, shownTitle, type ResultGroup } from '../../core/search/present';
import type { SearchSummary, TypedResult } from '../../core/search/record';
import { resultTooltip, searchTooltip } from '../../core/search/tooltip';
import { chooseFormat } from '../../core/search/document';
import { viewRows, type SearchTreeNode } from '../../core/view-nodes';
import { ContextFlag } from '../../platform/context-flag';
import { Disposable } from '../../platform/disposable';
import { plainTooltip } from '../../platform/markdown';
import { openRowCommand } from '../../platform/open-row';
import { resultDocumentUri } from './documents';
import { onDidChangeSetting, previewImagesSetting } from '../../platform/settings';
import type { SearchHistoryReader } from './service';
import { kindWords, resultHostWords, resultTitleWords, resultTooltipWords, searchDescriptionWords, searchLabelWords, searchTooltipWords } from './words';

/** What the filter left: for the view's message and description. */
export interface FilterOutcome {
  filter: string;
  shown: number;
  total: number;
}

export type { SearchTreeNode } from '../../core/view-nodes';

const GROUP_ICONS: Readonly<Record<SourceType, string>> = { web: 'globe', images: 'file-media', news: 'rss' };

export class SearchResultsProvider extends Disposable implements vscode.TreeDataProvider<SearchTreeNode> {
  private readonly changeEmitter = this._register(new vscode.EventEmitter<SearchTreeNode | undefined>());
  readonly onDidChangeTreeData = this.changeEmitter.event;
  /** The search rows last handed out, for getParent and reveal. */
  private roots = new Map<string, SearchTreeNode & { type: 'search' }>();
  private filterText = '';
  /** Result titles by search id, read once per search for the filter (a search never changes). */
  private readonly titles = new Map<string, readonly string[]>();
  private readonly filterEmitter = this._register(new vscode.EventEmitter<FilterOutcome>());
  /** Fires after the rows were listed under a filter. */
  readonly onDidFilter = this.filterEmitter.event;

  constructor(private readonly history: SearchHistoryReader) {
    super();
    this._register(history.onDidChangeHistory(() => this.changeEmitter.fire(undefined)));
    this._register(onDidChangeSetting(Setting.searchPreviewImages, () => this.changeEmitter.fire(undefined)));
  }

  get filter(): string {
    return this.filterText;
  }

  /** Shows only the searches matching `text` (every word in the query or a result title); '' shows all. */
  setFilter(text: string): void {
    if (text === this.filterText) return;
    this.filterText = text;
    this.changeEmitter.fire(undefined);
  }

  /** Every row handed to VS Code is registered, so a command knows it for a row of this view. */
  async getChildren(node?: SearchTreeNode): Promise<SearchTreeNode[]> {
    return viewRows.searchResults.rowsOf(await this.children(node));
  }

  private async children(node?: SearchTreeNode): Promise<SearchTreeNode[]> {
    if (!node) {
      const summaries = await this.history.list();
      const newestId = summaries[0]?.id;
      const shown = await this.filtered(summaries);
      const roots = pinnedFirst(shown).map((summary) => ({ type: 'search' as const, summary, newest: summary.id === newestId }));
      this.roots = new Map(roots.map((root) => [root.summary.id, root]));
      this.hasSearches.set(summaries.length > 0);
      if (this.filterText !== '') this.filterEmitter.fire({ filter: this.filterText, shown: roots.length, total: summaries.length });
      return roots;
    }
    if (node.type === 'group') return node.group.results.map(({ index, typed }) => resultNode(node.searchId, node.query, typed, index, true));
    if (node.type !== 'search') return [];
    const searchId = node.summary.id;
    const record = await this.history.get(searchId);
    if (!record) return [{ type: 'message', searchId, text: vscode.l10n.t('This search could not be read from the history. Remove it, or search again.'), icon: 'warning' }];
    const { grouped, groups } = groupResults(record);
    const { query } = record.request;
    if (grouped) return groups.map((group) => ({ type: 'group', searchId, query, group }));
    const only = groups[0];
    if (!only || only.results.length === 0) return [{ type: 'message', searchId, text: vscode.l10n.t('No results'), icon: 'info' }];
    return only.results.map(({ index, typed }) => resultNode(searchId, query, typed, index, false));
  }

  async getParent(node: SearchTreeNode): Promise<SearchTreeNode | undefined> {
    if (node.type === 'search') return undefined;
    if (node.type === 'result' && node.grouped) {
      const record = await this.history.get(node.searchId);
      const group = record ? groupResults(record).groups.find((g) => g.kind === node.kind) : undefined;
      if (group) return viewRows.searchResults.row({ type: 'group', searchId: node.searchId, query: node.query, group });
    }
    return 'searchId' in node ? this.roots.get(node.searchId) : undefined;
  }

  private async filtered(summaries: readonly SearchSummary[]): Promise<SearchSummary[]> {
    const terms = filterTerms(this.filterText);
    if (terms.length === 0) return [...summaries];
    const shown: SearchSummary[] = [];
    for (const summary of summaries) {
      if (matchesSearch(terms, summary.query, await this.titlesOf(summary.id))) shown.push(summary);
    }
    return shown;
  }

  private async titlesOf(id: string): Promise<readonly string[]> {
    const known = this.titles.get(id);
    if (known) return known;
    const record = await this.history.get(id);
    if (!record) return [];
    const titles = groupResults(record).groups.flatMap((group) => group.results.map(({ typed }) => resultTitle(typed)));
    this.titles.set(id, titles);
    return titles;
  }

  /** webData.hasSearches: Clear Search History shows only when there is something to clear. */
  private readonly hasSearches = new ContextFlag(ContextKey.hasSearches);

  /** The row of a search just made, for reveal: built from its summary, the rows not listed again. */
  searchNode(summary: SearchSummary): SearchTreeNode {
    const node = viewRows.searchResults.row({ type: 'search' as const, summary, newest: true });
    this.roots.set(summary.id, node);
    return node;
  }

  getTreeItem(node: SearchTreeNode): vscode.TreeItem {
    switch (node.type) {
      case 'search': return searchItem(node.summary, node.newest);
      case 'group': return groupItem(node.searchId, node.group);
      case 'result': return resultItem(node);
      // The kept pages, documents, results and watches have views of their own (../../platform/group-tree.ts).
      default: return new vscode.TreeItem('');
      case 'message': {
        const item = new vscode.TreeItem(node.text, vscode.TreeItemCollapsibleState.None);
        item.id = `${node.searchId}/message`;
        item.iconPath = new vscode.ThemeIcon(node.icon);
        item.contextValue = 'message';
        return item;
      }
    }
  }
}

function resultNode(searchId: string, query: string, typed: TypedResult, index: number, grouped: boolean): SearchTreeNode {
  return { type: 'result', searchId, query, kind: typed.kind, index, typed, grouped };
}

function searchItem(summary: SearchSummary, newest: boolean): vscode.TreeItem {
  const item = new vscode.TreeItem(searchLabelWords(searchLabel(summary)), newest ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.Collapsed);
  item.id = summary.id;
  item.description = searchDescriptionWords(searchFacts(summary, new Date()));
  item.tooltip = plainTooltip(searchTooltipWords(searchTooltip(summary)));
  item.iconPath = summary.warning
    ? new vscode.ThemeIcon('warning', new vscode.ThemeColor('list.warningForeground'))
    : new vscode.ThemeIcon(isPinned(summary) ? 'pinned' : 'search');
  // Menus match `viewItem =~ /^search/`, and `search.pinned` / `search` for pin and unpin.
  item.contextValue = isPinned(summary) ? 'search.pinned' : 'search';
  return item;
}

function groupItem(searchId: string, group: ResultGroup): vscode.TreeItem {
  const empty = group.results.length === 0;
  const item = new vscode.TreeItem(kindWords(group.kind), empty ? vscode.TreeItemCollapsibleState.None : vscode.TreeItemCollapsibleState.Expanded);
  item.id = `${searchId}/${group.kind}`;
  item.description = empty ? vscode.l10n.t('no results') : new Intl.NumberFormat(safeLocale(vscode.env.language)).format(group.results.length);
  item.iconPath = new vscode.ThemeIcon(GROUP_ICONS[group.kind]);
  item.contextValue = 'group';
  return item;
}

function resultItem(node: SearchTreeNode & { type: 'result' }): vscode.TreeItem {
  const label = resultTitleWords(shownTitle(node.typed));
  const item = new vscode.TreeItem(label, vscode.TreeItemCollapsibleState.None);
  item.id = `${node.searchId}/${node.kind}/${node.index}`;
  item.description = resultHostWords(resultHost(node.typed));
  item.tooltip = plainTooltip(resultTooltipWords(resultTooltip(node.typed, { previewImages: previewImagesSetting() })));
  item.iconPath = new vscode.ThemeIcon(resultIcon(node.typed));
  item.contextValue = resultContextValue(node.typed);
  item.accessibilityInformation = { label: vscode.l10n.t('{0}, {1}', label, item.description) };
  // A click opens the tab VS Code's way (a preview tab, kept by a double click); the row's Open
  // Markdown action (inline and in its menu) runs webData.openMarkdown, which keeps its tab.
  item.command = openRowCommand(resultDocumentUri(node, chooseFormat(node.typed, 'markdown'), node.query), vscode.l10n.t('Open Markdown'));
  return item;
}

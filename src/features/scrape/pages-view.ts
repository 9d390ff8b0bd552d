// The kept pages in the Search Results view: a group of their own after the searches (the search
// view places it; this draws it). Each row: the page's title, its host, who asked and what it cost;
// a click opens its tab. The folder is read when the view first asks, never at activation; then
// again after each page this window keeps, pins or removes, and when the window gets the focus
// (another window may have kept a page): the rows change only when what is kept changed. A folder
// that cannot be listed keeps the rows shown.
import * as vscode from 'vscode';
import { ContextKey } from '../../core/ids';
import { matchesSearch } from '../../core/search/filter';
import { pinnedPagesFirst, type PageSummary, type ScrapedPages } from '../../core/scrape/store';
import { inertLabel } from '../../core/text/inert';
import type { SearchTreeNode } from '../../core/view-nodes';
import { Disposable } from '../../platform/disposable';
import { plainTooltip } from '../../platform/markdown';
import { openRowCommand } from '../../platform/open-row';
import type { ViewGroup } from '../../platform/group-tree';
import type { ScrapedPageDocuments } from './documents';
import { pageDescriptionWords, pageTooltipWords, words } from './words';

type PagesNode = SearchTreeNode & { type: 'pages' };

export class PagesView extends Disposable implements ViewGroup {
  private readonly changed = this._register(new vscode.EventEmitter<void>());
  readonly onDidChange = this.changed.event;
  /** The rows as last listed; undefined until the view first asks. */
  private rows: PageSummary[] | undefined;
  private group: PagesNode | undefined;
  private refreshing: Promise<void> = Promise.resolve();

  constructor(private readonly pages: ScrapedPages, private readonly documents: ScrapedPageDocuments) {
    super();
    this._register(vscode.window.onDidChangeWindowState((state) => {
      if (state.focused && this.rows) void this.refresh();
    }));
  }

  /** Reads the folder again and redraws the group when what is kept changed. */
  refresh(): Promise<void> {
    // One after the other: a refresh asked after a change lists the folder after that change.
    this.refreshing = this.refreshing.then(async () => {
      const listed = await this.pages.summaries();
      if (!listed) return;
      const before = this.rows;
      this.rows = listed;
      if (!before || signature(before) !== signature(listed)) this.changed.fire();
    }).catch(() => undefined);
    return this.refreshing;
  }

  /** The kept pages as last listed (read once when nothing was listed yet). */
  async list(): Promise<readonly PageSummary[]> {
    this.rows ??= (await this.pages.summaries()) ?? [];
    return this.rows;
  }

  owns(node: SearchTreeNode): boolean {
    return node.type === 'pages' || node.type === 'page';
  }

  async root(filter: readonly string[]): Promise<SearchTreeNode | undefined> {
    const all = await this.list();
    this.setHasPages(all.length > 0);
    const shown = matching(all, filter);
    // The same row while its count holds: VS Code and getParent see one group.
    if (shown.length === 0) this.group = undefined;
    else if (this.group?.count !== shown.length) this.group = { type: 'pages', count: shown.length };
    return this.group;
  }

  private hasPages: boolean | undefined;

  /** webData.hasPages: Clear Pages shows in the palette only when there is something to clear. */
  private setHasPages(value: boolean): void {
    if (value === this.hasPages) return;
    this.hasPages = value;
    void vscode.commands.executeCommand('setContext', ContextKey.hasPages, value);
  }

  async children(node: SearchTreeNode, filter: readonly string[]): Promise<SearchTreeNode[]> {
    if (node.type !== 'pages') return [];
    return pinnedPagesFirst(matching(await this.list(), filter)).map((page) => ({ type: 'page' as const, page }));
  }

  parent(node: SearchTreeNode): SearchTreeNode | undefined {
    return node.type === 'page' ? this.group : undefined;
  }

  item(node: SearchTreeNode): vscode.TreeItem {
    if (node.type === 'pages') {
      const item = new vscode.TreeItem(words.pagesGroup(), vscode.TreeItemCollapsibleState.Collapsed);
      item.id = 'kept-pages';
      item.description = String(node.count);
      item.tooltip = words.pagesGroupTooltip();
      item.iconPath = new vscode.ThemeIcon('files');
      // Not `page…`: the rows' menus match `viewItem =~ /^page/`.
      item.contextValue = 'keptPages';
      return item;
    }
    if (node.type !== 'page') return new vscode.TreeItem('');
    const { page } = node;
    const label = inertLabel(page.title) || inertLabel(page.finalUrl);
    const item = new vscode.TreeItem(label, vscode.TreeItemCollapsibleState.None);
    item.id = `page/${page.id}`;
    item.description = inertLabel(pageDescriptionWords(page));
    item.tooltip = plainTooltip(pageTooltipWords(page));
    item.iconPath = new vscode.ThemeIcon(page.pinned === true ? 'pinned' : 'markdown');
    // Menus match `viewItem =~ /^page/`, and `page` / `page.pinned` for pin and unpin.
    item.contextValue = page.pinned === true ? 'page.pinned' : 'page';
    item.accessibilityInformation = { label: vscode.l10n.t('{0}, {1}', label, item.description) };
    item.command = openRowCommand(this.documents.address(page), words.openPage());
    return item;
  }
}

function matching(pages: readonly PageSummary[], filter: readonly string[]): PageSummary[] {
  return pages.filter((page) => matchesSearch(filter, page.title, [page.finalUrl]));
}

/** What the rows show: which pages, in which order, pinned or not. */
function signature(pages: readonly PageSummary[]): string {
  return pages.map((p) => `${p.id}${p.pinned === true ? '+' : ''}`).join(',');
}

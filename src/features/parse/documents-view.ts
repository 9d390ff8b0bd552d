// The kept documents in the Search Results view: a group of their own after the pages (the search
// view places it; this draws it). Each row: the file's name, its path, who asked and what it cost;
// its tooltip the size, when and the content hash; a click opens its tab. The folder is read when
// the view first asks, never at activation; then after each document this window keeps, pins or
// removes, and when the window gets the focus (another window may have kept one).
import * as vscode from 'vscode';
import { matchesSearch } from '../../core/search/filter';
import { pinnedRowsFirst } from '../../core/kept/store';
import type { DocumentSummary, ParsedDocuments } from '../../core/parse/store';
import { inertLabel } from '../../core/text/inert';
import type { SearchTreeNode } from '../../core/view-nodes';
import { Disposable } from '../../platform/disposable';
import { plainTooltip } from '../../platform/markdown';
import { openRowCommand } from '../../platform/open-row';
import type { ViewGroup } from '../../platform/group-tree';
import type { ParsedDocumentTabs } from './documents';
import { documentDescriptionWords, documentTooltipWords, words } from './words';

type DocumentsNode = SearchTreeNode & { type: 'documents' };

export class DocumentsView extends Disposable implements ViewGroup {
  private readonly changed = this._register(new vscode.EventEmitter<void>());
  readonly onDidChange = this.changed.event;
  private rows: DocumentSummary[] | undefined;
  private group: DocumentsNode | undefined;
  private refreshing: Promise<void> = Promise.resolve();

  constructor(private readonly documents: ParsedDocuments, private readonly tabs: ParsedDocumentTabs) {
    super();
    this._register(vscode.window.onDidChangeWindowState((state) => {
      if (state.focused && this.rows) void this.refresh();
    }));
  }

  /** Reads the folder again and redraws the group when what is kept changed. */
  refresh(): Promise<void> {
    this.refreshing = this.refreshing.then(async () => {
      const listed = await this.documents.summaries();
      if (!listed) return;
      const before = this.rows;
      this.rows = listed;
      if (!before || signature(before) !== signature(listed)) this.changed.fire();
    }).catch(() => undefined);
    return this.refreshing;
  }

  /** The kept documents as last listed (read once when nothing was listed yet). */
  async list(): Promise<readonly DocumentSummary[]> {
    this.rows ??= (await this.documents.summaries()) ?? [];
    return this.rows;
  }

  owns(node: SearchTreeNode): boolean {
    return node.type === 'documents' || node.type === 'document';
  }

  async root(filter: readonly string[]): Promise<SearchTreeNode | undefined> {
    const shown = matching(await this.list(), filter);
    if (shown.length === 0) this.group = undefined;
    else if (this.group?.count !== shown.length) this.group = { type: 'documents', count: shown.length };
    return this.group;
  }

  async children(node: SearchTreeNode, filter: readonly string[]): Promise<SearchTreeNode[]> {
    if (node.type !== 'documents') return [];
    return pinnedRowsFirst(matching(await this.list(), filter)).map((document) => ({ type: 'document' as const, document }));
  }

  parent(node: SearchTreeNode): SearchTreeNode | undefined {
    return node.type === 'document' ? this.group : undefined;
  }

  item(node: SearchTreeNode): vscode.TreeItem {
    if (node.type === 'documents') {
      const item = new vscode.TreeItem(words.documentsGroup(), vscode.TreeItemCollapsibleState.Collapsed);
      item.id = 'kept-documents';
      item.description = String(node.count);
      item.tooltip = words.documentsGroupTooltip();
      item.iconPath = new vscode.ThemeIcon('file-pdf');
      // Not `document…`: the rows' menus match `viewItem =~ /^document/`.
      item.contextValue = 'keptDocuments';
      return item;
    }
    if (node.type !== 'document') return new vscode.TreeItem('');
    const { document } = node;
    const label = inertLabel(document.fileName);
    const item = new vscode.TreeItem(label, vscode.TreeItemCollapsibleState.None);
    item.id = `document/${document.id}`;
    item.description = inertLabel(documentDescriptionWords(document));
    item.tooltip = plainTooltip(documentTooltipWords(document));
    item.iconPath = new vscode.ThemeIcon(document.pinned === true ? 'pinned' : 'file-text');
    item.contextValue = document.pinned === true ? 'document.pinned' : 'document';
    item.accessibilityInformation = { label: vscode.l10n.t('{0}, {1}', label, item.description) };
    item.command = openRowCommand(this.tabs.address(document), words.openDocument());
    return item;
  }
}

function matching(rows: readonly DocumentSummary[], filter: readonly string[]): DocumentSummary[] {
  return rows.filter((row) => matchesSearch(filter, row.fileName, [row.relativePath]));
}

function signature(rows: readonly DocumentSummary[]): string {
  return rows.map((r) => `${r.id}${r.pinned === true ? '+' : ''}`).join(',');
}

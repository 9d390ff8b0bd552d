// One group of kept things in a group view (./group-tree.ts): the scraped pages, the converted
// documents, the extracted data and research. Each family passes in what is its own (where its rows
// are listed from, its nodes, its filter, its order, how a row is drawn); the rest is this one
// skeleton: the rows listed when the view first asks (../core/kept/listing.ts), again on a refresh
// and when the window gets the focus, the group's row kept while its count holds (VS Code and
// getParent see one group), and the group's and the rows' items made alike.
import * as vscode from 'vscode';
import { KeptListing, type KeptListingSource } from '../core/kept/listing';
import type { SearchTreeNode } from '../core/view-nodes';
import { Disposable } from './disposable';
import { openRowCommand } from './open-row';
import { groupRowItem, type GroupRow, type ViewGroup } from './group-tree';

/** A kept row: its words (inert already), its icon and context value, and the tab a click opens. */
export interface KeptRowItem {
  label: string;
  id: string;
  description: string;
  tooltip: vscode.MarkdownString;
  icon: string;
  contextValue: string;
  open: vscode.Uri;
  openTitle: string;
}

export function keptRowItem(row: KeptRowItem): vscode.TreeItem {
  const item = new vscode.TreeItem(row.label, vscode.TreeItemCollapsibleState.None);
  item.id = row.id;
  item.description = row.description;
  item.tooltip = row.tooltip;
  item.iconPath = new vscode.ThemeIcon(row.icon);
  item.contextValue = row.contextValue;
  item.accessibilityInformation = { label: vscode.l10n.t('{0}, {1}', row.label, row.description) };
  item.command = openRowCommand(row.open, row.openTitle);
  return item;
}

type GroupNode = SearchTreeNode & { count: number };

/** What one family of kept things is to its group. */
export interface KeptFamily<Row, G extends GroupNode, N extends SearchTreeNode> {
  source: KeptListingSource<Row>;
  group(count: number): G;
  isGroup(node: SearchTreeNode): node is G;
  row(row: Row): N;
  isRow(node: SearchTreeNode): node is N;
  /** Whether a row shows under the view's filter words. */
  matches(row: Row, filter: readonly string[]): boolean;
  /** The rows' order under the group (pinned first); as listed when not given. */
  order?(rows: Row[]): Row[];
  groupRow(): GroupRow;
  item(node: N): vscode.TreeItem;
  /** Every row listed, each time the group's row is asked (a context key follows whether any is kept). */
  listed?(rows: readonly Row[]): void;
}

export class KeptGroup<Row, G extends GroupNode, N extends SearchTreeNode> extends Disposable implements ViewGroup {
  private readonly changed = this._register(new vscode.EventEmitter<void>());
  readonly onDidChange = this.changed.event;
  private readonly listing: KeptListing<Row>;
  private group: G | undefined;

  constructor(private readonly family: KeptFamily<Row, G, N>) {
    super();
    this.listing = new KeptListing(family.source, () => this.changed.fire());
    this._register(vscode.window.onDidChangeWindowState((state) => {
      if (state.focused && this.listing.listed) void this.refresh();
    }));
  }

  /** Reads the folder again and redraws the group when what is kept changed. */
  refresh(): Promise<void> {
    return this.listing.refresh();
  }

  /** The kept rows as last listed (read once when nothing was listed yet). */
  list(): Promise<readonly Row[]> {
    return this.listing.list();
  }

  owns(node: SearchTreeNode): boolean {
    return this.family.isGroup(node) || this.family.isRow(node);
  }

  async root(filter: readonly string[]): Promise<SearchTreeNode | undefined> {
    const all = await this.list();
    this.family.listed?.(all);
    const count = this.shown(all, filter).length;
    // The same row while its count holds: VS Code and getParent see one group.
    if (count === 0) this.group = undefined;
    else if (this.group?.count !== count) this.group = this.family.group(count);
    return this.group;
  }

  async children(node: SearchTreeNode, filter: readonly string[]): Promise<SearchTreeNode[]> {
    if (!this.family.isGroup(node)) return [];
    const shown = this.shown(await this.list(), filter);
    return (this.family.order?.(shown) ?? shown).map((row) => this.family.row(row));
  }

  parent(node: SearchTreeNode): SearchTreeNode | undefined {
    return this.family.isRow(node) ? this.group : undefined;
  }

  item(node: SearchTreeNode): vscode.TreeItem {
    if (this.family.isGroup(node)) return groupRowItem({ ...this.family.groupRow(), count: node.count });
    return this.family.isRow(node) ? this.family.item(node) : new vscode.TreeItem('');
  }

  private shown(rows: readonly Row[], filter: readonly string[]): Row[] {
    return rows.filter((row) => this.family.matches(row, filter));
  }
}

// A view drawn by groups of other features' rows: Pages, Documents and Data (the scrape feature's
// kept pages, the parse feature's documents, the agent feature's extracted data and research) and
// Watches (the watch feature's, its one group's rows at the top). Each group draws its own rows;
// this places them, registers each row handed to VS Code as the view's (a command knows whose row
// it was given), and passes getParent to the group that made the row.
import * as vscode from 'vscode';
import type { SearchTreeNode } from '../core/view-nodes';
import type { viewRows } from '../core/view-nodes';
import { Disposable } from './disposable';

/** Another feature's rows in a group view. */
export interface ViewGroup {
  /** Whether a row is one this group made (its group row or a row below it). */
  owns(node: SearchTreeNode): boolean;
  /** After the group's rows changed (this window's, or another's seen on focus). */
  readonly onDidChange: vscode.Event<void>;
  /** The group's row, or undefined to show none (nothing kept). */
  root(filter: readonly string[]): Promise<SearchTreeNode | undefined>;
  children(node: SearchTreeNode, filter: readonly string[]): Promise<SearchTreeNode[]>;
  /** The row's item, for the rows this group made. */
  item(node: SearchTreeNode): vscode.TreeItem;
  /** The parent of a row this group made. */
  parent(node: SearchTreeNode): SearchTreeNode | undefined;
}

/** The group's own row: what it is called, its id, hover, icon and menus' context value. */
export interface GroupRow {
  label: string;
  id: string;
  tooltip: string;
  icon: string;
  /** Not the rows' own prefix: their menus match it with `viewItem =~ /^…/`. */
  contextValue: string;
}

/** A group's row with how many rows it holds, collapsed. */
export function groupRowItem(row: GroupRow & { count: number }): vscode.TreeItem {
  const item = new vscode.TreeItem(row.label, vscode.TreeItemCollapsibleState.Collapsed);
  item.id = row.id;
  item.description = String(row.count);
  item.tooltip = row.tooltip;
  item.iconPath = new vscode.ThemeIcon(row.icon);
  item.contextValue = row.contextValue;
  return item;
}

/** Where a group view registers its rows (one of `viewRows`). */
type Rows = (typeof viewRows)['pages' | 'watches'];

export interface GroupTreeOptions {
  /** The view's rows. */
  readonly rows: Rows;
  /**
   * The one group's rows at the top, without its group row: a view named for what that group
   * holds (Watches) would only repeat its name.
   */
  readonly flat?: boolean;
}

const NO_FILTER: readonly string[] = [];

export class GroupTree extends Disposable implements vscode.TreeDataProvider<SearchTreeNode> {
  private readonly changeEmitter = this._register(new vscode.EventEmitter<SearchTreeNode | undefined>());
  readonly onDidChangeTreeData = this.changeEmitter.event;
  private groups: ViewGroup[] = [];

  constructor(private readonly options: GroupTreeOptions) {
    super();
  }

  /** Shows a group after the groups already added. */
  addGroup(group: ViewGroup): vscode.Disposable {
    this.groups = [...this.groups, group];
    const listening = group.onDidChange(() => this.changeEmitter.fire(undefined));
    this.changeEmitter.fire(undefined);
    return new vscode.Disposable(() => {
      listening.dispose();
      this.groups = this.groups.filter((g) => g !== group);
      this.changeEmitter.fire(undefined);
    });
  }

  async getChildren(node?: SearchTreeNode): Promise<SearchTreeNode[]> {
    return this.options.rows.rowsOf(await this.children(node));
  }

  private async children(node?: SearchTreeNode): Promise<SearchTreeNode[]> {
    if (node) return (await this.ownerOf(node)?.children(node, NO_FILTER)) ?? [];
    const rows: SearchTreeNode[] = [];
    for (const group of this.groups) {
      const root = await group.root(NO_FILTER);
      if (!root) continue;
      if (this.options.flat === true) rows.push(...await group.children(root, NO_FILTER));
      else rows.push(root);
    }
    return rows;
  }

  getParent(node: SearchTreeNode): SearchTreeNode | undefined {
    const owner = this.ownerOf(node);
    const parent = owner?.parent(node);
    if (!owner || parent === undefined) return undefined;
    // In a flat view the group's own row (the one with no parent) is not shown: its rows are the top.
    if (this.options.flat === true && owner.parent(parent) === undefined) return undefined;
    return this.options.rows.row(parent);
  }

  getTreeItem(node: SearchTreeNode): vscode.TreeItem {
    return this.ownerOf(node)?.item(node) ?? new vscode.TreeItem('');
  }

  private ownerOf(node: SearchTreeNode): ViewGroup | undefined {
    return this.groups.find((group) => group.owns(node));
  }
}

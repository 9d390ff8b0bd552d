// The Docs Sets view: each kept set with its site, version, page count, size, age, what its crawls
// cost and whether a watch keeps it fresh; below a set, its pages, each opening the kept page (no
// request). Refresh, Open Page List, Keep Fresh… and Remove are on the set's row. Its message (and a
// row of its welcome) names the workspace's dependencies whose docs are not kept. The view reads the
// sets from global storage when it is drawn and again when the window gets the focus (another
// window may have written one).
import * as vscode from 'vscode';
import { viewRows, type DocsNode } from '../../core/view-nodes';
import { inertLabel } from '../../core/text/inert';
import { ContextKey } from '../../core/ids';
import { ContextFlag } from '../../platform/context-flag';
import { Disposable } from '../../platform/disposable';
import { plainTooltip } from '../../platform/markdown';
import type { DocsSets } from './sets';
import type { DocsSuggestions } from './suggestions';
import { setDescription, words } from './words';

/** The site as a row shows it: host and path, without the scheme. */
function siteLabel(siteUrl: string): string {
  return siteUrl.replace(/^https?:\/\//, '').replace(/\/$/, '');
}

/** The dependencies the view's message names; the rest are counted. */
const NAMED_SUGGESTIONS = 5;

export class DocsTree extends Disposable implements vscode.TreeDataProvider<DocsNode> {
  private readonly changeEmitter = this._register(new vscode.EventEmitter<undefined>());
  readonly onDidChangeTreeData = this.changeEmitter.event;
  private treeView: vscode.TreeView<DocsNode> | undefined;
  private readonly suggested = new ContextFlag(ContextKey.docsSuggested);
  /** The view's message as last set: the workspace's dependencies with docs not kept, or none. */
  message: string | undefined;

  /** `address`: a kept page's tab address, which a page row's click opens (no command of its own). */
  constructor(
    private readonly sets: DocsSets,
    private readonly suggestions: DocsSuggestions,
    private readonly address: (setId: string, url: string, title: string) => vscode.Uri,
  ) {
    super();
    this._register(sets.onDidChange(() => this.changeEmitter.fire(undefined)));
    this._register(vscode.window.onDidChangeWindowState((state) => { if (state.focused) sets.refresh(); }));
  }

  /** The view this draws: its message names the workspace's suggestions. */
  show(view: vscode.TreeView<DocsNode>): void {
    this.treeView = view;
  }

  /**
   * The welcome's suggestions (read on this machine, nothing sent): a context key shows the welcome's
   * Add Docs… row for them, and the view's message names them with their versions.
   */
  async suggest(): Promise<string | undefined> {
    let found: Awaited<ReturnType<DocsSuggestions['list']>> = [];
    try {
      found = await this.suggestions.list();
    } catch {
      // A workspace that cannot be read suggests nothing.
    }
    const names = found.slice(0, NAMED_SUGGESTIONS).map((s) => inertLabel(`${s.name} ${s.version}`, 60));
    this.message = found.length === 0 ? undefined : words.suggestedMessage(names, found.length - names.length);
    this.suggested.set(found.length > 0);
    if (this.treeView) this.treeView.message = this.message;
    return this.message;
  }

  async getChildren(node?: DocsNode): Promise<DocsNode[]> {
    if (!node) {
      void this.suggest();
      return viewRows.docsSets.rowsOf((await this.sets.list()).map((set): DocsNode => ({ type: 'docsSet', set })));
    }
    if (node.type !== 'docsSet') return [];
    const set = await this.sets.get(node.set.meta.id);
    const pages = (set?.pages ?? []).sort((a, b) => a.title.localeCompare(b.title));
    return viewRows.docsSets.rowsOf(pages.map((page): DocsNode => ({ type: 'docsPage', setId: node.set.meta.id, url: page.url, title: page.title })));
  }

  getTreeItem(node: DocsNode): vscode.TreeItem {
    if (node.type === 'docsSet') {
      const { meta, bytes, pages } = node.set;
      const item = new vscode.TreeItem(inertLabel(siteLabel(meta.siteUrl), 120), vscode.TreeItemCollapsibleState.Collapsed);
      item.id = `docs:${meta.id}`;
      const partial = meta.lastCrawl !== undefined && meta.lastCrawl.status !== 'completed' ? words.lastCrawl(meta.lastCrawl.status) : undefined;
      item.description = setDescription({
        ...(meta.version !== undefined ? { version: inertLabel(meta.version, 40) } : {}), pages, bytes, updatedAt: meta.updatedAt,
        ...(meta.creditsUsed !== undefined ? { creditsUsed: meta.creditsUsed } : {}), ...(partial !== undefined ? { partial } : {}),
        fresh: meta.watchId !== undefined,
      });
      item.tooltip = plainTooltip({ heading: siteLabel(meta.siteUrl), paragraphs: [meta.siteUrl, item.description] });
      item.iconPath = new vscode.ThemeIcon(this.sets.isCrawling(meta.id) ? 'sync~spin' : meta.watchId !== undefined ? 'eye' : 'book');
      item.contextValue = 'docsSet';
      return item;
    }
    const item = new vscode.TreeItem(inertLabel(node.title, 200), vscode.TreeItemCollapsibleState.None);
    item.id = `docs:${node.setId}:${node.url}`;
    item.description = inertLabel(node.url.replace(/^https?:\/\/[^/]+/, ''), 120);
    item.tooltip = plainTooltip({ paragraphs: [node.title, node.url] });
    item.iconPath = new vscode.ThemeIcon('file');
    item.contextValue = 'docsPage';
    item.command = { command: 'vscode.open', title: inertLabel(node.title, 80), arguments: [this.address(node.setId, node.url, node.title)] };
    return item;
  }
}

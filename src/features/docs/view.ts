// The Docs Sets view: each kept set with its site, version, page count, size, age and what its
// crawls cost; below it its pages, each opening the kept page (no request). Refresh, Remove and
// Open Page List are on the set's row. The view reads the sets from global storage when it is
// drawn and again when the window gets the focus (another window may have written one).
import * as vscode from 'vscode';
import { viewRows, type DocsNode } from '../../core/view-nodes';
import { inertLabel } from '../../core/text/inert';
import { Disposable } from '../../platform/disposable';
import { plainTooltip } from '../../platform/markdown';
import type { DocsSets } from './sets';
import { setDescription, words } from './words';

/** The site as a row shows it: host and path, without the scheme. */
function siteLabel(siteUrl: string): string {
  return siteUrl.replace(/^https?:\/\//, '').replace(/\/$/, '');
}

export class DocsTree extends Disposable implements vscode.TreeDataProvider<DocsNode> {
  private readonly changeEmitter = this._register(new vscode.EventEmitter<undefined>());
  readonly onDidChangeTreeData = this.changeEmitter.event;

  /** `address`: a kept page's tab address, which a page row's click opens (no command of its own). */
  constructor(private readonly sets: DocsSets, private readonly address: (setId: string, url: string, title: string) => vscode.Uri) {
    super();
    this._register(sets.onDidChange(() => this.changeEmitter.fire(undefined)));
    this._register(vscode.window.onDidChangeWindowState((state) => { if (state.focused) sets.refresh(); }));
  }

  async getChildren(node?: DocsNode): Promise<DocsNode[]> {
    if (!node) return viewRows.docsSets.rowsOf((await this.sets.list()).map((set): DocsNode => ({ type: 'docsSet', set })));
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
      });
      item.tooltip = plainTooltip({ heading: siteLabel(meta.siteUrl), paragraphs: [meta.siteUrl, item.description] });
      item.iconPath = new vscode.ThemeIcon(this.sets.isCrawling(meta.id) ? 'sync~spin' : 'book');
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

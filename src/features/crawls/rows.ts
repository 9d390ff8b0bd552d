// The Active Crawls rows: one per crawl (URL, short id and formats), its scrape options as
// children, nested where an option is a list or an object.
import * as vscode from 'vscode';
import type { ActiveCrawl } from '../../core/api';
import { crawlDescription, crawlTooltipLines, describeScrapeOptions, type OptionNode } from '../../core/crawls';
import { plainTooltip } from '../../platform/markdown';

/** A crawl row. `url` is what the shared webData.openInBrowser / copyUrl handlers read. */
export interface CrawlNode {
  readonly kind: 'crawl';
  readonly id: string;
  readonly url: string;
  readonly crawl: ActiveCrawl;
}

export interface CrawlOptionNode {
  readonly kind: 'option';
  /** Stable across refreshes, so expanded rows stay expanded. */
  readonly key: string;
  readonly option: OptionNode;
}

export type CrawlTreeNode = CrawlNode | CrawlOptionNode;

export function crawlNode(crawl: ActiveCrawl): CrawlNode {
  return { kind: 'crawl', id: crawl.id, url: crawl.url, crawl };
}

function optionNodes(parentKey: string, options: OptionNode[]): CrawlOptionNode[] {
  return options.map((option, index) => ({ kind: 'option', key: `${parentKey}/${index}:${option.label}`, option }));
}

/**
 * The rows and how they look, in the lazily loaded dist/ui.js: created when the view first asks
 * for rows. The view (view.ts) owns the change event.
 */
export class CrawlsTreeProvider implements vscode.TreeDataProvider<CrawlTreeNode> {
  constructor(private readonly crawls: () => readonly ActiveCrawl[]) {}

  getChildren(element?: CrawlTreeNode): CrawlTreeNode[] {
    if (!element) return this.crawls().map(crawlNode);
    if (element.kind === 'crawl') return optionNodes(`crawl:${element.id}`, describeScrapeOptions(element.crawl.options?.scrapeOptions));
    return optionNodes(element.key, element.option.children ?? []);
  }

  getTreeItem(element: CrawlTreeNode): vscode.TreeItem {
    if (element.kind === 'crawl') {
      const hasOptions = describeScrapeOptions(element.crawl.options?.scrapeOptions).length > 0;
      const item = new vscode.TreeItem(element.url, hasOptions ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None);
      item.id = `crawl:${element.id}`;
      item.description = crawlDescription(element.crawl);
      const [heading = element.url, ...lines] = crawlTooltipLines(element.crawl);
      // The ids, then the options: two tight blocks, not a paragraph per option.
      const ids = lines.filter((line) => /^(Crawl ID|Team): /.test(line));
      item.tooltip = plainTooltip(heading, [ids, lines.filter((line) => !ids.includes(line))]);
      item.contextValue = 'crawl';
      item.iconPath = new vscode.ThemeIcon('globe');
      item.accessibilityInformation = { label: `Crawl of ${element.url}, ${item.description}` };
      return item;
    }
    const { option } = element;
    const item = new vscode.TreeItem(option.label, option.children?.length ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None);
    item.id = element.key;
    item.description = option.value;
    item.tooltip = option.value !== undefined ? `${option.label}: ${option.value}` : option.label;
    item.contextValue = 'crawlOption';
    return item;
  }
}

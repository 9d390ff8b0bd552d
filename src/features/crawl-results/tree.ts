// The Crawl Results rows: one per job (status, pages done of total, credits, expiry), under it
// one per page (title, address, status code), the failed and robots-blocked pages in groups of
// their own, and a "load more" row while a cursor remains. Rows are plain data; every title,
// address and service text passes through the inert helpers before it is shown.
import * as vscode from 'vscode';
import type { JobRef } from '../../core/crawls/job';
import { pageAddress, pageTitle } from '../../core/crawls/pages';
import type { CrawlJobState, CrawlResultsService } from '../../core/crawls/results';
import { Schemes } from '../../core/schemes';
import { Command } from '../../core/ids';
import { inertLabel } from '../../core/text/inert';
import { viewRows, type ResultsNode } from '../../core/view-nodes';
import { plainTooltip } from '../../platform/markdown';
import { openRowCommand } from '../../platform/open-row';
import { groupWords, jobDescriptionWords, jobLabelWords, jobTooltipLines, loadMoreWords, pageDescriptionWords } from './words';

export type { ResultsNode } from '../../core/view-nodes';

const key = (ref: JobRef): string => `${ref.kind}:${ref.id}`;

export class CrawlResultsTree implements vscode.TreeDataProvider<ResultsNode>, vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<ResultsNode | undefined>();
  readonly onDidChangeTreeData = this.emitter.event;
  private readonly subscription: { dispose(): void };

  constructor(
    private readonly service: CrawlResultsService,
    /** The start address of a crawl, when the Active Crawls list named it. */
    private readonly urlOf: (ref: JobRef) => string | undefined,
  ) {
    this.subscription = service.onDidChange(() => this.emitter.fire(undefined));
  }

  dispose(): void {
    this.subscription.dispose();
    this.emitter.dispose();
  }

  /** Every row handed to VS Code is registered, so a command knows it for a row of this view. */
  getChildren(node?: ResultsNode): ResultsNode[] {
    return viewRows.crawlResults.rowsOf(this.children(node));
  }

  private children(node?: ResultsNode): ResultsNode[] {
    if (!node) return this.service.all.map((job) => ({ kind: 'job', id: job.ref.id, ref: job.ref }));
    const job = 'ref' in node ? this.service.get(node.ref) : 'job' in node ? this.service.get(node.job) : undefined;
    if (!job) return [];
    if (node.kind === 'job') {
      const rows: ResultsNode[] = job.pages.map((row) => ({ kind: 'crawlPage', job: job.ref, index: row.index, ...(row.url ? { url: row.url } : {}), row }));
      if (job.failures?.length) rows.push({ kind: 'group', job: job.ref, group: 'failed' });
      if (job.robotsBlocked?.length) rows.push({ kind: 'group', job: job.ref, group: 'robots' });
      if (job.cursor) rows.push({ kind: 'more', job: job.ref });
      return rows;
    }
    if (node.kind === 'group' && node.group === 'failed') return (job.failures ?? []).map((error, position) => ({ kind: 'failedPage', job: job.ref, url: error.url, error, position }));
    if (node.kind === 'group') return (job.robotsBlocked ?? []).map((url, position) => ({ kind: 'blockedPage', job: job.ref, url, position }));
    return [];
  }

  getTreeItem(node: ResultsNode): vscode.TreeItem {
    switch (node.kind) {
      case 'job': {
        const job = this.service.get(node.ref);
        const item = new vscode.TreeItem(inertLabel(job ? jobLabelWords(job, this.urlOf(node.ref)) : node.id), vscode.TreeItemCollapsibleState.Expanded);
        item.id = `job:${key(node.ref)}`;
        if (job) {
          item.description = inertLabel(jobDescriptionWords(job));
          item.tooltip = plainTooltip({ heading: item.label as string, paragraphs: [jobTooltipLines(job)] });
          item.contextValue = `crawlJob.${node.ref.kind}.${job.status === 'scraping' ? 'scraping' : 'finished'}`;
          item.iconPath = new vscode.ThemeIcon(job.status === 'scraping' ? 'sync' : job.status === 'completed' ? 'pass' : job.status === 'failed' ? 'error' : 'circle-slash');
        }
        return item;
      }
      case 'crawlPage': {
        const title = inertLabel(pageTitle(node.row));
        const item = new vscode.TreeItem(title, vscode.TreeItemCollapsibleState.None);
        item.id = `page:${key(node.job)}:${node.index}`;
        item.description = inertLabel(pageDescriptionWords(node.row.url, node.row.statusCode), 300);
        item.tooltip = plainTooltip({ heading: pageTitle(node.row), paragraphs: [[node.row.url ?? '', pageDescriptionWords(undefined, node.row.statusCode)].filter((l) => l !== '')] });
        item.contextValue = 'crawlPage';
        item.iconPath = new vscode.ThemeIcon(node.row.statusCode !== undefined && node.row.statusCode >= 400 ? 'warning' : 'markdown');
        // A click opens the page as VS Code opens files (a preview tab, kept by a double click); the
        // row's Open Page action runs webData.openCrawlPage, which keeps its tab.
        item.command = openRowCommand(vscode.Uri.from({ scheme: Schemes.crawlPage.scheme, path: pageAddress(node.job, node.row) }), vscode.l10n.t('Open Page'));
        return item;
      }
      case 'group': {
        const job = this.service.get(node.job);
        const n = node.group === 'failed' ? job?.failures?.length ?? 0 : job?.robotsBlocked?.length ?? 0;
        const item = new vscode.TreeItem(groupWords(node.group, n), vscode.TreeItemCollapsibleState.Collapsed);
        item.id = `group:${key(node.job)}:${node.group}`;
        item.iconPath = new vscode.ThemeIcon(node.group === 'failed' ? 'error' : 'shield');
        return item;
      }
      case 'failedPage': {
        const item = new vscode.TreeItem(inertLabel(node.url), vscode.TreeItemCollapsibleState.None);
        item.id = `failed:${key(node.job)}:${node.position}`;
        item.description = inertLabel([node.error.code, node.error.error].filter(Boolean).join(' · '), 300);
        item.tooltip = plainTooltip({ heading: node.url, paragraphs: [[node.error.code ?? '', node.error.error ?? ''].filter((l) => l !== '')] });
        return item;
      }
      case 'blockedPage': {
        const item = new vscode.TreeItem(inertLabel(node.url), vscode.TreeItemCollapsibleState.None);
        item.id = `blocked:${key(node.job)}:${node.position}`;
        item.tooltip = plainTooltip({ heading: node.url, paragraphs: [] });
        return item;
      }
      case 'more': {
        const job = this.service.get(node.job);
        const item = new vscode.TreeItem(job ? loadMoreWords(job) : '…', vscode.TreeItemCollapsibleState.None);
        item.id = `more:${key(node.job)}`;
        item.iconPath = new vscode.ThemeIcon('ellipsis');
        item.command = { command: Command.loadMoreCrawlResults, title: loadMoreWords(job ?? ({ status: 'completed' } as CrawlJobState)), arguments: [node.job] };
        return item;
      }
    }
  }
}

// The rows of the crawls and batch scrapes opened here, as the Jobs view shows them (issue 46: one
// view for jobs, src/features/crawls draws it): one per job the active list does not hold (status,
// pages done of total, credits, when it ended), under it, or under its running crawl's row, one per
// page (title, address, status code), the failed and robots-blocked pages in groups of their own,
// and a "load more" row while a cursor remains. Rows are plain data; every title, address and
// service text passes through the inert helpers before it is shown.
import * as vscode from 'vscode';
import type { JobRef, JobStart } from '../../core/crawls/job';
import { jobRows } from '../../core/crawls/job-rows';
import { pageAddress, pageTitle } from '../../core/crawls/pages';
import { hasEnded, type CrawlJobState, type CrawlResultsService } from '../../core/crawls/results';
import { Schemes } from '../../core/schemes';
import { Command } from '../../core/ids';
import { inertLabel } from '../../core/text/inert';
import type { ResultsNode } from '../../core/view-nodes';
import { plainTooltip } from '../../platform/markdown';
import { openRowCommand } from '../../platform/open-row';
import { groupWords, jobDescriptionWords, jobLabelWords, jobTooltipLines, loadMoreWords, pageDescriptionWords } from './words';

export type { ResultsNode } from '../../core/view-nodes';

const key = (ref: JobRef): string => `${ref.kind}:${ref.id}`;

/** What the Jobs view asks of this feature (src/features/crawls/rows.ts's JobResultsSource). */
export class JobResultsRows implements vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<void>();
  readonly onDidChange = this.emitter.event;
  private readonly subscription: { dispose(): void };

  constructor(
    private readonly service: CrawlResultsService,
    /** Where a job started, when this window learnt it (the active list's row, the start here). */
    private readonly startOf: (ref: JobRef) => JobStart | undefined,
  ) {
    this.subscription = service.onDidChange(() => this.emitter.fire());
  }

  dispose(): void {
    this.subscription.dispose();
    this.emitter.dispose();
  }

  /** The jobs' rows below the running crawls: running first, then the recent finished ones. */
  jobs(activeCrawlIds: ReadonlySet<string>): ResultsNode[] {
    return jobRows(this.service.all, activeCrawlIds).map((job) => ({ kind: 'job', id: job.ref.id, ref: job.ref }));
  }

  /** Whether the job was opened here: a running crawl's row then holds its pages. */
  opened(ref: JobRef): boolean {
    return this.service.get(ref) !== undefined;
  }

  children(node: ResultsNode): ResultsNode[] {
    const job = 'ref' in node ? this.service.get(node.ref) : this.service.get(node.job);
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

  /** The row a page, a group or Load More is under; a job's row is under none (the caller knows a running crawl's). */
  parent(node: ResultsNode): ResultsNode | undefined {
    if (node.kind === 'job') return undefined;
    if (node.kind === 'failedPage') return { kind: 'group', job: node.job, group: 'failed' };
    if (node.kind === 'blockedPage') return { kind: 'group', job: node.job, group: 'robots' };
    return { kind: 'job', id: node.job.id, ref: node.job };
  }

  item(node: ResultsNode): vscode.TreeItem {
    switch (node.kind) {
      case 'job': {
        const job = this.service.get(node.ref);
        // Collapsed: up to twenty of them; opening one (its command, its row's action) expands it.
        const item = new vscode.TreeItem(inertLabel(job ? jobLabelWords(job, this.startOf(node.ref)) : node.id), vscode.TreeItemCollapsibleState.Collapsed);
        item.id = `job:${key(node.ref)}`;
        if (job) {
          item.description = inertLabel(jobDescriptionWords(job));
          item.tooltip = plainTooltip({ heading: item.label as string, paragraphs: [jobTooltipLines(job)] });
          const running = !hasEnded(job);
          item.contextValue = `crawlJob.${node.ref.kind}.${running ? 'scraping' : 'finished'}`;
          item.iconPath = new vscode.ThemeIcon(running ? 'sync' : job.status === 'completed' ? 'pass' : job.status === 'failed' ? 'error' : 'circle-slash');
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

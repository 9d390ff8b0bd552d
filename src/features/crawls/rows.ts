// The Jobs rows (issue 46: one view for jobs): the browser sessions' group, the research runs,
// one row per active crawl (URL; how far it is, as its status said when it was last read, else the
// short id and formats), then the crawls and batch scrapes opened here that the active list does
// not hold, running first, then the recent finished ones (the crawl-results feature draws those).
// A crawl's children: its pages when it was opened here, then its scrape options, nested where an
// option is a list or an object: one click away, not in the hover, which says only how many there
// are. URLs and options are the service's data: labels, descriptions and tooltips pass through the
// inert helpers.
import * as vscode from 'vscode';
import type { ActiveCrawl } from '../../core/api';
import { crawlDescription, describeScrapeOptions, type OptionNode } from '../../core/crawls';
import { crawlProgress, type CrawlProgressBook } from '../../core/crawls/progress';
import { inertLabel } from '../../core/text/inert';
import type { JobRef } from '../../core/crawls/job';
import { isResultsNode, viewRows, type CrawlNode, type CrawlOptionNode, type CrawlTreeNode, type ResearchRunRow, type ResultsNode, type TeamNode } from '../../core/view-nodes';
import { plainTooltip } from '../../platform/markdown';
import { teamItem } from './team';
import { crawlAccessibilityWords, crawlDescriptionWords, crawlTooltipWords, optionLabelWords, optionLineWords, optionValueWords, researchDescriptionWords, researchTooltipWords } from './words';

export type { CrawlTreeNode } from '../../core/view-nodes';

/** The Browser Sessions group as the browser feature draws it: the ids in order, and each row's item. */
export interface BrowserSessionSource {
  sessionIds(): readonly string[];
  groupItem(): vscode.TreeItem;
  sessionItem(id: string): vscode.TreeItem;
  readonly onDidChange: vscode.Event<void>;
}

/** The crawls and batch scrapes opened here, as the crawl-results feature draws them. */
export interface JobResultsSource {
  /** The jobs' rows below the running crawls: those the active list does not hold, running first. */
  jobs(activeCrawlIds: ReadonlySet<string>): ResultsNode[];
  /** Whether a job was opened here (a running crawl's row then holds its pages). */
  opened(ref: JobRef): boolean;
  children(node: ResultsNode): ResultsNode[];
  /** The row a page, group or Load More is under (a job's own row: none). */
  parent(node: ResultsNode): ResultsNode | undefined;
  item(node: ResultsNode): vscode.TreeItem;
  readonly onDidChange: vscode.Event<void>;
}

function crawlNode(crawl: ActiveCrawl): CrawlNode {
  return { kind: 'crawl', id: crawl.id, url: crawl.url, crawl };
}

const crawlRef = (crawl: CrawlNode): JobRef => ({ id: crawl.id.toLowerCase(), kind: 'crawl' });

function optionNodes(parentKey: string, options: OptionNode[]): CrawlOptionNode[] {
  return options.map((option, index) => ({ kind: 'option', key: `${parentKey}/${index}:${option.name}`, option }));
}

/** The rows and how they look; the view (view.ts) says when the list changed. */
export class CrawlsTreeProvider implements vscode.TreeDataProvider<CrawlTreeNode>, vscode.Disposable {
  private readonly changeEmitter = new vscode.EventEmitter<void>();
  readonly onDidChangeTreeData = this.changeEmitter.event;
  private readonly progressSubscription: { dispose(): void };

  constructor(
    private readonly crawls: () => readonly ActiveCrawl[],
    /** How far each crawl is, as last read: a read redraws the rows. */
    private readonly progress: CrawlProgressBook = crawlProgress,
    /** The research runs followed in this window, above the crawls (none until the agent feature shows them). */
    private readonly research: () => readonly ResearchRunRow[] = () => [],
    /** The browser sessions' group, first (none until the browser feature shows it). */
    private readonly browser: () => BrowserSessionSource | undefined = () => undefined,
    /** The jobs opened here, after the running ones (none until the crawl-results feature shows them). */
    private readonly results: () => JobResultsSource | undefined = () => undefined,
    /** The team's recent jobs, last, while connected: read when their group is expanded (issue 49). */
    private readonly team?: { shown(): boolean; children(): Promise<TeamNode[]> },
  ) {
    this.progressSubscription = progress.onDidChange((id) => {
      if (this.crawls().some((crawl) => crawl.id.toLowerCase() === id)) this.changed();
    });
  }

  /** Tells the view to ask for every row again. */
  changed(): void {
    this.changeEmitter.fire();
  }

  dispose(): void {
    this.progressSubscription.dispose();
    this.changeEmitter.dispose();
  }

  getChildren(element?: CrawlTreeNode): CrawlTreeNode[] | Promise<CrawlTreeNode[]> {
    // The team's group asks the service only here, when it is expanded.
    if (element?.kind === 'teamGroup') return (this.team?.children() ?? Promise.resolve([])).then((rows) => viewRows.activeCrawls.rowsOf([...rows]));
    return viewRows.activeCrawls.rowsOf(this.children(element));
  }

  /** The row a row is under, for reveal (VS Code asks only then): a job's results rows; the rest are not revealed. */
  getParent(element: CrawlTreeNode): CrawlTreeNode | undefined {
    if (!isResultsNode(element)) return undefined;
    const parent = this.results()?.parent(element);
    if (parent?.kind !== 'job') return parent && viewRows.activeCrawls.row(parent);
    // A running crawl's pages are under its own row.
    const crawl = this.activeCrawl(parent.ref);
    return viewRows.activeCrawls.row(crawl ? crawlNode(crawl) : parent);
  }

  /** The row that holds a job's pages: its crawl's while the active list has it, else its own. */
  jobRow(ref: JobRef): CrawlTreeNode {
    const crawl = this.activeCrawl(ref);
    return viewRows.activeCrawls.row(crawl ? crawlNode(crawl) : { kind: 'job', id: ref.id, ref });
  }

  private activeCrawl(ref: JobRef): ActiveCrawl | undefined {
    return ref.kind === 'crawl' ? this.crawls().find((crawl) => crawl.id.toLowerCase() === ref.id.toLowerCase()) : undefined;
  }

  private children(element?: CrawlTreeNode): CrawlTreeNode[] {
    const results = this.results();
    if (!element) {
      const sessions = this.browser()?.sessionIds() ?? [];
      const crawls = this.crawls();
      return [
        ...(sessions.length > 0 ? [{ kind: 'browserGroup' as const }] : []),
        ...this.research().map((run) => ({ kind: 'research' as const, id: run.id, run })), ...crawls.map(crawlNode),
        ...(results?.jobs(new Set(crawls.map((crawl) => crawl.id.toLowerCase()))) ?? []),
        ...(this.team?.shown() === true ? [{ kind: 'teamGroup' as const }] : []),
      ];
    }
    if (element.kind === 'teamGroup' || element.kind === 'teamJob' || element.kind === 'teamNote') return [];
    if (isResultsNode(element)) return results?.children(element) ?? [];
    if (element.kind === 'browserGroup') return (this.browser()?.sessionIds() ?? []).map((id) => ({ kind: 'browserSession' as const, id }));
    if (element.kind === 'research' || element.kind === 'browserSession') return [];
    if (element.kind === 'crawl') {
      const pages = results?.children({ kind: 'job', id: element.id, ref: crawlRef(element) }) ?? [];
      return [...pages, ...optionNodes(`crawl:${element.id}`, describeScrapeOptions(element.crawl.options?.scrapeOptions))];
    }
    return optionNodes(element.key, element.option.children ?? []);
  }

  getTreeItem(element: CrawlTreeNode): vscode.TreeItem {
    if (isResultsNode(element)) return this.results()?.item(element) ?? new vscode.TreeItem(element.kind === 'job' ? element.id : '');
    if (element.kind === 'teamGroup' || element.kind === 'teamJob' || element.kind === 'teamNote') return teamItem(element);
    const browser = this.browser();
    if (element.kind === 'browserGroup') return browser?.groupItem() ?? new vscode.TreeItem('');
    if (element.kind === 'browserSession') return browser?.sessionItem(element.id) ?? new vscode.TreeItem(element.id);
    if (element.kind === 'research') {
      const { run } = element;
      const item = new vscode.TreeItem(inertLabel(run.prompt, 120), vscode.TreeItemCollapsibleState.None);
      item.id = `research:${run.id}`;
      item.description = inertLabel(researchDescriptionWords(run));
      item.tooltip = plainTooltip({ heading: run.prompt, paragraphs: [researchTooltipWords(run)] });
      item.contextValue = 'researchRun';
      item.iconPath = new vscode.ThemeIcon(run.cancelling ? 'loading~spin' : 'telescope');
      item.accessibilityInformation = { label: crawlAccessibilityWords(inertLabel(run.prompt, 120), item.description) };
      return item;
    }
    if (element.kind === 'crawl') {
      const options = describeScrapeOptions(element.crawl.options?.scrapeOptions);
      const url = inertLabel(element.url);
      const opened = this.results()?.opened(crawlRef(element)) === true;
      const item = new vscode.TreeItem(url, options.length > 0 || opened ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None);
      item.id = `crawl:${element.id}`;
      const progress = this.progress.get(element.id);
      item.description = inertLabel(crawlDescriptionWords(progress, crawlDescription(element.crawl)));
      // The ids and the progress, then how many options the row holds: a short hover.
      const tooltip = crawlTooltipWords(element.crawl, options, progress);
      item.tooltip = plainTooltip({ heading: element.url, paragraphs: [tooltip.ids, tooltip.options] });
      item.contextValue = 'crawl';
      item.iconPath = new vscode.ThemeIcon('globe');
      item.accessibilityInformation = { label: crawlAccessibilityWords(url, item.description) };
      return item;
    }
    const { option } = element;
    const label = inertLabel(optionLabelWords(option.label));
    const item = new vscode.TreeItem(label, option.children?.length ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None);
    item.id = element.key;
    item.description = option.value !== undefined ? inertLabel(optionValueWords(option.value)) : undefined;
    item.tooltip = option.value !== undefined ? inertLabel(optionLineWords(option), 2000) : label;
    item.contextValue = 'crawlOption';
    return item;
  }
}

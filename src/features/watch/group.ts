// The watches in the Search Results view: a group of their own after the searches and the kept
// pages (the search view places it; this draws it). Each watch shows its schedule, next run and last
// check ("2 changed · 1 matters"); under it its checks, newest first; under a check its pages, the
// changes that matter first. A changed page's click opens its diff. Nothing from the service is
// markup: names, addresses and reasons go through the inert helpers for each place.
import * as vscode from 'vscode';
import { Command } from '../../core/ids';
import { countsOf, hasDiff, pagesInOrder, shortAddress } from '../../core/monitor/present';
import type { Monitor } from '../../core/monitor/schemas';
import { matchesSearch } from '../../core/search/filter';
import { inertLabel } from '../../core/text/inert';
import type { SearchTreeNode } from '../../core/view-nodes';
import { Disposable } from '../../platform/disposable';
import { plainTooltip } from '../../platform/markdown';
import { groupRowItem, type ViewGroup } from '../../platform/group-tree';
import type { WatchModel } from './model';
import { countsWords, pageStatusWords, scheduleOf, when, words } from './words';

type Row<T extends SearchTreeNode['type']> = Extract<SearchTreeNode, { type: T }>;

const WATCH_TYPES: ReadonlySet<SearchTreeNode['type']> = new Set(['watches', 'watch', 'watchCheck', 'watchPage', 'watchMessage']);

export class WatchesGroup extends Disposable implements ViewGroup {
  readonly onDidChange: vscode.Event<void>;
  private group: Row<'watches'> | undefined;
  /** Rows handed out, for getParent: each watch's row, each check's row. */
  private readonly watchRows = new Map<string, Row<'watch'>>();
  private readonly checkRows = new Map<string, Row<'watchCheck'>>();

  constructor(private readonly model: WatchModel) {
    super();
    this.onDidChange = model.onDidChange;
  }

  owns(node: SearchTreeNode): boolean {
    return WATCH_TYPES.has(node.type);
  }

  async root(filter: readonly string[]): Promise<SearchTreeNode | undefined> {
    // Nothing is read from the service until this profile made a watch.
    if (!this.model.known) return undefined;
    const shown = matching(await this.model.list(), filter);
    if (shown.length === 0 && !this.model.failed) this.group = undefined;
    else if (this.group?.count !== shown.length) this.group = { type: 'watches', count: shown.length };
    return this.group;
  }

  async children(node: SearchTreeNode, filter: readonly string[]): Promise<SearchTreeNode[]> {
    if (node.type === 'watches') {
      const rows: SearchTreeNode[] = matching(await this.model.list(), filter)
        .sort((a, b) => (a.name ?? '').localeCompare(b.name ?? ''))
        .map((monitor) => this.remember({ type: 'watch', monitor }));
      if (this.model.failed) rows.unshift({ type: 'watchMessage', key: 'list', text: words.listFailed(), icon: 'warning' });
      return rows;
    }
    if (node.type === 'watch') {
      const id = node.monitor.id;
      try {
        const checks = await this.model.checksOf(id);
        if (checks.length === 0) return [{ type: 'watchMessage', key: `${id}/none`, text: words.noChecks(), icon: 'info' }];
        return checks.map((check) => this.rememberCheck({ type: 'watchCheck', monitorId: id, check }));
      } catch {
        return [{ type: 'watchMessage', key: `${id}/failed`, text: words.checksFailed(), icon: 'warning' }];
      }
    }
    if (node.type === 'watchCheck') {
      try {
        const pages = await this.model.pagesOf(node.monitorId, node.check.id);
        const hasGoal = typeof this.model.get(node.monitorId)?.goal === 'string';
        return pagesInOrder(pages, hasGoal).map((page) => ({ type: 'watchPage', monitorId: node.monitorId, checkId: node.check.id, page }));
      } catch {
        return [{ type: 'watchMessage', key: `${node.check.id}/failed`, text: words.pagesFailed(), icon: 'warning' }];
      }
    }
    return [];
  }

  private remember(row: Row<'watch'>): Row<'watch'> {
    this.watchRows.set(row.monitor.id, row);
    return row;
  }

  private rememberCheck(row: Row<'watchCheck'>): Row<'watchCheck'> {
    this.checkRows.set(row.check.id, row);
    return row;
  }

  parent(node: SearchTreeNode): SearchTreeNode | undefined {
    if (node.type === 'watch') return this.group;
    if (node.type === 'watchCheck') return this.watchRows.get(node.monitorId);
    if (node.type === 'watchPage') return this.checkRows.get(node.checkId);
    return undefined;
  }

  item(node: SearchTreeNode): vscode.TreeItem {
    switch (node.type) {
      case 'watches': return groupRowItem({ label: words.group(), id: 'watches', count: node.count, tooltip: words.groupTooltip(), icon: 'eye', contextValue: 'watches' });
      case 'watch': return watchItem(node.monitor, this.model.lastPages(node.monitor.id));
      case 'watchCheck': {
        const { check } = node;
        const pages = this.model.knownPages(check.id);
        const hasGoal = typeof this.model.get(node.monitorId)?.goal === 'string';
        const item = new vscode.TreeItem(when(check.finishedAt ?? check.createdAt) ?? check.id, vscode.TreeItemCollapsibleState.Collapsed);
        item.id = `watch/${node.monitorId}/check/${check.id}`;
        item.description = check.status === 'completed' ? countsWords(countsOf(check.summary, pages, hasGoal)) : check.status;
        item.iconPath = new vscode.ThemeIcon('history');
        item.contextValue = 'watchCheck';
        return item;
      }
      case 'watchPage': {
        const { page } = node;
        const item = new vscode.TreeItem(inertLabel(shortAddress(page.url)), vscode.TreeItemCollapsibleState.None);
        item.id = `watch/${node.monitorId}/check/${node.checkId}/page/${page.url}`;
        item.description = pageStatusWords(page);
        const reason = page.judgment?.reason;
        item.tooltip = plainTooltip({
          heading: page.url,
          paragraphs: [pageStatusWords(page), ...(typeof reason === 'string' ? [reason] : []),
            ...(page.judgment?.meaningfulChanges ?? []).map((c) => `${c.type ?? ''}: ${c.after ?? c.before ?? ''}`)],
        });
        item.iconPath = new vscode.ThemeIcon(page.status === 'changed' ? (page.judgment?.meaningful === true ? 'bell-dot' : 'diff') : page.status === 'removed' ? 'trash' : page.status === 'error' ? 'warning' : 'file');
        item.contextValue = `watchPage.${page.status}`;
        if (hasDiff(page)) item.command = { command: Command.openWatchChanges, title: words.openChanges(), arguments: [node] };
        return item;
      }
      case 'watchMessage': {
        const item = new vscode.TreeItem(node.text, vscode.TreeItemCollapsibleState.None);
        item.id = `watch-message/${node.key}`;
        item.iconPath = new vscode.ThemeIcon(node.icon);
        item.contextValue = 'watchMessage';
        return item;
      }
      default: return new vscode.TreeItem('');
    }
  }
}

function watchItem(monitor: Monitor, pages: Parameters<typeof countsOf>[1]): vscode.TreeItem {
  const item = new vscode.TreeItem(inertLabel(monitor.name ?? monitor.id), vscode.TreeItemCollapsibleState.Collapsed);
  item.id = `watch/${monitor.id}`;
  const paused = monitor.status === 'paused';
  const counts = countsWords(countsOf(monitor.lastCheckSummary, pages, typeof monitor.goal === 'string'));
  const next = when(monitor.nextRunAt);
  item.description = [inertLabel(scheduleOf(monitor)), paused ? words.statusPaused() : next !== undefined ? words.nextRun(next) : undefined, counts].filter((p) => p !== undefined && p !== '').join(' · ');
  const last = when(monitor.lastRunAt);
  item.tooltip = plainTooltip({
    heading: monitor.name ?? monitor.id,
    paragraphs: [
      [words.tooltipSchedule(scheduleOf(monitor), monitor.schedule?.timezone ?? 'UTC'), ...(next !== undefined && !paused ? [words.tooltipNext(next)] : []), ...(last !== undefined ? [words.tooltipLast(last, counts)] : [])],
      words.tooltipCredits(words.creditsAMonth(monitor.estimatedCreditsPerMonth)),
      ...(typeof monitor.goal === 'string' ? [words.tooltipGoal(monitor.goal)] : []),
    ],
  });
  item.iconPath = new vscode.ThemeIcon(paused ? 'debug-pause' : 'eye');
  item.contextValue = paused ? 'watch.paused' : 'watch.active';
  return item;
}

function matching(monitors: readonly Monitor[], filter: readonly string[]): Monitor[] {
  return monitors.filter((m) => matchesSearch(filter, m.name ?? '', (m.targets ?? []).flatMap((t) => [...(t.urls ?? []), ...(t.queries ?? [])])));
}

// The Jobs view's team group and queue (issue 49): the team's recent jobs from GET /v2/team/activity
// (every machine and key of the team), read when the group is expanded (and again at most every 30
// seconds while it stays open), each row opening what this extension can open of it: a crawl's or
// batch scrape's results; the rest show their id in the hover. And the queue's figures from GET
// /v2/team/queue-status, the view's description while jobs run. Targets and the service's words
// are data: labels and hovers through the inert helpers, never a link or an icon.
import * as vscode from 'vscode';
import { Command } from '../../core/ids';
import { formatAgo } from '../../core/intl';
import { inertLabel } from '../../core/text/inert';
import { queueFigures, teamJobs, type QueueFigures } from '../../core/usage-ledger/team-jobs';
import type { TeamNode } from '../../core/view-nodes';
import { loadCore } from '../../platform/core';
import { plainTooltip } from '../../platform/markdown';
import { describeError } from '../../platform/notify';
import type { Services } from '../../platform/services';

/** Jobs listed in the group: the newest of the team's. */
const SHOWN = 25;
/** How long a read list is shown again before the service is asked anew (the view redraws often). */
const FRESH_MS = 30_000;

export class TeamJobsSource {
  private last: { at: number; rows: Promise<TeamNode[]> } | undefined;

  constructor(private readonly services: Services) {}

  /** The next expansion asks the service again (a refresh a person asked for). */
  forget(): void {
    this.last = undefined;
  }

  children(): Promise<TeamNode[]> {
    const now = Date.now();
    if (this.last && now - this.last.at < FRESH_MS) return this.last.rows;
    const rows = this.read();
    this.last = { at: now, rows };
    return rows;
  }

  private async read(): Promise<TeamNode[]> {
    try {
      const client = await this.services.connection.getClient();
      if (!client) {
        this.last = undefined;
        return [{ kind: 'teamNote', note: 'failed', message: vscode.l10n.t('not connected') }];
      }
      const page = await loadCore().teamUsageClient(client).activity({ limit: SHOWN });
      const jobs = teamJobs(page.data).map((job): TeamNode => ({ kind: 'teamJob', job }));
      if (jobs.length === 0) return [{ kind: 'teamNote', note: 'empty' }];
      return page.has_more === true ? [...jobs, { kind: 'teamNote', note: 'more' }] : jobs;
    } catch (err) {
      // Read again at the next expansion, not in 30 seconds.
      this.last = undefined;
      this.services.log.warn(`Jobs: the team's recent jobs could not be read: ${describeError(err)}`);
      return [{ kind: 'teamNote', note: 'failed', message: describeError(err) }];
    }
  }

  /** The queue's figures now, or undefined when they cannot be read (the view then says nothing of them). */
  async queue(): Promise<QueueFigures | undefined> {
    try {
      const client = await this.services.connection.getClient();
      if (!client) return undefined;
      return queueFigures(await loadCore().teamUsageClient(client).queueStatus());
    } catch (err) {
      this.services.log.warn(`Jobs: the queue status could not be read: ${describeError(err)}`);
      return undefined;
    }
  }
}

/** "2 running · 3 waiting · at most 5 at once". */
export function queueWords(q: QueueFigures): string {
  return vscode.l10n.t('{0} running · {1} waiting · at most {2} at once', q.running, q.waiting, q.atOnce);
}

function endpointWords(endpoint: string): string {
  switch (endpoint) {
    case 'crawl': return vscode.l10n.t('crawl');
    case 'batch_scrape': return vscode.l10n.t('batch scrape');
    case 'scrape': return vscode.l10n.t('scrape');
    case 'search': return vscode.l10n.t('search');
    case 'map': return vscode.l10n.t('map');
    case 'extract': return vscode.l10n.t('extraction');
    case 'agent': case 'deep_research': return vscode.l10n.t('research run');
    case 'browser': case 'interact': return vscode.l10n.t('browser session');
    // An endpoint this version does not know: the service's own name, as text.
    default: return inertLabel(endpoint, 40);
  }
}

export function teamItem(node: TeamNode): vscode.TreeItem {
  if (node.kind === 'teamGroup') {
    const item = new vscode.TreeItem(vscode.l10n.t("Team's Recent Jobs"), vscode.TreeItemCollapsibleState.Collapsed);
    item.id = 'team:group';
    item.description = vscode.l10n.t('every machine and key');
    item.tooltip = vscode.l10n.t('The team\'s newest jobs from every machine and API key, read from the service when this group is opened. A crawl or batch scrape opens its results here.');
    item.contextValue = 'teamJobs';
    item.iconPath = new vscode.ThemeIcon('organization');
    return item;
  }
  if (node.kind === 'teamNote') {
    const text = node.note === 'empty' ? vscode.l10n.t('The team has no recent jobs.')
      : node.note === 'more' ? vscode.l10n.t('Only the newest {0} are listed.', SHOWN)
        : vscode.l10n.t('Could not read the team\'s jobs: {0}', inertLabel(node.message ?? '', 300));
    const item = new vscode.TreeItem(text, vscode.TreeItemCollapsibleState.None);
    item.id = `team:note:${node.note}`;
    item.contextValue = 'teamNote';
    if (node.note === 'failed') item.iconPath = new vscode.ThemeIcon('warning');
    return item;
  }
  const { job } = node;
  const kind = endpointWords(job.endpoint);
  const label = inertLabel(job.target ?? job.id, 200);
  const item = new vscode.TreeItem(label, vscode.TreeItemCollapsibleState.None);
  item.id = `team:${job.id}:${job.endpoint}`;
  const ago = job.createdAt ? formatAgo(job.createdAt, new Date(), vscode.env.language) : undefined;
  item.description = ago ? `${kind} · ${ago}` : kind;
  item.tooltip = plainTooltip({
    heading: job.target ?? job.id,
    paragraphs: [[vscode.l10n.t('Kind: {0}', kind), vscode.l10n.t('ID: {0}', job.id), ...(job.createdAt ? [vscode.l10n.t('Started: {0}', job.createdAt.toLocaleString(vscode.env.language))] : []),
      job.opens ? vscode.l10n.t('Click to open its results.') : vscode.l10n.t('Started from any machine of the team; this extension has nothing of it to open.')]],
  });
  item.contextValue = job.opens ? 'teamJob.results' : 'teamJob';
  item.iconPath = new vscode.ThemeIcon(job.opens ? 'globe' : 'history');
  if (job.opens) item.command = { command: Command.openCrawlResults, title: vscode.l10n.t('Open Results'), arguments: [{ id: job.opens.id, kind: job.opens.kind }] };
  item.accessibilityInformation = { label: `${label}, ${item.description}` };
  return item;
}

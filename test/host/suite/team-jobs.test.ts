// The Jobs view's team group and queue in a real VS Code (issue 49): the team's recent jobs from GET
// /v2/team/activity (every machine and key) are read only when their group is expanded; a crawl's
// or batch scrape's row opens its results, the others open nothing; a hostile target stays text;
// and while jobs run the view's description carries the queue's figures from GET /v2/team/queue-status.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { WebDataApi } from '../../../src/extension';
import type { CrawlTreeNode } from '../../../src/core/view-nodes';
import { activate, emulator, restoreDemoKey, useKey, waitFor } from './helpers-account';

const KEY = 'wd-host-team-jobs-0001';
const CRAWL = '6d1f2a3b-4c5d-4e6f-8a7b-9c0d1e2f3a4b';
const BATCH = '7e2a3b4c-5d6e-4f70-8b8c-9d0e1f2a3b4c';
const HOSTILE = 'https://evil.example/[open](command:workbench.action.terminal.new) $(zap) <img src=x onerror=alert(1)>';
const HOUR = 60 * 60 * 1000;

async function activityRequestsSince(count: number): Promise<number> {
  return (await emulator.requestsSince(count)).filter((r) => r.path === '/v2/team/activity').length;
}

describe('team jobs: the Jobs view\'s team group and queue (issue 49)', function () {
  this.timeout(30_000);
  let api: WebDataApi;

  before(async () => {
    api = await activate();
    const now = Date.now();
    await emulator.addTeam({
      apiKey: KEY,
      crawls: [{ id: CRAWL, url: 'https://handbook.example.dev', options: { scrapeOptions: { formats: ['markdown'] } } }],
      history: [
        { at: now - 3 * HOUR, endpoint: 'crawl', credits: 120, id: CRAWL, apiKey: 'wd-other-machine-key', target: HOSTILE },
        { at: now - 2 * HOUR, endpoint: 'batch_scrape', credits: 20, id: BATCH, apiKey: KEY, target: 'https://status.example.dev' },
        { at: now - HOUR, endpoint: 'search', credits: 2, id: 'search-1', apiKey: KEY, target: null },
      ],
    });
    await useKey(KEY);
    await vscode.commands.executeCommand('webData.activeCrawls.focus');
  });

  after(async () => {
    await restoreDemoKey();
  });

  async function group(): Promise<CrawlTreeNode> {
    const roots = (await api.crawls.tree.getChildren()) ?? [];
    const found = roots.find((row) => row.kind === 'teamGroup');
    assert.ok(found, `no team group among ${roots.map((r) => r.kind).join(', ')}`);
    return found;
  }

  it('reads the team\'s jobs only when the group is expanded, newest first, from every key', async () => {
    await vscode.commands.executeCommand('webData.refreshCrawls');
    const before = await emulator.requestCount();
    const teamGroup = await group();
    const item = await api.crawls.tree.getTreeItem(teamGroup);
    assert.equal(item.collapsibleState, vscode.TreeItemCollapsibleState.Collapsed);
    assert.equal(await activityRequestsSince(before), 0, 'the collapsed group asked the service');
    const rows = (await api.crawls.tree.getChildren(teamGroup)) ?? [];
    assert.equal(await activityRequestsSince(before), 1);
    const jobs = rows.flatMap((row) => (row.kind === 'teamJob' ? [row.job] : []));
    assert.deepEqual(jobs.map((j) => j.id), ['search-1', BATCH, CRAWL]);
  });

  it('a crawl\'s and a batch scrape\'s rows open their results; a search\'s opens nothing; a hostile target stays text', async () => {
    const rows = (await api.crawls.tree.getChildren(await group())) ?? [];
    const itemOf = async (id: string): Promise<vscode.TreeItem> => {
      const row = rows.find((r) => r.kind === 'teamJob' && r.job.id === id);
      assert.ok(row, id);
      return api.crawls.tree.getTreeItem(row);
    };
    const crawl = await itemOf(CRAWL);
    assert.equal(crawl.command?.command, 'webData.openCrawlResults');
    assert.deepEqual(crawl.command.arguments, [{ id: CRAWL, kind: 'crawl' }]);
    const batch = await itemOf(BATCH);
    assert.deepEqual(batch.command?.arguments, [{ id: BATCH, kind: 'batch' }]);
    const search = await itemOf('search-1');
    assert.equal(search.command, undefined);
    assert.match(String(search.description), /^search · /);
    // The target is the service's text: no icon, link or markup in the label or the hover.
    const label = typeof crawl.label === 'string' ? crawl.label : crawl.label?.label ?? '';
    assert.ok(label.includes('[open](command:'), 'shown as written, as a plain label');
    const tooltip = crawl.tooltip instanceof vscode.MarkdownString ? crawl.tooltip : undefined;
    assert.ok(tooltip, 'a markdown hover');
    assert.equal(tooltip.isTrusted, false);
    assert.equal(tooltip.supportHtml, false);
    assert.equal(tooltip.supportThemeIcons, false);
    assert.doesNotMatch(tooltip.value, /\]\(command:/, 'no link survives in the hover');
    assert.doesNotMatch(tooltip.value, /(^|[^\\])[<$]/, 'every < and $ of the target escaped');
    assert.ok(tooltip.value.includes('onerror'), 'the target is in the hover, as text');
  });

  it('while jobs run, the view says the queue: running, waiting and how many at once', async () => {
    await vscode.commands.executeCommand('webData.refreshCrawls');
    await waitFor('the queue in the view\'s description', () => /^\d+ running · \d+ waiting · at most 5 at once$/.test(api.crawls.description ?? ''))
      .catch(() => { assert.fail(`the view's description: ${api.crawls.description ?? '(none)'}`); });
    await emulator.setCrawls(KEY, []);
    await vscode.commands.executeCommand('webData.refreshCrawls');
    await waitFor('no queue once nothing runs', () => api.crawls.description === undefined);
  });
});

// The Jobs view's running crawls in a real VS Code: rows, options as children, the badge, removal
// on a completed crawl, a crawl that left the list listed as ended, errors in the view, and polling
// only while the view is visible.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ActiveCrawl } from '../../../src/core/api/schemas';
import type { WebDataApi } from '../../../src/extension';
import { activate, emulator, plainText, restoreDemoKey, useKey, waitFor } from './helpers-account';
import { crawlRows } from './helpers-shown';

const KEY = 'wd-host-crawls-0001';
const FIRST = '3f0c9a52-6a3e-4d7b-9c1e-2b8f4e7a1d01';
const SECOND = '8b2d4c7e-1f5a-4e3b-a6d9-0c7e5f2b9a42';

const CRAWLS: ActiveCrawl[] = [
  {
    id: FIRST,
    url: 'https://docs.example.dev',
    options: {
      scrapeOptions: {
        formats: ['markdown', 'links'],
        onlyMainContent: true,
        includeTags: ['article', 'main'],
        maxAge: 172_800_000,
        headers: { Authorization: 'Bearer crawl-header-secret' },
        actions: [{ type: 'wait', milliseconds: 1000 }],
        location: { country: 'GB', languages: ['en-GB', 'en'] },
        profile: { name: 'docs-reader', saveChanges: true },
      },
    },
  },
  { id: SECOND, url: 'https://garden.example/tomatoes', options: { scrapeOptions: { formats: ['markdown'], mobile: true } } },
];

async function crawlsRequestsSince(count: number): Promise<number> {
  return (await emulator.requestsSince(count)).filter((r) => r.path === '/v2/crawl/active').length;
}

describe('crawls: the Active Crawls view', () => {
  let api: WebDataApi;

  before(async () => {
    api = await activate();
    await emulator.addTeam({ apiKey: KEY, crawls: CRAWLS });
    await useKey(KEY);
  });

  after(async () => {
    await vscode.workspace.getConfiguration('webData').update('activeCrawls.refreshInterval', undefined, vscode.ConfigurationTarget.Global);
    await restoreDemoKey();
  });

  it('shows each crawl: URL, short id and formats, options as children, a badge', async () => {
    await vscode.commands.executeCommand('webData.refreshCrawls');
    const rows = await crawlRows(api);
    assert.deepEqual(rows.map((r) => r.label), ['https://docs.example.dev', 'https://garden.example/tomatoes']);
    assert.equal(rows[0]?.description, '#3f0c9a52 · markdown, links');
    assert.equal(rows[1]?.description, '#8b2d4c7e · markdown');
    assert.equal(rows[0].contextValue, 'crawl');
    const options = new Map(rows[0].children.map((c) => [c.label, c.description]));
    assert.equal(options.get('Only main content'), 'yes');
    assert.equal(options.get('Actions'), 'wait 1,000 ms');
    assert.equal(options.get('Location'), 'GB (en-GB, en)');
    assert.equal(options.get('Profile'), 'docs-reader (saves changes)');
    assert.equal(options.get('Headers'), '1 header: Authorization');
    const location = rows[0].children.find((c) => c.label === 'Location');
    assert.deepEqual(location?.children.map((c) => `${c.label}: ${c.description}`), ['Country: GB', 'Languages: en-GB, en']);
    assert.equal(options.get('Max age'), '172,800,000 ms (2 days)');
    // The hover is short: the ids and how far the crawl is (not read yet), then how many options
    // the row's children list, one click away; no line per option (issue 29).
    assert.match(plainText(rows[0].tooltip), /\n\nCrawl ID: 3f0c9a52-6a3e-4d7b-9c1e-2b8f4e7a1d01 {2}\n/);
    assert.match(plainText(rows[0].tooltip), /Progress: not read yet \(Open Crawl Results… reads it\)/);
    assert.match(plainText(rows[0].tooltip), new RegExp(`\\n\\n${rows[0].children.length} scrape options: expand the row to see them\\.$`));
    assert.doesNotMatch(plainText(rows[0].tooltip), /Formats: |Max age: /);
    assert.doesNotMatch(JSON.stringify(rows), /crawl-header-secret/, 'a header value is shown');
    assert.deepEqual(api.crawls.view.badge && { value: api.crawls.view.badge.value }, { value: 2 });
  });

  it('removeCrawl (crawl.completed) takes a crawl off at once', async () => {
    assert.equal(api.crawls.removeCrawl(FIRST), true);
    assert.deepEqual((await crawlRows(api)).map((r) => r.label), ['https://garden.example/tomatoes']);
    assert.equal(api.crawls.view.badge?.value, 1);
  });

  it('a failing refresh shows in the view and keeps the last list', async () => {
    await emulator.injectFault({ fault: { kind: 'status', status: 500, error: 'crawl index offline' }, path: '/v2/crawl/active', times: 'Infinity' });
    try {
      await api.crawls.refresh();
      assert.match(api.crawls.view.message ?? '', /Could not load the active crawls/);
      assert.match(api.crawls.view.message ?? '', /crawl index offline/);
      assert.equal((await crawlRows(api)).length, 1);
    } finally {
      await emulator.clearFaults();
    }
    await api.crawls.refresh();
    assert.equal(api.crawls.view.message, undefined);
  });

  it('an empty listing empties the running rows and drops the badge; the crawl that left is an ended job\'s row below', async () => {
    await emulator.setCrawls(KEY, []);
    await vscode.commands.executeCommand('webData.refreshCrawls');
    assert.deepEqual((await crawlRows(api)).filter((r) => !(r.contextValue ?? '').startsWith('crawlJob.')), []);
    assert.equal(api.crawls.view.badge, undefined);
    // It left with no webhook: read once (the emulator knows no job by its id), and listed as ended,
    // never among the running rows (issue 46: one view for jobs).
    // Named by its start address, as its running row was; its id in the tooltip (issue 46).
    await waitFor('the crawl that left, as an ended job', async () => (await crawlRows(api)).some((r) => r.contextValue === 'crawlJob.crawl.finished'));
    const rows = await crawlRows(api);
    assert.deepEqual(rows.map((r) => r.contextValue), ['crawlJob.crawl.finished']);
    const [left] = rows;
    assert.ok(left);
    assert.equal(left.label, 'https://garden.example/tomatoes');
    assert.ok((left.tooltip ?? '').replace(/\\(.)/g, '$1').includes(`Crawl ID: ${SECOND}`), left.tooltip);
    assert.match(rows[0]?.description ?? '', /^ended, its status not read · /);
  });

  it('polls while visible, and not while hidden', async function () {
    this.timeout(40_000);
    await vscode.workspace.getConfiguration('webData').update('activeCrawls.refreshInterval', 5, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('webData.activeCrawls.focus');
    await waitFor('the view to be visible', () => api.crawls.view.visible);
    await emulator.setCrawls(KEY, [CRAWLS[1] as ActiveCrawl]);
    // Up to 5 s: the shortest interval the poller takes (MIN_POLL_MS), and a poll is what is tested;
    // the poller's timing itself is unit-tested on a clock the test moves (polling.test.ts).
    await waitFor('a poll to pick up the new crawl', async () => (await crawlRows(api)).length === 1, 12_000);
    await waitFor('the next poll to be scheduled after the last one', () => api.crawls.pollScheduled);

    await vscode.commands.executeCommand('workbench.view.explorer');
    await waitFor('the view to be hidden', () => !api.crawls.view.visible);
    // Hidden: the poll timer is cancelled, and a load that runs now (a person's refresh, or a poll
    // that was under way) schedules none after it. Not a wait for requests that do not come: the
    // poller's unit tests show that a poller with no timer sends nothing.
    await waitFor('the poll timer to be cancelled', () => !api.crawls.pollScheduled);
    const before = await emulator.requestCount();
    await api.crawls.refresh();
    assert.equal(await crawlsRequestsSince(before), 1, 'the refresh did not load the listing once');
    assert.equal(api.crawls.pollScheduled, false, 'a load while hidden scheduled another poll');
  });

  it('not connected: no rows (the welcome shows)', async () => {
    await vscode.commands.executeCommand('webData.clearApiKey', { confirmed: true });
    await waitFor('the rows to go', async () => (await crawlRows(api)).length === 0);
    assert.equal(api.crawls.view.badge, undefined);
  });
});

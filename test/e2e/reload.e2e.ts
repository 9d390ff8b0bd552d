// The search history after a real reload of the window, in the real workbench: search, open a
// result's markdown, run Developer: Reload Window, and read the Search Results view and the
// restored tab again, with nothing searched a second time. Also what another window left in the
// history folder (a search the index does not list, a corrupt file) as the reloaded window reads it.
// And a crawl opened before the reload: its row in Jobs comes back, read from what the window kept.
// Run: npm run test:e2e (or mocha on this file alone, with the options of that script).
import * as assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { editorTab, openViewContainer, runFromPalette, screenshot, setViewExpanded, typeIntoInputBox, viewRows, waitForWorkbench } from './workbench';
import { workbenchSuite } from './suite';
import { DEMO_JOBS } from '../emulator/index';


/** The folder holding search-history.json under the server's data, wherever the server keeps global storage. */
function findHistoryFolder(dir: string): string | undefined {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isFile() && entry.name === 'search-history.json') return dir;
    if (entry.isDirectory() && !entry.isSymbolicLink()) {
      const found = findHistoryFolder(full);
      if (found) return found;
    }
  }
  return undefined;
}

describe('e2e: the search history after Developer: Reload Window', function () {
  this.timeout(180_000);
  const wb = workbenchSuite({ name: 'reload', stack: { settings: { 'webData.search.scrapeFormats': 'markdown' } }, shot: screenshot });
  const thePage = (): Page => wb.page;
  const searchRequests = (): number => wb.searchRequests();

  it('1. searches and opens a result\'s markdown in a tab', async () => {
    const p = thePage();
    await openViewContainer(p, 'Web Data');
    await runFromPalette(p, 'Web Data: Search the Web…');
    await typeIntoInputBox(p, 'tideflow backpressure');
    await p.keyboard.press('Enter');
    const rows = viewRows(p, 'Searches');
    await rows.filter({ hasText: 'Backpressure - Tideflow' }).first().waitFor({ timeout: 30_000 });
    await rows.filter({ hasText: 'Backpressure - Tideflow' }).first().click();
    await editorTab(p, 'Backpressure - Tideflow.md').waitFor({ timeout: 20_000 });
    await p.locator('.editor-instance .monaco-editor .view-lines').first().getByText('Tideflow prevents this').first().waitFor({ timeout: 20_000 });
    assert.equal(searchRequests(), 1);
  });

  it('1b. opens a finished crawl\'s results by its id: its row in Jobs', async () => {
    const p = thePage();
    await runFromPalette(p, 'Web Data: Open Crawl Results…');
    await typeIntoInputBox(p, DEMO_JOBS.cancelled);
    // The typed id is offered as its own row once the pick has read the value: Enter before it accepts nothing.
    await p.locator('.quick-input-widget .monaco-list-row', { hasText: DEMO_JOBS.cancelled }).first().waitFor({ timeout: 10_000 });
    await p.keyboard.press('Enter');
    await viewRows(p, 'Jobs').filter({ hasText: `Crawl ${DEMO_JOBS.cancelled.slice(0, 8)}` }).filter({ hasText: /cancelled/ }).first().waitFor({ timeout: 30_000 });
  });

  it('2. after the reload, the view lists the search and the tab shows the markdown again, nothing searched again', async () => {
    const p = thePage();
    // Another window's leftovers, read by the reloaded window: a search its index does not list, and a corrupt file.
    const folder = findHistoryFolder(wb.runDir);
    assert.ok(folder, 'no search-history.json under the server\'s data');
    const records = path.join(folder, 'searches');
    const stored = fs.readdirSync(records).find((name) => name.endsWith('.json'));
    assert.ok(stored, 'the search was not stored');
    const orphan = JSON.parse(fs.readFileSync(path.join(records, stored), 'utf8')) as { id: string; createdAt: string; request: { query: string } };
    orphan.id = 'zzzzzzzz-orphan';
    orphan.createdAt = new Date(Date.now() - 60_000).toISOString();
    orphan.request.query = 'written by another window';
    fs.writeFileSync(path.join(records, 'zzzzzzzz-orphan.json'), JSON.stringify(orphan));
    fs.writeFileSync(path.join(records, 'zzzzzzzz-corrupt.json'), '{"version":1,"id":"zzzz');

    // A mark on the page that only this page load has: gone once the window has really reloaded.
    await p.evaluate('window.__webDataBeforeReload = true');
    await runFromPalette(p, 'Developer: Reload Window');
    await p.waitForFunction('window.__webDataBeforeReload === undefined', undefined, { timeout: 60_000 });
    await waitForWorkbench(p);

    const reloadedAt = Date.now();
    // Not a click on the activity bar: the restored side bar may already show Web Data before the
    // icon is marked so, and a click would then close it. The view's own focus command only opens.
    await runFromPalette(p, 'Focus on Searches View');
    const rows = viewRows(p, 'Searches');
    // The reloaded window starts a new extension host: on a busy machine that takes a while.
    await rows.filter({ hasText: 'Backpressure - Tideflow' }).first().waitFor({ timeout: 90_000 });
    console.log(`    the view listed the search ${Date.now() - reloadedAt} ms after the workbench was drawn again`);
    // The tree draws only the rows that fit its pane: fold the panes below so the other window's
    // search, listed under this search's results, has room to be drawn at all.
    for (const view of ['Jobs', 'Webhook Events']) await setViewExpanded(p, view, false);
    await rows.filter({ hasText: 'written by another window' }).first().waitFor({ timeout: 20_000 })
      .catch(async () => { assert.fail(`the unlisted search was not taken back: ${JSON.stringify(await rows.allInnerTexts())}`); });
    const labels = await rows.allInnerTexts();
    assert.match(labels[0] ?? '', /tideflow backpressure/i, `the search heads the view: ${JSON.stringify(labels)}`);
    assert.ok(labels.some((text) => /written by another window/.test(text)), `the unlisted search was not taken back: ${JSON.stringify(labels)}`);

    const tab = editorTab(p, 'Backpressure - Tideflow.md');
    await tab.waitFor({ timeout: 30_000 });
    await tab.click();
    await p.locator('.editor-instance .monaco-editor .view-lines').first().getByText('Tideflow prevents this').first().waitFor({ timeout: 30_000 });
    await screenshot(p, 'reload-restored');
    assert.equal(searchRequests(), 1, 'the reload searched again instead of reading the history');
  });

  it('3. after the reload, the crawl opened before it is a Jobs row again, with nothing read from the service', async () => {
    const p = thePage();
    const reads = (): number => wb.stack.emulator.requests.filter((r) => r.path.includes(DEMO_JOBS.cancelled)).length;
    const before = reads();
    // Drawing Jobs loads the crawl results' feature, after the window's connection was known.
    await setViewExpanded(p, 'Jobs', true);
    const row = viewRows(p, 'Jobs').filter({ hasText: `Crawl ${DEMO_JOBS.cancelled.slice(0, 8)}` }).first();
    await row.waitFor({ timeout: 30_000 }).catch(async () => { assert.fail(`the crawl's row did not come back: ${JSON.stringify(await viewRows(p, 'Jobs').allInnerTexts())}`); });
    assert.match(await row.innerText(), /cancelled/);
    assert.equal(reads(), before, 'the crawl was read from the service again');
  });
});

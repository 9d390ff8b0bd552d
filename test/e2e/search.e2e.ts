// A real person's path through the real workbench: the packaged extension in VS Code's server,
// headless chromium, F1 > "Web Data: Search the Web", a query, the results tree. Screenshots in
// test-results/e2e/. Run: npm run test:e2e
import * as assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../../scripts/lib/browser.mjs';
import { startStack, type Stack } from '../../scripts/lib/stack.mjs';
import {
  openViewContainer, runFromPalette, screenshot, SHOTS_DIR, toasts, typeIntoInputBox, viewRows, waitForStatusBarItem, waitForWorkbench,
} from './workbench';

describe('e2e: the workbench in a browser', function () {
  this.timeout(180_000);
  let runDir = '';
  let stack: Stack | undefined;
  let browser: Browser | undefined;
  let page: Page | undefined;

  before(async () => {
    fs.rmSync(SHOTS_DIR, { recursive: true, force: true });   // only this run's pictures
    runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wd-e2e-'));
    stack = await startStack({ home: runDir, log: (message) => console.log(`    [stack] ${message}`) });
    browser = await launchChromium({ runDir });
    page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    page.on('pageerror', (error) => console.log(`    [workbench] ${error.message}`));
    await page.goto(stack.workbenchUrl);
    await waitForWorkbench(page);
    await screenshot(page, '1-workbench');
  });

  // A failed step leaves a picture of the screen and the notifications it showed.
  afterEach(async function () {
    if (this.currentTest?.state !== 'failed' || !page) return;
    const file = await screenshot(page, `fail-${this.currentTest.title.replace(/\W+/g, '-').slice(0, 60)}`);
    console.log(`    screenshot: ${file}\n    notifications: ${JSON.stringify(await toasts(page))}`);
  });

  after(async () => {
    await browser?.close().catch(() => {});
    await stack?.stop();
    if (runDir) fs.rmSync(runDir, { recursive: true, force: true });
  });

  it('searches the web from the command palette and shows the results', async () => {
    assert.ok(page, 'the workbench did not open');
    // As a person would: open the Web Data view (this activates the extension), wait for the
    // credits in the status bar (connected to the emulator), then search.
    await openViewContainer(page, 'Web Data');
    await waitForStatusBarItem(page, /credits/i);
    await runFromPalette(page, 'Web Data: Search the Web');
    await typeIntoInputBox(page, 'tideflow');
    // The box counts as you type: the extension host answers each keystroke with a new prompt.
    await page.locator('.quick-input-widget', { hasText: '8 / 500 characters' }).waitFor({ timeout: 10_000 });
    await screenshot(page, '2-search-input');
    await page.keyboard.press('Enter');
    const rows = viewRows(page, 'Search Results');
    await rows.first().waitFor({ timeout: 30_000 });
    await page.waitForTimeout(500);   // let the tree finish drawing for the screenshot
    await screenshot(page, '3-search-results');
    const first = await rows.first().innerText();
    assert.match(first, /tideflow/i, `the newest search's row should name the query: ${first}`);
    assert.ok(stack?.emulator.requests.some((request) => request.path === '/v2/search' && request.status === 200),
      'the emulator never answered a search');
  });
});

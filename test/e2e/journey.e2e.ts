// A person's first session with the packaged extension, in the real workbench: the .vsix installed
// into VS Code's server, headless chromium, everything done through the palette, the views, the
// status bar and the keyboard. The steps run in order and build on each other (one stack for all):
// connect with no key stored, search, read a result's markdown, the credits' tooltip, the active
// crawls, a webhook delivery, a query the box refuses. Screenshots in test-results/e2e/;
// `npm run screenshots` copies some of them into media/screenshots/. Run: npm run test:e2e
import * as assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { StatusBarItem } from '../../src/core/ids';
import { tokensToCredits } from '../../src/core/billing';
import { DEMO_API_KEY } from '../emulator/index';
import { VIEWPORT, workbenchSuite } from './suite';
import { recordMedian, startTiming } from './timings';
import {
  editorTab, hoverText, openFile, openViewContainer, quickInput, resizeSideBar, runFromPalette, screenshot,
  setViewExpanded, SHOTS_DIR, statusBarEntry, typeIntoInputBox, viewPane, viewRows, waitForStatusBarEntry,
  waitForToast,
} from './workbench';

/** The credits once the demo team is known: "74,897 credits" (a number, not the "Web Data" of other states). */
const CREDITS = /\d[\d,]* credits/;

describe('e2e: the packaged extension in the workbench, as a person uses it', function () {
  this.timeout(180_000);
  // Searches ask for markdown, so a result opens as its scraped page; two sources, so the results
  // are grouped by source. No key stored: the first step connects as a person does.
  const wb = workbenchSuite({
    name: 'journey',
    prepare: () => { fs.rmSync(SHOTS_DIR, { recursive: true, force: true }); },   // only this run's pictures
    // Warnings offer Search the Web for This Problem too (errors only by default): step 9's is a warning.
    stack: { storeApiKey: false, settings: { 'webData.search.scrapeFormats': 'markdown', 'webData.search.sources': ['web', 'news'], 'webData.search.problemActionSeverity': 'warning' } },
    shot: screenshot,
  });
  const thePage = (): Page => wb.page;
  const searchRequests = (): number => wb.searchRequests();

  it('1. connects from the palette: the key typed into the password box, then the credits show', async () => {
    const p = thePage();
    // A first start opens the walkthrough (issue 29); it takes the focus as it opens, so a person
    // (and this run) starts once it is there.
    await p.locator('.part.editor').getByText('Get Started with Web Data').first().waitFor({ timeout: 30_000 });
    await openViewContainer(p, 'Web Data');
    await resizeSideBar(p, 540);
    // No key yet: the status bar offers to connect and the view says how.
    await waitForStatusBarEntry(p, StatusBarItem.credits, /Web Data/);
    await viewPane(p, 'Searches').getByText('Connect to the Web Data Service').waitFor({ timeout: 20_000 });
    await screenshot(p, '01-not-connected');
    await runFromPalette(p, 'Web Data: Connect…');
    // The address is in the settings already, so the key is asked for straight away, hidden.
    const password = p.locator('.quick-input-widget input[type="password"]');
    await password.waitFor({ timeout: 20_000 });
    await p.locator('.quick-input-widget', { hasText: 'API Key for' }).waitFor({ timeout: 10_000 });
    // Still not connected with the box open, seconds after activation: no key was stored for us.
    assert.doesNotMatch(await statusBarEntry(p, StatusBarItem.credits).innerText(), CREDITS, 'connected before the key was typed');
    assert.ok(!wb.stack.emulator.requests.some((r) => r.apiKeyMatched), 'the extension sent the demo key before it was typed');
    await password.fill(DEMO_API_KEY);
    await screenshot(p, '02-api-key-box');
    await p.keyboard.press('Enter');
    const credits = await waitForStatusBarEntry(p, StatusBarItem.credits, CREDITS);
    // The demo team's 74,897 credits, less the pages its running crawls have done since the start
    // (the emulator charges them as its clock moves): what the emulator holds now at the least.
    const shown = Number(/([\d,]+) credits/.exec(credits)?.[1]?.replace(/,/g, '') ?? NaN);
    const held = wb.stack.emulator.usageOf(DEMO_API_KEY);
    assert.ok(held && shown <= 74_897 && shown >= tokensToCredits(held.remainingTokens), `the demo team's credits: ${credits}, the emulator's ${held ? tokensToCredits(held.remainingTokens) : 'none'}`);
    assert.ok(wb.stack.emulator.requests.some((r) => r.path === '/v2/team/token-usage' && r.apiKeyMatched && r.status === 200),
      'the key was never checked with the service');
    await screenshot(p, '03-connected');
  });

  it('2. searches from the palette and lists the results', async () => {
    const p = thePage();
    await runFromPalette(p, 'Web Data: Search the Web…');
    await typeIntoInputBox(p, 'tideflow backpressure');
    // The box counts as you type: the extension host answers each keystroke with a new prompt.
    await p.locator('.quick-input-widget', { hasText: '21 / 500 characters' }).waitFor({ timeout: 10_000 });
    await screenshot(p, '04-search-input');
    // Enter to rows, for `npm run bench -- workbench`: until the row is visible (the wait below).
    const enterToRows = startTiming('enterToRows');
    await p.keyboard.press('Enter');
    const rows = viewRows(p, 'Searches');
    await rows.filter({ hasText: 'Backpressure - Tideflow' }).first().waitFor({ timeout: 30_000 });
    enterToRows();
    assert.match(await rows.first().innerText(), /tideflow backpressure/i, 'the newest search heads the view');
    const search = wb.stack.emulator.requests.find((r) => r.path === '/v2/search');
    assert.equal(search?.status, 200, 'the emulator never answered a search');
    assert.match(JSON.stringify(search.body), /markdown/, 'the search did not ask for markdown (webData.search.scrapeFormats)');
    // A result's tooltip: its address and what was scraped.
    const tooltip = await hoverText(p, rows.filter({ hasText: 'Tideflow whitepaper' }).first(), /docs\.tideflow\.dev/);
    assert.match(tooltip, /markdown/i, `the tooltip should say markdown was scraped: ${tooltip}`);
    await screenshot(p, '05-search-results', { x: 0, y: 0, width: 800, height: VIEWPORT.height });
  });

  it('3. opens a result\'s scraped markdown in a tab, and its preview beside it', async () => {
    const p = thePage();
    await p.mouse.move(VIEWPORT.width - 10, VIEWPORT.height / 2);   // away from the last hover
    // Click to the markdown tab showing the page's text, for `npm run bench -- workbench`.
    const clickToTab = startTiming('clickToMarkdownTab');
    await viewRows(p, 'Searches').filter({ hasText: 'Backpressure - Tideflow' }).first().click();
    await editorTab(p, 'Backpressure - Tideflow.md').waitFor({ timeout: 20_000 });
    const editor = p.locator('.editor-instance .monaco-editor .view-lines').first();
    await editor.getByText('Tideflow prevents this').first().waitFor({ timeout: 20_000 });
    clickToTab();
    // \s: the editor draws spaces as no-break spaces.
    assert.match(await editor.innerText(), /#\sBackpressure/, 'the tab should hold the page\'s markdown');
    await runFromPalette(p, 'Markdown: Open Preview to the Side');
    await editorTab(p, /Preview.*Backpressure - Tideflow/).waitFor({ timeout: 20_000 });
    // The preview is a webview: its text lives two frames down.
    await p.frameLocator('iframe.webview.ready').frameLocator('iframe#active-frame').getByText('Buffer size').waitFor({ timeout: 30_000 });
    await screenshot(p, '06-markdown-preview');
  });

  it('3b. opens another result as fast as VS Code opens a local markdown file of the same size', async () => {
    const p = thePage();
    // The floor (issue 34): the same page's markdown as a file of the workspace, clicked in the
    // Explorer; then the result itself clicked in Search Results. Both timed from the click to the
    // text, in the same workbench, one after the other; the bench's workbench section gives the ratio.
    const whitepaper = wb.stack.emulator.corpusPage('https://docs.tideflow.dev/whitepaper.pdf');
    assert.ok(whitepaper);
    fs.writeFileSync(path.join(wb.stack.workspace, 'whitepaper-local.md'), whitepaper.markdown);
    await runFromPalette(p, 'View: Close All Editors');
    const editorText = (): ReturnType<Page['locator']> => p.locator('.editor-group-container.active .editor-instance .monaco-editor .view-lines').first().getByText('Each stage owns a ring buffer').first();
    // Three rounds, each the local file then the result, and the medians compared: one click of
    // each swings by a tenth or more on this machine.
    const locals: number[] = [];
    const agains: number[] = [];
    try {
      for (let round = 0; round < 3; round++) {
        await openViewContainer(p, 'Explorer');
        const fileRow = p.locator('.explorer-folders-view .monaco-list-row', { hasText: 'whitepaper-local.md' }).first();
        await fileRow.waitFor({ timeout: 20_000 });
        let started = performance.now();
        await fileRow.click();
        await editorText().waitFor({ timeout: 20_000 });
        locals.push(performance.now() - started);
        await runFromPalette(p, 'View: Close All Editors');
        await openViewContainer(p, 'Web Data');
        const resultRow = viewRows(p, 'Searches').filter({ hasText: 'Tideflow whitepaper' }).first();
        await resultRow.waitFor({ timeout: 20_000 });
        started = performance.now();
        await resultRow.click();
        await editorText().waitFor({ timeout: 20_000 });
        agains.push(performance.now() - started);
        await runFromPalette(p, 'View: Close All Editors');
      }
      const local = recordMedian('localFileClickToText', locals);
      const again = recordMedian('pageAgainClickToText', agains);
      const each = (samples: number[]): string => samples.map((ms) => ms.toFixed(0)).join(', ');
      console.log(`    a result opened after the first: ${again.toFixed(0)} ms (${each(agains)}); the same markdown as a local file: ${local.toFixed(0)} ms (${each(locals)}); medians ${(again / local).toFixed(2)}x`);
    } finally {
      // The steps after this one start from the Web Data views.
      await openViewContainer(p, 'Web Data');
    }
  });

  it('4. shows the credits\' tooltip over the status bar item', async () => {
    const p = thePage();
    // The item by its id (a search's status bar message also says "… credits used" for a while),
    // once it shows what the emulator holds after step 2's search: the refresh after a search
    // lands when it lands, and the tooltip is compared with the item's text below.
    const usage = wb.stack.emulator.usageOf(DEMO_API_KEY);
    assert.ok(usage, 'the demo team has no usage in the emulator');
    const expected = `${tokensToCredits(usage.remainingTokens).toLocaleString('en-US')} credits`;
    await waitForStatusBarEntry(p, StatusBarItem.credits, new RegExp(`(?<![\\d,])${expected}`));
    const item = statusBarEntry(p, StatusBarItem.credits);
    const shown = CREDITS.exec(await item.innerText())?.[0];
    const tooltip = await hoverText(p, item, /Remaining tokens/);
    assert.ok(shown && tooltip.includes(`${shown} left`), `the tooltip should repeat the item's ${shown}: ${tooltip}`);
    // The demo team's 1,123,455 tokens, less what the search cost.
    assert.match(tooltip, /Remaining tokens: 1,12\d,\d{3}\n/, tooltip);
    assert.match(tooltip, /Plan tokens: 1,500,000/, tooltip);
    assert.match(tooltip, /Billing period/, tooltip);
    await screenshot(p, '07-credits', { x: VIEWPORT.width - 640, y: VIEWPORT.height - 195, width: 640, height: 195 });
  });

  it('5. lists the team\'s active crawls with their options', async () => {
    const p = thePage();
    await runFromPalette(p, 'View: Close All Editors');
    await p.mouse.move(VIEWPORT.width / 2, VIEWPORT.height / 2);
    await setViewExpanded(p, 'Searches', false);
    // Room for both crawls' rows: the panes below give up theirs.
    await setViewExpanded(p, 'Pages, Documents and Data', false);
    await setViewExpanded(p, 'Watches', false);
    await setViewExpanded(p, 'Webhook Events', false);
    await setViewExpanded(p, 'Jobs', true);
    const rows = viewRows(p, 'Jobs');
    const docs = rows.filter({ hasText: 'https://docs.tideflow.dev' }).first();
    await docs.waitFor({ timeout: 30_000 });
    await rows.filter({ hasText: 'gardenjournal.example/tomatoes' }).first().waitFor({ timeout: 10_000 });
    // The second crawl's tooltip first: the first crawl's options, opened below, can push its row out of the pane.
    const tooltip = await hoverText(p, rows.filter({ hasText: 'gardenjournal.example/tomatoes' }).first(), /Crawl ID/);
    assert.match(tooltip, /8b2d4c7e-1f5a-4e3b-a6d9-0c7e5f2b9a42/, tooltip);
    await p.mouse.move(VIEWPORT.width / 2, VIEWPORT.height / 2);
    // Open the first crawl's options, as a person clicks its row.
    await docs.click();
    await rows.filter({ hasText: 'Only main content' }).first().waitFor({ timeout: 10_000 });
    await screenshot(p, '08-active-crawls', { x: 0, y: 0, width: 900, height: VIEWPORT.height });
  });

  it('6. receives the service\'s signed webhooks: rows in Webhook Events and a notification each', async () => {
    const p = thePage();
    await p.mouse.move(VIEWPORT.width / 2, VIEWPORT.height / 2);
    // Expanded until its first row shows, for `npm run bench -- workbench` (issue 34: within 200 ms).
    const expandToRows = startTiming('webhookEventsExpandToRows');
    await setViewExpanded(p, 'Webhook Events', true);
    // The receiver started with the window (webData.webhooks.autoStart in the stack's settings).
    await viewPane(p, 'Webhook Events').getByText('waiting for deliveries').first().waitFor({ timeout: 20_000 });
    expandToRows();
    const emulator = wb.stack.emulator;
    // Both demo crawls finish: the emulator delivers crawl.completed for each, signed.
    for (const id of ['3f0c9a52-6a3e-4d7b-9c1e-2b8f4e7a1d01', '8b2d4c7e-1f5a-4e3b-a6d9-0c7e5f2b9a42']) {
      const delivered = await emulator.completeCrawl(DEMO_API_KEY, id);
      assert.equal(delivered?.status, 200, `the receiver answered ${delivered?.status ?? 'nothing'}: ${delivered?.body ?? ''}`);
    }
    const rows = viewRows(p, 'Webhook Events').filter({ hasText: 'crawl.completed' });
    await rows.nth(1).waitFor({ timeout: 20_000 });
    for (const text of await rows.allInnerTexts()) assert.match(text, /verified/, `a signed delivery shows as verified: ${text}`);
    await waitForToast(p, /Crawl of https:\/\/docs\.tideflow\.dev completed/);
    await waitForToast(p, /Crawl of https:\/\/www\.gardenjournal\.example\/tomatoes completed/);
    // The finished crawls leave the running rows of Jobs: each is a finished job's row now, still
    // named by its start address as its running row was (issue 46).
    const jobs = viewRows(p, 'Jobs');
    await jobs.filter({ hasText: 'https://docs.tideflow.dev' }).filter({ hasText: /completed/ }).first().waitFor({ timeout: 20_000 });
    await jobs.filter({ hasText: 'https://www.gardenjournal.example/tomatoes' }).filter({ hasText: /completed/ }).first().waitFor({ timeout: 20_000 });
    assert.equal(await jobs.filter({ hasText: 'gardenjournal.example/tomatoes' }).filter({ hasNotText: /completed/ }).count(), 0, 'a finished crawl is still listed as running');
    assert.equal(await jobs.filter({ hasText: /Crawl (3f0c9a52|8b2d4c7e)/ }).count(), 0, 'a finished crawl is named by its id, not its address');
    await screenshot(p, '09-webhook-events');
  });

  it('7. opens a completed crawl\'s pages from its notification: its row in Jobs, expanded, then a page as markdown in a tab', async () => {
    const p = thePage();
    // Step 6's verified crawl.completed notification offers the results; the emulator finished the
    // crawl's pages when it delivered the event.
    const toast = p.locator('.notifications-toasts .notification-toast', { hasText: 'Crawl of https://docs.tideflow.dev completed' }).first();
    await toast.waitFor({ timeout: 20_000 });
    // Room for the results first; then the command shows the job's row in Jobs itself, expanded (a
    // click on its header now would race that).
    await setViewExpanded(p, 'Jobs', false);
    await setViewExpanded(p, 'Webhook Events', false);
    await toast.getByRole('button', { name: 'Open Results' }).click();
    const rows = viewRows(p, 'Jobs');
    // The job's row says it completed, with every page done; its pages are listed under it.
    await rows.filter({ hasText: /completed/ }).filter({ hasText: /40/ }).first().waitFor({ timeout: 30_000 });
    const page = rows.filter({ hasText: 'Page 1 of docs.tideflow.dev' }).first();
    await page.waitFor({ timeout: 20_000 });
    await screenshot(p, '10-crawl-results', { x: 0, y: 0, width: 900, height: VIEWPORT.height });
    await page.click();
    await editorTab(p, /Page 1 of docs\.tideflow\.dev/).waitFor({ timeout: 20_000 });
    const editor = p.locator('.editor-instance .monaco-editor .view-lines').first();
    await editor.getByText('The tide tables are read twice a day').first().waitFor({ timeout: 20_000 });
    assert.match(await editor.innerText(), /#\sPage\s1\sof\sdocs\.tideflow\.dev/, 'the tab should hold the page\'s markdown');
    const reads = wb.stack.emulator.requests.filter((r) => r.path.startsWith('/v2/crawl/3f0c9a52-6a3e-4d7b-9c1e-2b8f4e7a1d01'));
    assert.ok(reads.length >= 1 && reads.every((r) => r.status === 200), `the results were not read from the service: ${JSON.stringify(reads)}`);
    await screenshot(p, '11-crawl-page');
    await runFromPalette(p, 'View: Close All Editors');
    await setViewExpanded(p, 'Jobs', false);
  });

  it('8. refuses a query over 500 characters in the box, and sends nothing', async () => {
    const p = thePage();
    const before = searchRequests();
    await runFromPalette(p, 'Web Data: Search the Web…');
    await typeIntoInputBox(p, 'tideflow '.repeat(56));   // 504 characters
    const box = p.locator('.quick-input-widget');
    await box.filter({ hasText: 'remove 4 characters to search' }).waitFor({ timeout: 10_000 });
    await screenshot(p, '12-query-too-long');
    await p.keyboard.press('Enter');
    // One more keystroke: the host handles it after the Enter, so once the count moves on, the
    // Enter was handled, and the box is still open (an accepted query would have closed it).
    await p.keyboard.press('x');
    await box.filter({ hasText: 'remove 5 characters to search' }).waitFor({ timeout: 10_000 });
    assert.ok(await quickInput(p).isVisible(), 'the query box closed on a refused query');
    await p.keyboard.press('Escape');
    await quickInput(p).waitFor({ state: 'hidden', timeout: 10_000 });
    assert.equal(searchRequests(), before, 'a refused query reached the service');
  });

  it('9. searches the web for a problem from its quick fix: the box shows the cleaned query, Enter lists the results', async () => {
    const p = thePage();
    const before = searchRequests();
    await runFromPalette(p, 'Notifications: Clear All Notifications');
    // Search Results open now, while nothing else moves it: after Enter, the search reveals its row.
    await setViewExpanded(p, 'Searches', true);
    // A stylesheet with a misspelled property: VS Code's own CSS language service warns on it.
    fs.writeFileSync(path.join(wb.stack.workspace, 'styles.css'), 'a {\n  colr: red;\n}\n');
    await openFile(p, 'styles.css');
    const editor = p.locator('.editor-instance .monaco-editor').first();
    await editor.locator('.squiggly-warning').first().waitFor({ timeout: 60_000 });
    await editor.locator('.view-lines').getByText('colr').first().click();
    await runFromPalette(p, 'Quick Fix...');
    const action = p.locator('.action-widget .monaco-list-row', { hasText: 'Search the Web for This Problem' }).first();
    await action.waitFor({ timeout: 20_000 });
    // The keyboard, as a person at the lightbulb menu does (the menu's pointer block takes clicks
    // while the mouse has not moved over it): down to the action, then Enter.
    const chosen = p.locator('.action-widget .monaco-list-row.focused', { hasText: 'Search the Web for This Problem' });
    for (let presses = 0; presses < 10 && (await chosen.count()) === 0; presses++) await p.keyboard.press('ArrowDown');
    await chosen.waitFor({ timeout: 5000 });
    await screenshot(p, '13-problem-quick-fix');
    await p.keyboard.press('Enter');
    // The box, filled from the problem and not yet sent: source, code and message, nothing else.
    await p.waitForFunction(`(() => {
      const input = document.querySelector('.quick-input-widget input.input');
      return input !== null && input.offsetParent !== null && input.value.startsWith('css ');
    })()`, undefined, { timeout: 20_000 });
    assert.equal(await quickInput(p).inputValue(), "css unknownProperties Unknown property: 'colr'");
    assert.equal(searchRequests(), before, 'the problem was searched before Enter');
    await screenshot(p, '14-problem-query');
    await p.keyboard.press('Enter');
    // The pane was opened before the box (a click now would race the search's own reveal of its row).
    const rows = viewRows(p, 'Searches');
    await rows.filter({ hasText: 'Unknown property in CSS' }).first().waitFor({ timeout: 30_000 });
    assert.equal(searchRequests(), before + 1);
    await screenshot(p, '15-problem-results', { x: 0, y: 0, width: 900, height: VIEWPORT.height });
  });

  it('10. checks the connection from the palette: a report in a tab, hop by hop, and the verdict', async () => {
    const p = thePage();
    await runFromPalette(p, 'Notifications: Clear All Notifications');
    await runFromPalette(p, 'Web Data: Check Connection');
    await waitForToast(p, /Connection check: every hop passed/, 60_000);
    await editorTab(p, 'Connection Report.md').waitFor({ timeout: 20_000 });
    const report = p.locator('.editor-instance .monaco-editor .view-lines').first();
    await report.getByText('Settings in force').first().waitFor({ timeout: 20_000 });
    const text = await report.innerText();
    // \s: the editor draws spaces as no-break spaces.
    for (const hop of ['Name\\sresolution', 'TCP\\sconnection', 'API\\skey', 'Webhook\\sreceiver']) {
      assert.match(text, new RegExp(hop), `the report has no ${hop} hop:\n${text}`);
    }
    assert.ok(!text.includes(DEMO_API_KEY), 'the report shows the key');
    await screenshot(p, '16-connection-report');
  });
  it('11. opens a link in a file as markdown from the editor\'s context menu: the box holds the link, Enter opens its page', async () => {
    const p = thePage();
    await runFromPalette(p, 'Notifications: Clear All Notifications');
    fs.writeFileSync(path.join(wb.stack.workspace, 'reading.md'), 'Read https://docs.tideflow.dev/guide/streams before the talk.\n');
    await openFile(p, 'reading.md');
    const scrapes = (): number => wb.stack.emulator.requests.filter((r) => r.path === '/v2/scrape').length;
    const before = scrapes();
    // A click on the link puts the cursor there, then a right click opens the menu, as a person's do.
    // The submenu's clause reads a key the extension sets as the cursor moves (an extension host
    // round trip): a menu opened before the key arrived lacks it, so it is opened again, a bounded
    // number of times, until it shows.
    const link = p.locator('.editor-group-container.active .editor-instance .monaco-editor .view-lines').first().getByText('tideflow', { exact: false }).first();
    await link.click();
    // The keyboard, as in step 9: the menu's pointer block takes a click made before the mouse moved over it.
    // Web Data's entries are in one submenu: over it, then over the entry it opens.
    const submenu = p.locator('.context-view .action-label', { hasText: /^Web Data$/ }).first();
    for (let attempt = 0; attempt < 5; attempt++) {
      await link.click({ button: 'right' });
      if (await submenu.waitFor({ timeout: 2_000 }).then(() => true, () => false)) break;
      await p.keyboard.press('Escape');
    }
    await submenu.waitFor({ timeout: 10_000 });
    await submenu.hover();
    const entry = p.locator('.context-view .action-label', { hasText: 'Scrape URL as Markdown…' }).first();
    await entry.waitFor({ timeout: 10_000 });
    await entry.hover();
    await p.keyboard.press('Enter');
    await p.waitForFunction(`(() => {
      const input = document.querySelector('.quick-input-widget input.input');
      return input !== null && input.offsetParent !== null && input.value.startsWith('https://');
    })()`, undefined, { timeout: 20_000 });
    assert.equal(await quickInput(p).inputValue(), 'https://docs.tideflow.dev/guide/streams');
    assert.equal(scrapes(), before, 'the page was fetched before Enter');
    await screenshot(p, '17-url-box');
    await p.keyboard.press('Enter');
    await editorTab(p, /Streams guide - Tideflow\.md/).waitFor({ timeout: 30_000 });
    const page = p.locator('.editor-instance .monaco-editor .view-lines').first();
    await page.getByText('Streams guide', { exact: false }).first().waitFor({ timeout: 20_000 });
    // \s: the editor draws spaces as no-break spaces.
    assert.match(await page.innerText(), /From\sthe\sservice's\scache,\s3\shours\sold/);
    assert.equal(scrapes(), before + 1);
    await screenshot(p, '18-url-as-markdown');
  });
  it('12. starts a crawl from the palette: each step, the review with its bound and its webhook, then its row in Jobs with its pages, delivered by webhook', async () => {
    const p = thePage();
    await runFromPalette(p, 'View: Close All Editors');
    await runFromPalette(p, 'Notifications: Clear All Notifications');
    const widget = p.locator('.quick-input-widget');
    const starts = (): number => wb.stack.emulator.requests.filter((r) => r.method === 'POST' && r.path === '/v2/crawl').length;
    const before = starts();
    /** Waits for step n of 10 (not a bare "1/10", which "10/10" also contains), types `text`, presses Enter. */
    const step = async (n: number, text?: string): Promise<void> => {
      await widget.filter({ hasText: new RegExp(`(?<!\\d)${n}/10`) }).waitFor({ timeout: 20_000 });
      if (text !== undefined) await quickInput(p).fill(text);
      await p.keyboard.press('Enter');
    };
    // From the file of step 11, the cursor on its link: the first step holds that address.
    await openFile(p, 'reading.md');
    await p.locator('.editor-instance .monaco-editor .view-lines').first().getByText('tideflow', { exact: false }).first().click();
    await runFromPalette(p, 'Web Data: Start Crawl…');
    await widget.filter({ hasText: /(?<!\d)1\/10/ }).waitFor({ timeout: 20_000 });
    await p.waitForFunction(`(() => document.querySelector('.quick-input-widget input.input')?.value === 'https://docs.tideflow.dev/guide/streams')()`, undefined, { timeout: 10_000 });
    await step(1, 'https://docs.tideflow.dev');
    await step(2, '6');                                 // pages at most
    for (let n = 3; n <= 9; n++) await step(n);        // every path, default depth and sitemap, this host, markdown, standard retention
    // The review: the request as sent, the bound, and the webhook wired to the receiver (the emulator is on this machine).
    const review = widget.filter({ hasText: '10/10' });
    await review.waitFor({ timeout: 20_000 });
    const text = await review.innerText();
    assert.match(text, /at most 6 pages/, text);
    assert.match(text, /Webhook wired to this editor's receiver/, text);
    assert.ok(text.includes('"limit": 6'), `the review does not show the limit sent:\n${text}`);
    assert.equal(starts(), before, 'the crawl started before Start');
    await screenshot(p, '19-start-crawl-review');
    await p.keyboard.press('Enter');
    // The crawl runs a few seconds in the emulator; its pages come to the receiver as they are done.
    const rows = viewRows(p, 'Jobs');
    await rows.filter({ hasText: /completed/ }).filter({ hasText: /6 of 6 pages/ }).filter({ hasText: /by webhook/ }).first().waitFor({ timeout: 40_000 });
    assert.equal(starts(), before + 1, 'the crawl was started more than once');
    await screenshot(p, '20-started-crawl-results', { x: 0, y: 0, width: 900, height: VIEWPORT.height });
  });
});

// A research run, a docs set and the credits panel in the workbench, as a person uses them, on one
// stack. Research (issue 36): Research… from the palette, its steps (prompt, no addresses, no
// schema, the model, a bound of 60 credits) and its review; the run's row in Jobs with what it is
// doing and its credits so far; its end as a JSON tab beside a markdown view of it. Docs sets (issue
// 48): Add Docs… from the suggestion of a dependency of the folder (the emulator's documentation
// site), its steps and review, the set's row with its pages in Docs Sets, then Search Docs… and
// Enter opening the kept page at the heading. The credits
// panel (issue 49): Show Credits Usage, its chart and table read against what the emulator charged
// for this file's run and crawl and against its billing periods, then 90 days. Runs first in
// test/e2e/one-window.e2e.ts, whose window it shares.
import * as assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FrameLocator, Page } from 'playwright-core';
import { StatusBarItem } from '../../src/core/ids';
import { formatDate, formatNumber } from '../../src/core/intl';
import { localDay } from '../../src/core/spend/ledger';
import { DEMO_API_KEY } from '../emulator/index';
import { DOCS_SITE } from '../emulator/docs-site';
import { tidyWindow, type WorkbenchSuite } from './suite';
import {
  editorTab, hoverText, inPage, openViewContainer, quickInput, resizeSideBar, runFromPalette, screenshot, setViewExpanded, statusBarEntry,
  toasts, typeIntoInputBox, viewRows, waitForCursorLine, waitForToast, webviewFrame,
} from './workbench';

/** Waits for the quick input to show step `step` (its title counts them: "Research (2/6)"), then answers it. */
async function answerStep(p: Page, step: number, value: string | undefined): Promise<void> {
  await p.locator('.quick-input-widget', { hasText: new RegExp(`\\(${step}/\\d+\\)`) }).waitFor({ timeout: 20_000 });
  if (value !== undefined) await quickInput(p).fill(value);
  await p.keyboard.press('Enter');
}

/** Reads what the emulator says of a job of this file's, with the demo key, as the extension reads it. */
async function serviceJson(base: string, path: string): Promise<Record<string, unknown>> {
  const answer = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${DEMO_API_KEY}` } });
  assert.equal(answer.status, 200, `GET ${path}`);
  return await answer.json() as Record<string, unknown>;
}

/** The one job the extension read at `pattern` (its id the first group) among `paths`: the job a step started. */
function jobIdRead(paths: readonly string[], pattern: RegExp): string {
  const ids = new Set(paths.map((path) => pattern.exec(path)?.[1]).filter((id): id is string => id !== undefined));
  assert.equal(ids.size, 1, `one job read at ${String(pattern)}: ${[...ids].join(', ')}`);
  return [...ids][0] ?? '';
}

const AGENT_READ = /^\/v2\/agent\/([0-9a-f-]{36})$/;
const CRAWL_READ = /^\/v2\/crawl\/([0-9a-f-]{36})$/;

interface Bar { height: number; left: number; right: number }

/**
 * The chart's bar of one colour: for each canvas column holding the colour, how many of its pixels
 * have it, keeping the tallest columns (a bar; the legend's box of the same colour is shorter).
 */
const barOfColour = inPage<[unknown, string], Bar>(['canvas', 'colour'], `
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(colour.trim());
  if (!hex) throw new Error('not a #rrggbb colour: ' + colour);
  const [r, g, b] = hex.slice(1).map((h) => parseInt(h, 16));
  const { width, height } = canvas;
  const pixels = canvas.getContext('2d').getImageData(0, 0, width, height).data;
  const columns = new Map();
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) {
    const i = (y * width + x) * 4;
    if (pixels[i] === r && pixels[i + 1] === g && pixels[i + 2] === b && pixels[i + 3] === 255) columns.set(x, (columns.get(x) ?? 0) + 1);
  }
  const tallest = Math.max(0, ...columns.values());
  const xs = [...columns].filter(([, n]) => n === tallest).map(([x]) => x);
  return { height: tallest, left: Math.min(...xs), right: Math.max(...xs) };
`);

const themeColours = inPage<[unknown, string[]], string[]>(['element', 'names'], 'return names.map((name) => getComputedStyle(document.body).getPropertyValue(name));');

/** The stacked bar's two parts in the chart's first two colours (VS Code's charts-blue and charts-orange). */
async function kindBars(panel: FrameLocator): Promise<Bar[]> {
  const canvas = panel.locator('canvas#chart');
  const colours = await canvas.evaluate(themeColours, ['--vscode-charts-blue', '--vscode-charts-orange']);
  return Promise.all(colours.map((colour) => canvas.evaluate(barOfColour, colour)));
}

const cellsOf = inPage<[unknown], string[][]>(['table'], 'return [...table.rows].map((row) => [...row.cells].map((cell) => cell.textContent));');

/** Clears the toasts, and waits until none is shown. */
async function clearNotifications(p: Page): Promise<void> {
  await runFromPalette(p, 'Notifications: Clear All Notifications');
  await p.locator('.notifications-toasts .notification-toast').first().waitFor({ state: 'detached', timeout: 10_000 });
}

/** A table's rows as their cells' text, the header row first. */
function tableCells(panel: FrameLocator, id: string): Promise<string[][]> {
  return panel.locator(`table#${id}`).evaluate(cellsOf);
}

/** This family's steps, in the window one-window.e2e.ts shares among five families. */
export const researchSteps = (wb: WorkbenchSuite): Mocha.Suite => describe('e2e: a research run, a docs set and the credits panel, from the palette', function () {
  this.timeout(180_000);
  before(() => tidyWindow(wb.page));
  const thePage = (): Page => wb.page;
  /** The docs set's crawl (step 3), whose credits the credits panel shows (step 4). */
  let docsCrawlId = '';

  it('Research… from the palette: the steps and the review; the row with its actions and credits; the JSON tab beside markdown', async () => {
    const p = thePage();
    await runFromPalette(p, 'View: Close All Editors');
    await openViewContainer(p, 'Web Data');
    await resizeSideBar(p, 560);
    await setViewExpanded(p, 'Jobs', true);
    await runFromPalette(p, 'Web Data: Research…');
    await answerStep(p, 1, 'Tideflow stream limits');
    await answerStep(p, 2, '');   // no addresses: the agent searches, then reads what it found
    await answerStep(p, 3, undefined);   // no schema: nothing in the editor
    await answerStep(p, 4, undefined);   // the model offered first
    await answerStep(p, 5, '60');
    const review = p.locator('.quick-input-widget', { hasText: 'Start Research, spending at most 60 credits' });
    await review.waitFor({ timeout: 20_000 });
    assert.match(await review.innerText(), /Tideflow stream limits[\s\S]*none: the agent searches/);
    await screenshot(p, 'research-01-review');
    const before = wb.stack.emulator.requests.filter((r) => r.path === '/v2/agent').length;
    await p.keyboard.press('Enter');

    // The row while it runs: what it is doing and its credits so far, of its bound, moving on
    // (read every 2 s; the emulator's run takes an action every 0.7 s: a search, the pages it
    // found, the extraction).
    const row = viewRows(p, 'Jobs').filter({ hasText: 'Tideflow stream limits' }).first();
    await row.filter({ hasText: / [1-9]\d* of 60 credits/ }).waitFor({ timeout: 20_000 });
    assert.match(await row.innerText(), /^Tideflow stream limits\s*\S.* · \d+ of 60 credits$/m);
    assert.equal(wb.stack.emulator.requests.filter((r) => r.path === '/v2/agent').length, before + 1, 'started once');
    const sent = wb.stack.emulator.requests.find((r) => r.path === '/v2/agent' && r.method === 'POST');
    assert.match(JSON.stringify(sent?.body), /"maxCredits":60/, 'the bound was sent as maxCredits');
    await screenshot(p, 'research-02-row', { x: 0, y: 0, width: 900, height: 900 });

    // Its end: the data as a JSON tab and its markdown view, and the row gone with the run.
    await editorTab(p, /\.json/).waitFor({ timeout: 60_000 });
    await editorTab(p, /\.md/).waitFor({ timeout: 20_000 });
    const texts = await p.locator('.editor-instance .monaco-editor .view-lines').allInnerTexts();
    assert.ok(texts.some((t) => t.trimStart().startsWith('{')), `no JSON among the editors: ${texts.map((t) => t.slice(0, 80)).join(' | ')}`);
    assert.ok(texts.some((t) => /#\sTideflow\sstream\slimits/.test(t)), `no markdown view of the result: ${texts.map((t) => t.slice(0, 80)).join(' | ')}`);
    await row.waitFor({ state: 'detached', timeout: 20_000 });
    await screenshot(p, 'research-03-json-tab');
  });
  it('Extract Data from Page…: a JSON sample typed in the schema step becomes the schema, shown before anything is sent (issue 46)', async () => {
    const p = thePage();
    await runFromPalette(p, 'View: Close All Editors');
    const before = wb.stack.emulator.requests.length;
    await runFromPalette(p, 'Web Data: Extract Data from Page…');
    await answerStep(p, 1, 'https://docs.tideflow.dev/faq');
    await p.locator('.quick-input-widget', { hasText: /\(2\/3\)/ }).waitFor({ timeout: 20_000 });
    await quickInput(p).fill('{ "question": "How do I start?", "answer": "Install it." }');
    // What was typed is offered first, and Enter takes it (it did nothing before).
    await p.locator('.quick-input-widget .monaco-list-row', { hasText: 'What You Typed' }).first().waitFor({ timeout: 10_000 });
    await p.keyboard.press('Enter');
    await answerStep(p, 3, undefined);   // no prompt: the schema says what to find
    const dialog = p.locator('.monaco-dialog-box').first();
    await dialog.waitFor({ timeout: 20_000 });
    const said = await dialog.innerText();
    assert.match(said, /Schema made from the JSON sample \(the JSON you typed\)/, said);
    assert.match(said, /"question"[\s\S]*"answer"/, said);
    await screenshot(p, 'extract-typed-schema');
    await p.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden', timeout: 10_000 });
    assert.deepEqual(wb.stack.emulator.requests.slice(before).filter((r) => r.method === 'POST').map((r) => r.path), [], 'declined: nothing sent');
  });

  it('Add Docs… from a suggestion of the workspace: its steps and review, the set with its pages in Docs Sets; Search Docs… opens the kept page at the heading (issue 48)', async () => {
    const p = thePage();
    // A dependency of the folder whose package names its docs: read on this machine when Add Docs… asks.
    const dependency = join(wb.stack.workspace, 'node_modules', 'harborline');
    mkdirSync(dependency, { recursive: true });
    writeFileSync(join(wb.stack.workspace, 'package.json'), JSON.stringify({ dependencies: { harborline: '^2.4.0' } }));
    writeFileSync(join(dependency, 'package.json'), JSON.stringify({ name: 'harborline', version: '2.4.0', homepage: DOCS_SITE }));
    await runFromPalette(p, 'View: Close All Editors');
    for (const view of ['Searches', 'Pages, Documents and Data', 'Jobs', 'Watches']) await setViewExpanded(p, view, false);
    await setViewExpanded(p, 'Docs Sets', true);
    const before = wb.stack.emulator.requests.length;
    await runFromPalette(p, 'Web Data: Add Docs…');
    // The suggestion first, with its version and address; Enter takes it.
    const suggestion = p.locator('.quick-input-widget .monaco-list-row', { hasText: 'harborline 2.4.0' }).first();
    await suggestion.waitFor({ timeout: 20_000 });
    assert.match(await suggestion.innerText(), /docs\.harborline\.dev\/manual\//);
    await screenshot(p, 'docs-00-suggestion');
    await answerStep(p, 1, undefined);
    await answerStep(p, 2, '40');
    const review = p.locator('.quick-input-widget', { hasText: 'Crawl at most 40 pages and keep them as a docs set' });
    await review.waitFor({ timeout: 20_000 });
    assert.match(await review.innerText(), /pages under \/manual\//);
    assert.deepEqual(wb.stack.emulator.requests.slice(before).filter((r) => r.method !== 'GET').map((r) => r.path), [], 'nothing sent before the review is accepted');
    await p.keyboard.press('Enter');

    // The crawl's end: the set kept with every page the service crawled, and what they cost.
    await waitForToast(p, /are kept: \d+ pages/, 60_000);
    const starts = wb.stack.emulator.requests.slice(before).filter((r) => r.method === 'POST');
    assert.deepEqual(starts.map((r) => r.path), ['/v2/crawl'], 'one crawl');
    docsCrawlId = jobIdRead(wb.stack.emulator.requests.slice(before).map((r) => r.path), CRAWL_READ);
    const crawl = await serviceJson(wb.stack.emulator.url, `/v2/crawl/${docsCrawlId}`);
    assert.equal(crawl.status, 'completed');
    const set = viewRows(p, 'Docs Sets').filter({ hasText: 'docs.harborline.dev/manual' }).first();
    await set.filter({ hasText: new RegExp(`^[\\s\\S]*${String(crawl.completed)} pages · [\\s\\S]* · ${String(crawl.creditsUsed)} credits`) }).waitFor({ timeout: 20_000 });
    assert.match(await set.innerText(), /2\.4\.0 · /, 'made for the version installed');
    await set.click();
    // The end said once, by the set: the service's crawl.completed is listed in Webhook Events,
    // without a notification of its own (two said the same end before). Then put away: the pictures
    // show the set and the page.
    await setViewExpanded(p, 'Webhook Events', true);
    await viewRows(p, 'Webhook Events').filter({ hasText: 'crawl.completed' }).first().waitFor({ timeout: 30_000 });
    assert.deepEqual((await toasts(p)).filter((text) => /Crawl of .* completed/.test(text)), [], 'the webhook\'s notification of the set\'s crawl');
    await setViewExpanded(p, 'Webhook Events', false);
    await clearNotifications(p);
    const pageRow = viewRows(p, 'Docs Sets').filter({ hasText: 'Retries and backoff' }).first();
    await pageRow.waitFor({ timeout: 20_000 });
    assert.match(await pageRow.innerText(), /\/manual\/guides\/retries/);

    // Search Docs…: the passages as they are typed, nothing sent; Enter opens the kept page at the heading.
    const beforeSearch = wb.stack.emulator.requests.length;
    await runFromPalette(p, 'Web Data: Search Docs…');
    await typeIntoInputBox(p, 'exponential backoff');
    const hit = p.locator('.quick-input-list .monaco-list-row').first();
    await hit.filter({ hasText: 'Exponential backoff' }).waitFor({ timeout: 20_000 });
    assert.match(await hit.innerText(), /Exponential backoff[\s\S]*Retries and backoff \| Harborline/);
    await screenshot(p, 'docs-02-search');
    await p.keyboard.press('Enter');
    await editorTab(p, /Retries and backoff/).waitFor({ timeout: 20_000 });
    await p.locator('.editor-instance .monaco-editor .view-lines', { hasText: /Exponential\sbackoff/ }).waitFor({ timeout: 20_000 });
    // At the heading: the cursor on it, drawn near the top (below the sticky headings VS Code may show there).
    const atCursor = await waitForCursorLine(p, /^##\sExponential\sbackoff$/, 1 / 4);
    assert.match(atCursor.text, /^##\sExponential\sbackoff$/, `the cursor's line: ${atCursor.text}`);
    assert.ok(atCursor.fromTop < atCursor.height / 4, `the heading is drawn ${atCursor.fromTop} px down an editor ${atCursor.height} px high`);
    assert.deepEqual(wb.stack.emulator.requests.slice(beforeSearch).filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`), [], 'searched and read on this machine');
    await screenshot(p, 'docs-01-sets');
  });

  it('Show Credits Usage: the chart and the table hold what the emulator charged this file\'s run and crawl today, the billing periods its ledger gives; then 90 days (issue 49)', async () => {
    const p = thePage();
    await runFromPalette(p, 'View: Close All Editors');
    const { url } = wb.stack.emulator;
    const paths = wb.stack.emulator.requests.map((r) => r.path);
    // This machine's spends today: the research run and the docs set's crawl, as the emulator charged them.
    assert.ok(docsCrawlId, 'the docs set\'s crawl (the step before) ran');
    const research = await serviceJson(url, `/v2/agent/${jobIdRead(paths, AGENT_READ)}`);
    const crawl = await serviceJson(url, `/v2/crawl/${docsCrawlId}`);
    const researchCredits = Number(research.creditsUsed);
    const crawlCredits = Number(crawl.creditsUsed);
    assert.ok(researchCredits > 0 && crawlCredits > 0, `research ${researchCredits}, crawl ${crawlCredits}`);
    const spent = researchCredits + crawlCredits;
    const historical = await serviceJson(url, '/v2/team/credit-usage/historical?byApiKey=true');
    const periods = historical.periods as Array<{ startDate: string; endDate: string; apiKey: string | null; totalCredits: number }>;

    await clearNotifications(p);
    await runFromPalette(p, 'View: Toggle Primary Side Bar Visibility');
    await p.locator('.part.sidebar').waitFor({ state: 'hidden', timeout: 10_000 });
    await runFromPalette(p, 'Web Data: Show Credits Usage');
    await editorTab(p, 'Credits Usage').waitFor({ timeout: 20_000 });
    const panel = webviewFrame(p);
    await panel.locator('body[data-drawn="30"]').waitFor({ timeout: 30_000 });

    // The table: a row a day, today first, this machine's spends by kind.
    const days = await tableCells(panel, 'days');
    const [head, today, ...earlier] = days;
    // The docs set's crawl counts as a docs set's, not as any crawl's.
    assert.deepEqual(head, ['Day', 'Research runs', 'Docs sets', 'Total'], 'the kinds spent, in the chart\'s order');
    assert.deepEqual(today, [localDay(new Date()), formatNumber(researchCredits, 'en'), formatNumber(crawlCredits, 'en'), formatNumber(spent, 'en')]);
    assert.equal(earlier.length, 29);
    assert.deepEqual(earlier.filter((row) => row.at(-1) !== '0'), [], 'nothing spent on the days before (a fresh machine)');
    assert.match(await panel.locator('#summary').innerText(), new RegExp(`This machine spent ${formatNumber(spent, 'en')} credits in the last 30 days`));
    // The billing periods: the emulator's, by key (the demo key and the CI machine's).
    // The emulator's running crawls charge their pages as its clock moves: read once before the panel
    // and once after, each period's credits are between the two.
    const shownPeriods = await tableCells(panel, 'periods');
    const periodsAfter = (await serviceJson(url, '/v2/team/credit-usage/historical?byApiKey=true')).periods as typeof periods;
    assert.deepEqual(shownPeriods.map((row) => row.slice(0, 2)), [['Period', 'API key'], ...periods.map((period) => [
      `${formatDate(new Date(period.startDate), { locale: 'en' })} – ${formatDate(new Date(period.endDate), { locale: 'en' })}`, period.apiKey ?? '',
    ])]);
    shownPeriods.slice(1).forEach((row, i) => {
      const shown = Number((row[2] ?? '').replace(/,/g, ''));
      const [low, high] = [periods[i]?.totalCredits ?? NaN, periodsAfter[i]?.totalCredits ?? NaN];
      assert.ok(shown >= low && shown <= high, `period ${i}: ${shown} not within ${low}..${high}`);
    });
    // The chart: one stacked bar, today's, its two parts as tall as their credits (a pixel's rounding each).
    const [researchBar, crawlBar] = await kindBars(panel);
    assert.ok(crawlBar && researchBar && crawlBar.height > 0 && researchBar.height > 0, `the bars: ${JSON.stringify([crawlBar, researchBar])}`);
    assert.deepEqual([researchBar.left, researchBar.right], [crawlBar.left, crawlBar.right], 'one day\'s bar, the kinds stacked');
    assert.ok(Math.abs(crawlBar.height / researchBar.height - crawlCredits / researchCredits) <= 0.1 * (crawlCredits / researchCredits) + 2 / researchBar.height,
      `bars ${crawlBar.height}:${researchBar.height} px for ${crawlCredits}:${researchCredits} credits`);

    // 90 days: the same spends, a row for each day.
    await panel.locator('#range-90').click();
    await panel.locator('body[data-drawn="90"]').waitFor({ timeout: 20_000 });
    assert.equal(await panel.locator('#range-90').getAttribute('aria-pressed'), 'true');
    const days90 = await tableCells(panel, 'days');
    assert.equal(days90.length, 91);
    assert.deepEqual(days90[1], today);
    const [, crawlBar90] = await kindBars(panel);
    assert.ok(crawlBar90 && crawlBar90.right - crawlBar90.left < crawlBar.right - crawlBar.left, 'narrower bars for 90 days');
    await screenshot(p, 'usage-01-panel');

    // The status bar's tooltip counts the same spends in today's spend.
    const tooltip = await hoverText(p, statusBarEntry(p, StatusBarItem.credits), /Spent today/);
    assert.match(tooltip, new RegExp(`Spent today: [^\\n]*${formatNumber(spent, 'en')} credits by you`), tooltip);
    await runFromPalette(p, 'View: Toggle Primary Side Bar Visibility');
  });
});

// A watch in the workbench, as a person makes and uses it (issue 37): Watch for Changes… from the
// palette (a page, daily at 9am, a goal), its row under Watches; then the emulator's clock moves past
// two of its checks (the first read, then the page gains a sentence about a breaking
// change), Refresh Watches on the group's row reads them, one notification says the change matters,
// Show Diff opens VS Code's diff editor with the previous markdown on the left and the current on
// the right. Runs last in test/e2e/one-window.e2e.ts.
import * as assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { tidyWindow, type WorkbenchSuite } from './suite';
import { DEMO_API_KEY } from '../emulator/index';
import { startTiming } from './timings';
import { editorTab, openViewContainer, quickInput, resizeSideBar, runFromPalette, screenshot, setViewExpanded, toasts, viewPane, viewRows, waitForToast } from './workbench';

const PAGE = 'https://docs.tideflow.dev/getting-started';

/** Waits for the quick input to show step `step` (its title counts them: "Watch for Changes (2/4)"), then answers it. */
async function answerStep(p: Page, step: number, value: string): Promise<void> {
  await p.locator('.quick-input-widget', { hasText: new RegExp(`\\(${step}/\\d+\\)`) }).waitFor({ timeout: 20_000 });
  await quickInput(p).fill(value);
  await p.keyboard.press('Enter');
}

/** This family's steps, in the window one-window.e2e.ts shares among five families. */
export const watchSteps = (wb: WorkbenchSuite): Mocha.Suite => describe('e2e: a watched page changes, the notification, and its diff', function () {
  this.timeout(180_000);
  before(() => tidyWindow(wb.page));
  const thePage = (): Page => wb.page;

  it('1. Watch for Changes… from the palette: a page, a schedule in words, a goal, the review; the watch\'s row', async () => {
    const p = thePage();
    await runFromPalette(p, 'View: Close All Editors');
    await openViewContainer(p, 'Web Data');
    await resizeSideBar(p, 560);
    // Shown, as a person opens the view they look for (the families before may have left it closed).
    await setViewExpanded(p, 'Watches', true);
    await runFromPalette(p, 'Web Data: Watch for Changes…');
    await answerStep(p, 1, PAGE);
    await answerStep(p, 2, 'daily at 9am');
    await answerStep(p, 3, 'tell me about a breaking change');
    const review = p.locator('.quick-input-widget', { hasText: 'Create the Watch' });
    await review.waitFor({ timeout: 20_000 });
    assert.match(await review.innerText(), /daily at 9am[\s\S]*breaking change/);
    await screenshot(p, 'watch-01-review');
    await p.keyboard.press('Enter');
    // The watch's row in the Watches view, the only one there.
    const row = viewRows(p, 'Watches').first();
    await row.waitFor({ timeout: 30_000 });
    const creates = wb.stack.emulator.requests.filter((r) => r.path === '/v2/monitor' && r.method === 'POST');
    assert.equal(creates.length, 1, 'created once');
    assert.match(JSON.stringify(creates[0]?.body), /"text":"daily at 9am"[\s\S]*"goal":"tell me about a breaking change"|"goal":"tell me about a breaking change"[\s\S]*"text":"daily at 9am"/);
    await screenshot(p, 'watch-01b-view');
  });

  it('2. the clock moves past two checks, a day apart; Refresh Watches; one notification; Show Diff opens the diff editor', async () => {
    const p = thePage();
    // Exactly two checks fall due, whatever the hour: the clock moves to half a day after the
    // watch's second run (its first is at its next 9am, which is under an hour away between 8 and 9).
    const base = wb.stack.emulator.url;
    const clock = async (advanceMs: number): Promise<number> => {
      const answer = await fetch(`${base}/_emulator/clock`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ advanceMs }) });
      assert.equal(answer.status, 200);
      return Date.parse(((await answer.json()) as { now: string }).now);
    };
    const listed = await fetch(`${base}/v2/monitor`, { headers: { authorization: `Bearer ${DEMO_API_KEY}` } });
    const firstRun = Date.parse(((await listed.json()) as { data: Array<{ nextRunAt: string }> }).data[0]?.nextRunAt ?? '');
    assert.ok(Number.isFinite(firstRun), 'the watch has its next run');
    const now = await clock(0);
    await clock(firstRun + 36 * 3600_000 - now);
    // The view's own Refresh action, as a person clicks it (the window's focus and a timer do the same).
    const header = viewPane(p, 'Watches').locator('.pane-header').first();
    await header.hover();
    await header.locator('.action-label[aria-label="Refresh Watches"]').click();
    const notice = await waitForToast(p, /changed: /, 30_000);
    assert.match(notice, /1 matters?/, notice);
    assert.equal((await toasts(p)).filter((t) => /changed: /.test(t)).length, 1, 'one notification for the check');
    const showDiff = p.locator('.notifications-toasts .notification-toast', { hasText: /changed: / }).getByRole('button', { name: 'Show Diff' });
    await showDiff.waitFor({ timeout: 10_000 });
    await screenshot(p, 'watch-02-notification');

    // A narrower side bar: the diff editor has room for its two sides side by side.
    await resizeSideBar(p, 330);
    const clickToDiff = startTiming('showDiffToDiffEditor');
    await showDiff.click();
    const tab = editorTab(p, /getting-started.*↔/);
    await tab.waitFor({ timeout: 30_000 });
    // Titled with the page and the two checks' times, which differ: the checks ran a day apart.
    const times = /\((.+) ↔ (.+)\)/.exec(await tab.innerText());
    assert.ok(times && times[1] !== times[2], `the tab's times: ${await tab.innerText()}`);
    const diff = p.locator('.monaco-diff-editor').first();
    const modified = diff.locator('.editor.modified .view-lines');
    // The page's own line, not the header both sides start with (which quotes the judge's "Added: Update 1: …").
    // \s: the editor draws spaces as no-break spaces.
    const updateLine = /^\s*Update\s1:/;
    await modified.locator('.view-line').filter({ hasText: updateLine }).first().waitFor({ timeout: 30_000 });
    clickToDiff();
    assert.equal(await diff.locator('.editor.original .view-lines .view-line').filter({ hasText: updateLine }).count(), 0, 'the left side is the page before the change');
    assert.match(await modified.innerText(), /Update\s+1:\s+the\s+migration\s+guide\s+now\s+lists\s+a\s+breaking\s+change/);
    await screenshot(p, 'watch-03-diff-editor');
  });
});

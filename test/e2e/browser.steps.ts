// A browser session in the workbench, as a person uses it (issue 39): Start a Browser Session…
// from the palette (its minutes, no profile, the modal with its bound), the session's live view
// beside the editor in the Simple Browser (the emulator's page naming the session); a small script
// run with Run in Browser Session… after its review, its output tab showing the page's title
// beside the live view, which now names the page; then Stop on the session's row. Runs in
// test/e2e/one-window.e2e.ts. Its pictures go to test-results/e2e-browser/ (the
// journey empties test-results/e2e/ when it starts, after this file); `npm run screenshots` copies
// browser-live-view.png from there into media/screenshots/.
import * as assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { tidyWindow, type WorkbenchSuite } from './suite';
import { editorTab, openFile, openViewContainer, quickInput, resizeSideBar, runFromPalette, screenshotIn, setViewExpanded, viewRows, waitForToast } from './workbench';

const SHOTS_DIR = path.resolve('test-results', 'e2e-browser');

const screenshot = screenshotIn(SHOTS_DIR);

const PAGE = 'https://docs.tideflow.dev/getting-started';
const TITLE = 'Getting started with Tideflow';

/** Waits for the quick input to show step `step` (its title counts them: "(1/2)"), then answers it. */
async function answerStep(p: Page, step: number, value: string): Promise<void> {
  await p.locator('.quick-input-widget', { hasText: new RegExp(`\\(${step}/\\d+\\)`) }).waitFor({ timeout: 20_000 });
  await quickInput(p).fill(value);
  await p.keyboard.press('Enter');
}

/** Presses a modal dialog's button, the dialog found by its words. */
async function answerDialog(p: Page, text: RegExp, button: string): Promise<string> {
  const dialog = p.locator('.monaco-dialog-box', { hasText: text });
  await dialog.waitFor({ timeout: 20_000 });
  const said = await dialog.innerText();
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await dialog.waitFor({ state: 'detached', timeout: 10_000 });
  return said;
}

/** The live view's frame inside the Simple Browser's webview (the emulator serves it at /_live/{id}), within a bound. */
async function liveViewFrame(p: Page, timeout = 30_000): Promise<Frame> {
  const isLiveView = (f: Frame): boolean => f.url().includes('/_live/');
  // Listening before looking: a frame that navigates between the two is not missed.
  const navigated = p.waitForEvent('framenavigated', { predicate: isLiveView, timeout });
  const present = p.frames().find(isLiveView);
  if (present) {
    navigated.catch(() => undefined);
    return present;
  }
  return navigated.catch(() => {
    throw new Error(`no live view in the Simple Browser after ${timeout} ms; frames: ${p.frames().map((f) => f.url().slice(0, 80)).join(' | ')}`);
  });
}

/** This family's steps, in the window one-window.e2e.ts shares among five families. */
export const browserSteps = (wb: WorkbenchSuite): Mocha.Suite => describe('e2e: a browser session\'s live view in the Simple Browser beside a run\'s output', function () {
  this.timeout(180_000);
  before(() => { fs.rmSync(SHOTS_DIR, { recursive: true, force: true }); });
  before(() => tidyWindow(wb.page));
  const thePage = (): Page => wb.page;

  it('Start a Browser Session… from the palette; the live view beside; Run in Browser Session… after its review; the output beside the live view; Stop on the row', async () => {
    const p = thePage();
    await runFromPalette(p, 'View: Close All Editors');
    await openViewContainer(p, 'Web Data');
    await resizeSideBar(p, 420);
    await setViewExpanded(p, 'Jobs', true);
    fs.writeFileSync(path.join(wb.stack.workspace, 'title.js'), `await page.goto('${PAGE}');\nconsole.log(await page.title());\n`);
    await openFile(p, 'title.js');

    await runFromPalette(p, 'Web Data: Start a Browser Session…');
    await answerStep(p, 1, '5');
    await answerStep(p, 2, '');
    const bound = await answerDialog(p, /browser session for up to 5 minutes/, 'Start Session');
    assert.match(bound, /acts on live sites/, bound);

    // The live view: the emulator's page, in the Simple Browser's tab beside the script.
    await editorTab(p, 'Simple Browser').waitFor({ timeout: 30_000 });
    const starts = wb.stack.emulator.requests.filter((r) => r.path === '/v2/interact' && r.method === 'POST');
    assert.equal(starts.length, 1, 'started once');
    assert.match(JSON.stringify(starts[0]?.body), /"ttl":300/);
    const live = await liveViewFrame(p);
    await live.locator('h1', { hasText: 'Emulated browser' }).waitFor({ timeout: 30_000 });
    const row = viewRows(p, 'Jobs').filter({ has: p.locator('.codicon-vm-running') }).first();
    await row.waitFor({ timeout: 20_000 });

    // The run: the script's editor in front, Run in Browser Session…, its review, Run.
    await editorTab(p, 'title.js').click();
    await runFromPalette(p, 'Web Data: Run in Browser Session…');
    const review = await answerDialog(p, /Run this node code in the browser session/, 'Run');
    assert.match(review, /page\.goto\('https:\/\/docs\.tideflow\.dev\/getting-started'\)/, review);
    await editorTab(p, 'run-1.txt').waitFor({ timeout: 30_000 });
    const output = p.locator('.editor-instance .monaco-editor .view-lines', { hasText: /Getting\sstarted\swith\sTideflow/ }).first();
    await output.waitFor({ timeout: 20_000 });
    assert.match(await output.innerText(), /Getting\sstarted\swith\sTideflow[\s\S]*Exit\scode:\s0|Exit\scode:\s0[\s\S]*Getting\sstarted\swith\sTideflow/i);
    const runs = wb.stack.emulator.requests.filter((r) => /^\/v2\/interact\/[^/]+\/execute$/.test(r.path));
    assert.equal(runs.length, 1, 'sent once');

    // After the run the extension opens the live view again (issue 46), which replaces its frame:
    // the new frame names the page the run opened. A frame replaced while looked at is looked up again.
    let reloaded: Frame | undefined;
    for (let attempt = 1; attempt <= 5 && reloaded === undefined; attempt++) {
      const frame = await liveViewFrame(p);
      try {
        await frame.locator('#title', { hasText: TITLE }).waitFor({ timeout: 10_000 });
        reloaded = frame;
      } catch (error) {
        if (attempt === 5) throw error;
      }
    }
    assert.ok(reloaded, 'the live view never named the page the run opened');
    assert.equal(await reloaded.locator('#address').innerText(), PAGE);
    await p.locator('.notifications-toasts .notification-toast', { hasText: 'Running in the browser session' }).waitFor({ state: 'detached', timeout: 20_000 });
    await screenshot(p, 'browser-live-view');

    // Stop on the session's row; it ran something a moment ago, so it asks first.
    await row.hover();
    await row.locator('.action-label[aria-label="Stop Browser Session"]').click();
    await answerDialog(p, /ran something in the last minute/, 'Stop Session');
    await waitForToast(p, /stopped/i, 20_000);
    const stops = wb.stack.emulator.requests.filter((r) => /^\/v2\/interact\/[^/]+$/.test(r.path) && r.method === 'DELETE');
    assert.equal(stops.length, 1, 'stopped once');
    await viewRows(p, 'Jobs').filter({ has: p.locator('.codicon-vm-outline') }).first().waitFor({ timeout: 20_000 });
  });
});

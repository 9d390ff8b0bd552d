// The Getting Started walkthrough in the real workbench, as the sandbox shows it (issue 29): the key
// handed over by the sandbox's helper extension (not a command the workbench ran), a search, a
// click on a result, the Active Crawls view, a signed webhook received; then the walkthrough's
// page shows those five steps ticked, read from the checkmarks VS Code draws, and the document, job, watch and chat steps
// (not done here) still unticked. A picture in test-results/e2e/. Run: npm run test:e2e
import * as assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { DEMO_API_KEY } from '../emulator/index';
import { workbenchSuite } from './suite';
import {
  editorTab, openViewContainer, quickInput, runFromPalette, screenshot, setViewExpanded, typeIntoInputBox, viewPane, viewRows, waitForInputBox,
} from './workbench';

/** The walkthrough's title, as the manifest's package.nls.json gives it. */
const WALKTHROUGH_TITLE = 'Get Started with Web Data';
/** The step ids in the manifest's contributes.walkthroughs, in order. */
const DONE_HERE = ['connect', 'search', 'openMarkdown', 'credits', 'webhooks'];
const NOT_DONE_HERE = ['document', 'job', 'watch', 'chat'];

/**
 * Each step's checkmark on the walkthrough's page: VS Code marks an element per step with
 * data-done-step-id="<extension>#<walkthrough>#<step>" and sets aria-checked on it as the step is
 * done. Keyed by the step's own id.
 */
async function stepChecks(page: Page): Promise<Record<string, boolean>> {
  const checks: Record<string, boolean> = {};
  for (const element of await page.locator('.part.editor [data-done-step-id]').all()) {
    const id = (await element.getAttribute('data-done-step-id')) ?? '';
    const step = id.slice(id.lastIndexOf('#') + 1);
    const done = (await element.getAttribute('aria-checked')) === 'true' || ((await element.getAttribute('class')) ?? '').split(/\s+/).includes('complete');
    checks[step] = (checks[step] ?? false) || done;
  }
  return checks;
}

describe('e2e: the walkthrough ticks each step as it is done', function () {
  this.timeout(180_000);
  // As in the sandbox: the helper extension stores the demo key, and searches fetch markdown.
  const wb = workbenchSuite({ name: 'walkthrough', stack: { settings: { 'webData.search.scrapeFormats': 'markdown' } }, shot: screenshot });
  const thePage = (): Page => wb.page;

  it('1. opens on the first start; the key the sandbox\'s helper stored counts as connecting', async () => {
    const p = thePage();
    await p.locator('.part.editor').getByText(WALKTHROUGH_TITLE).first().waitFor({ timeout: 30_000 });
    // The suite waited for the credits: the helper's key is stored and checked.
    await openViewContainer(p, 'Web Data');
  });

  it('2. searches, opens a result, watches the active crawls and receives a webhook', async () => {
    const p = thePage();
    // As a person reading the walkthrough: the focus is on a step's button when F1 opens the palette.
    // Enter's keyup then lands on that button once the palette gives the focus back (released then,
    // as the first search's box takes a moment), and 250 ms later the walkthrough focuses the step
    // again (issue 46: the box stayed on screen, the focus on the step; of what was typed, the box
    // kept "t"). The box takes the focus back within a few ms; a key pressed in those ms is lost
    // (on a loaded machine, longer: a fresh clone's run lost the "i"), so the keys are typed once
    // the walkthrough's move has come (counted in the page) and the box holds the focus again:
    // without the box's hold, the focus stays on the step and the wait fails.
    // Focused, not clicked: a click selects the step, and the walkthrough focuses it again 250 ms
    // later, which would close the palette if F1 came first.
    await p.locator('.part.editor button.getting-started-step', { hasText: 'Search the web' }).first().focus();
    await p.waitForFunction(`(() => document.activeElement?.classList.contains('getting-started-step') === true && document.activeElement.textContent.includes('Search the web'))()`, undefined, { timeout: 10_000 });
    // The focus moves to a step from here: the palette giving it back (1), the walkthrough's own (2).
    await p.evaluate(`(() => { window.wdStepFocus = 0; document.addEventListener('focusin', (e) => { if (e.target instanceof Element && e.target.classList.contains('getting-started-step')) window.wdStepFocus++; }, true); })()`);
    await runFromPalette(p, 'Web Data: Search the Web…', { releaseEnterOnReturn: true });
    await waitForInputBox(p);
    // No second move when the step still had the focus at the walkthrough's (the box came later): bounded.
    await p.waitForFunction('window.wdStepFocus >= 2', undefined, { timeout: 3_000 }).catch(() => undefined);
    await p.waitForFunction(`(() => document.activeElement?.tagName === 'INPUT' && document.activeElement.closest('.quick-input-widget') !== null)()`, undefined, { timeout: 10_000 })
      .catch(async () => assert.fail(`the query box did not take the focus back; it is on ${String(await p.evaluate('`${document.activeElement?.tagName}.${document.activeElement?.className}`'))}`));
    await p.keyboard.type('tideflow backpressure', { delay: 80 });
    assert.equal(await quickInput(p).inputValue(), 'tideflow backpressure', `the query box did not get what was typed; the focus is on ${String(await p.evaluate('`${document.activeElement?.tagName}.${document.activeElement?.className}`'))}`);
    // The walkthrough takes the focus back as it lays out a step (issue 46: the box was gone 165 ms
    // after it opened): a click on the walkthrough's page leaves the box and what was typed.
    await p.locator('.part.editor').getByText(WALKTHROUGH_TITLE).first().click();
    await quickInput(p).waitFor({ state: 'visible', timeout: 5_000 });
    assert.equal(await quickInput(p).inputValue(), 'tideflow backpressure', 'the query box lost what was typed');
    await quickInput(p).focus();
    await p.keyboard.press('Enter');
    const result = viewRows(p, 'Searches').filter({ hasText: 'Backpressure - Tideflow' }).first();
    await result.waitFor({ timeout: 30_000 });
    await result.click();
    await editorTab(p, 'Backpressure - Tideflow.md').waitFor({ timeout: 20_000 });
    await setViewExpanded(p, 'Jobs', true);
    await viewRows(p, 'Jobs').filter({ hasText: 'https://docs.tideflow.dev' }).first().waitFor({ timeout: 30_000 });
    // Opening the view ticks nothing (issue 46); refreshing the credits does.
    await runFromPalette(p, 'Web Data: Refresh Credits');
    await setViewExpanded(p, 'Webhook Events', true);
    await viewPane(p, 'Webhook Events').getByText('waiting for deliveries').first().waitFor({ timeout: 20_000 });
    const delivered = await wb.stack.emulator.completeCrawl(DEMO_API_KEY, '3f0c9a52-6a3e-4d7b-9c1e-2b8f4e7a1d01');
    assert.equal(delivered?.status, 200, `the receiver answered ${delivered?.status ?? 'nothing'}: ${delivered?.body ?? ''}`);
    await viewRows(p, 'Webhook Events').filter({ hasText: 'crawl.completed' }).first().waitFor({ timeout: 20_000 });
  });

  it('3. the walkthrough\'s page shows those five steps ticked, and the steps not done here not', async () => {
    const p = thePage();
    await runFromPalette(p, 'Welcome: Open Walkthrough...');
    await typeIntoInputBox(p, WALKTHROUGH_TITLE);
    await p.locator('.quick-input-list .monaco-list-row', { hasText: WALKTHROUGH_TITLE }).first().waitFor({ timeout: 10_000 });
    await p.keyboard.press('Enter');
    await quickInput(p).waitFor({ state: 'hidden', timeout: 10_000 });
    // The page's checkmarks follow the steps as they are ticked: wait (bounded) for all five.
    const deadline = Date.now() + 20_000;
    let checks = await stepChecks(p);
    while (DONE_HERE.some((step) => checks[step] !== true) && Date.now() < deadline) {
      await p.waitForTimeout(250);
      checks = await stepChecks(p);
    }
    await screenshot(p, 'walkthrough-ticked');
    assert.deepEqual(Object.keys(checks).sort(), [...DONE_HERE, ...NOT_DONE_HERE].sort(), `the page's steps: ${JSON.stringify(checks)}`);
    for (const step of DONE_HERE) assert.equal(checks[step], true, `the step ${step} is not ticked: ${JSON.stringify(checks)}`);
    for (const step of NOT_DONE_HERE) assert.equal(checks[step], false, `the step ${step} is ticked, though nothing here did it`);
  });
});

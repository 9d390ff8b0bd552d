// A research run in the workbench, as a person starts it (issue 36): Research… from the palette,
// its steps (prompt, no addresses, no schema, the model, a bound of 60 credits) and its review; the
// run's row in Active Crawls with what it is doing and its credits so far; its end as a JSON tab
// beside a markdown view of it. Run on its own: npm run package, then mocha on this file.
import * as assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { workbenchSuite } from './suite';
import { editorTab, openViewContainer, quickInput, resizeSideBar, runFromPalette, screenshot, setViewExpanded, viewRows } from './workbench';

/** Waits for the quick input to show step `step` (its title counts them: "Research (2/6)"), then answers it. */
async function answerStep(p: Page, step: number, value: string | undefined): Promise<void> {
  await p.locator('.quick-input-widget', { hasText: new RegExp(`\\(${step}/\\d+\\)`) }).waitFor({ timeout: 20_000 });
  if (value !== undefined) await quickInput(p).fill(value);
  await p.keyboard.press('Enter');
}

describe('e2e: a research run from the palette to its JSON tab', function () {
  this.timeout(180_000);
  const wb = workbenchSuite({ name: 'research', shot: screenshot });
  const thePage = (): Page => wb.page;

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
});

// Advanced search in the real workbench, as a person does it: Search the Web…'s query box, its
// Search with Options… button, each step answered with the keyboard, the review read (the request as it will be sent
// and the credit estimate), Enter to search, the search in the results view. The review's picture
// is the README's (`npm run screenshots` copies it into media/screenshots/). Run: npm run test:e2e
import * as assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { openViewContainer, quickInput, runFromPalette, screenshotIn, viewRows } from './workbench';
import { tidyWindow, VIEWPORT, type WorkbenchSuite } from './suite';

/** Not test-results/e2e/, which the journey's run empties when it starts. */
export const ADVANCED_SHOTS_DIR = path.resolve('test-results', 'e2e-advanced');

/** This family's steps, in the window one-window.e2e.ts shares among five families. */
export const advancedSteps = (wb: WorkbenchSuite): Mocha.Suite => describe('e2e: advanced search through its steps', function () {
  this.timeout(180_000);
  const shot = screenshotIn(ADVANCED_SHOTS_DIR);

  before(() => { fs.rmSync(ADVANCED_SHOTS_DIR, { recursive: true, force: true }); });
  before(() => tidyWindow(wb.page));

  it('answers each step, reads the review, and searches with exactly that request', async () => {
    const p = wb.page;
    await openViewContainer(p, 'Web Data');
    const widget = p.locator('.quick-input-widget');
    /** Waits for step n of 13, types `text` (a pick list filters by it), presses Enter. */
    const step = async (n: number, text?: string, pattern?: RegExp): Promise<void> => {
      // Not a bare "1/13", which "11/13" also contains.
      await widget.filter({ hasText: new RegExp(`(?<!\\d)${n}/13`) }).waitFor({ timeout: 20_000 });
      if (pattern) await widget.filter({ hasText: pattern }).waitFor({ timeout: 10_000 });
      if (text !== undefined) await quickInput(p).fill(text);
      await p.keyboard.press('Enter');
    };
    // One command per operation (issue 46): the query box's Search with Options… button goes on
    // from the query typed, its first step answered.
    await runFromPalette(p, 'Web Data: Search the Web…');
    await widget.filter({ hasText: 'Search the Web' }).waitFor({ timeout: 20_000 });
    await quickInput(p).fill('tideflow backpressure');
    await widget.locator('.action-label[aria-label^="Search with Options…"]').first().click();
    await step(2);                                     // sources: web, as in the settings
    await step(3, '5');                                // results per source
    await step(4);                                     // no category filter
    await step(5, 'Past year');
    await step(6, 'Newest first');
    await step(7, 'Only these domains');
    await step(7, 'docs.tideflow.dev', /Search only these hostnames/);
    await step(8);                                     // no location
    await step(9, 'Germany');
    await step(10, 'Markdown');
    await step(11, 'Anonymized');
    await step(12);                                    // keep all URLs
    // The review: the request as it will be sent, and the price the spec gives for anon.
    const review = widget.filter({ hasText: '13/13' });
    await review.waitFor({ timeout: 20_000 });
    const text = await review.innerText();
    for (const field of ['"query": "tideflow backpressure"', '"limit": 5', '"tbs": "sbd:1,qdr:y"', '"includeDomains": ["docs.tideflow.dev"]', '"country": "DE"', '"enterprise": ["anon"]']) {
      assert.ok(text.includes(field), `the review does not show ${field}:\n${text}`);
    }
    assert.match(text, /At most 2 credits for anonymized zero data retention/, text);
    const box = await widget.boundingBox();
    await shot(p, 'advanced-review', box ? { x: Math.max(0, box.x - 20), y: Math.max(0, box.y - 10), width: Math.min(VIEWPORT.width, box.width + 40), height: Math.min(VIEWPORT.height - box.y, box.height + 20) } : undefined);
    await p.keyboard.press('Enter');
    await viewRows(p, 'Searches').filter({ hasText: 'tideflow backpressure' }).first().waitFor({ timeout: 30_000 });
    const sent = wb.stack.emulator.requests.filter((r) => r.path === '/v2/search').at(-1);
    assert.equal(sent?.status, 200);
    assert.deepEqual(sent.body, {
      query: 'tideflow backpressure', limit: 5, sources: [{ type: 'web' }], tbs: 'sbd:1,qdr:y', includeDomains: ['docs.tideflow.dev'],
      country: 'DE', scrapeOptions: { formats: [{ type: 'markdown' }] }, enterprise: ['anon'], timeout: 60000,
    });
  });
});

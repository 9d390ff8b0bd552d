// Documents as markdown in the workbench, as a person uses it (issue 35): a PDF in the workspace,
// right-clicked in the Explorer, Convert to Markdown with Web Data…; the modal names the file and the host, Upload;
// the markdown opens in a tab named after the file, each page's start marked. Runs in
// test/e2e/one-window.e2e.ts.
import * as assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { makePdf } from '../emulator/document-files';
import { tidyWindow, type WorkbenchSuite } from './suite';
import { editorTab, runFromPalette, screenshot } from './workbench';

/** This family's steps, in the window one-window.e2e.ts shares among five families. */
export const documentsSteps = (wb: WorkbenchSuite): Mocha.Suite => describe('e2e: a PDF in the Explorer opened as markdown', function () {
  this.timeout(180_000);
  before(() => tidyWindow(wb.page));
  const thePage = (): Page => wb.page;

  it('right-click, Convert to Markdown with Web Data…, Upload in the modal: the tab spec.pdf.md with its pages marked', async () => {
    const p = thePage();
    fs.writeFileSync(path.join(wb.stack.workspace, 'spec.pdf'), makePdf([['Introduction to the spec'], ['Requirements of the parser']]));
    await runFromPalette(p, 'View: Show Explorer');
    const row = p.locator('.explorer-folders-view .monaco-list-row', { hasText: 'spec.pdf' }).first();
    // The Explorer lists a file written a moment ago once its watcher saw it.
    await row.waitFor({ timeout: 30_000 });
    const entry = p.locator('.context-view .action-label', { hasText: /^Convert to Markdown with Web Data…$/ }).first();
    // The menu's clause reads the file's extension: a menu opened before the row was ready is opened again, a bounded number of times.
    for (let attempt = 0; attempt < 5; attempt++) {
      await row.click({ button: 'right' });
      if (await entry.waitFor({ timeout: 3_000 }).then(() => true, () => false)) break;
      await p.keyboard.press('Escape');
    }
    await entry.hover();
    await p.keyboard.press('Enter');
    const dialog = p.locator('.monaco-dialog-box').first();
    await dialog.waitFor({ timeout: 20_000 });
    assert.match(await dialog.innerText(), /Upload spec\.pdf \(\d[\d.,]* (bytes|kB)\) to 127\.0\.0\.1:\d+ to convert it to markdown\?/);
    await screenshot(p, 'documents-01-consent');
    const before = wb.stack.emulator.requests.filter((r) => r.path === '/v2/parse').length;
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await editorTab(p, 'spec.pdf.md').waitFor({ timeout: 30_000 });
    const text = p.locator('.editor-instance .monaco-editor .view-lines').first();
    await text.getByText('Requirements of the parser', { exact: false }).first().waitFor({ timeout: 20_000 });
    // \s: the editor draws spaces as no-break spaces.
    assert.match(await text.innerText(), /##\sPage\s1[\s\S]*Introduction\sto\sthe\sspec[\s\S]*##\sPage\s2/);
    assert.equal(wb.stack.emulator.requests.filter((r) => r.path === '/v2/parse').length, before + 1, 'uploaded once');
    await screenshot(p, 'documents-02-tab');
  });
});

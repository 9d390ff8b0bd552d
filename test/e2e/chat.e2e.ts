// @webData in the chat view of the newest pinned workbench (issue 38), with the host tests' scripted
// model (test/host/fake-model) installed beside Web Data and its answer given in a machine setting.
// The model is picked in the chat's model picker, as a person picks theirs: with the machine setting
// webdataTest.fakeModel.inPicker, the scripted model adds its provider group to the profile's
// chatLanguageModels.json (what Chat: Manage Language Models → Add Models writes); without a group of
// a vendor other than Copilot, code-server 1.139.1's picker offers only "Sign in to use Copilot" and
// VS Code answers every request with "Language model unavailable". Then a question: @webData says
// what it may spend and asks (no price is known in a fresh profile), and answers with its citations.
// Its pictures go to test-results/e2e-chat/ (the journey empties test-results/e2e/ when it starts,
// after this file); `npm run screenshots` copies chat-answer.png into media/screenshots/.
// Run on its own: npm run package, then mocha on this file.
import * as assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { selectedVersions } from '../../scripts/lib/vscode-versions.mjs';
import { workbenchSuite } from './suite';
import { runFromPalette, screenshotIn } from './workbench';

const SHOTS_DIR = path.resolve('test-results', 'e2e-chat');
const screenshot = screenshotIn(SHOTS_DIR);

const ANSWER = ['Tideflow slows a fast source down when a sink cannot keep up [1]. ', 'The buffer size sets how many events wait before it does [1].'];
const QUESTION = '@webData how does tideflow handle backpressure?';

/** The scripted model built as scripts/run-host-tests.mjs builds it, into a folder of its own. */
async function buildFakeModel(dir: string): Promise<void> {
  const esbuild = await import('esbuild');
  await esbuild.build({
    entryPoints: [path.resolve('test', 'host', 'fake-model', 'extension.ts')], outfile: path.join(dir, 'extension.js'),
    bundle: true, format: 'cjs', platform: 'node', target: 'node20', external: ['vscode'], logLevel: 'warning',
  });
  fs.copyFileSync(path.resolve('test', 'host', 'fake-model', 'package.json'), path.join(dir, 'package.json'));
}

describe('e2e: @webData in the chat view of the newest workbench', function () {
  this.timeout(180_000);
  const fakeModel = fs.mkdtempSync(path.join(os.tmpdir(), 'wd-e2e-fake-model-'));
  before(async function () {
    // The newest server only: a run for the floor alone (WEBDATA_VSCODE=floor) installs nothing more for this.
    if (!selectedVersions().some((v) => v.name === 'latest')) this.skip();
    await buildFakeModel(fakeModel);
  });
  after(() => fs.rmSync(fakeModel, { recursive: true, force: true }));
  const wb = workbenchSuite({
    name: 'chat', prepare: () => { fs.rmSync(SHOTS_DIR, { recursive: true, force: true }); }, shot: screenshot,
    stack: { vscode: 'latest', extraExtensions: [fakeModel], settings: { 'webdataTest.fakeModel.answer': ANSWER, 'webdataTest.fakeModel.inPicker': true, 'webData.chat.confirmAboveCredits': 1000 } },
  });
  const thePage = (): Page => wb.page;
  const chatInput = (p: Page) => p.locator('.interactive-input-part .monaco-editor').first();
  /**
   * Types a question and sends it. The input's suggestions (participants after "@") can take a key
   * typed while they open, so the text is checked, and typed again when it is not what was meant.
   */
  async function askInChat(p: Page, question: string): Promise<void> {
    const lines = p.locator('.interactive-input-part .monaco-editor .view-lines').first();
    for (let attempt = 1; attempt <= 3; attempt++) {
      await chatInput(p).click();
      await p.keyboard.press('Control+A');
      await p.keyboard.press('Backspace');
      await p.keyboard.type(question, { delay: 20 });
      await p.keyboard.press('Escape');
      const typed = (await lines.innerText()).replace(/\s+/g, ' ').trim();
      if (typed === question) break;
      if (attempt === 3) assert.fail(`the chat input holds "${typed}", not the question`);
    }
    await p.keyboard.press('Enter');
  }

  it('1. the chat view opens, and the scripted model is listed in Chat: Manage Language Models', async () => {
    const p = thePage();
    await runFromPalette(p, 'Chat: Manage Language Models');
    const models = p.locator('.monaco-list-row', { hasText: /^Fake (Large|Small)/ });
    await models.first().waitFor({ timeout: 20_000 });
    assert.deepEqual((await models.allInnerTexts()).map((t) => t.split(/\s/)[1]).sort(), ['Large', 'Small']);
    await p.keyboard.press('Escape');
    await runFromPalette(p, 'View: Close All Editors');
    await p.keyboard.press('Control+Alt+I');
    await chatInput(p).waitFor({ timeout: 20_000 });
  });

  it('2. the scripted model picked in the chat; @webData asks before spending, then answers with its citations', async () => {
    const p = thePage();
    const picker = p.locator('.interactive-input-part').getByText(/^(Models|Fake Large|Fake Small|Auto)$/).first();
    await picker.click();
    const offered = p.locator('.context-view .action-label, .context-view .monaco-list-row', { hasText: /Fake Large/ }).first();
    await offered.waitFor({ timeout: 15_000 }).catch(async (error: unknown) => {
      const shown = await p.locator('.context-view').first().innerText().catch(() => '(nothing)');
      throw new Error(`the model picker does not offer the scripted model; it shows: ${shown.replace(/\s+/g, ' ').slice(0, 300)} (${String(error)})`);
    });
    await offered.click();
    await p.locator('.interactive-input-part').getByText('Fake Large').first().waitFor({ timeout: 10_000 });
    await askInChat(p, QUESTION);
    // No price is known yet in this fresh profile, so @webData says what it may spend and asks first.
    const spend = p.locator('.interactive-item-container').getByRole('button', { name: 'Answer and Spend' }).last();
    await spend.waitFor({ timeout: 30_000 });
    await screenshot(p, 'chat-asks-before-spending');
    await spend.click();
    const answer = p.locator('.interactive-item-container', { hasText: 'The buffer size sets' }).last();
    await answer.waitFor({ timeout: 60_000 });
    // The answer streams in: its sources come after its first words (a loaded machine read it between).
    await answer.filter({ hasText: 'Sources' }).waitFor({ timeout: 30_000 }).catch(() => undefined);
    const text = await answer.innerText();
    assert.match(text, /Sources/);
    assert.match(text, /https:\/\/docs\.tideflow\.dev\//, 'the sources follow the answer with their addresses');
    assert.match(text, /Spent: the search/);
    // VS Code's own hint about utility models covers the end of the answer: closed for the picture.
    await p.locator('.interactive-input-part').getByRole('button', { name: /close|dismiss/i }).first().click({ timeout: 3_000 }).catch(() => undefined);
    await answer.getByText(/Spent: the search/).scrollIntoViewIfNeeded();
    await screenshot(p, 'chat-answer');
  });
});

// `npm run sandbox` as a newcomer runs it (in its own folder and on free ports, beside any sandbox of
// yours): the address it prints, a window that opens without notifications nobody asked for, the
// banner's first search showing web, news and images, and its first result opening as the scraped
// page (the demo team's credits cost nothing, so the sandbox's searches ask for markdown). Prints the time from
// the command to the address. Run: npm run test:e2e
import * as assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../../scripts/lib/browser.mjs';
import { SANDBOX_SEARCHES } from '../../scripts/sandbox-searches';
import { StatusBarItem } from '../../src/core/ids';
import { VIEWPORT } from './suite';
import {
  editorTab, hoverText, openViewContainer, runFromPalette, screenshot, statusBarEntry, toasts, typeIntoInputBox, viewPane, viewRows,
  waitForStatusBarEntry, waitForWorkbench,
} from './workbench';

describe('e2e: npm run sandbox, as a newcomer runs it', function () {
  this.timeout(300_000);
  let home = '';
  let sandbox: ChildProcess | undefined;
  let output = '';
  let browser: Browser | undefined;
  let page: Page | undefined;
  const seenToasts = new Set<string>();
  const thePage = (): Page => {
    assert.ok(page, 'the workbench did not open');
    return page;
  };

  before(async () => {
    home = fs.mkdtempSync(path.join(os.tmpdir(), 'wd-e2e-sandbox-'));
    const started = Date.now();
    sandbox = spawn('npm', ['run', 'sandbox'], {
      env: { ...process.env, WEBDATA_SANDBOX_HOME: home, WEBDATA_SANDBOX_PORT: '0', WEBDATA_SANDBOX_EMULATOR_PORT: '0', DISPLAY: '', WAYLAND_DISPLAY: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,   // its own process group, so that Ctrl-C (SIGINT) reaches it as from a terminal
    });
    const url = await new Promise<string>((resolve, reject) => {
      const onData = (chunk: Buffer): void => {
        output += chunk.toString();
        const match = /VS Code:\s+(\S+)/.exec(output);
        if (match?.[1] !== undefined) resolve(match[1]);
      };
      sandbox?.stdout?.on('data', onData);
      sandbox?.stderr?.on('data', onData);
      sandbox?.on('exit', (code) => reject(new Error(`npm run sandbox stopped (${code}) before printing its address:\n${output.slice(-3000)}`)));
    });
    console.log(`    npm run sandbox printed its address after ${((Date.now() - started) / 1000).toFixed(1)} s`);
    browser = await launchChromium({ runDir: home });
    page = await browser.newPage({ viewport: VIEWPORT });
    await page.goto(url);
    await waitForWorkbench(page);
    // Every toast shown while the window starts and the helper hands over the key and the secret.
    const watching = { on: true };
    const watch = (async () => {
      while (watching.on) {
        for (const text of await toasts(thePage())) seenToasts.add(text);
        // The spacing of the looks, until the conditions below hold.
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    })();
    try {
      await waitForStatusBarEntry(page, StatusBarItem.credits, /\d[\d,]* credits/, 60_000);
      // The helper hands the secret over after the key: once the receiver's hover says signatures
      // are checked, whatever saving it showed has been shown.
      const receiver = statusBarEntry(page, StatusBarItem.webhookReceiver);
      for (let attempt = 0; ; attempt++) {
        if (await hoverText(page, receiver, /Signatures:\s+checked/).then(() => true, () => false)) break;
        if (attempt >= 2) assert.fail('the receiver never said that signatures are checked: the secret was not handed over');
      }
      await page.mouse.move(0, 0);
    } finally {
      watching.on = false;
      await watch;
    }
    for (const text of await toasts(page)) seenToasts.add(text);
  });

  after(async () => {
    await browser?.close().catch(() => undefined);
    const child = sandbox;
    if (child?.pid !== undefined && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      process.kill(-child.pid, 'SIGINT');   // as Ctrl-C: the sandbox stops its server and emulator
      await exited;
    }
    if (home) fs.rmSync(home, { recursive: true, force: true });
  });

  it('prints the banner\'s three searches', () => {
    for (const { query } of SANDBOX_SEARCHES) assert.ok(output.includes(query), `the banner does not suggest "${query}":\n${output}`);
  });

  it('opens the window with no notification about the webhook secret the sandbox handed over', () => {
    const secret = [...seenToasts].filter((text) => /secret/i.test(text));
    assert.deepEqual(secret, [], `shown while the window started: ${JSON.stringify([...seenToasts])}`);
  });

  it('the banner\'s first search lists web, news and images, and its first result opens as the scraped page', async () => {
    const p = thePage();
    await openViewContainer(p, 'Web Data');
    await runFromPalette(p, 'Web Data: Search the Web…');
    await typeIntoInputBox(p, SANDBOX_SEARCHES[0].query);
    await p.keyboard.press('Enter');
    const rows = viewRows(p, 'Searches');
    await rows.filter({ hasText: 'Backpressure - Tideflow' }).first().waitFor({ timeout: 30_000 });
    const view = await viewPane(p, 'Searches').innerText();
    // The search's row counts each source's results ("8 web · 1 image · 1 news"), the groups below it.
    assert.match(view, /\b[1-9]\d* web · [1-9]\d* images? · [1-9]\d* news\b/, `not every source answered:\n${view}`);
    assert.match(view, /^Web\d+$/m, view);
    await rows.filter({ hasText: 'Backpressure - Tideflow' }).first().click();
    await editorTab(p, 'Backpressure - Tideflow.md').waitFor({ timeout: 20_000 });
    const editor = p.locator('.editor-instance .monaco-editor .view-lines').first();
    await editor.getByText('Tideflow prevents this').first().waitFor({ timeout: 20_000 });
    assert.doesNotMatch(await editor.innerText(), /was not scraped/);
    await screenshot(p, 'sandbox-first-result');
  });
});

// One workbench per end-to-end file (one-window.e2e.ts shares its among five families): the stack (emulator and VS Code server, with the packaged
// extension), Chromium and a page, opened before the file's steps and closed after them. A failed
// step leaves a picture of the screen and the notifications it showed.
import * as assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../../scripts/lib/browser.mjs';
import { startStack, type Stack } from '../../scripts/lib/stack.mjs';
import { StatusBarItem } from '../../src/core/ids';
import { runFromPalette, toasts, waitForStatusBarEntry, waitForWorkbench } from './workbench';

export const VIEWPORT = { width: 1400, height: 900 };

type StackOptions = Omit<Parameters<typeof startStack>[0], 'home' | 'log'>;

export interface WorkbenchSuite {
  /** The workbench's page; fails the step when the workbench did not open. */
  readonly page: Page;
  readonly stack: Stack;
  /** The folder the stack runs in (the VS Code server's user data and the extension's storage). */
  readonly runDir: string;
  /** How many searches the emulator has answered. */
  searchRequests(): number;
}

/**
 * Between two families sharing one window (one-window.e2e.ts): no quick input, editor tab or
 * notification of the family before is left for the next to find.
 */
export async function tidyWindow(p: Page): Promise<void> {
  // The focus out of any webview first (the credits panel keeps it, and takes it back from a palette).
  await p.locator('.monaco-workbench .part.titlebar').first().click({ position: { x: 300, y: 10 }, timeout: 5000 }).catch(() => undefined);
  await p.keyboard.press('Escape');
  await p.keyboard.press('Escape');
  await runFromPalette(p, 'View: Close All Editors');
  await runFromPalette(p, 'Notifications: Clear All Notifications');
}

export function workbenchSuite(options: {
  /** Names the run folder: wd-e2e-<name>-… */
  name: string;
  stack?: StackOptions;
  /** Where a failed step's picture goes. */
  shot: (page: Page, name: string) => Promise<string>;
  /** Run first, before anything starts (clearing the file's pictures). */
  prepare?: () => void;
}): WorkbenchSuite {
  let runDir = '';
  let stack: Stack | undefined;
  let browser: Browser | undefined;
  let page: Page | undefined;

  before(async () => {
    options.prepare?.();
    runDir = fs.mkdtempSync(path.join(os.tmpdir(), `wd-e2e-${options.name}-`));
    stack = await startStack({ ...options.stack, home: runDir, log: (message) => { console.log(`    [stack] ${message}`); } });
    browser = await launchChromium({ runDir });
    page = await browser.newPage({ viewport: VIEWPORT });
    page.on('pageerror', (error) => { console.log(`    [workbench] ${error.message}`); });
    await page.goto(stack.workbenchUrl);
    await waitForWorkbench(page);
    // The sandbox's helper extension hands the key over once the window has started: until the
    // credits show, a search would find no key and ask for one (a race a loaded machine loses).
    if (options.stack?.storeApiKey !== false) await waitForStatusBarEntry(page, StatusBarItem.credits, /\d[\d,]* credits/);
  });

  afterEach(async function () {
    if (this.currentTest?.state !== 'failed' || !page) return;
    const file = await options.shot(page, `fail-${options.name}-${this.currentTest.title.replace(/\W+/g, '-').slice(0, 60)}`);
    console.log(`    screenshot: ${file}\n    notifications: ${JSON.stringify(await toasts(page))}`);
  });

  after(async () => {
    await browser?.close().catch(() => undefined);
    await stack?.stop();
    if (runDir) fs.rmSync(runDir, { recursive: true, force: true });
  });

  return {
    get page() {
      assert.ok(page, 'the workbench did not open');
      return page;
    },
    get stack() {
      assert.ok(stack, 'the stack did not start');
      return stack;
    },
    get runDir() {
      return runDir;
    },
    searchRequests: () => stack?.emulator.requests.filter((request) => request.path === '/v2/search').length ?? 0,
  };
}

// Driving the VS Code workbench in a browser the way a person does: palette, input boxes, views.
// Selectors are VS Code's own DOM classes (stable across 1.9x–1.10x workbenches).
import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';

export const SHOTS_DIR = path.resolve('test-results', 'e2e');

/** Waits until the workbench is drawn (window, status bar). */
export async function waitForWorkbench(page: Page): Promise<void> {
  await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
  await page.locator('.statusbar').waitFor({ timeout: 60_000 });
}

/** Waits for a status-bar item whose text matches (for example the credits item). */
export async function waitForStatusBarItem(page: Page, text: RegExp, timeout = 30_000): Promise<string> {
  const item = page.locator('.statusbar .statusbar-item', { hasText: text }).first();
  await item.waitFor({ timeout });
  return item.innerText();
}

/** A PNG a person can look at, in test-results/e2e/. */
export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(SHOTS_DIR, { recursive: true });
  const file = path.join(SHOTS_DIR, `${name}.png`);
  await page.screenshot({ path: file });
  return file;
}

/** The quick input's text field (palette, input boxes and quick picks share it). */
export function quickInput(page: Page): Locator {
  return page.locator('.quick-input-widget input.input');
}

/**
 * F1, the command's title, Enter. Contributed commands appear in the palette only once the
 * extension host has scanned extensions, a moment after the workbench is drawn: retry until listed.
 */
export async function runFromPalette(page: Page, title: string, { attempts = 30 } = {}): Promise<void> {
  const row = page.locator('.quick-input-list .monaco-list-row', { hasText: title }).first();
  for (let attempt = 1; ; attempt++) {
    await page.keyboard.press('F1');
    await quickInput(page).waitFor({ timeout: 20_000 });
    await quickInput(page).fill(`>${title}`);
    if (await row.waitFor({ timeout: 2000 }).then(() => true, () => false)) break;
    await page.keyboard.press('Escape');
    if (attempt >= attempts) throw new Error(`"${title}" never appeared in the command palette`);
    await page.waitForTimeout(1000);
  }
  await page.keyboard.press('Enter');
}

/**
 * Types into the input box a command opened (not the palette that opened it: the palette's text
 * starts with '>'), without accepting it yet, so a screenshot can show what was typed.
 */
export async function typeIntoInputBox(page: Page, text: string): Promise<void> {
  await page.waitForFunction(`(() => {
    const input = document.querySelector('.quick-input-widget input.input');
    return input !== null && input.offsetParent !== null && !input.value.startsWith('>');
  })()`, undefined, { timeout: 20_000 });
  await quickInput(page).fill(text);
}

/** Opens an activity-bar container by its title (for example "Web Data"), unless it is open. */
export async function openViewContainer(page: Page, title: string): Promise<void> {
  const item = page.locator('.activitybar .action-item', { has: page.locator(`a.action-label[aria-label^="${title}"]`) }).first();
  await item.waitFor({ timeout: 20_000 });
  if (!((await item.getAttribute('class')) ?? '').split(/\s+/).includes('checked')) await item.click();
}

/** The rows of a view's tree, found by the view's title ("Search Results"). */
export function viewRows(page: Page, viewTitle: string): Locator {
  const pane = page.locator('.pane', { has: page.locator('.pane-header', { hasText: viewTitle }) });
  return pane.locator('.monaco-list-row');
}

/** The visible notification toasts' text, for messages in failures. */
export async function toasts(page: Page): Promise<string[]> {
  return page.locator('.notifications-toasts .notification-toast').allInnerTexts();
}

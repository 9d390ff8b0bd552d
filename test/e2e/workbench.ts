// Driving the VS Code workbench in a browser the way a person does: palette, input boxes, views.
// Selectors are VS Code's own DOM classes (stable across 1.9x–1.10x workbenches).
import fs from 'node:fs';
import path from 'node:path';
import type { FrameLocator, Locator, Page } from 'playwright-core';

export const SHOTS_DIR = path.resolve('test-results', 'e2e');

/** Waits until the workbench is drawn (window, status bar). */
export async function waitForWorkbench(page: Page): Promise<void> {
  await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
  await page.locator('.statusbar').waitFor({ timeout: 60_000 });
}

/** The extension's id as VS Code writes it: `publisher.name` from the manifest. */
const EXTENSION_ID = ((): string => {
  const manifest = JSON.parse(fs.readFileSync(path.resolve('package.json'), 'utf8')) as { publisher: string; name: string };
  return `${manifest.publisher}.${manifest.name}`;
})();

/**
 * One of the extension's status bar entries, by the id it was created with (`StatusBarItem` in
 * src/core/ids.ts): VS Code gives the entry's element the id `<extension id>.<entry id>`. Never by
 * its text: a status bar message ("… 11 credits used") can show the same words for a while.
 */
export function statusBarEntry(page: Page, entryId: string): Locator {
  return page.locator(`.statusbar .statusbar-item[id="${EXTENSION_ID}.${entryId}"]`);
}

/** Waits until the entry shows text matching `text`; returns its text. Fails saying what was awaited. */
export async function waitForStatusBarEntry(page: Page, entryId: string, text: RegExp, timeout = 30_000): Promise<string> {
  const entry = statusBarEntry(page, entryId);
  try {
    await entry.filter({ hasText: text }).waitFor({ timeout });
  } catch {
    const shown = await entry.innerText({ timeout: 1000 }).catch(() => '(the entry is not in the status bar)');
    throw new Error(`the status bar entry ${entryId} never showed ${String(text)} in ${timeout} ms; it shows: ${shown}`);
  }
  return entry.innerText();
}

/** A part of the page, in CSS pixels. */
export interface Clip { x: number; y: number; width: number; height: number }

/**
 * Saves PNGs a person can look at into `dir`; `clip` keeps a part of the page. The files that run
 * before the journey keep theirs in a folder of their own, since the journey empties SHOTS_DIR.
 */
export function screenshotIn(dir: string): (page: Page, name: string, clip?: Clip) => Promise<string> {
  return async (page, name, clip) => {
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `${name}.png`);
    await page.screenshot({ path: file, clip });
    return file;
  };
}

/** A PNG a person can look at, in test-results/e2e/. */
export const screenshot = screenshotIn(SHOTS_DIR);

/** The quick input's text field (palette, input boxes and quick picks share it). */
export function quickInput(page: Page): Locator {
  return page.locator('.quick-input-widget input.input');
}

/**
 * F1 until the palette shows. After a reload, or with the focus in a frame, the key can go nowhere:
 * the workbench's title bar is clicked (it does nothing) to give the window the focus, then F1 again.
 */
async function openPalette(page: Page): Promise<void> {
  for (let press = 1; press <= 3; press++) {
    await page.keyboard.press('F1');
    if (await quickInput(page).waitFor({ timeout: 7000 }).then(() => true, () => false)) return;
    await page.locator('.monaco-workbench .part.titlebar').first().click({ position: { x: 300, y: 10 }, timeout: 5000 }).catch(() => undefined);
  }
  await page.keyboard.press('F1');
  await quickInput(page).waitFor({ timeout: 20_000 });
}

/**
 * F1, the command's title, Enter. Contributed commands appear in the palette only once the
 * extension host has scanned extensions, a moment after the workbench is drawn, and an open
 * palette does not pick them up: close it and open it again until the command is listed (each
 * look waits up to 2 s for the row, so the attempts are spaced by that wait, not by a sleep).
 */
export async function runFromPalette(page: Page, title: string, { attempts = 30, releaseEnterOnReturn = false } = {}): Promise<void> {
  const row = page.locator('.quick-input-list .monaco-list-row', { hasText: title }).first();
  for (let attempt = 1; ; attempt++) {
    await openPalette(page);
    // A palette that closed as it opened (a webview taking the focus back, as the credits panel
    // does on a loaded machine) is opened again, as a person would press F1 again.
    const typed = await quickInput(page).fill(`>${title}`, { timeout: 5000 }).then(() => true, () => false);
    if (typed && await row.waitFor({ timeout: 2000 }).then(() => true, () => false)) break;
    if (typed) await page.keyboard.press('Escape');
    await quickInput(page).waitFor({ state: 'hidden', timeout: 10_000 });
    if (attempt >= attempts) throw new Error(`"${title}" never appeared in the command palette after ${attempts} looks`);
  }
  if (!releaseEnterOnReturn) {
    await page.keyboard.press('Enter');
    return;
  }
  // As a person whose finger is still on Enter when the palette closes: the palette gives the focus
  // back to where it was on Enter's keydown, and the keyup lands there, before the command shows
  // anything of its own.
  await page.evaluate(`(() => {
    const palette = document.querySelector('.quick-input-widget input.input');
    window.__focusReturned = false;
    const returned = (event) => { if (event.target !== palette) { document.removeEventListener('focusin', returned, true); window.__focusReturned = true; } };
    document.addEventListener('focusin', returned, true);
  })()`);
  await page.keyboard.down('Enter');
  await page.waitForFunction('window.__focusReturned', undefined, { timeout: 10_000 });
  await page.keyboard.up('Enter');
}

/**
 * Types into the input box a command opened (not the palette that opened it: the palette's text
 * starts with '>'), without accepting it yet, so a screenshot can show what was typed.
 */
export async function typeIntoInputBox(page: Page, text: string): Promise<void> {
  await waitForInputBox(page);
  await quickInput(page).fill(text);
}

/** Waits for the input box a command opened to be on screen (not the palette that opened it). */
export async function waitForInputBox(page: Page): Promise<void> {
  await page.waitForFunction(`(() => {
    const input = document.querySelector('.quick-input-widget input.input');
    return input !== null && input.offsetParent !== null && !input.value.startsWith('>');
  })()`, undefined, { timeout: 20_000 });
}

/** Opens an activity-bar container by its title (for example "Web Data"), unless it is open. */
export async function openViewContainer(page: Page, title: string): Promise<void> {
  const item = page.locator('.activitybar .action-item', { has: page.locator(`a.action-label[aria-label^="${title}"]`) }).first();
  await item.waitFor({ timeout: 20_000 });
  if (!((await item.getAttribute('class')) ?? '').split(/\s+/).includes('checked')) await item.click();
}

/** A view's pane (header and body), found by the view's title ("Search Results"). */
export function viewPane(page: Page, viewTitle: string): Locator {
  return page.locator('.pane', { has: page.locator('.pane-header', { hasText: viewTitle }) });
}

/** The rows of a view's tree, found by the view's title ("Search Results"). */
export function viewRows(page: Page, viewTitle: string): Locator {
  return viewPane(page, viewTitle).locator('.monaco-list-row');
}

/** Expands or collapses a view's pane by clicking its header, as a person does. */
export async function setViewExpanded(page: Page, viewTitle: string, expanded: boolean): Promise<void> {
  const header = viewPane(page, viewTitle).locator('.pane-header').first();
  await header.waitFor({ timeout: 20_000 });
  const done = viewPane(page, viewTitle).locator(`.pane-header[aria-expanded="${String(expanded)}"]`);
  // A click while the container lays its views out again can only focus the header (seen on a
  // loaded machine): clicked again, as a person would, a bounded number of times.
  for (let click = 1; click <= 3; click++) {
    if ((await header.getAttribute('aria-expanded')) === String(expanded)) return;
    await header.click();
    if (await done.waitFor({ timeout: 4000 }).then(() => true, () => false)) return;
  }
  await done.waitFor({ timeout: 10_000 });
}

/**
 * Moves the mouse over `target` and waits for its hover (a tree row's or status bar item's
 * tooltip) to show `text`; returns the hover's text. Hovers show after a delay, so this waits.
 */
export async function hoverText(page: Page, target: Locator, text: RegExp): Promise<string> {
  const hover = page.locator('.monaco-hover, .workbench-hover', { hasText: text }).first();
  for (let attempt = 1; ; attempt++) {
    await target.hover();
    if (await hover.waitFor({ timeout: 5000 }).then(() => true, () => false)) return hover.innerText();
    if (attempt >= 4) throw new Error(`no hover showing ${String(text)} appeared`);
    await page.mouse.move(0, 0);   // leave and come back: a hover shows on entering
  }
}

/**
 * Opens a workspace file through Go to File. A file written a moment ago is listed once the
 * workbench's file search sees it: asked again, a bounded number of times, until it is.
 */
export async function openFile(page: Page, name: string): Promise<void> {
  const listed = page.locator('.quick-input-list .monaco-list-row', { hasText: name }).first();
  for (let attempt = 0; attempt < 6; attempt++) {
    await runFromPalette(page, 'Go to File...');
    await quickInput(page).fill(name);
    if (await listed.waitFor({ timeout: 5_000 }).then(() => true, () => false)) break;
    await page.keyboard.press('Escape');
  }
  await listed.waitFor({ timeout: 5_000 });
  await page.keyboard.press('Enter');
  await editorTab(page, name).waitFor({ timeout: 20_000 });
}

/** An editor tab whose title matches. */
export function editorTab(page: Page, title: string | RegExp): Locator {
  return page.locator('.tabs-container .tab', { hasText: title }).first();
}

/**
 * The page inside the editor's webview (an extension's panel, the markdown preview): VS Code puts
 * it two frames down, its content in the inner `active-frame`. One webview open at a time.
 */
export function webviewFrame(page: Page): FrameLocator {
  return page.frameLocator('iframe.webview.ready').frameLocator('iframe#active-frame');
}

/** The editor's line at its cursor: its text, and how far below the editor's top it is drawn, of the editor's height. */
export interface CursorLine { text: string; fromTop: number; height: number }

/**
 * The line the active editor's cursor is on, as drawn (VS Code draws the lines it shows as
 * `.view-line`s placed by their `top`, the cursor beside them at its line's `top`; spaces come as
 * no-break spaces). One editor open.
 */
export async function cursorLine(page: Page): Promise<CursorLine> {
  const editor = page.locator('.editor-instance .monaco-editor').first();
  await editor.locator('.cursors-layer .cursor').first().waitFor({ state: 'attached', timeout: 20_000 });
  const line = await editor.evaluate(lineAtCursor);
  if (!line) throw new Error('no line drawn at the editor\'s cursor');
  return line;
}

/**
 * A function for the page made from its source: tsx wraps the test's own functions in a helper
 * (`__name`) the page does not have, so what runs in the page is written as text.
 */
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller says what the text's function takes and gives: nothing can check it here
export function inPage<A extends unknown[], R>(params: string[], body: string): (...args: A) => R {
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the page's code, as text on purpose (above)
  return new Function(...params, body) as (...args: A) => R;
}

/** The page's code that finds the line drawn at `editor`'s cursor (`found`, or null). */
const FIND_LINE_AT_CURSOR = `
  const top = parseFloat(editor.querySelector('.cursors-layer .cursor').style.top);
  const line = [...editor.querySelectorAll('.view-lines .view-line')].find((l) => Math.abs(parseFloat(l.style.top) - top) < 1);
  const box = editor.getBoundingClientRect();
  const found = line ? { text: line.textContent, fromTop: line.getBoundingClientRect().top - box.top, height: box.height } : null;
`;

const lineAtCursor = inPage<[unknown], CursorLine | null>(['editor'], `${FIND_LINE_AT_CURSOR} return found;`);

const cursorLineHolds = inPage<[{ editor: unknown; source: string; flags: string; fraction: number }], boolean>(['wanted'], `
  const editor = wanted.editor;
  ${FIND_LINE_AT_CURSOR}
  return found !== null && new RegExp(wanted.source, wanted.flags).test(found.text) && found.fromTop < found.height * wanted.fraction;
`);

/**
 * The line at the cursor once it matches `text` and is drawn within the top `fraction` of the
 * editor (a tab may draw its text a moment before it moves there), or as it is after `timeout`:
 * the caller's assertions then say what was drawn instead.
 */
export async function waitForCursorLine(page: Page, text: RegExp, fraction: number, timeout = 20_000): Promise<CursorLine> {
  const editor = page.locator('.editor-instance .monaco-editor').first();
  await editor.locator('.cursors-layer .cursor').first().waitFor({ state: 'attached', timeout });
  const handle = await editor.elementHandle();
  await page.waitForFunction(cursorLineHolds, { editor: handle, source: text.source, flags: text.flags, fraction }, { timeout }).catch(() => undefined);
  return cursorLine(page);
}

/** Waits for a notification toast whose text matches; returns its text. */
export async function waitForToast(page: Page, text: RegExp, timeout = 30_000): Promise<string> {
  const toast = page.locator('.notifications-toasts .notification-toast', { hasText: text }).first();
  await toast.waitFor({ timeout });
  return toast.innerText();
}

/** The visible notification toasts' text, for messages in failures. */
export async function toasts(page: Page): Promise<string[]> {
  return page.locator('.notifications-toasts .notification-toast').allInnerTexts();
}

/** Drags the side bar's edge so it is `width` pixels wide: long result titles fit, as in the README's pictures. */
export async function resizeSideBar(page: Page, width: number): Promise<void> {
  const box = await page.locator('.part.sidebar').boundingBox();
  if (!box) throw new Error('the side bar is not shown');
  const edge = box.x + box.width - 1;
  const y = box.y + box.height / 2;
  await page.mouse.move(edge, y);
  await page.mouse.down();
  await page.mouse.move(box.x + width, y, { steps: 5 });
  await page.mouse.up();
}

#!/usr/bin/env node
// The project's stand-in "VS Code executable" for @vscode/test-electron's runTests: these
// machines cannot download VS Code, so runTests starts this script instead. It takes the
// Electron-style arguments runTests passes, runs the tests in a real VS Code server's Node
// extension host (the workbench side in headless chromium) and exits 0 only when they pass.
// Needs VSCODE_SERVER_MAIN and, for a server that needs another node than ours, VSCODE_SERVER_NODE
// (both from scripts/ensure-tools.mjs); stops everything it started. The windows suite's second
// window is opened here too, when that suite asks (./windows-control.mjs).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import util from 'node:util';
import { launchChromium } from '../../scripts/lib/browser.mjs';
import { DEFAULT_GRACE_MS, parseProgress, StallWatch } from '../../scripts/lib/host-progress.mjs';
import { killTree } from '../../scripts/lib/processes.mjs';
import { remoteUri, startVsCodeServer } from '../../scripts/lib/vscode-server.mjs';
import { startWindowsControl } from './windows-control.mjs';

// No cap on the whole run, which the suite's growth would reach: a hang detector instead. Each test
// and hook may take its own timeout plus this grace, and the grace again between them
// (scripts/lib/host-progress.mjs); WEBDATA_HOST_STALL_S changes the grace.
const GRACE_MS = process.env.WEBDATA_HOST_STALL_S ? Number(process.env.WEBDATA_HOST_STALL_S) * 1000 : DEFAULT_GRACE_MS;
// Workbench chatter that says nothing about the tests; WEBDATA_HOST_VERBOSE=1 shows it anyway.
const CHATTER = /^(Resolving connection token|Resolved connection token|Creating a socket|Ignoring fetching additional builtin|Updating additional builtin|ChatSessionStore|\[Service Worker\])/;
// Printed several times, only in the pseudo-locale run (WEBDATA_PSEUDO_L10N=1: a language pack
// is registered); the gallery is absent on purpose (see scripts/lib/vscode-server.mjs).
const PSEUDO_CHATTER = /^No extension gallery service configured\.$/;
// The newest VS Code adds its chat and agent host's lines (no model, no GitHub sign-in: expected here).
const NEWEST_CHATTER = /^(\[(reconnection-grace-time|ChatModelSelection|AgentHost(:remote)?|AccountPolicyGate)\]|Creation of workbench contribution|Timed out waiting for authentication provider 'github')/;

/**
 * Built-in extensions no host test uses, left out of host runs (the server is given a built-in
 * folder without them: its --disable-extension did not stop them): each would start its own work
 * in the window (a TypeScript server for the JavaScript the browser suite opens, about 12 CPU s a
 * run; JSON and CSS servers for the tabs the tests open; git scanning the run folder), CPU the
 * run's 2 cores share with the tests. Markdown's stays: a suite reads a tab's outline from it. The
 * end-to-end run keeps every one, as a person's window has them.
 * WEBDATA_HOST_ALL_BUILT_INS=1 keeps them here too.
 */
const UNUSED_BUILT_INS = process.env.WEBDATA_HOST_ALL_BUILT_INS === '1' ? [] : [
  'vscode.typescript-language-features', 'vscode.json-language-features', 'vscode.css-language-features',
  'vscode.html-language-features', 'vscode.markdown-math', 'vscode.php-language-features',
  'vscode.git', 'vscode.git-base', 'vscode.github', 'vscode.github-authentication', 'vscode.microsoft-authentication',
  'vscode.emmet', 'vscode.npm', 'vscode.merge-conflict', 'vscode.references-view', 'vscode.ipynb', 'vscode.notebook-renderers',
  'vscode.debug-auto-launch', 'vscode.debug-server-ready', 'ms-vscode.js-debug', 'ms-vscode.js-debug-companion',
  'ms-vscode.vscode-js-profile-table', 'vscode.terminal-suggest', 'vscode.tunnel-forwarding', 'vscode.extension-editing',
  'vscode.configuration-editing', 'vscode.media-preview',
];

/** The parts of runTests' arguments we use; Electron-only flags (--no-sandbox, ...) are ignored. */
function parseArguments(argv) {
  const parsed = { developmentPaths: [], testsPath: undefined, userDataDir: undefined, extensionsDir: undefined, folder: undefined, locale: undefined,
    disableWorkspaceTrust: argv.includes('--disable-workspace-trust') };
  for (const arg of argv) {
    const match = /^--([^=]+)=(.*)$/.exec(arg);
    if (!match) {
      if (!arg.startsWith('-')) parsed.folder ??= path.resolve(arg);
      continue;
    }
    const [, name, value] = match;
    if (name === 'extensionDevelopmentPath') parsed.developmentPaths.push(path.resolve(value));
    else if (name === 'extensionTestsPath') parsed.testsPath = path.resolve(value);
    else if (name === 'user-data-dir') parsed.userDataDir = path.resolve(value);
    else if (name === 'extensions-dir') parsed.extensionsDir = path.resolve(value);
    else if (name === 'locale') parsed.locale = value;
  }
  if (!parsed.testsPath) throw new Error('code-shim: --extensionTestsPath= is required');
  return parsed;
}

/** The workbench URL that loads the extension under development and runs its tests. */
function workbenchUrl(port, { developmentPaths, testsPath, folder }) {
  const payload = [
    ...developmentPaths.map((devPath) => ['extensionDevelopmentPath', remoteUri(port, devPath)]),
    ['extensionTestsPath', remoteUri(port, testsPath)],
    ['skipWelcome', 'true'],
  ];
  const where = folder ? `folder=${encodeURIComponent(folder)}` : 'ew=true';
  return `http://127.0.0.1:${port}/?${where}&payload=${encodeURIComponent(JSON.stringify(payload))}`;
}

/**
 * WEBDATA_HOST_CPU_PROFILE=<file.cpuprofile>: the workbench's JavaScript profiled for the whole run
 * (Chrome DevTools' format), to see where the renderer's time goes; how the toasts' layout was found.
 */
async function startProfiler(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 1000 });
  await cdp.send('Profiler.start');
  return {
    async saveTo(file) {
      const { profile } = await cdp.send('Profiler.stop');
      fs.writeFileSync(file, JSON.stringify(profile));
      console.log(`code-shim: the workbench's CPU profile is in ${file}`);
    },
  };
}

/**
 * The toasts left (an error's: the suites' Do Not Disturb hides the rest, test/host/index.ts) are
 * not drawn: no host test reads the page, and laying out every toast kept was the workbench's
 * busiest work. WEBDATA_HOST_SHOW_TOASTS=1 draws them, to watch a run.
 */
async function hideToasts(page) {
  if (process.env.WEBDATA_HOST_SHOW_TOASTS === '1') return;
  await page.addInitScript(`document.addEventListener('DOMContentLoaded', () => {
    const style = document.createElement('style');
    style.textContent = '.notifications-toasts { display: none !important; }';
    document.head.append(style);
  });`);
}

/**
 * The windows suite's second window (./windows-control.mjs): another page of the same Chromium on
 * the same server, with another folder, running ./second-window.ts (bundled beside the tests).
 * Its lines are shown marked; its end says nothing about the run.
 */
async function openSecondWindow(browser, port, options, folder) {
  const page = await browser.newPage({ viewport: { width: 1024, height: 640 } });
  await page.exposeFunction('codeAutomationLog', (type, args) => {
    const line = util.format(...(Array.isArray(args) ? args : [args]));
    if ((CHATTER.test(line) || NEWEST_CHATTER.test(line) || PSEUDO_CHATTER.test(line)) && !process.env.WEBDATA_HOST_VERBOSE) return;
    (type === 'error' ? process.stderr : process.stdout).write(`[second window] ${line}\n`);
  });
  await page.exposeFunction('codeAutomationExit', () => {});
  page.on('pageerror', (error) => console.error(`[second window] ${error.message}`));
  await hideToasts(page);
  const testsPath = path.join(path.dirname(options.testsPath), 'second-window.js');
  void page.goto(workbenchUrl(port, { ...options, testsPath, folder })).catch((error) => console.error(`[second window] ${error.message}`));
  return page;
}

/** Opens the workbench; resolves with the exit code the test runner reports, or { stalled: reason }. */
async function runInWorkbench(browser, url) {
  // A smaller window than the default 1280×720: less for the workbench to lay out and paint.
  const page = await browser.newPage({ viewport: { width: 1024, height: 640 } });
  let finish = () => {};
  const finished = new Promise((resolve) => { finish = resolve; });
  const watch = new StallWatch({ graceMs: GRACE_MS, onStall: (reason) => finish({ stalled: reason }) });
  // The workbench calls these (smoke-test driver) with the extension host's console and result.
  await page.exposeFunction('codeAutomationLog', (type, args) => {
    const line = util.format(...(Array.isArray(args) ? args : [args]));
    const progress = parseProgress(line);
    if (progress) {
      watch.feed(progress);
      return;
    }
    if ((CHATTER.test(line) || NEWEST_CHATTER.test(line) || PSEUDO_CHATTER.test(line)) && !process.env.WEBDATA_HOST_VERBOSE) return;
    (type === 'error' ? process.stderr : process.stdout).write(`${line}\n`);
  });
  await page.exposeFunction('codeAutomationExit', (code) => finish(code));
  page.on('pageerror', (error) => console.error(`[workbench] ${error.message}`));
  const profiler = process.env.WEBDATA_HOST_CPU_PROFILE ? await startProfiler(page) : undefined;
  await hideToasts(page);
  try {
    await page.goto(url);
    return await finished;
  } finally {
    watch.stop();
    await profiler?.saveTo(process.env.WEBDATA_HOST_CPU_PROFILE);
  }
}

async function main(argv) {
  const serverMain = process.env.VSCODE_SERVER_MAIN;
  if (!serverMain) throw new Error('code-shim: set VSCODE_SERVER_MAIN (printed by node scripts/ensure-tools.mjs)');
  // The newest server needs a newer node than the one running this script: it comes pinned with it.
  const serverNode = process.env.VSCODE_SERVER_NODE || process.execPath;
  const options = parseArguments(argv);
  // Short path: the server's IPC sockets live here and socket paths are limited to ~100 bytes.
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wd-host-'));
  const userDataDir = options.userDataDir ?? path.join(runDir, 'user-data');
  const extensionsDir = options.extensionsDir ?? path.join(runDir, 'extensions');
  let server;
  let browser;
  // Opened for the windows suite only, by the tests themselves; the server and browser exist by then.
  const windows = await startWindowsControl({ openPage: (folder) => openSecondWindow(browser, server.port, options, folder) });
  const cleanUp = async () => {
    await windows.close();
    await browser?.close().catch(() => {});
    await server?.stop();
    await killTree(process.pid, { includeRoot: false });   // anything else we started
    fs.rmSync(runDir, { recursive: true, force: true });
  };
  // runTests sends SIGINT on Ctrl-C; stop the tree before leaving.
  for (const name of ['SIGINT', 'SIGTERM']) process.once(name, () => { cleanUp().finally(() => process.exit(130)); });
  try {
    server = await startVsCodeServer({ serverMain, serverNode, runDir, userDataDir, extensionsDir, smokeTestDriver: true,
      env: { ...process.env, WEBDATA_TEST_WINDOWS_URL: windows.url },
      disableWorkspaceTrust: options.disableWorkspaceTrust, locale: options.locale, disableExtensions: UNUSED_BUILT_INS });
    browser = await launchChromium({ runDir });
    const code = await runInWorkbench(browser, workbenchUrl(server.port, options));
    if (typeof code === 'object') console.error(`code-shim: the tests stopped making progress: ${code.stalled} (WEBDATA_HOST_STALL_S sets the grace)`);
    else if (code !== 0) console.error(`code-shim: tests finished with exit code ${code}`);
    if (code !== 0 && process.env.WEBDATA_HOST_SHOW_SERVER_LOG) console.error(server.output());
    return code === 0 ? 0 : 1;
  } finally {
    await cleanUp();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => { console.error(error instanceof Error ? error.stack : String(error)); process.exit(1); },
);

// The sandbox stack, shared by `npm run sandbox` and the e2e test: the emulator, a freshly
// packaged .vsix installed into a real VS Code server, and machine settings pointing the
// extension at the emulator. Needs `node --import tsx` (the emulator is TypeScript).
import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureTools, REPO } from '../ensure-tools.mjs';
import { versionNamed } from './vscode-versions.mjs';
import { killTree, pickPort } from './processes.mjs';
import { installExtension, startVsCodeServer } from './vscode-server.mjs';

export const VSIX = path.join(REPO, 'dist', 'web-data.vsix');
const SECRETS_HELPER = path.join(REPO, 'scripts', 'lib', 'sandbox-secrets');
const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/**
 * `npm run package`: production build + vsce, so the stack runs what a user installs. Packaged once
 * per process, or not at all when the end-to-end run's global set-up did it (test/e2e/global-setup.ts):
 * that run starts a stack per file, all of the same sources.
 */
let packaged = false;

/** Read at each call: mocha loads the end-to-end files (and this module) before its global set-up runs. */
function packagedAlready() {
  return (packaged || process.env.WEBDATA_E2E_PACKAGED === '1') && fs.existsSync(VSIX);
}

export function packageExtension() {
  if (packagedAlready()) return VSIX;
  const result = spawnSync('npm', ['run', '--silent', 'package'], { cwd: REPO, stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0 || !fs.existsSync(VSIX)) throw new Error('npm run package failed');
  packaged = true;
  return VSIX;
}

/**
 * Packages scripts/lib/sandbox-secrets (a helper extension, not part of the product) into runDir:
 * it hands the demo key and webhook secret to Web Data through its commands when the window opens.
 */
export async function packageSecretsHelper(runDir) {
  const packaged = process.env.WEBDATA_E2E_SECRETS_VSIX;
  if (packaged && fs.existsSync(packaged)) return packaged;
  return packageFolder(SECRETS_HELPER, path.join(runDir, 'sandbox-secrets.vsix'));
}

/** Packages a folder holding a built extension (package.json and its files) as a .vsix at packagePath. */
async function packageFolder(cwd, packagePath) {
  const { createVSIX } = await import('@vscode/vsce');
  // vsce prints its file list and warnings with console.log/warn: not the stack's output.
  const { log, warn, info } = console;
  console.log = console.warn = console.info = () => {};
  try {
    await createVSIX({ cwd, packagePath, allowMissingRepository: true, skipLicense: true, dependencies: false });
  } finally {
    Object.assign(console, { log, warn, info });
  }
  return packagePath;
}

// Machine settings are the server-side layer a browser workbench reads (user settings live in
// the browser's own storage), so this is where the sandbox's service address goes. The server
// keeps them in <user-data-dir>/Machine when --user-data-dir is given.
function writeMachineSettings(userDataDir, settings) {
  const dir = path.join(userDataDir, 'Machine');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'settings.json'), `${JSON.stringify(settings, null, 2)}\n`);
}

/**
 * Starts everything. `home` holds the server's user data, extensions and the workspace folder
 * (.sandbox/ for the sandbox, a per-run folder for tests). Returns the workbench URL and stop().
 * On SIGINT/SIGTERM/SIGHUP it stops everything and exits with exitCodeOnSignal.
 * storeApiKey false: the demo key is not handed to the extension, so the window starts not
 * connected and a test connects as a person does (the webhook secret is still given).
 * settings: more machine settings, over the stack's own.
 * sandboxOnly: the VS Code server may lack the native modules it runs without (`npm run sandbox`).
 * demoPages: the emulator answers any https address with a plausible page and crawls what Map Site
 * lists (test/emulator/demo-pages.ts): the sandbox's web; the e2e run keeps the plain emulator.
 */
export async function startStack({
  home, serverPort, emulatorPort, log = console.log, exitCodeOnSignal = 130, storeApiKey = true, settings = {}, sandboxOnly = false, demoPages = false,
  vscode = 'floor', extraExtensions = [],
}) {
  // Short path: the server's IPC sockets go here (socket paths are limited to ~100 bytes).
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wd-stack-'));
  let emulator;
  let server;
  let stopped;
  const stop = () => {
    stopped ??= (async () => {
      for (const name of STOP_SIGNALS) process.off(name, onSignal);
      // A server still starting is not in `server` yet, but it is one of our descendants (and
      // nothing else is yet: the sandbox opens a browser only once started).
      await (server ? server.stop() : killTree(process.pid, { includeRoot: false }));
      await emulator?.close();
      fs.rmSync(runDir, { recursive: true, force: true });
    })();
    return stopped;
  };
  // Ctrl-C (or a kill) while the stack starts or runs: the server is detached from our process
  // group, so nothing else would stop it.
  const onSignal = () => {
    log('stopping');
    void stop().finally(() => process.exit(exitCodeOnSignal));
  };
  for (const name of STOP_SIGNALS) process.once(name, onSignal);
  const workspace = path.join(home, 'workspace');
  try {
    // e2e and the sandbox run on the floor; the sandbox without what it runs without (ensure-tools).
    const { servers } = await ensureTools({ versions: [versionNamed(vscode)], sandboxOnly });
    const [{ serverMain, serverNode }] = servers;
    if (!packagedAlready()) log('packaging the extension (npm run package)');
    const vsix = packageExtension();
    const userDataDir = path.join(home, 'user-data');
    const extensionsDir = path.join(home, 'extensions');
    fs.mkdirSync(workspace, { recursive: true });
    const { startEmulator, DEMO_API_KEY } = await import('../../test/emulator/index.ts');
    emulator = await startEmulator({ port: await pickPort(emulatorPort), demoPages });
    log(`emulator at ${emulator.url}`);
    // The webhook receiver starts with the window and the emulator delivers to it, so completing
    // an emulated crawl (POST /_emulator/crawls/:id/complete) shows up in the editor.
    // Signed with a fresh secret that the extension is given too, so deliveries show as verified.
    const webhookPort = await pickPort(0);
    const webhookSecret = randomBytes(24).toString('hex');
    emulator.setWebhook({ url: `http://127.0.0.1:${webhookPort}/webhooks/web-data`, secret: webhookSecret, metadata: { source: 'sandbox' } });
    writeMachineSettings(userDataDir, {
      'webData.baseUrl': emulator.url,
      'webData.webhooks.autoStart': true,
      'webData.webhooks.port': webhookPort,
      'extensions.autoCheckUpdates': false,   // no gallery on these machines; spares the errors
      'extensions.autoUpdate': false,
      'workbench.startupEditor': 'none',
      'telemetry.telemetryLevel': 'off',
      'git.openRepositoryInParentFolders': 'never',   // .sandbox/ sits inside this repository
      ...settings,
    });
    installExtension({ serverMain, serverNode, userDataDir, extensionsDir, vsix });
    installExtension({ serverMain, serverNode, userDataDir, extensionsDir, vsix: await packageSecretsHelper(runDir) });
    // Folders of extensions already built (a test's helper), packaged and installed as any other:
    // a folder only copied in is not in the profile's list, and the server removes it.
    for (const [i, dir] of extraExtensions.entries()) installExtension({ serverMain, serverNode, userDataDir, extensionsDir, vsix: await packageFolder(dir, path.join(runDir, `extra-${i}.vsix`)) });
    log('starting the VS Code server');
    // The helper extension passes these to webData.setWebhookSecret and webData.setApiKey when
    // the window opens: the sandbox's demo key and webhook secret, never real ones.
    const env = { ...process.env, WEBDATA_SANDBOX_WEBHOOK_SECRET: webhookSecret };
    if (storeApiKey) env.WEBDATA_SANDBOX_API_KEY = DEMO_API_KEY;
    else delete env.WEBDATA_SANDBOX_API_KEY;   // not even one from the caller's shell
    server = await startVsCodeServer({ serverMain, serverNode, runDir, userDataDir, extensionsDir, port: await pickPort(serverPort), env,
      disableWorkspaceTrust: true });   // the stack's own empty folder: no trust prompt
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    emulator,
    server,
    workspace,
    workbenchUrl: `${server.url}/?folder=${encodeURIComponent(workspace)}`,
    get stopping() { return stopped !== undefined; },
    stop,
  };
}

// `npm run sandbox`: try the extension with no account. Starts the emulator (a local Web Data
// Service with a demo key) and a real VS Code (the server from npm, in your browser) with the
// packaged extension installed, pointed at the emulator and holding the demo key.
// State lives in .sandbox/ (delete it to start over). Ctrl-C stops everything.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { REPO } from './ensure-tools.mjs';
import { startStack } from './lib/stack.mjs';
// A CommonJS module under tsx: its exports come as the default export.
import sandboxDeliver from './sandbox-deliver.ts';
import sandboxFamilies from './sandbox-families.ts';
import sandboxSearches from './sandbox-searches.ts';

const { sandboxJobLines } = sandboxDeliver;
const { sandboxFamilyLines, writeSampleDocuments } = sandboxFamilies;
const { SANDBOX_SETTINGS, sandboxSearchLines } = sandboxSearches;

const SERVER_PORT = Number(process.env.WEBDATA_SANDBOX_PORT || 8484);
const EMULATOR_PORT = Number(process.env.WEBDATA_SANDBOX_EMULATOR_PORT || 8485);
// WEBDATA_SANDBOX_HOME: another folder, for the e2e test that runs `npm run sandbox` beside yours.
const HOME = process.env.WEBDATA_SANDBOX_HOME ? path.resolve(process.env.WEBDATA_SANDBOX_HOME) : path.join(REPO, '.sandbox');
// Where the running sandbox is, for `npm run sandbox:deliver` (scripts/sandbox-deliver.ts): the
// ports move when the defaults are taken. Removed on exit, so a stale file means a killed sandbox.
const PORTS_FILE = path.join(HOME, 'ports.json');

function writePortsFile(stack) {
  const ports = { pid: process.pid, workbenchUrl: stack.workbenchUrl, emulatorUrl: stack.emulator.url, adminUrl: stack.emulator.adminUrl };
  fs.writeFileSync(PORTS_FILE, `${JSON.stringify(ports, null, 2)}\n`);
  process.on('exit', () => fs.rmSync(PORTS_FILE, { force: true }));
}

/** Opens the URL in the desktop's browser when there is a desktop; silently skips otherwise. */
function openBrowser(url) {
  if (!process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) return;
  const opener = process.env.BROWSER || 'xdg-open';
  const child = spawn(opener, [url], { stdio: 'ignore', detached: true });
  child.on('error', () => console.log(`(could not start ${opener}; open the URL yourself)`));
  child.unref();
}

async function main() {
  const stack = await startStack({
    home: HOME,
    serverPort: SERVER_PORT,
    emulatorPort: EMULATOR_PORT,
    log: (message) => console.log(`sandbox: ${message}`),
    exitCodeOnSignal: 0,
    settings: SANDBOX_SETTINGS,
    sandboxOnly: true,
    demoPages: true,
  });
  // Ctrl-C: startStack stops everything it started and exits (0: stopping is what was asked).
  void stack.server.exited.then(async (code) => {
    if (stack.stopping) return;
    console.error(`sandbox: the VS Code server stopped unexpectedly (${code}); its last output:\n${stack.server.output().slice(-4000)}`);
    await stack.stop();
    process.exit(1);
  });
  writePortsFile(stack);
  writeSampleDocuments(stack.workspace);
  console.log(`
  Web Data sandbox is running.
    VS Code:   ${stack.workbenchUrl}
    Emulator:  ${stack.emulator.url}  (demo key stored in VS Code for you)
  Press Ctrl-C to stop.
  ${sandboxFamilyLines().join('\n  ')}
  ${sandboxSearchLines().join('\n  ')}
  Webhooks: the receiver starts with the window. Send it a signed delivery from another terminal:
    npm run sandbox:deliver -- crawl.completed        (or batch_scrape.started, batch_scrape.completed, crawl.page, batch_scrape.page)
  Or complete one of the running crawls in Jobs (copy its id there): crawl.completed arrives,
  and its notification's Open Results lists the crawl's pages under its row in Jobs:
    curl -X POST ${stack.emulator.adminUrl}/crawls/<crawl id>/complete
  ${sandboxJobLines().join('\n  ')}
  More to try: a running crawl's row in Jobs, Open Crawl Results (pages fill in as the crawl runs); a problem's
  light bulb (Ctrl+.) > Search the Web for This Problem; F1 > "Web Data: Check Connection".
`);
  openBrowser(stack.workbenchUrl);
}

main().catch((error) => {
  console.error(`sandbox failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});

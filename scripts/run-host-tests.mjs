// `npm run test:host`: mocha inside a real VS Code extension host, against the emulator, once
// per VS Code version (the `engines.vscode` floor, then the newest; WEBDATA_VSCODE=floor|latest
// picks one, see scripts/lib/vscode-versions.mjs). Builds the extension, bundles test/host (mocha
// included, vscode external), then per version starts a fresh emulator and runs
// @vscode/test-electron's runTests with test/host/code-shim.mjs standing in for the VS Code
// executable (it drives VS Code's server from npm; see that file). A failure on any version
// fails the run, after every version has run. Run with `node --import tsx` (the emulator is TypeScript).
// The versions run at once, each in a child process of this script with its own emulator, server,
// Chromium and profile (they share nothing): one run leaves about half of this 2-core machine idle
// (its tests wait on the extension's own timers), so two at once take about 1.3 times one, not
// twice. The first version's output shows as it comes, each other's whole when the first is done,
// so no two runs' lines mix. WEBDATA_HOST_PARALLEL=0 runs them one after another.
// WEBDATA_PSEUDO_L10N=1 runs test/host/pseudo instead, in the pseudo locale qps-ploc (see
// scripts/lib/pseudo-l10n.mjs): the other suites assert English text.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runTests } from '@vscode/test-electron';
import * as esbuild from 'esbuild';
import { ensureTools, REPO } from './ensure-tools.mjs';
import { PSEUDO_LOCALE, preparePseudoLocale } from './lib/pseudo-l10n.mjs';
import { selectedVersions } from './lib/vscode-versions.mjs';

const SHIM = path.join(REPO, 'test', 'host', 'code-shim.mjs');
const SELF = fileURLToPath(import.meta.url);
// Set for the child that runs one version: the parent built the extension and the bundle.
const BUILT = process.env.WEBDATA_HOST_BUILT === '1';
const PARALLEL = process.env.WEBDATA_HOST_PARALLEL !== '0';
const PSEUDO = process.env.WEBDATA_PSEUDO_L10N === '1';
const SUITE_DIR = path.join(REPO, 'test', 'host', PSEUDO ? 'pseudo' : 'suite');
const BUNDLE = path.join(REPO, 'out', 'host', 'index.js');
// A scripted chat model (test/host/fake-model), loaded beside the extension where VS Code lets an
// extension provide one (1.104 and later): the @webData suite talks to it.
const FAKE_MODEL = path.join(REPO, 'out', 'host', 'fake-model');

function step(message) {
  console.log(`\n== ${message}`);
}

function buildExtension() {
  const result = spawnSync('npm', ['run', '--silent', 'build'], { cwd: REPO, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('npm run build failed');
}

/** Every suite file, sorted so the run order is stable. */
function suiteFiles() {
  return fs.readdirSync(SUITE_DIR, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts'))
    .sort()
    .map((file) => path.join(SUITE_DIR, file));
}

// The generated module behind `import { loadSuites } from 'virtual:host-suites'`: require()
// (not import) so that esbuild runs each suite lazily, after mocha has set up describe/it.
const suitesPlugin = {
  name: 'host-suites',
  setup(build) {
    build.onResolve({ filter: /^virtual:host-suites$/ }, () => ({ path: 'host-suites', namespace: 'host-suites' }));
    build.onLoad({ filter: /.*/, namespace: 'host-suites' }, () => ({
      contents: `export function loadSuites() {\n${suiteFiles().map((file) => `  require(${JSON.stringify(file)});`).join('\n')}\n}\n`,
      resolveDir: SUITE_DIR,
      loader: 'js',
    }));
  },
};

async function bundleHostTests() {
  await esbuild.build({
    entryPoints: [path.join(REPO, 'test', 'host', 'index.ts')],
    outfile: BUNDLE,
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    external: ['vscode'],
    sourcemap: 'inline',
    logLevel: 'warning',
    // mocha's parallel mode (never used here) resolves worker files at run time.
    logOverride: { 'require-resolve-not-external': 'silent' },
    plugins: [suitesPlugin],
  });
  // The windows suite's second window runs this instead of the suites (test/host/windows-control.mjs).
  await esbuild.build({
    entryPoints: [path.join(REPO, 'test', 'host', 'second-window.ts')],
    outfile: path.join(path.dirname(BUNDLE), 'second-window.js'),
    bundle: true, format: 'cjs', platform: 'node', target: 'node20', external: ['vscode'], sourcemap: 'inline', logLevel: 'warning',
  });
  await esbuild.build({
    entryPoints: [path.join(REPO, 'test', 'host', 'fake-model', 'extension.ts')],
    outfile: path.join(FAKE_MODEL, 'extension.js'),
    bundle: true, format: 'cjs', platform: 'node', target: 'node20', external: ['vscode'], logLevel: 'warning',
  });
  fs.copyFileSync(path.join(REPO, 'test', 'host', 'fake-model', 'package.json'), path.join(FAKE_MODEL, 'package.json'));
}

/**
 * The scripted model's extension, installed in the run's extensions folder (the server takes one
 * extension under development from the workbench's payload).
 */
function installFakeModel(runDir) {
  fs.cpSync(FAKE_MODEL, path.join(runDir, 'extensions', 'webdata-test.fake-model-0.0.1'), { recursive: true });
}

/** A workspace folder whose settings point the extension at the emulator. */
function writeWorkspace(runDir, baseUrl) {
  const folder = path.join(runDir, 'workspace');
  fs.mkdirSync(path.join(folder, '.vscode'), { recursive: true });
  fs.writeFileSync(path.join(folder, '.vscode', 'settings.json'), JSON.stringify({ 'webData.baseUrl': baseUrl }, null, 2));
  return folder;
}

/**
 * What the editor computes and draws for each document the tests open, no host test looks at:
 * colours by grammar (the scraped pages are large markdown), the minimap, folding, links, hovers,
 * guides. The extension's calls are the same; the end-to-end run keeps VS Code's defaults.
 */
const LEAN_EDITOR = {
  'editor.maxTokenizationLineLength': 1, 'editor.minimap.enabled': false, 'editor.folding': false, 'editor.links': false,
  'editor.hover.enabled': false, 'editor.occurrencesHighlight': 'off', 'editor.selectionHighlight': false,
  'editor.bracketPairColorization.enabled': false, 'editor.guides.indentation': false, 'editor.stickyScroll.enabled': false,
  'editor.codeLens': false, 'editor.colorDecorators': false, 'editor.quickSuggestions': { other: false, comments: false, strings: false },
  'editor.wordBasedSuggestions': 'off', 'editor.lightbulb.enabled': 'off', 'editor.cursorBlinking': 'solid',
  'editor.renderLineHighlight': 'none', 'breadcrumbs.enabled': false, 'workbench.tips.enabled': false,
};

// Newer servers read user settings from the user-data folder: without this, built-in extensions
// of 1.139 try to reach a telemetry host, which these machines cannot. Reduced motion: fewer
// animations for the workbench to draw while no one watches (a host run's renderer is most of its CPU).
function writeUserSettings(userDataDir) {
  fs.mkdirSync(path.join(userDataDir, 'User'), { recursive: true });
  fs.writeFileSync(path.join(userDataDir, 'User', 'settings.json'), JSON.stringify({ 'telemetry.telemetryLevel': 'off', 'workbench.reduceMotion': 'on', ...LEAN_EDITOR }, null, 2));
}

/** The host suites on one VS Code server, with a fresh emulator and profile; resolves with seconds taken. */
async function runOnServer(server) {
  const started = Date.now();
  const { startEmulator, DEMO_API_KEY, makeTestCertificates, startTinyproxy, SERVICE_HOST } = await import('../test/emulator/index.ts');
  const emulator = await startEmulator();
  console.log(`emulator at ${emulator.url}; server ${path.relative(REPO, server.serverMain)} on node ${server.serverNode === process.execPath ? process.version : path.relative(REPO, server.serverNode)}`);
  // For the proxy suite: an HTTPS emulator with a test CA (trusted through NODE_EXTRA_CA_CERTS),
  // reached by a name that only the tinyproxy process can resolve.
  const certs = makeTestCertificates();
  const tlsEmulator = await startEmulator({ tls: { key: certs.key, cert: certs.cert } });
  const proxy = await startTinyproxy();
  const tlsBaseUrl = `https://${SERVICE_HOST}:${new URL(tlsEmulator.url).port}`;
  console.log(`HTTPS emulator at ${tlsBaseUrl} through the proxy ${proxy.url}`);
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wd-hostrun-'));
  let removePseudoBundles = () => {};
  try {
    const userDataDir = path.join(runDir, 'user-data');
    writeUserSettings(userDataDir);
    if (server.name === 'latest') installFakeModel(runDir);
    if (PSEUDO) removePseudoBundles = preparePseudoLocale({ repo: REPO, userDataDir, runDir });
    await runTests({
      vscodeExecutablePath: SHIM,
      extensionDevelopmentPath: REPO,
      extensionTestsPath: BUNDLE,
      // A fresh profile per run: no state from an earlier run leaks in.
      launchArgs: [writeWorkspace(runDir, emulator.url), `--user-data-dir=${userDataDir}`,
        `--extensions-dir=${path.join(runDir, 'extensions')}`, ...(PSEUDO ? [`--locale=${PSEUDO_LOCALE}`] : [])],
      extensionTestsEnv: {
        VSCODE_SERVER_MAIN: server.serverMain,
        VSCODE_SERVER_NODE: server.serverNode,
        WEBDATA_TEST_VSCODE: server.name,
        WEBDATA_TEST_VSCODE_VERSION: server.vscode,
        WEBDATA_TEST_BASE_URL: emulator.url,
        WEBDATA_TEST_API_KEY: DEMO_API_KEY,
        WEBDATA_TEST_ADMIN_URL: emulator.adminUrl,
        // The profile the run creates: the secrets suite searches all of it (extension storage, logs, state).
        WEBDATA_TEST_USER_DATA_DIR: userDataDir,
        WEBDATA_TEST_TLS_BASE_URL: tlsBaseUrl,
        WEBDATA_TEST_PROXY_URL: proxy.url,
        // The authority's folder (its key too): the doctor suite signs an expired certificate with
        // it, so the only thing wrong with that certificate is its dates.
        WEBDATA_TEST_CA_DIR: certs.dir,
        NODE_EXTRA_CA_CERTS: certs.caFile,
        ...(PSEUDO ? { WEBDATA_PSEUDO_L10N: '1' } : {}),
        // Each test's duration, for the slowest tests `npm test` lists at its end.
        WEBDATA_TEST_DURATIONS_FILE: path.join(REPO, 'test-results', 'durations', `host-${server.name}${PSEUDO ? '-pseudo' : ''}.json`),
      },
    });
    return (Date.now() - started) / 1000;
  } finally {
    removePseudoBundles();
    await Promise.all([emulator.close(), tlsEmulator.close(), proxy.close()]);
    certs.dispose();
    fs.rmSync(runDir, { recursive: true, force: true });
  }
}

/** One version in this process; resolves with its label when it failed. */
async function runVersion(server) {
  const label = `VS Code ${server.vscode} (${server.name})`;
  step(`tests in ${label}`);
  try {
    const seconds = await runOnServer(server);
    console.log(`\nhost tests passed on ${label} in ${seconds.toFixed(1)} s`);
    return undefined;
  } catch (error) {
    // runTests rejects with "Test run failed with code 1" after the failures were printed.
    console.error(`\nhost tests failed on ${label}: ${error instanceof Error ? error.message : String(error)}`);
    return label;
  }
}

/**
 * Every version at once, each in a child process of this script. The first one's output is shown
 * as it comes; each other's is kept and shown whole, in order, once those before it are done.
 * Resolves with the labels of the versions that failed.
 */
async function runVersionsAtOnce(servers) {
  const runs = servers.map((server, index) => {
    const child = spawn(process.execPath, ['--import', 'tsx', SELF], {
      cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, WEBDATA_VSCODE: server.name, WEBDATA_HOST_BUILT: '1' },
    });
    const kept = [];
    const live = index === 0;
    child.stdout.on('data', (chunk) => { if (live) process.stdout.write(chunk); else kept.push(['out', chunk]); });
    child.stderr.on('data', (chunk) => { if (live) process.stderr.write(chunk); else kept.push(['err', chunk]); });
    const done = new Promise((resolve) => child.on('close', (code, signal) => resolve(code ?? signal)));
    return { server, kept, done };
  });
  console.log(`\nhost tests on ${servers.map((server) => `VS Code ${server.vscode}`).join(' and ')} at once; ` +
    `the output of ${servers.slice(1).map((server) => server.vscode).join(' and ')} follows when ${servers[0].vscode} is done`);
  const failed = [];
  for (const run of runs) {
    const code = await run.done;
    for (const [stream, chunk] of run.kept) (stream === 'err' ? process.stderr : process.stdout).write(chunk);
    if (code !== 0) failed.push(`VS Code ${run.server.vscode} (${run.server.name})`);
  }
  return failed;
}

async function main() {
  const started = Date.now();
  const versions = selectedVersions();
  step('tools');
  const { servers } = await ensureTools({ versions });
  if (!BUILT) {
    step('build');
    buildExtension();
    await bundleHostTests();
    console.log(`host suites: ${suiteFiles().map((file) => path.relative(REPO, file)).join(', ')}`);
    fs.chmodSync(SHIM, 0o755);   // runTests spawns it directly, as it would spawn VS Code
  }

  const failed = [];
  if (servers.length > 1 && PARALLEL) failed.push(...await runVersionsAtOnce(servers));
  else for (const server of servers) failed.push(...[await runVersion(server)].filter(Boolean));
  if (failed.length > 0) throw new Error(`failed on ${failed.join(' and ')}`);
  if (servers.length > 1) {
    console.log(`\nhost tests passed on ${servers.map((server) => `VS Code ${server.vscode}`).join(' and ')} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(`\nhost tests ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);

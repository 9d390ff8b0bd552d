#!/usr/bin/env node
// Makes sure everything the host tests, e2e tests and the sandbox need is on this machine:
// node_modules, Debian's chromium-headless-shell/ripgrep/libkrb5-dev/tinyproxy, and the pinned VS Code servers (from
// the npm package code-server, because these machines cannot download VS Code itself): the floor and
// the newest, with the node 24 it needs (scripts/lib/vscode-versions.mjs; WEBDATA_VSCODE or
// --vscode=floor|latest|all picks: `npm run sandbox` installs only the floor it runs, and with
// --for=sandbox only what it runs of it).
// Plain Node, no dependencies, idempotent, and fast when everything is present.
// Run it directly (`node scripts/ensure-tools.mjs`) or import ensureTools().
import { spawnSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { clearInterval, setInterval } from 'node:timers';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { npmProgressLine } from './lib/npm-progress.mjs';
import { pinnedNodeDirOf, selectedVersions, serverMainOf, serverNodeOf, versionNamed, versionsForArgs } from './lib/vscode-versions.mjs';

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Chromium's headless shell, not the whole browser: the tests only ever run it headless, and the
// same floor host run took 307 and 348 CPU s with it against 387 with Debian's chromium (CONTRIBUTING,
// where the time goes). CHROMIUM_BIN picks another build. The sandbox opens the desktop's own browser.
export const CHROMIUM = process.env.CHROMIUM_BIN || '/usr/bin/chromium-headless-shell';
// tinyproxy: the real forwarding proxy of the proxy tests (test/emulator/proxy.ts).
const DEBIAN_PACKAGES = ['chromium-headless-shell', 'ripgrep', 'libkrb5-dev', 'tinyproxy'];
// @vscode/ripgrep (a dependency of VS Code 1.100.3) downloads rg in its postinstall; it looks
// in this cache first, so we fill it from Debian's rg and no download is attempted.
const RIPGREP_CACHE = { dir: 'vscode-ripgrep-cache-1.15.11', file: 'ripgrep-v13.0.0-10-x86_64-unknown-linux-musl.tar.gz' };

const t0 = Date.now();
function log(message) {
  console.log(`[ensure-tools ${((Date.now() - t0) / 1000).toFixed(1)}s] ${message}`);
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
}

/**
 * Whether node_modules holds what package-lock.json names: npm's own record of what it installed
 * (node_modules/.package-lock.json) lists the same packages at the same versions, leaving out only
 * the optional ones for other platforms. By content, not by the files' times: a checkout or a new
 * git worktree gives package-lock.json a new time without changing a package.
 */
function nodeModulesMatchLock() {
  let installed;
  try {
    installed = JSON.parse(fs.readFileSync(path.join(REPO, 'node_modules', '.package-lock.json'), 'utf8')).packages ?? {};
  } catch {
    return false;
  }
  const wanted = JSON.parse(fs.readFileSync(path.join(REPO, 'package-lock.json'), 'utf8')).packages ?? {};
  for (const [where, entry] of Object.entries(wanted)) {
    if (where === '' || entry.link === true) continue;
    if (installed[where]?.version !== entry.version && !(entry.optional === true && installed[where] === undefined)) return false;
  }
  return Object.keys(installed).every((where) => where in wanted);
}

/**
 * npm ci when node_modules does not hold what package-lock.json names. Resolves when done; it
 * runs beside the VS Code servers' installs (ensureTools), which need nothing from it. Never
 * through a link: node_modules linked to another checkout's (as in a git worktree) is that
 * checkout's to install, and npm ci would empty the folder it points to.
 */
export function ensureNodeModules() {
  if (nodeModulesMatchLock()) return Promise.resolve();
  const modules = path.join(REPO, 'node_modules');
  if (fs.lstatSync(modules, { throwIfNoEntry: false })?.isSymbolicLink()) {
    return Promise.reject(new Error(`node_modules does not match package-lock.json, and it is a link to ${fs.realpathSync(modules)}: ` +
      'run npm ci where it points (not here: npm would empty the folder it links to)'));
  }
  log('node_modules missing or not what package-lock.json names: npm ci');
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['ci', '--no-audit', '--no-fund'], { cwd: REPO, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`npm ci failed (exit ${code ?? signal})`))));
  });
}

function debianPackageInstalled(name) {
  const result = spawnSync('dpkg-query', ['-W', '-f=${Status}', name], { encoding: 'utf8' });
  return result.status === 0 && result.stdout.includes('install ok installed');
}

/** apt-get installs the Debian packages that are missing (needs root). */
export function ensureDebianPackages(packages = DEBIAN_PACKAGES) {
  const missing = packages.filter((name) => !debianPackageInstalled(name));
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) {
    throw new Error(`Missing Debian packages: ${missing.join(' ')}. Install them as root:\n` +
      `  apt-get update && apt-get install -y --no-install-recommends ${missing.join(' ')}`);
  }
  log(`installing Debian packages: ${missing.join(' ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  run('apt-get', ['update', '-q'], { env });
  run('apt-get', ['install', '-y', '-q', '--no-install-recommends', ...missing], { env });
}

// The marker holds a hash of the pins, so changing a pinned version reinstalls.
const PIN_FILES = ['package.json', 'package-lock.json'];
function pinHash(version) {
  const hash = createHash('sha256');
  for (const dir of [version.pinDir, version.nodePinDir].filter(Boolean)) {
    for (const file of PIN_FILES) hash.update(fs.readFileSync(path.join(dir, file)));
  }
  return hash.digest('hex');
}

function fillRipgrepCache(tmpDir) {
  const dir = path.join(tmpDir, RIPGREP_CACHE.dir);
  fs.mkdirSync(dir, { recursive: true });
  const rg = spawnSync('sh', ['-c', 'command -v rg'], { encoding: 'utf8' }).stdout.trim();
  if (!rg) throw new Error('ripgrep (rg) not found; install the Debian package ripgrep');
  run('tar', ['-czf', path.join(dir, RIPGREP_CACHE.file), '-C', path.dirname(rg), path.basename(rg)]);
}

// node-gyp (node-pty, kerberos) needs node's headers; it would download them unless told
// where the installed node keeps them.
function nodeHeadersDir() {
  const prefix = path.resolve(path.dirname(process.execPath), '..');
  return fs.existsSync(path.join(prefix, 'include', 'node', 'node.h')) ? prefix : undefined;
}

/** Runs npm with its output in a log file, printing the step it is at every 15 s (not its compilers' warnings). */
function npmWithProgress(args, options, logFile) {
  return new Promise((resolve, reject) => {
    const out = fs.openSync(logFile, 'w');
    const child = spawn('npm', args, { ...options, stdio: ['ignore', out, out] });
    const timer = setInterval(() => {
      log(`  ${npmProgressLine(fs.readFileSync(logFile, 'utf8')).slice(0, 120)}`);
    }, 15_000);
    child.on('exit', (code, signal) => {
      clearInterval(timer);
      fs.closeSync(out);
      if (code === 0) return resolve();
      const tail = fs.readFileSync(logFile, 'utf8').trim().split('\n').slice(-40).join('\n');
      reject(new Error(`npm ${args.join(' ')} failed (${code ?? signal}); log: ${logFile}\n${tail}`));
    });
  });
}

function copyPin(fromDir, toDir) {
  fs.mkdirSync(toDir, { recursive: true });
  for (const file of PIN_FILES) fs.copyFileSync(path.join(fromDir, file), path.join(toDir, file));
}

/**
 * The environment code-server's install runs in. A version with its own node gets that node
 * first on PATH (code-server's postinstall refuses another major, and `node-gyp` builds for the
 * node it runs on) and its headers as nodedir: the machine's npm configuration may name another
 * node's headers, and native modules would then build for the wrong node.
 */
function installEnv(tmpDir, pinnedNodeDir) {
  // Under `npm test` (its pretest) the outer npm hands down its own user agent, naming the node it
  // runs on; the inner npm takes it as configuration, and code-server's postinstall reads the node
  // version from it: a fresh clone's `npm test` then failed to install the newest VS Code (node 20
  // named where 24 runs). The inner npm makes its own.
  const { npm_config_user_agent: _outerAgent, ...inherited } = process.env;
  const env = {
    ...inherited,
    TMPDIR: tmpDir,
    npm_config_yes: 'true',            // node-pty's postinstall runs `npx node-gyp`
    npm_config_unsafe_perm: 'true',    // lifecycle scripts must run as root too
    npm_config_fund: 'false',
    npm_config_audit: 'false',
    JOBS: 'max',                       // node-gyp compiles a native module's files on every core
  };
  if (pinnedNodeDir) {
    return { ...env, PATH: `${path.join(pinnedNodeDir, 'bin')}${path.delimiter}${env.PATH ?? ''}`, npm_config_nodedir: pinnedNodeDir };
  }
  const headers = nodeHeadersDir();
  return { ...env, ...(headers && !process.env.npm_config_nodedir ? { npm_config_nodedir: headers } : {}) };
}

// The native modules VS Code's server runs without, built only when the tests need them
// (`npm test`, the host and e2e tests), not before the sandbox's address: each is loaded on
// demand and its absence caught (kerberos: signing in to a proxy with Kerberos; native-watchdog:
// ending an extension host whose window hung, which a timer also does; deviceid: a random id
// instead; the windows-* ones: Windows only). @vscode/spdlog (the logs and every Output channel)
// and node-pty (the terminal's process, which fails to start without it) are built first.
const BUILT_LATER = new Set(['kerberos', 'native-watchdog', '@vscode/native-watchdog', '@vscode/deviceid',
  '@vscode/windows-process-tree', '@vscode/windows-registry']);
const SANDBOX_ONLY = 'sandbox only';   // the marker's suffix while BUILT_LATER is not built yet

/**
 * The packages under lib/vscode whose install script VS Code's own install runs: those with one
 * (npm's hidden lockfile says which), less those its package.json's allowScripts denies (by name
 * or name@version; npm skips them when installing, but runs whatever `npm rebuild` names).
 */
function packagesWithInstallScripts(vscodeDir) {
  const lock = JSON.parse(fs.readFileSync(path.join(vscodeDir, 'node_modules', '.package-lock.json'), 'utf8'));
  const allow = JSON.parse(fs.readFileSync(path.join(vscodeDir, 'package.json'), 'utf8')).allowScripts ?? {};
  const names = Object.entries(lock.packages)
    .filter(([, entry]) => entry.hasInstallScript === true)
    .filter(([where, entry]) => {
      const name = where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length);
      return allow[name] !== false && allow[`${name}@${entry.version}`] !== false;
    })
    .map(([where]) => where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length));
  return [...new Set(names)];
}

/** npm rebuild: runs the install scripts of `names` (the native builds) in lib/vscode. */
function buildNativeModules(version, names, env, logFile) {
  const vscodeDir = path.join(version.serverDir, 'node_modules', 'code-server', 'lib', 'vscode');
  if (names.length === 0) return Promise.resolve();
  return npmWithProgress(['rebuild', '--ignore-scripts=false', '--foreground-scripts', ...names], { cwd: vscodeDir, env }, logFile);
}

/**
 * Installs one pinned VS Code server (and its pinned node, if it has one) into its folder under
 * .vscode-test/; skipped when the marker matches the pins. Resolves with what runs it.
 * sandboxOnly: leaves out the native modules in BUILT_LATER (the marker says so); a later call
 * without it builds them.
 *
 * Not code-server's own install scripts: its postinstall runs VS Code's `npm install`, which
 * compiles every native module one after the other, and code-server's own argon2 (for its login
 * page: we run VS Code's server-main.js, never code-server's entry). So code-server is installed
 * with --ignore-scripts, its postinstall is run with scripts off for the installs it starts (npm
 * still runs a script it is asked for by name), and the native builds are asked for by name.
 */
export async function ensureVsCodeServer(version = versionNamed('floor'), { sandboxOnly = false } = {}) {
  const serverMain = serverMainOf(version);
  const serverNode = serverNodeOf(version);
  const tools = { name: version.name, vscode: version.vscode, serverMain, serverNode };
  const marker = path.join(version.serverDir, '.installed');
  const wanted = pinHash(version);
  const tmpDir = path.join(REPO, '.vscode-test', 'tmp');
  const logName = path.basename(version.serverDir);
  const vscodeDir = path.join(version.serverDir, 'node_modules', 'code-server', 'lib', 'vscode');
  const env = installEnv(tmpDir, version.nodePinDir && pinnedNodeDirOf(version));
  const found = fs.existsSync(serverMain) && fs.existsSync(serverNode) && fs.existsSync(marker) ? fs.readFileSync(marker, 'utf8') : '';
  if (found === wanted || (sandboxOnly && found === `${wanted} ${SANDBOX_ONLY}`)) return tools;
  if (found === `${wanted} ${SANDBOX_ONLY}`) {
    log(`building the rest of VS Code ${version.vscode}'s native modules (the sandbox ran without them)`);
    const later = packagesWithInstallScripts(vscodeDir).filter((name) => BUILT_LATER.has(name));
    await buildNativeModules(version, later, env, path.join(REPO, '.vscode-test', `${logName}-install-later.log`));
    fs.writeFileSync(marker, wanted);
    return tools;
  }
  const pinName = path.relative(REPO, version.pinDir);
  log(`installing VS Code ${version.vscode} (code-server, pinned in ${pinName}/); ${version.nodePinDir ? 'a few minutes' : 'about a minute on 2 cores'}`);
  const installStarted = Date.now();
  fs.rmSync(version.serverDir, { recursive: true, force: true });
  copyPin(version.pinDir, version.serverDir);
  fillRipgrepCache(tmpDir);
  if (version.nodePinDir) {
    log(`  node first (pinned in ${path.relative(REPO, version.nodePinDir)}/)`);
    const nodeInstallDir = path.join(version.serverDir, 'node');
    copyPin(version.nodePinDir, nodeInstallDir);
    await npmWithProgress(['ci', '--foreground-scripts'], { cwd: nodeInstallDir, env: installEnv(tmpDir) },
      path.join(REPO, '.vscode-test', `${logName}-node-install.log`));
    if (!fs.existsSync(serverNode)) throw new Error(`node installed but ${serverNode} is missing`);
  }
  const logFile = (step) => path.join(REPO, '.vscode-test', `${logName}-install${step}.log`);
  await npmWithProgress(['ci', '--ignore-scripts'], { cwd: version.serverDir, env }, logFile(''));
  // code-server's postinstall: VS Code's and its extensions' `npm install`, with no scripts.
  await npmWithProgress(['run', 'postinstall'], { cwd: path.join(version.serverDir, 'node_modules', 'code-server'), env: { ...env, npm_config_ignore_scripts: 'true' } },
    logFile('-vscode'));
  const withScripts = packagesWithInstallScripts(vscodeDir);
  const now = withScripts.filter((name) => !(sandboxOnly && BUILT_LATER.has(name)));
  await buildNativeModules(version, now, env, logFile('-native'));
  // The built-in extensions' own postinstall (it trims their shared typescript to what they use).
  const extensionsDir = path.join(vscodeDir, 'extensions');
  if (JSON.parse(fs.readFileSync(path.join(extensionsDir, 'package.json'), 'utf8')).scripts?.postinstall) {
    await npmWithProgress(['run', 'postinstall'], { cwd: extensionsDir, env }, logFile('-extensions'));
  }
  if (!fs.existsSync(serverMain)) throw new Error(`code-server installed but ${serverMain} is missing`);
  // A bumped code-server pin must come with the VS Code version the host tests expect.
  const installed = JSON.parse(fs.readFileSync(path.join(path.dirname(serverMain), '..', 'package.json'), 'utf8')).version;
  if (installed !== version.vscode) {
    throw new Error(`${pinName} installed VS Code ${installed}, but scripts/lib/vscode-versions.mjs expects ${version.vscode}`);
  }
  const later = withScripts.length - now.length;
  fs.writeFileSync(marker, later > 0 ? `${wanted} ${SANDBOX_ONLY}` : wanted);
  log(`VS Code ${version.vscode} installed in ${((Date.now() - installStarted) / 1000).toFixed(0)} s` +
    (later > 0 ? ` (${later} native modules it runs without are built by \`npm test\`)` : ''));
  return tools;
}

/**
 * Everything at once. `versions`: the VS Code servers to install (default: WEBDATA_VSCODE's
 * choice). Resolves with `servers` (one entry per version, in order) and, when the floor is
 * among them, its serverMain/serverNode, which e2e tests and the sandbox use. sandboxOnly: the
 * servers without the native modules the sandbox runs without (ensureVsCodeServer).
 */
export async function ensureTools({ nodeModules = true, versions = selectedVersions(), sandboxOnly = false } = {}) {
  ensureDebianPackages();
  // npm ci and the servers' installs share nothing, and one waits on the network and the disk
  // while the other compiles: side by side, a fresh clone's sandbox starts about a minute sooner.
  const modules = nodeModules ? ensureNodeModules() : Promise.resolve();
  const servers = [];
  try {
    for (const version of versions) servers.push(await ensureVsCodeServer(version, { sandboxOnly }));
  } catch (error) {
    await modules.catch(() => undefined);   // not left running behind the failure
    throw error;
  }
  await modules;
  const floor = servers.find((server) => server.name === 'floor');
  return { servers, serverMain: floor?.serverMain, serverNode: floor?.serverNode, chromium: CHROMIUM };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  // --vscode=floor|latest|all: which VS Code servers (default: WEBDATA_VSCODE's choice, else all).
  // --for=sandbox: only what the sandbox runs (`npm run sandbox`); `npm test` installs the rest.
  const args = process.argv.slice(2);
  ensureTools({ versions: versionsForArgs(args), sandboxOnly: args.includes('--for=sandbox') }).then((tools) => {
    log('all tools present');
    for (const server of tools.servers) {
      const suffix = server.name === 'floor' ? '' : `_${server.name.toUpperCase()}`;
      console.log(`VSCODE_SERVER_MAIN${suffix}=${server.serverMain}`);
      console.log(`VSCODE_SERVER_NODE${suffix}=${server.serverNode}`);
    }
    console.log(`CHROMIUM_BIN=${tools.chromium}`);
  }, (error) => {
    console.error(`ensure-tools: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}

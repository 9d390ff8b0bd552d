#!/usr/bin/env node
// Makes sure everything the host tests, e2e tests and the sandbox need is on this machine:
// node_modules, Debian's chromium/ripgrep/libkrb5-dev/tinyproxy, and the pinned VS Code servers (from
// the npm package code-server, because these machines cannot download VS Code itself): the floor and
// the newest, with the node 24 it needs (scripts/lib/vscode-versions.mjs; WEBDATA_VSCODE or
// --vscode=floor|latest|all picks: `npm run sandbox` installs only the floor it runs).
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
export const CHROMIUM = process.env.CHROMIUM_BIN || '/usr/bin/chromium';
// tinyproxy: the real forwarding proxy of the proxy tests (test/emulator/proxy.ts).
const DEBIAN_PACKAGES = ['chromium', 'ripgrep', 'libkrb5-dev', 'tinyproxy'];
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

function mtime(file) {
  try { return fs.statSync(file).mtimeMs; } catch { return -1; }
}

/**
 * npm ci when node_modules is missing or older than package-lock.json. Resolves when done; it
 * runs beside the VS Code servers' installs (ensureTools), which need nothing from it.
 */
export function ensureNodeModules() {
  const installed = mtime(path.join(REPO, 'node_modules', '.package-lock.json'));
  if (installed >= 0 && installed >= mtime(path.join(REPO, 'package-lock.json'))) return Promise.resolve();
  log('node_modules missing or older than package-lock.json: npm ci');
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

/**
 * Installs one pinned VS Code server (and its pinned node, if it has one) into its folder under
 * .vscode-test/; skipped when the marker matches the pins. Resolves with what runs it.
 */
export async function ensureVsCodeServer(version = versionNamed('floor')) {
  const serverMain = serverMainOf(version);
  const serverNode = serverNodeOf(version);
  const tools = { name: version.name, vscode: version.vscode, serverMain, serverNode };
  const marker = path.join(version.serverDir, '.installed');
  const wanted = pinHash(version);
  if (fs.existsSync(serverMain) && fs.existsSync(serverNode) && fs.existsSync(marker) && fs.readFileSync(marker, 'utf8') === wanted) return tools;
  const pinName = path.relative(REPO, version.pinDir);
  log(`installing VS Code ${version.vscode} (code-server, pinned in ${pinName}/); ${version.nodePinDir ? 'a few minutes' : 'about 2 minutes on 2 cores'}`);
  const installStarted = Date.now();
  fs.rmSync(version.serverDir, { recursive: true, force: true });
  copyPin(version.pinDir, version.serverDir);
  const tmpDir = path.join(REPO, '.vscode-test', 'tmp');
  fillRipgrepCache(tmpDir);
  const logName = path.basename(version.serverDir);
  if (version.nodePinDir) {
    log(`  node first (pinned in ${path.relative(REPO, version.nodePinDir)}/)`);
    const nodeInstallDir = path.join(version.serverDir, 'node');
    copyPin(version.nodePinDir, nodeInstallDir);
    await npmWithProgress(['ci', '--foreground-scripts'], { cwd: nodeInstallDir, env: installEnv(tmpDir) },
      path.join(REPO, '.vscode-test', `${logName}-node-install.log`));
    if (!fs.existsSync(serverNode)) throw new Error(`node installed but ${serverNode} is missing`);
  }
  await npmWithProgress(['ci', '--foreground-scripts'], { cwd: version.serverDir, env: installEnv(tmpDir, version.nodePinDir && pinnedNodeDirOf(version)) },
    path.join(REPO, '.vscode-test', `${logName}-install.log`));
  if (!fs.existsSync(serverMain)) throw new Error(`code-server installed but ${serverMain} is missing`);
  // A bumped code-server pin must come with the VS Code version the host tests expect.
  const installed = JSON.parse(fs.readFileSync(path.join(path.dirname(serverMain), '..', 'package.json'), 'utf8')).version;
  if (installed !== version.vscode) {
    throw new Error(`${pinName} installed VS Code ${installed}, but scripts/lib/vscode-versions.mjs expects ${version.vscode}`);
  }
  fs.writeFileSync(marker, wanted);
  log(`VS Code ${version.vscode} installed in ${((Date.now() - installStarted) / 1000).toFixed(0)} s`);
  return tools;
}

/**
 * Everything at once. `versions`: the VS Code servers to install (default: WEBDATA_VSCODE's
 * choice). Resolves with `servers` (one entry per version, in order) and, when the floor is
 * among them, its serverMain/serverNode, which e2e tests and the sandbox use.
 */
export async function ensureTools({ nodeModules = true, versions = selectedVersions() } = {}) {
  ensureDebianPackages();
  // npm ci and the servers' installs share nothing, and one waits on the network and the disk
  // while the other compiles: side by side, a fresh clone's sandbox starts about a minute sooner.
  const modules = nodeModules ? ensureNodeModules() : Promise.resolve();
  const servers = [];
  try {
    for (const version of versions) servers.push(await ensureVsCodeServer(version));
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
  ensureTools({ versions: versionsForArgs(process.argv.slice(2)) }).then((tools) => {
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

#!/usr/bin/env node
// Makes sure everything the host tests, e2e tests and the sandbox need is on this machine:
// node_modules, Debian's chromium/ripgrep/libkrb5-dev/tinyproxy, and a pinned VS Code server (from the
// npm package code-server, because these machines cannot download VS Code itself).
// Plain Node, no dependencies, idempotent, and fast when everything is present.
// Run it directly (`node scripts/ensure-tools.mjs`) or import ensureTools().
import { spawnSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { clearInterval, setInterval } from 'node:timers';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PIN_DIR = path.join(REPO, 'scripts', 'vscode-server');          // checked-in package.json + lockfile
const SERVER_DIR = path.join(REPO, '.vscode-test', 'code-server');     // gitignored install
const MARKER = path.join(SERVER_DIR, '.installed');
export const SERVER_MAIN = path.join(SERVER_DIR, 'node_modules', 'code-server', 'lib', 'vscode', 'out', 'server-main.js');
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

/** npm ci when node_modules is missing or older than package-lock.json. */
export function ensureNodeModules() {
  const installed = mtime(path.join(REPO, 'node_modules', '.package-lock.json'));
  if (installed >= 0 && installed >= mtime(path.join(REPO, 'package-lock.json'))) return;
  log('node_modules missing or older than package-lock.json: npm ci');
  run('npm', ['ci', '--no-audit', '--no-fund'], { cwd: REPO });
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

// The marker holds a hash of the pin, so changing the pinned version reinstalls.
function pinHash() {
  const hash = createHash('sha256');
  for (const file of ['package.json', 'package-lock.json']) hash.update(fs.readFileSync(path.join(PIN_DIR, file)));
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

/** Runs npm with its output in a log file, printing a progress line every 15 s. */
function npmWithProgress(args, options, logFile) {
  return new Promise((resolve, reject) => {
    const out = fs.openSync(logFile, 'w');
    const child = spawn('npm', args, { ...options, stdio: ['ignore', out, out] });
    const timer = setInterval(() => {
      const lines = fs.readFileSync(logFile, 'utf8').trim().split('\n');
      log(`  still installing; last line: ${(lines.at(-1) ?? '').slice(0, 120)}`);
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

/** Installs the pinned code-server into .vscode-test/code-server (skipped when the marker matches). */
export async function ensureVsCodeServer() {
  const wanted = pinHash();
  if (fs.existsSync(SERVER_MAIN) && fs.existsSync(MARKER) && fs.readFileSync(MARKER, 'utf8') === wanted) return SERVER_MAIN;
  log('installing the VS Code server (code-server, pinned in scripts/vscode-server/); about a minute');
  fs.rmSync(SERVER_DIR, { recursive: true, force: true });
  fs.mkdirSync(SERVER_DIR, { recursive: true });
  for (const file of ['package.json', 'package-lock.json']) fs.copyFileSync(path.join(PIN_DIR, file), path.join(SERVER_DIR, file));
  const tmpDir = path.join(REPO, '.vscode-test', 'tmp');
  fillRipgrepCache(tmpDir);
  const headers = nodeHeadersDir();
  const env = {
    ...process.env,
    TMPDIR: tmpDir,
    npm_config_yes: 'true',            // node-pty's postinstall runs `npx node-gyp`
    npm_config_unsafe_perm: 'true',    // lifecycle scripts must run as root too
    npm_config_fund: 'false',
    npm_config_audit: 'false',
    ...(headers && !process.env.npm_config_nodedir ? { npm_config_nodedir: headers } : {}),
  };
  await npmWithProgress(['ci', '--foreground-scripts'], { cwd: SERVER_DIR, env }, path.join(REPO, '.vscode-test', 'code-server-install.log'));
  if (!fs.existsSync(SERVER_MAIN)) throw new Error(`code-server installed but ${SERVER_MAIN} is missing`);
  fs.writeFileSync(MARKER, wanted);
  log('VS Code server installed');
  return SERVER_MAIN;
}

/** Everything at once; returns the paths the other scripts need. */
export async function ensureTools({ nodeModules = true } = {}) {
  if (nodeModules) ensureNodeModules();
  ensureDebianPackages();
  const serverMain = await ensureVsCodeServer();
  return { serverMain, serverNode: process.execPath, chromium: CHROMIUM };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  ensureTools().then((tools) => {
    log('all tools present');
    console.log(`VSCODE_SERVER_MAIN=${tools.serverMain}`);
    console.log(`CHROMIUM_BIN=${tools.chromium}`);
  }, (error) => {
    console.error(`ensure-tools: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}

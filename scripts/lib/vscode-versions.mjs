// The VS Code versions the host tests run on: the `engines.vscode` floor (what every user has at
// least) and the newest VS Code server that installs from npm (what many users have, with APIs
// the floor lacks). Each is a code-server package pinned in its own folder under scripts/ and
// installed by scripts/ensure-tools.mjs under .vscode-test/; e2e tests and the sandbox use the floor.
// WEBDATA_VSCODE=floor|latest|all (default all) picks which ones a run installs and tests;
// ensure-tools' --vscode= does for one command (`npm run sandbox` installs only the floor it runs).
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * @typedef {object} VsCodeVersion
 * @property {'floor' | 'latest'} name
 * @property {string} vscode      the VS Code version inside the pinned code-server (checked after install)
 * @property {string} pinDir      checked-in package.json + package-lock.json pinning code-server
 * @property {string} serverDir   gitignored install folder
 * @property {string} [nodePinDir] a pinned node from npm, installed first and used to build and run
 *                                 the server, for a code-server that needs another node than ours
 */

/** @type {readonly VsCodeVersion[]} */
export const VSCODE_VERSIONS = [
  {
    name: 'floor', vscode: '1.100.3',
    pinDir: path.join(REPO, 'scripts', 'vscode-server'),
    serverDir: path.join(REPO, '.vscode-test', 'code-server'),
  },
  {
    name: 'latest', vscode: '1.139.1',
    pinDir: path.join(REPO, 'scripts', 'vscode-server-latest'),
    serverDir: path.join(REPO, '.vscode-test', 'code-server-latest'),
    nodePinDir: path.join(REPO, 'scripts', 'vscode-server-latest', 'node'),
  },
];

/** The versions WEBDATA_VSCODE asks for, in run order (floor first). */
export function selectedVersions(env = process.env) {
  const wanted = (env.WEBDATA_VSCODE ?? '').trim() || 'all';
  if (wanted === 'all') return [...VSCODE_VERSIONS];
  const version = VSCODE_VERSIONS.find((candidate) => candidate.name === wanted);
  if (!version) throw new Error(`WEBDATA_VSCODE=${wanted}: expected one of floor, latest, all`);
  return [version];
}

/**
 * The versions a command line asks for: `--vscode=floor|latest|all` over WEBDATA_VSCODE. The
 * sandbox installs only the floor it runs (`presandbox`), `npm test` every version (`pretest`).
 */
export function versionsForArgs(argv, env = process.env) {
  const given = argv.find((arg) => arg.startsWith('--vscode='))?.slice('--vscode='.length);
  return selectedVersions(given === undefined ? env : { WEBDATA_VSCODE: given });
}

export function versionNamed(name) {
  const version = VSCODE_VERSIONS.find((candidate) => candidate.name === name);
  if (!version) throw new Error(`no VS Code version named ${name}`);
  return version;
}

/** server-main.js inside an installed code-server. */
export function serverMainOf(version) {
  return path.join(version.serverDir, 'node_modules', 'code-server', 'lib', 'vscode', 'out', 'server-main.js');
}

/**
 * The folder of the pinned node from npm (its bin/node and include/node headers): the `node`
 * package's preinstall puts the platform's build in a nested package named after the platform.
 */
export function pinnedNodeDirOf(version) {
  return path.join(version.serverDir, 'node', 'node_modules', 'node', 'node_modules', `node-${process.platform}-${process.arch}`);
}

/** The node binary that runs this version's server: the pinned one, else the one running us. */
export function serverNodeOf(version) {
  return version.nodePinDir ? path.join(pinnedNodeDirOf(version), 'bin', 'node') : process.execPath;
}

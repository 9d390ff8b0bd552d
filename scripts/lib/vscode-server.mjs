// Starting and stopping VS Code's own server (server-main.js from the code-server npm package,
// installed by scripts/ensure-tools.mjs). Used by the host-test shim, the sandbox and the e2e test.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { startKeyProxy } from './key-proxy.mjs';
import { freePort, killTree } from './processes.mjs';

const LOG_CAP = 200_000;   // characters of server output kept for error messages

/**
 * Installs a .vsix into extensionsDir with the server's CLI (runs and exits). The data folders
 * are the run's own; left out, the CLI writes ~/.vscode-server-oss.
 */
export function installExtension({ serverMain, serverNode = process.execPath, userDataDir, extensionsDir, vsix, env = process.env }) {
  fs.mkdirSync(extensionsDir, { recursive: true });
  const result = spawnSync(serverNode, [serverMain, '--accept-server-license-terms', '--user-data-dir', userDataDir,
    '--server-data-dir', path.join(userDataDir, 'server-data'), '--extensions-dir', extensionsDir,
    '--install-extension', vsix, '--force'], { encoding: 'utf8', env, timeout: 60_000 });
  if (result.status !== 0) throw new Error(`installing ${vsix} failed:\n${result.stdout}${result.stderr}`);
}

/**
 * Starts server-main.js on 127.0.0.1 behind the key proxy (key-proxy.mjs: SecretStorage needs
 * it) on `port`, and waits until it answers. `runDir` is the run's own
 * folder: the server's TMPDIR, XDG_RUNTIME_DIR (its IPC sockets) and cache, so nothing lands in $HOME.
 * smokeTestDriver: the workbench honours ?payload= (dev extension + tests) only with it.
 * disableWorkspaceTrust: no trust prompt (the security.workspace.trust setting is not read from
 * machine settings, so the server's flag is the only way for a browser workbench).
 * disableExtensions: built-in extensions (publisher.name) the server does not list at all.
 * locale: the display language (`--locale`), used only if a language pack for it is registered
 * (see pseudo-l10n.mjs).
 */
export async function startVsCodeServer({
  serverMain, serverNode = process.execPath, runDir, userDataDir, extensionsDir,
  port, env = process.env, smokeTestDriver = false, disableWorkspaceTrust = false, forwardOutput = false, startTimeoutMs = 30_000, locale,
  disableExtensions = [],
}) {
  port ??= await freePort();
  const serverPort = await freePort();   // server-main.js listens here, behind the key proxy on `port`
  // VS Code 1.100.3 does not register development extensions when this folder is missing.
  fs.mkdirSync(extensionsDir, { recursive: true });
  const args = [serverMain, '--host', '127.0.0.1', '--port', String(serverPort), '--without-connection-token',
    '--accept-server-license-terms', '--disable-telemetry', '--telemetry-level', 'off',
    '--user-data-dir', userDataDir, '--server-data-dir', path.join(userDataDir, 'server-data'),
    '--extensions-dir', extensionsDir, ...(smokeTestDriver ? ['--enable-smoke-test-driver'] : []),
    ...(disableWorkspaceTrust ? ['--disable-workspace-trust'] : []), ...(locale ? ['--locale', locale] : []),
    ...(disableExtensions.length > 0 ? ['--builtin-extensions-dir', builtInsWithout(serverMain, runDir, disableExtensions)] : [])];
  // detached: a terminal's Ctrl-C reaches only us, and we stop the server's tree ourselves.
  const child = spawn(serverNode, args, {
    detached: true, stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...env, TMPDIR: runDir, XDG_RUNTIME_DIR: runDir,
      XDG_CACHE_HOME: path.join(runDir, 'cache'),   // else a device id lands in ~/.cache/Microsoft
      // No extension gallery (code-server's own override): runs stay offline and their logs free
      // of failed gallery lookups. Set EXTENSIONS_GALLERY yourself to have one.
      EXTENSIONS_GALLERY: env.EXTENSIONS_GALLERY ?? '{}',
    },
  });
  let output = '';
  const collect = (chunk) => {
    output = (output + chunk).slice(-LOG_CAP);
    if (forwardOutput) process.stderr.write(`[vscode-server] ${chunk}`);
  };
  child.stdout.setEncoding('utf8').on('data', collect);
  child.stderr.setEncoding('utf8').on('data', collect);
  let exited = false;
  const exitedPromise = new Promise((resolve) => child.on('exit', (code, signal) => { exited = true; resolve(code ?? signal); }));

  let proxy;
  const stop = async () => {
    await proxy?.close();
    await killTree(child.pid);
  };
  try {
    await waitForVersion(`http://127.0.0.1:${serverPort}`, startTimeoutMs, () => exited);
    fs.mkdirSync(userDataDir, { recursive: true });
    proxy = await startKeyProxy({ port, targetPort: serverPort, keyFile: path.join(userDataDir, 'serve-web-key-half') });
  } catch (error) {
    await stop();
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n--- server output ---\n${output}`, { cause: error });
  }
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    output: () => output,
    exited: exitedPromise,   // resolves with the exit code or signal when the server ends
    stop,
  };
}

/**
 * A folder of links to the server's built-in extensions but those named (publisher.name), for
 * `--builtin-extensions-dir`. The server's `--disable-extension` is read but not applied to
 * built-ins in a browser workbench (their TypeScript server still started), so the ones left out
 * are simply not there. The rest (and extensions/node_modules, TypeScript's library) are linked.
 */
function builtInsWithout(serverMain, runDir, ids) {
  const source = path.join(path.dirname(serverMain), '..', 'extensions');
  const target = path.join(runDir, 'built-in-extensions');
  fs.mkdirSync(target, { recursive: true });
  const left = new Set(ids.map((id) => id.toLowerCase()));
  for (const entry of fs.readdirSync(source, { withFileTypes: true })) {
    const manifest = path.join(source, entry.name, 'package.json');
    if (entry.isDirectory() && fs.existsSync(manifest)) {
      const { publisher, name } = JSON.parse(fs.readFileSync(manifest, 'utf8'));
      if (left.has(`${publisher}.${name}`.toLowerCase())) continue;
    }
    fs.symlinkSync(path.join(source, entry.name), path.join(target, entry.name));
  }
  return target;
}

async function waitForVersion(url, timeoutMs, hasExited) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (hasExited()) throw new Error('the VS Code server exited while starting');
    try {
      const response = await globalThis.fetch(`${url}/version`, { signal: globalThis.AbortSignal.timeout(2000) });
      if (response.ok) return;
    } catch { /* not listening yet */ }
    await sleep(100);
  }
  throw new Error(`the VS Code server did not answer ${url}/version within ${timeoutMs / 1000} s`);
}

/** A vscode-remote URI for a path on the server's machine (this machine). */
export function remoteUri(port, absolutePath) {
  return `vscode-remote://127.0.0.1:${port}${absolutePath}`;
}

// A real forwarding proxy for tests: Debian's tinyproxy (installed by scripts/ensure-tools.mjs),
// one process per call, on loopback, optionally with Basic authentication or CONNECT limited to
// some ports (so it answers 403).
//
// The tests address the service by a name no resolver on the machine knows (SERVICE_HOST), so a
// request that skips the proxy fails instead of passing by accident. tinyproxy has no host map of
// its own, so it runs in a mount namespace of its own (`unshare --mount`) with a private
// /etc/hosts bound over the real one: only the proxy can resolve the name. Nothing outside that
// process sees the file; no upstream chain, no patched resolver.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVICE_HOST } from './tls';

export interface TestProxyOptions {
  /** Require this user and password (tinyproxy's BasicAuth). */
  basicAuth?: { user: string; password: string };
  /** Allow CONNECT only to these ports; others get 403. Default: every port. */
  connectPorts?: number[];
  /** Extra names the proxy resolves; SERVICE_HOST → 127.0.0.1 always. */
  hosts?: Record<string, string>;
}

export interface TestProxy {
  /** http://127.0.0.1:PORT, without credentials. */
  url: string;
  /** 127.0.0.1:PORT */
  host: string;
  /** The host:port of every CONNECT the proxy received so far, in order. */
  connects(): string[];
  close(): Promise<void>;
}

/** A loopback port nothing listens on: opened, then closed again (the doctor's tests connect to it). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => { socket.destroy(); resolve(true); });
    socket.once('error', () => resolve(false));
  });
}

export async function startTinyproxy(options: TestProxyOptions = {}): Promise<TestProxy> {
  const dir = mkdtempSync(join(tmpdir(), 'wd-tinyproxy-'));
  const port = await freePort();
  const hosts = { [SERVICE_HOST]: '127.0.0.1', ...options.hosts };
  writeFileSync(join(dir, 'hosts'), ['127.0.0.1 localhost', '::1 localhost', ...Object.entries(hosts).map(([name, ip]) => `${ip} ${name}`)].join('\n') + '\n');
  writeFileSync(join(dir, 'tinyproxy.conf'), [
    `Port ${port}`, 'Listen 127.0.0.1', 'Timeout 30', 'MaxClients 32', 'LogLevel Connect', 'DisableViaHeader Yes',
    ...(options.basicAuth ? [`BasicAuth ${options.basicAuth.user} ${options.basicAuth.password}`] : []),
    ...(options.connectPorts ?? []).map((p) => `ConnectPort ${p}`),
  ].join('\n') + '\n');
  // As root a mount namespace is enough; otherwise a user namespace maps us to root inside it.
  const namespaces = process.getuid?.() === 0 ? ['--mount'] : ['--user', '--map-root-user', '--mount'];
  const child: ChildProcess = spawn('unshare', [...namespaces, 'sh', '-c', 'mount --bind "$1" /etc/hosts && exec tinyproxy -d -c "$2"', 'sh', join(dir, 'hosts'), join(dir, 'tinyproxy.conf')], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => { output += chunk.toString('utf8'); });
  child.stderr?.on('data', (chunk: Buffer) => { output += chunk.toString('utf8'); });
  // Set by the listeners; widened so the loop below does not take it for always false.
  let exited = false as boolean;
  const exit = new Promise<void>((resolve) => child.once('exit', () => { exited = true; resolve(); }));
  child.once('error', () => { exited = true; });
  // Bounded: 100 tries, 5 s at most. The 50 ms is only the spacing of the looks at the condition
  // (the port accepts); tinyproxy says nothing else when it is ready.
  for (let i = 0; i < 100 && !exited && !(await accepts(port)); i++) await new Promise((resolve) => setTimeout(resolve, 50));
  if (exited || !(await accepts(port))) {
    child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`tinyproxy did not start (is the Debian package tinyproxy installed? npm run tools installs it; unshare --mount must be allowed): ${output.trim().slice(-500)}`);
  }
  return {
    url: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    connects: () => [...output.matchAll(/CONNECT (\S+) HTTP/g)].map((m) => m[1] ?? ''),
    close: async () => {
      if (!exited) {
        child.kill('SIGTERM');
        // A bound on a graceful exit (the exit event is what is awaited), then the hard way.
        const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
        await exit;
        clearTimeout(timer);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

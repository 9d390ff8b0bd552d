// Finding and stopping the processes a run started. VS Code's server forks extension hosts,
// a pty host and file watchers, some in their own process groups, so killing only the server
// (or its group) leaves them running for hours; we walk the process tree instead.
import { execFileSync } from 'node:child_process';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/** A free TCP port on 127.0.0.1 (the OS picks it; we close and hand it over). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** `preferred` when nothing listens there (a stable URL for people), else any free port. */
export function pickPort(preferred) {
  if (!preferred) return freePort();
  return new Promise((resolve) => {
    const server = net.createServer();
    server.on('error', () => resolve(freePort()));
    server.listen(preferred, '127.0.0.1', () => server.close(() => resolve(preferred)));
  });
}

/** rootPid and every process below it, parents before children. */
export function processTree(rootPid) {
  const children = new Map();
  const table = execFileSync('ps', ['-e', '-o', 'pid=,ppid='], { encoding: 'utf8' });
  for (const line of table.trim().split('\n')) {
    const [pid, ppid] = line.trim().split(/\s+/).map(Number);
    if (!children.has(ppid)) children.set(ppid, []);
    children.get(ppid).push(pid);
  }
  const tree = [];
  const todo = [rootPid];
  while (todo.length > 0 && tree.length < 10_000) {
    const pid = todo.shift();
    tree.push(pid);
    todo.push(...(children.get(pid) ?? []));
  }
  return tree;
}

function alive(pid) {
  try { process.kill(pid, 0); return true; } catch { return false; }
}

function signal(pid, name) {
  try { process.kill(pid, name); } catch { /* already gone */ }
}

/**
 * SIGTERM to rootPid's whole tree (listed before anything dies, so orphans re-parented to init
 * are still known), then SIGKILL to whatever is left after graceMs.
 */
export async function killTree(rootPid, { includeRoot = true, graceMs = 5000 } = {}) {
  if (!rootPid) return;
  const pids = processTree(rootPid).filter((pid) => includeRoot || pid !== rootPid);
  for (const pid of pids) signal(pid, 'SIGTERM');
  const deadline = Date.now() + graceMs;
  while (pids.some(alive) && Date.now() < deadline) await sleep(100);
  for (const pid of pids.filter(alive)) signal(pid, 'SIGKILL');
}

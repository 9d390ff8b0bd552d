// Child processes for the peer-client test: the emulator started as `npm run emulator` starts it,
// and a line-oriented reader with deadlines (no timed waits: each wait names what it waits for).
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The repository's root: children run there, whatever the caller's directory. */
export const REPO = join(__dirname, '..', '..');

export const GUARD = pathToFileURL(require.resolve('./loopback-guard.mjs')).href;
export const GUARD_MARK = 'PEER-GUARD';

/** Collects a child's lines and resolves waits for a line matching a pattern, with a deadline. */
export class Lines {
  readonly all: string[] = [];
  private waiters: Array<{ test: (line: string) => boolean; resolve: (line: string) => void; reject: (e: Error) => void }> = [];
  private ended = false;

  constructor(stream: NodeJS.ReadableStream) {
    const lines = createInterface({ input: stream });
    lines.on('line', (line) => {
      this.all.push(line);
      for (const waiter of this.waiters.filter((w) => w.test(line))) {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        waiter.resolve(line);
      }
    });
    // A child that exits does not make its waiters sit out their deadline.
    lines.on('close', () => {
      this.ended = true;
      for (const waiter of this.waiters.splice(0)) waiter.reject(new Error(`the stream ended first; saw:\n${this.all.slice(-20).join('\n')}`));
    });
  }

  wait(test: (line: string) => boolean, what: string, ms = 15_000): Promise<string> {
    const seen = this.all.find(test);
    if (seen !== undefined) return Promise.resolve(seen);
    if (this.ended) return Promise.reject(new Error(`${what}: the stream had ended; saw:\n${this.all.slice(-20).join('\n')}`));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`waited ${ms} ms for ${what}; saw:\n${this.all.slice(-20).join('\n')}`)), ms);
      this.waiters.push({
        test,
        resolve: (line) => { clearTimeout(timer); resolve(line); },
        reject: (e) => { clearTimeout(timer); reject(new Error(`${what}: ${e.message}`)); },
      });
    });
  }
}

export interface Child {
  process: ChildProcessWithoutNullStreams;
  stdout: Lines;
  stderr: Lines;
  stop(): Promise<void>;
}

/** Only what a child needs: no proxy variables, no telemetry, no key from the developer's shell. */
export function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const keep = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'SystemRoot'];
  const env: NodeJS.ProcessEnv = {};
  for (const name of keep) if (process.env[name] !== undefined) env[name] = process.env[name];
  return { ...env, DO_NOT_TRACK: '1', NO_PROXY: '*', ...extra };
}

export function startChild(args: string[], env: NodeJS.ProcessEnv): Child {
  const child = spawn(process.execPath, args, { env, stdio: 'pipe', cwd: REPO });
  return {
    process: child,
    stdout: new Lines(child.stdout),
    stderr: new Lines(child.stderr),
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** `npm run emulator -- --port 0`, as a child: its URL from the line it prints. */
export async function startEmulatorProcess(): Promise<Child & { url: string }> {
  const child = startChild(['--import', 'tsx', 'test/emulator/main.ts', '--port', '0'], cleanEnv({}));
  const line = await child.stdout.wait((l) => l.includes('listening on'), 'the emulator to print its URL');
  const url = /http:\/\/127\.0\.0\.1:\d+/.exec(line)?.[0];
  if (url === undefined) throw new Error(`no URL in "${line}"`);
  return { ...child, url };
}

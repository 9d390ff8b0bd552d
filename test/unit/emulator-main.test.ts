// `npm run emulator`: the emulator alone prints its URL and the demo key, answers on that URL,
// and stops cleanly on SIGTERM; a bad --port is refused in words.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'undici';
import { DEMO_API_KEY } from '../emulator';

const MAIN = ['--import', 'tsx', 'test/emulator/main.ts'];

/** Resolves with what the process printed once `pattern` appears, or rejects after `ms`. */
function printed(child: ChildProcess, pattern: RegExp, ms: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    // A deadline on the output awaited, not a wait for time.
    const timer = setTimeout(() => reject(new Error(`no ${String(pattern)} within ${ms} ms; printed: ${out}`)), ms);
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      if (pattern.test(out)) {
        clearTimeout(timer);
        resolve(out);
      }
    });
  });
}

function exited(child: ChildProcess, ms: number): Promise<number | null> {
  return new Promise((resolve, reject) => {
    if (child.exitCode !== null) return resolve(child.exitCode);
    // A deadline on the exit event awaited, not a wait for time.
    const timer = setTimeout(() => reject(new Error(`still running after ${ms} ms`)), ms);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}

describe('npm run emulator', () => {
  it('prints its URL and the demo key, answers there, and stops on SIGTERM', async function () {
    this.timeout(20_000);
    const child = spawn(process.execPath, [...MAIN, '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const out = await printed(child, /Press Ctrl-C/, 15_000);
      const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];
      assert.ok(url, out);
      assert.ok(out.includes(DEMO_API_KEY), out);
      const answer = await request(`${url}/v2/team/token-usage`, { headers: { authorization: `Bearer ${DEMO_API_KEY}` } });
      assert.equal(answer.statusCode, 200);
      await answer.body.text();
      child.kill('SIGTERM');
      assert.equal(await exited(child, 5_000), 0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });

  it('refuses a --port that is not a port number', async function () {
    this.timeout(20_000);
    const child = spawn(process.execPath, [...MAIN, '--port=http'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => { errors += chunk.toString('utf8'); });
    try {
      assert.equal(await exited(child, 15_000), 2);
      assert.match(errors, /--port needs a whole number from 0 to 65535; got "http"/);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});

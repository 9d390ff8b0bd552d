// One notification per check across windows: the first claim of a check wins, every later one (from
// this process or another) loses, and a claim that cannot be written is lost rather than doubled.
import assert from 'node:assert/strict';
import { fork } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CheckClaims } from '../../src/core/monitor/claim';

const CHECK = '3f0c9a52-6a3e-4d7b-9c1e-2b8f4e7a1d01';

describe('watch notifications: one claim per check', () => {
  let folder = '';
  beforeEach(async () => { folder = await mkdtemp(join(tmpdir(), 'wd-claims-')); });
  afterEach(async () => { await rm(folder, { recursive: true, force: true }); });

  it('the first claim wins and later ones lose, in two windows at once', async () => {
    const a = new CheckClaims(join(folder, 'claims'));
    const b = new CheckClaims(join(folder, 'claims'));
    const results = await Promise.all([a.claim(CHECK), b.claim(CHECK), a.claim(CHECK)]);
    assert.equal(results.filter(Boolean).length, 1);
    assert.equal(await b.claim(CHECK.toUpperCase()), false, 'the same check in capitals');
    assert.equal(await a.claim('3f0c9a52-6a3e-4d7b-9c1e-2b8f4e7a1d02'), true, 'another check');
  });

  it('refuses what is not a check id, and loses when the folder cannot be made', async () => {
    assert.equal(await new CheckClaims(folder).claim('../escape'), false);
    const blocked = join(folder, 'a-file');
    await writeFile(blocked, 'x');
    assert.equal(await new CheckClaims(join(blocked, 'claims')).claim(CHECK), false);
  });

  it('another process claiming first wins', async () => {
    const claims = join(folder, 'claims');
    const child = fork(join(import.meta.dirname, 'monitor-claim.child.ts'), [claims, CHECK], { execArgv: ['--import', 'tsx'] });
    const won = await new Promise<boolean>((resolve, reject) => {
      child.on('message', (message) => { resolve(message === true); });
      child.on('error', reject);
    });
    assert.equal(won, true);
    assert.equal(await new CheckClaims(claims).claim(CHECK), false);
  });
});

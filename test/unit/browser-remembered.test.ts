// The browser sessions a window started, remembered on disk so a reload or a crash never orphans one
// (issue 47): what the next start does with each once the service's list is read, the files
// themselves (one per session, a broken or misnamed one as if absent), and whose they are (another
// open window keeps its own; a window whose extension host is gone left them to the next start).
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { anySessionRemembered, rememberedSessionsFolder } from '../../src/core/browser/remembered-folder';
import { hostAlive, RememberedSessions, restoreSteps, type RememberedSession } from '../../src/core/browser/remembered';

const session = (id: string, rest: Partial<RememberedSession> = {}): RememberedSession => ({
  id, kind: 'session', label: id, askedBy: 'person', startedAt: 1_000, endsAt: 301_000, owner: 4242, ...rest,
});
const SCRAPE = '3f0c9a52-6a3e-4d7b-9c1e-2b8f4e7a1d01';

describe('browser sessions remembered across starts', () => {
  let dir: string;
  beforeEach(() => { dir = mkdtempSync(join(tmpdir(), 'remembered-')); });
  afterEach(() => { rmSync(dir, { recursive: true, force: true }); });

  it('the next start shows again each one the service lists as active, with its live view, and forgets one it no longer lists', () => {
    const steps = restoreSteps([session('live'), session('gone')], [{ id: 'live', liveViewUrl: 'https://view.example/live', interactiveLiveViewUrl: null }, { id: 'someone-else' }], () => false);
    assert.deepEqual(steps.map((s) => `${s.session.id}:${s.action}`), ['live:watch', 'gone:forget']);
    assert.deepEqual(steps[0], { action: 'watch', session: session('live'), liveViewUrl: 'https://view.example/live' });
  });

  it('a list that could not be read forgets nothing: each comes back, to be stopped at its bound', () => {
    assert.deepEqual(restoreSteps([session('a'), session('b')], undefined, () => false).map((s) => s.action), ['watch', 'watch']);
  });

  it('a scraped page\'s browser is not in the sessions list: it comes back until its bound, whatever the list says', () => {
    assert.deepEqual(restoreSteps([session(SCRAPE, { kind: 'scrape' })], [], () => false).map((s) => s.action), ['watch']);
  });

  it('one another open window keeps stays that window\'s, listed or not', () => {
    const steps = restoreSteps([session('theirs', { owner: 7 }), session('ours', { owner: 8 })], [], (owner) => owner === 7);
    assert.deepEqual(steps.map((s) => `${s.session.id}:${s.action}`), ['theirs:elsewhere', 'ours:forget']);
  });

  it('whose a record is: this extension host\'s own is not another\'s; a running process is; one that exited is not', () => {
    assert.equal(hostAlive(process.pid), false);
    assert.equal(hostAlive(process.ppid, process.pid), true);
    const exited = spawnSync(process.execPath, ['-e', '0']).pid;
    assert.equal(hostAlive(exited, process.pid), false);
  });

  it('one file per session, read back oldest first, and gone once forgotten', async () => {
    const store = new RememberedSessions(rememberedSessionsFolder(dir));
    assert.equal(await anySessionRemembered(rememberedSessionsFolder(dir)), false);
    assert.deepEqual(await store.list(), []);
    await store.remember(session('later', { startedAt: 5_000 }));
    await store.remember(session(SCRAPE, { kind: 'scrape', label: 'https://docs.tideflow.dev/guide', askedBy: 'agent' }));
    assert.equal(await anySessionRemembered(rememberedSessionsFolder(dir)), true);
    assert.deepEqual((await store.list()).map((s) => s.id), [SCRAPE, 'later']);
    assert.deepEqual(readdirSync(join(dir, 'browser-sessions')).sort(), [`${SCRAPE}.json`, 'later.json']);
    await store.forget('later');
    await store.forget('never-remembered');
    assert.deepEqual((await store.list()).map((s) => s.id), [SCRAPE]);
  });

  it('a broken file, a file under another id\'s name and an id that could name another path are as if absent', async () => {
    const store = new RememberedSessions(rememberedSessionsFolder(dir));
    await store.remember(session('good'));
    await store.remember(session('../escape'));
    const folder = join(dir, 'browser-sessions');
    writeFileSync(join(folder, 'broken.json'), '{"id":"brok');
    writeFileSync(join(folder, 'renamed.json'), JSON.stringify(session('other')));
    writeFileSync(join(folder, 'no-owner.json'), JSON.stringify({ ...session('no-owner'), owner: 'me' }));
    assert.deepEqual((await store.list()).map((s) => s.id), ['good']);
    assert.deepEqual(readdirSync(dir).sort(), ['browser-sessions'], 'nothing written outside its folder');
  });
});

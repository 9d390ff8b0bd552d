// When a browser session started in this window is stopped by the window (issue 39), on a fake
// clock: just before its time runs out (so its bill is known), and a chat agent's after its idle
// time without a run, whichever is first; a run restarts only the idle time; each session is
// stopped once, and a session that ended another way is not stopped again.
import * as assert from 'node:assert/strict';
import { SessionStops } from '../../src/core/browser/session-stops';
import { FakeClock } from './fake-clock';

function stops() {
  const clock = new FakeClock();
  const stopped: string[] = [];
  const sessions = new SessionStops((id, why) => stopped.push(`${id}:${why}`), clock);
  return { clock, stopped, sessions };
}

describe('browser sessions: when this window stops a session it started', () => {
  it('stops a person\'s session at its end, runs or not', async () => {
    const { clock, stopped, sessions } = stops();
    sessions.watch('a', { endMs: 295_000 });
    await clock.advance(200_000);
    sessions.ran('a');
    await clock.advance(94_999);
    assert.deepEqual(stopped, []);
    await clock.advance(1);
    assert.deepEqual(stopped, ['a:end']);
    assert.equal(clock.pending, 0);
  });

  it('stops an agent\'s session after its idle time without a run, once', async () => {
    const { clock, stopped, sessions } = stops();
    sessions.watch('a', { idleMs: 120_000, endMs: 300_000 });
    await clock.advance(119_999);
    assert.deepEqual(stopped, []);
    await clock.advance(1);
    assert.deepEqual(stopped, ['a:idle']);
    await clock.advance(600_000);
    assert.deepEqual(stopped, ['a:idle'], 'the end does not stop it a second time');
    assert.equal(clock.pending, 0);
  });

  it('starts the idle time again at every run, but never the end', async () => {
    const { clock, stopped, sessions } = stops();
    sessions.watch('a', { idleMs: 120_000, endMs: 300_000 });
    for (let minute = 1; minute <= 4; minute++) {
      await clock.advance(60_000);
      sessions.ran('a');
    }
    assert.deepEqual(stopped, [], 'a run each minute keeps it open');
    await clock.advance(60_000);
    assert.deepEqual(stopped, ['a:end'], 'stopped at 5 minutes though it ran a minute ago');
  });

  it('a session whose end is not known is stopped only when idle', async () => {
    const { clock, stopped, sessions } = stops();
    sessions.watch('a', { endMs: Infinity });
    sessions.watch('b', { endMs: Infinity, idleMs: 60_000 });
    await clock.advance(30 * 86_400_000);
    assert.deepEqual(stopped, ['b:idle']);
  });

  it('new times replace the old: a session an agent takes over gets an idle time', async () => {
    const { clock, stopped, sessions } = stops();
    sessions.watch('a', { endMs: 300_000 });
    sessions.watch('a', { idleMs: 60_000, endMs: 200_000 });
    await clock.advance(60_000);
    assert.deepEqual(stopped, ['a:idle']);
    assert.equal(clock.pending, 0, 'the first end was cleared');
  });

  it('keeps each session\'s times apart, and forgets a session that ended another way', async () => {
    const { clock, stopped, sessions } = stops();
    sessions.watch('a', { idleMs: 60_000, endMs: 300_000 });
    sessions.watch('b', { idleMs: 90_000, endMs: 300_000 });
    sessions.ran('c');
    sessions.forget('a');
    assert.deepEqual(sessions.watched, ['b']);
    await clock.advance(300_000);
    assert.deepEqual(stopped, ['b:idle']);
  });

  it('leaves nothing pending once disposed', async () => {
    const { clock, stopped, sessions } = stops();
    sessions.watch('a', { idleMs: 60_000, endMs: 300_000 });
    sessions.watch('b', { endMs: 300_000 });
    sessions.dispose();
    assert.equal(clock.pending, 0);
    await clock.advance(600_000);
    assert.deepEqual(stopped, []);
  });
});

// When a chat agent's browser session is stopped (issue 39), on a fake clock: after its idle time
// without a run, or at the agents' bound, whichever is first; a run restarts only the idle time;
// each session is stopped once, and a session that ended another way is not stopped again.
import * as assert from 'node:assert/strict';
import { AgentStops } from '../../src/core/browser/agent-stops';
import { FakeClock } from './fake-clock';

function stops() {
  const clock = new FakeClock();
  const stopped: string[] = [];
  const agent = new AgentStops((id, why) => stopped.push(`${id}:${why}`), clock);
  return { clock, stopped, agent };
}

describe('browser sessions: when a chat agent\'s session is stopped', () => {
  it('stops a session after its idle time without a run, once', async () => {
    const { clock, stopped, agent } = stops();
    agent.watch('a', 120_000, 300_000);
    await clock.advance(119_999);
    assert.deepEqual(stopped, []);
    await clock.advance(1);
    assert.deepEqual(stopped, ['a:idle']);
    await clock.advance(600_000);
    assert.deepEqual(stopped, ['a:idle'], 'the bound does not stop it a second time');
    assert.equal(clock.pending, 0);
  });

  it('starts the idle time again at every run, but never the bound', async () => {
    const { clock, stopped, agent } = stops();
    agent.watch('a', 120_000, 300_000);
    for (let minute = 1; minute <= 4; minute++) {
      await clock.advance(60_000);
      agent.ran('a', 120_000);
    }
    assert.deepEqual(stopped, [], 'a run each minute keeps it open');
    await clock.advance(60_000);
    assert.deepEqual(stopped, ['a:bound'], 'stopped at 5 minutes though it ran a minute ago');
  });

  it('keeps each session\'s times apart, and forgets a session that ended another way', async () => {
    const { clock, stopped, agent } = stops();
    agent.watch('a', 60_000, 300_000);
    agent.watch('b', 90_000, 300_000);
    agent.ran('c', 10_000);
    agent.forget('a');
    assert.deepEqual(agent.watched, ['b']);
    await clock.advance(300_000);
    assert.deepEqual(stopped, ['b:idle']);
  });

  it('leaves nothing pending once disposed', async () => {
    const { clock, stopped, agent } = stops();
    agent.watch('a', 60_000, 300_000);
    agent.watch('b', 60_000, 300_000);
    agent.dispose();
    assert.equal(clock.pending, 0);
    await clock.advance(600_000);
    assert.deepEqual(stopped, []);
  });
});

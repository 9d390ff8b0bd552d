// The one polling helper behind the credits and the active crawls, on a fake clock: the interval,
// the backoff after failures, pausing while inactive, a refresh that resets the wait, dispose.
import * as assert from 'node:assert/strict';
import { Poller, type PollOutcome } from '../../src/core/polling';
import { FakeClock, settle } from './fake-clock';
import { within } from './wait';

function poller(outcomes: PollOutcome[] = [], interval = 1000, extra: { maxBackoffMs?: number; minIntervalMs?: number } = {}) {
  const clock = new FakeClock();
  const runsAt: number[] = [];
  let ms = interval;
  const p = new Poller({
    run: () => {
      runsAt.push(clock.now());
      return Promise.resolve(outcomes.shift() ?? 'succeeded');
    },
    intervalMs: () => ms,
    clock,
    ...extra,
  });
  return { p, clock, runsAt, setInterval: (next: number) => (ms = next) };
}

describe('Poller', () => {
  it('becoming active with nothing loaded runs at once, then every interval', async () => {
    const { p, clock, runsAt } = poller();
    p.setActive(true);
    await settle();
    await clock.advance(3500);
    assert.deepEqual(runsAt, [0, 1000, 2000, 3000]);
    p.dispose();
  });

  it('does not poll while inactive, and catches up at once when active again after the interval', async () => {
    const { p, clock, runsAt } = poller();
    p.setActive(true);
    await settle();
    assert.equal(p.scheduled, true, 'active and loaded: the next poll waits on its timer');
    p.setActive(false);
    assert.equal(p.scheduled, false, 'inactive: no poll waits');
    await clock.advance(5000);
    assert.deepEqual(runsAt, [0]);
    assert.equal(clock.pending, 0);
    await p.refresh();
    assert.deepEqual(runsAt, [0, 5000], 'a refresh runs while inactive');
    assert.equal(p.scheduled, false, 'a run while inactive schedules no poll after it');
    assert.equal(clock.pending, 0);
    p.setActive(true);
    await clock.advance(1000);
    assert.deepEqual(runsAt, [0, 5000, 6000]);
    p.dispose();
  });

  it('active again before the interval is up: waits out the interval from the last success', async () => {
    const { p, clock, runsAt } = poller();
    p.setActive(true);
    await settle();
    await clock.advance(300);
    p.setActive(false);
    p.setActive(true);
    await settle();
    assert.deepEqual(runsAt, [0], 'a fresh answer was fetched again');
    await clock.advance(1000);
    assert.deepEqual(runsAt, [0, 1300]);
    p.dispose();
  });

  it('waits twice as long after each failure in a row, up to the cap, and back to the interval after a success', async () => {
    const { p, clock, runsAt } = poller(['failed', 'failed', 'failed', 'failed', 'succeeded'], 1000, { maxBackoffMs: 5000 });
    p.setActive(true);
    await settle();
    await clock.advance(20_000);
    // Runs at 0 (fails), +2000 (fails), +4000 (fails), +5000 capped (fails), +5000 (succeeds), then every 1000.
    assert.deepEqual(runsAt.slice(0, 7), [0, 2000, 6000, 11_000, 16_000, 17_000, 18_000]);
    p.dispose();
  });

  it('a run that throws counts as a failure, reaches the caller of refresh, and polling goes on', async () => {
    const clock = new FakeClock();
    let calls = 0;
    const p = new Poller({ run: () => (++calls === 1 ? Promise.reject(new Error('boom')) : Promise.resolve('succeeded')), intervalMs: () => 1000, clock });
    p.setActive(true);
    await settle();
    assert.equal(p.nextDelayMs, 2000);
    await clock.advance(2000);
    assert.equal(calls, 2);
    await assert.rejects(new Poller({ run: () => Promise.reject(new Error('boom')), intervalMs: () => 0, clock }).refresh(), /boom/);
    p.dispose();
  });

  it('a stale outcome neither resets nor grows the backoff', async () => {
    const { p, clock } = poller(['failed', 'stale']);
    p.setActive(true);
    await settle();
    assert.equal(p.nextDelayMs, 2000);
    await clock.advance(2000);
    assert.equal(p.nextDelayMs, 2000);
    assert.equal(p.isStale(), true, 'a stale run is not a success');
    p.dispose();
  });

  it('refresh() runs now, coalesces with a run under way, and restarts the wait from its end', async () => {
    const clock = new FakeClock();
    const finishers: Array<() => void> = [];
    const runsAt: number[] = [];
    const p = new Poller({
      run: () => {
        runsAt.push(clock.now());
        return new Promise<PollOutcome>((resolve) => finishers.push(() => resolve('succeeded')));
      },
      intervalMs: () => 1000,
      clock,
    });
    p.setActive(true);
    const asked = [p.refresh(), p.refresh(), p.refresh()];
    assert.equal(runsAt.length, 1, 'one run at a time');
    finishers.shift()?.();
    await settle();
    assert.equal(runsAt.length, 2, 'the calls during the run share one more run');
    await clock.advance(700);
    finishers.shift()?.();
    await Promise.all(asked);
    await clock.advance(999);
    assert.equal(runsAt.length, 2, 'the next poll waits a full interval after the refresh');
    await clock.advance(1);
    assert.equal(runsAt.length, 3);
    finishers.shift()?.();
    p.dispose();
  });

  it('an interval of 0 does not poll; refresh still runs; a new interval applies on reschedule', async () => {
    const { p, clock, runsAt, setInterval } = poller([], 0);
    p.setActive(true);
    await settle();
    assert.deepEqual(runsAt, [0], 'nothing loaded: one run on becoming active');
    await clock.advance(60_000);
    assert.deepEqual(runsAt, [0]);
    await p.refresh();
    assert.equal(runsAt.length, 2);
    setInterval(500);
    p.reschedule();
    await clock.advance(500);
    assert.equal(runsAt.length, 3);
    p.dispose();
  });

  it('a minimum interval guards the rate limit', async () => {
    const { p, clock, runsAt } = poller([], 10, { minIntervalMs: 1000 });
    p.setActive(true);
    await settle();
    await clock.advance(2500);
    assert.deepEqual(runsAt, [0, 1000, 2000]);
    p.dispose();
  });

  it('invalidate() makes the next activation run at once and forgets the failures', async () => {
    const { p, clock, runsAt } = poller(['failed']);
    p.setActive(true);
    await settle();
    p.setActive(false);
    p.invalidate();
    assert.equal(p.nextDelayMs, 1000);
    p.setActive(true);
    await settle();
    assert.equal(runsAt.length, 2);
    await clock.advance(0);
    p.dispose();
  });

  it('dispose() stops the timer and later calls do nothing', async () => {
    const { p, clock, runsAt } = poller();
    p.setActive(true);
    await settle();
    p.dispose();
    assert.equal(clock.pending, 0);
    await p.refresh();
    p.setActive(false);
    p.setActive(true);
    await clock.advance(10_000);
    assert.deepEqual(runsAt, [0]);
  });

  it('real timers: polls at a short interval on the system clock, and nothing waits after dispose', async () => {
    let runs = 0;
    let third!: () => void;
    const thirdRun = new Promise<void>((resolve) => (third = resolve));
    const p = new Poller({
      run: () => {
        if (++runs === 3) third();
        return Promise.resolve('succeeded');
      },
      intervalMs: () => 20,
    });
    p.setActive(true);
    await within(thirdRun, 5_000, 'three polls at a 20 ms interval');
    p.dispose();
    await settle();
    // What makes a later run impossible: no timer waits, and the run under way scheduled none.
    assert.equal(p.scheduled, false, 'a poll still waits on its timer after dispose');
    assert.equal(runs, 3, 'a run after dispose');
  });
});

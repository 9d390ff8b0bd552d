// The host tests' hang detector (scripts/lib/host-progress.mjs): no cap on the whole run, only on a
// run that stops making progress, each test allowed its own timeout and a grace.
import assert from 'node:assert/strict';
import { parseProgress, progressLine, StallWatch, UNTIMED_RUNNABLE_MS } from '../../scripts/lib/host-progress.mjs';
import { FakeClock } from './fake-clock';

const GRACE = 90_000;
const START = 240_000;

function watched(): { clock: FakeClock; watch: StallWatch; stalls: string[] } {
  const clock = new FakeClock();
  const stalls: string[] = [];
  const watch = new StallWatch({ graceMs: GRACE, startMs: START, timers: clock, onStall: (reason) => { stalls.push(reason); } });
  return { clock, watch, stalls };
}

describe('the host tests\' hang detector', () => {
  it('reads back what the extension host writes, and nothing else', () => {
    const begin = { event: 'begin', title: 'search \u2192 "quoted" [x]', timeoutMs: 60_000 } as const;
    assert.deepEqual(parseProgress(progressLine(begin)), begin);
    assert.deepEqual(parseProgress(progressLine({ event: 'start', total: 738 })), { event: 'start', total: 738 });
    assert.deepEqual(parseProgress(progressLine({ event: 'end', title: 't' })), { event: 'end', title: 't' });
    assert.equal(parseProgress('    \u2714 a test (12ms)'), undefined);
    assert.equal(parseProgress('[host-progress] {not json'), undefined);
    assert.equal(parseProgress('[host-progress] {"event":"begin"}'), undefined);
    assert.equal(parseProgress(42), undefined);
  });

  it('lets a long run go on as long as tests keep finishing: 2,000 tests of 1 s, far past any fixed cap', async () => {
    const { clock, watch, stalls } = watched();
    await clock.advance(30_000);
    watch.feed({ event: 'start', total: 2000 });
    for (let i = 0; i < 2000; i++) {
      watch.feed({ event: 'begin', title: `test ${i}`, timeoutMs: 20_000 });
      await clock.advance(1_000);
      watch.feed({ event: 'end', title: `test ${i}` });
    }
    assert.deepEqual(stalls, []);
    assert.equal(watch.finished, 2000);
    watch.stop();
    assert.equal(clock.pending, 0);
  });

  it('allows a test its own timeout plus the grace, and names it when it goes past', async () => {
    const { clock, watch, stalls } = watched();
    watch.feed({ event: 'start', total: 3 });
    watch.feed({ event: 'begin', title: 'slow one', timeoutMs: 120_000 });
    await clock.advance(120_000 + GRACE - 1);
    assert.deepEqual(stalls, []);
    await clock.advance(1);
    assert.equal(stalls.length, 1);
    assert.match(stalls.join('\n'), /"slow one" made no progress for 210 s \(its timeout 120 s, then 90 s more\); 0 tests and hooks finished of the run's 3 tests/);
    // Once stalled, it says so once, whatever comes after.
    watch.feed({ event: 'end', title: 'slow one' });
    await clock.advance(GRACE * 3);
    assert.equal(stalls.length, 1);
  });

  it('gives the grace between runnables, and a runnable without a timeout its own bound', async () => {
    const { clock, watch, stalls } = watched();
    watch.feed({ event: 'start', total: 1 });
    watch.feed({ event: 'begin', title: 'a', timeoutMs: 0 });
    await clock.advance(UNTIMED_RUNNABLE_MS);
    assert.deepEqual(stalls, []);
    watch.feed({ event: 'end', title: 'a' });
    await clock.advance(GRACE);
    assert.equal(stalls.length, 1);
    assert.match(stalls.join('\n'), /nothing happened for 90 s after "a"; 1 tests and hooks finished/);
  });

  it('stops a run whose workbench never starts the tests', async () => {
    const { clock, stalls } = watched();
    await clock.advance(START);
    assert.deepEqual(stalls, ['no test started within 240 s of opening the workbench']);
  });
});

import * as assert from 'node:assert/strict';
import { ShiftableClock } from '../../src/core/shiftable-clock';
import { FakeClock } from './fake-clock';

describe('ShiftableClock (the browser sessions\' stops, reached by host tests without waiting)', () => {
  it('reads the base time plus what it was shifted by', async () => {
    const base = new FakeClock();
    const clock = new ShiftableClock(base);
    await base.advance(1_000);
    assert.equal(clock.now(), 1_000);
    clock.shift(20_000);
    assert.equal(clock.now(), 21_000);
    clock.shift(-5);
    assert.equal(clock.now(), 21_000, 'never backwards');
  });

  it('fires a timer once its time is reached by shifting, not before, and only once', async () => {
    const base = new FakeClock();
    const clock = new ShiftableClock(base);
    const fired: string[] = [];
    clock.setTimeout(() => fired.push('25 s'), 25_000);
    clock.setTimeout(() => fired.push('10 s'), 10_000);
    clock.shift(9_000);
    await base.advance(0);
    assert.deepEqual(fired, [], 'shifted short of both');
    clock.shift(1_000);
    await base.advance(0);
    assert.deepEqual(fired, ['10 s']);
    await base.advance(14_999);
    assert.deepEqual(fired, ['10 s'], 'the rest waits on the base clock');
    await base.advance(1);
    assert.deepEqual(fired, ['10 s', '25 s']);
    clock.shift(60_000);
    await base.advance(60_000);
    assert.deepEqual(fired, ['10 s', '25 s'], 'fired once');
    assert.equal(base.pending, 0);
  });

  it('a cleared timer never fires, shifted or not', async () => {
    const base = new FakeClock();
    const clock = new ShiftableClock(base);
    let fired = 0;
    const handle = clock.setTimeout(() => { fired++; }, 5_000);
    clock.clearTimeout(handle);
    clock.clearTimeout('not a timer of this clock');
    clock.shift(10_000);
    await base.advance(10_000);
    assert.equal(fired, 0);
    assert.equal(base.pending, 0);
  });
});

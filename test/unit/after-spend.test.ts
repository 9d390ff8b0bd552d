// The credits read again once a spending operation ends (issue 47), on a fake clock: the first end
// reads at once, ends within the gap share one read at its close, and no end is left without a read
// after it.
import assert from 'node:assert/strict';
import { AFTER_SPEND_GAP_MS, AfterSpendReads } from '../../src/core/usage/after-spend';
import { FakeClock, settle } from './fake-clock';

describe('credits read after spending ends', () => {
  let clock: FakeClock;
  let reads: number[];
  let reader: AfterSpendReads;

  beforeEach(() => {
    clock = new FakeClock();
    reads = [];
    reader = new AfterSpendReads(() => { reads.push(clock.now()); return Promise.resolve(); }, clock);
  });
  afterEach(() => reader.dispose());

  it('reads at once after the first end', async () => {
    await clock.advance(10_000);
    reader.ended();
    await settle();
    assert.deepEqual(reads, [10_000]);
    assert.equal(clock.pending, 0, 'nothing left waiting');
  });

  it('shares one read among the ends within the gap, at its close, and no more than one read per gap', async () => {
    reader.ended();
    await clock.advance(500);
    reader.ended();
    await clock.advance(500);
    reader.ended();
    reader.ended();
    assert.deepEqual(reads, [0], 'the later ends wait for the gap');
    await clock.advance(AFTER_SPEND_GAP_MS);
    assert.deepEqual(reads, [0, AFTER_SPEND_GAP_MS], 'one read at the close of the gap for the three ends');
    await clock.advance(60_000);
    assert.deepEqual(reads, [0, AFTER_SPEND_GAP_MS], 'nothing more without another end');
    reader.ended();
    await settle();
    assert.deepEqual(reads, [0, AFTER_SPEND_GAP_MS, 64_000], 'a later end reads at once');
  });

  it('reads nothing once disposed, even what was waiting', async () => {
    reader.ended();
    reader.ended();
    reader.dispose();
    await clock.advance(AFTER_SPEND_GAP_MS * 2);
    reader.ended();
    assert.deepEqual(reads, [0]);
  });

  it('a failed read leaves the next end to read again', async () => {
    let fail = true;
    const failing = new AfterSpendReads(() => { reads.push(clock.now()); return fail ? Promise.reject(new Error('offline')) : Promise.resolve(); }, clock);
    failing.ended();
    await settle();
    fail = false;
    await clock.advance(AFTER_SPEND_GAP_MS);
    failing.ended();
    await settle();
    assert.deepEqual(reads, [0, AFTER_SPEND_GAP_MS]);
    failing.dispose();
  });
});

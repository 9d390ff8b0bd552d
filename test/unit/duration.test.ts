// Waits and timeouts in a person's words: the edge cases issue 7 names ("Wait 0 ms", "Wait 1667
// minutes", a 1,500 ms timeout worded "within 2 seconds") and the unit boundaries.
import assert from 'node:assert/strict';
import { describeDuration } from '../../src/core/duration';

describe('describeDuration', () => {
  it('never words a wait in milliseconds, nor 0 ms', () => {
    assert.equal(describeDuration(0), 'no time');
    assert.equal(describeDuration(-5), 'no time');
    assert.equal(describeDuration(40), 'less than a tenth of a second');
    assert.equal(describeDuration(300), '0.3 seconds');
    assert.equal(describeDuration(250), 'about 0.3 seconds');
  });

  it('keeps a fraction under ten units: 1,500 ms is 1.5 seconds, not 2', () => {
    assert.equal(describeDuration(1500), '1.5 seconds');
    assert.equal(describeDuration(1000), '1 second');
    assert.equal(describeDuration(2000), '2 seconds');
    assert.equal(describeDuration(1999), 'about 2 seconds');
  });

  it('says seconds up to two minutes, then minutes, hours and days', () => {
    assert.equal(describeDuration(28_000), '28 seconds');
    assert.equal(describeDuration(119_000), '119 seconds');
    assert.equal(describeDuration(120_000), '2 minutes');
    assert.equal(describeDuration(600_000), '10 minutes');
    assert.equal(describeDuration(3 * 3_600_000), '3 hours');
    assert.equal(describeDuration(3 * 86_400_000), '3 days');
  });

  it('words 1667 minutes as about 28 hours', () => {
    assert.equal(describeDuration(1667 * 60_000), 'about 28 hours');
    assert.equal(describeDuration(100_000 * 1000), 'about 28 hours');
  });

  it('says "about" only when it rounded', () => {
    assert.equal(describeDuration(150_000), '2.5 minutes');
    assert.equal(describeDuration(155_000), 'about 2.6 minutes');
    assert.equal(describeDuration(47 * 3_600_000), '47 hours');
    assert.equal(describeDuration(50 * 3_600_000), 'about 2.1 days');
  });

  it('gives words, not NaN or Infinity, for what is not a number', () => {
    assert.equal(describeDuration(Number.NaN), 'an unknown time');
    assert.equal(describeDuration(Infinity), 'an unknown time');
  });
});

import assert from 'node:assert/strict';
import { DEFAULT_DEDUPE_CAPACITY, RecentWebhookIds } from '../../src/core/webhooks';

describe('webhook de-duplication by webhookId', () => {
  it('says new the first time and repeat afterwards', () => {
    const recent = new RecentWebhookIds();
    assert.equal(recent.remember('a'), true);
    assert.equal(recent.remember('b'), true);
    assert.equal(recent.remember('a'), false);
    assert.equal(recent.remember('a'), false);
    assert.equal(recent.size, 2);
  });

  it('forgets the oldest id once more than its capacity are seen', () => {
    const recent = new RecentWebhookIds(3);
    for (const id of ['a', 'b', 'c', 'd']) assert.equal(recent.remember(id), true);
    assert.equal(recent.size, 3);
    assert.equal(recent.has('a'), false);
    assert.equal(recent.has('d'), true);
    assert.equal(recent.remember('a'), true, 'forgotten, so new again');
  });

  it('keeps an id that is being repeated as recent', () => {
    const recent = new RecentWebhookIds(3);
    for (const id of ['a', 'b', 'c']) recent.remember(id);
    assert.equal(recent.remember('a'), false);
    recent.remember('d');
    assert.equal(recent.has('a'), true);
    assert.equal(recent.has('b'), false, 'b is now the oldest');
  });

  it('holds 10,000 ids by default and no more', () => {
    assert.equal(DEFAULT_DEDUPE_CAPACITY, 10_000);
    const recent = new RecentWebhookIds();
    for (let i = 0; i <= DEFAULT_DEDUPE_CAPACITY; i++) recent.remember(`id-${i}`);
    assert.equal(recent.size, DEFAULT_DEDUPE_CAPACITY);
    assert.equal(recent.has('id-0'), false);
    assert.equal(recent.has('id-1'), true);
    assert.equal(recent.has(`id-${DEFAULT_DEDUPE_CAPACITY}`), true);
  });

  it('refuses a capacity that is not a whole number of at least 1', () => {
    for (const capacity of [0, -1, 1.5, Number.NaN]) assert.throws(() => new RecentWebhookIds(capacity), RangeError);
  });
});

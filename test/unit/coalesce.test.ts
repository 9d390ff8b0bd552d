import * as assert from 'node:assert/strict';
import { CoalescingTask } from '../../src/core/coalesce';

/** A task whose runs finish only when the test says so. */
function controlledTask() {
  const finishers: Array<() => void> = [];
  let started = 0;
  const task = () => {
    started++;
    return new Promise<void>((resolve) => finishers.push(resolve));
  };
  const finishNext = async () => {
    finishers.shift()?.();
    // Let the chain's await and loop check run.
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };
  return { task, finishNext, started: () => started };
}

describe('CoalescingTask', () => {
  it('runs once for a single call', async () => {
    const t = controlledTask();
    const runner = new CoalescingTask(t.task);
    const done = runner.run();
    assert.equal(t.started(), 1);
    await t.finishNext();
    await done;
    assert.equal(t.started(), 1);
  });

  it('folds every call made during a run into exactly one more run', async () => {
    const t = controlledTask();
    const runner = new CoalescingTask(t.task);
    const first = runner.run();
    const second = runner.run();
    const third = runner.run();
    assert.equal(second, first, 'callers during a run share its promise');
    assert.equal(third, first);
    assert.equal(t.started(), 1, 'never two at once');
    await t.finishNext();
    assert.equal(t.started(), 2, 'one more run for the calls made meanwhile');
    await t.finishNext();
    await first;
    assert.equal(t.started(), 2);
  });

  it('starts afresh after a chain has finished', async () => {
    const t = controlledTask();
    const runner = new CoalescingTask(t.task);
    const first = runner.run();
    await t.finishNext();
    await first;
    const again = runner.run();
    assert.notEqual(again, first);
    assert.equal(t.started(), 2);
    await t.finishNext();
    await again;
  });

  it('drops the extra run when cancelled or stopped', async () => {
    const t = controlledTask();
    let stopped = false;
    const runner = new CoalescingTask(t.task, () => stopped);
    const chain = runner.run();
    void runner.run(); // coalesced into `chain`, which the test awaits
    runner.cancelPending();
    await t.finishNext();
    await chain;
    assert.equal(t.started(), 1, 'cancelPending forgets the extra run');

    const next = runner.run();
    void runner.run(); // coalesced into `next`, which the test awaits
    stopped = true;
    await t.finishNext();
    await next;
    assert.equal(t.started(), 2, 'a stopped owner ends the chain');
  });

  it('a failing run rejects its callers and does not wedge the next call', async () => {
    let calls = 0;
    const runner = new CoalescingTask(() => {
      calls++;
      return calls === 1 ? Promise.reject(new Error('boom')) : Promise.resolve();
    });
    await assert.rejects(runner.run(), /boom/);
    await runner.run();
    assert.equal(calls, 2);
  });
});

// Global state written so that nothing is lost in this window (src/core/shared-state.ts), against a
// memento that behaves as VS Code's does: one object per extension, flushed whole a moment after an
// update, and replaced whole by every change the storage announces (this window's own flush, or
// another window's) before the update's promise resolves. Real timers of a few milliseconds, bounded.
// Two windows adding to the memento at once cannot be kept safe by any timing (a loaded machine
// failed a test of it here): what windows add to lives in files, one writer each
// (src/core/shared-folder.ts, test/unit/shared-folder.test.ts).
import * as assert from 'node:assert/strict';
import { SharedState, type StateLike } from '../../src/core/shared-state';

const clone = <T>(value: T): T => (value === undefined ? value : JSON.parse(JSON.stringify(value)) as T);
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** The profile's storage every window shares: set whole, announced to every window at once. */
class Storage {
  value: Record<string, unknown> = {};
  readonly windows: Array<(value: Record<string, unknown>) => void> = [];
  set(value: Record<string, unknown>): void {
    this.value = clone(value);
    for (const hear of this.windows) hear(clone(value));
  }
}

/** One window's memento as VS Code 1.100.3 keeps it (extHostMemento.ts). */
class EchoMemento implements StateLike {
  private value: Record<string, unknown> = {};
  private waiting: Array<() => void> = [];
  private scheduled = false;

  constructor(private readonly storage: Storage, private readonly latencyMs = 4, private readonly keeps = true) {
    storage.windows.push((value) => { this.value = value; });
  }

  keys(): readonly string[] {
    return Object.keys(this.value);
  }

  get(key: string): unknown {
    return this.value[key];
  }

  update(key: string, value: unknown): Promise<void> {
    if (this.keeps) {
      this.value = Object.fromEntries([...Object.entries(this.value).filter(([k]) => k !== key), ...(value === undefined ? [] : [[key, clone(value)]])]) as Record<string, unknown>;
    }
    return new Promise((resolve) => {
      this.waiting.push(resolve);
      if (this.scheduled) return;
      this.scheduled = true;
      setTimeout(() => this.flush(), 0);
    });
  }

  private flush(): void {
    this.scheduled = false;
    const sent = clone(this.value);
    const done = this.waiting.splice(0);
    // The round trip: the storage announces the change (to this window too) before the answer.
    setTimeout(() => { this.storage.set(sent); for (const resolve of done) resolve(); }, this.latencyMs);
  }
}

/**
 * `count` writes of keys of their own, a millisecond apart, not waiting for one another: spaced so
 * that writes fall between a flush and its echo, the case under test (no condition stands for it).
 */
async function burst(state: StateLike, prefix: string, count: number): Promise<void> {
  const writes: Array<Thenable<void>> = [];
  for (let i = 0; i < count; i++) {
    writes.push(state.update(`${prefix}${i}`, { i }));
    await sleep(1);
  }
  await Promise.all(writes);
}

const kept = (storage: Storage, prefix: string): number => Object.keys(storage.value).filter((k) => k.startsWith(prefix)).length;

describe('shared global state: no write lost', function () {
  this.timeout(10_000);

  it('the memento as VS Code keeps it loses writes made while a flush is on its way (the case this is for)', async () => {
    const storage = new Storage();
    await burst(new EchoMemento(storage), 'k', 40);
    assert.ok(kept(storage, 'k') < 40, `all 40 kept: the fake does not reproduce the loss (${kept(storage, 'k')})`);
  });

  it('keeps every write of a burst', async () => {
    const storage = new Storage();
    const state = new SharedState(new EchoMemento(storage));
    await burst(state, 'k', 40);
    await state.settled();
    assert.equal(kept(storage, 'k'), 40);
  });

  it('computes a read-modify-write at its turn, so none is built on a stale value', async () => {
    const storage = new Storage();
    const state = new SharedState(new EchoMemento(storage));
    await Promise.all(Array.from({ length: 20 }, (_, i) => state.change('list', (current) => [...(Array.isArray(current) ? (current as unknown[]) : []), i])));
    assert.deepEqual(storage.value.list, Array.from({ length: 20 }, (_, i) => i));
  });

  it('does not bring back a value this window replaced since', async () => {
    const storage = new Storage();
    const state = new SharedState(new EchoMemento(storage));
    await state.update('consent', true);
    await state.update('consent', undefined);
    await state.settled();
    assert.equal(storage.value.consent, undefined);
    assert.equal(state.rewrites, 0);
  });

  it('leaves a flag another window (or a test) reset on purpose just after this window set it', async () => {
    const storage = new Storage();
    const here = new SharedState(new EchoMemento(storage));
    const there = new EchoMemento(storage);
    await here.update('hintShown', true);
    await there.update('hintShown', undefined);
    await here.settled();
    assert.equal(storage.value.hintShown, undefined);
  });

  it('leaves a value another window changed to something else', async () => {
    const storage = new Storage();
    const here = new SharedState(new EchoMemento(storage));
    const there = new SharedState(new EchoMemento(storage));
    await here.update('open', ['a']);
    await there.update('open', ['b']);
    await Promise.all([here.settled(), there.settled()]);
    assert.deepEqual(storage.value.open, ['b']);
  });

  it('removes a key as the memento does, and reads a default for a missing one', async () => {
    const storage = new Storage();
    const state = new SharedState(new EchoMemento(storage));
    await state.update('a', 1);
    await state.update('a', undefined);
    assert.deepEqual(storage.value, {});
    assert.equal(state.get('a', 7), 7);
  });

  it('gives up on a value the memento never keeps with a clear error, and goes on with the next write', async () => {
    const storage = new Storage();
    const state = new SharedState(new EchoMemento(storage, 1, false));
    await assert.rejects(state.update('lost', 1), /global state did not keep lost after 4 writes/);
    const working = new SharedState(new EchoMemento(storage, 1));
    await working.update('next', 2);
    assert.equal(storage.value.next, 2);
  });
});

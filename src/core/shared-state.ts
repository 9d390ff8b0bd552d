// Global state as every window of the profile shares it, written so that no write is lost. VS Code's
// memento keeps one object for the extension, flushes it whole, and replaces it whole with each
// change it hears of: the echo of its own write, or another window's write. Two ways a write is lost:
// - In this window: a write made while a change is on its way is undone here, then sent undone with
//   the next flush. So one write at a time for the whole extension, a read-modify-write computed at
//   its turn from the value then, and each write read back once done and made again when undone.
// - Across windows: the storage keeps the last object sent, so another window's flush made before it
//   heard of this write drops it after it was read back. So a change (a read-modify-write, as of a
//   key this window owns or merges into) is read again a moment later, and made again when its key
//   is back to exactly the value it had before. A plain update (a flag, a value any window may reset)
//   is not: a reset made on purpose elsewhere must stay.
// Seen on VS Code 1.100.3, where a burst of 40 spend entries kept 12 of them before the first rule.
/** What this needs of a memento (VS Code's `Memento` fits). */
export interface StateLike {
  keys(): readonly string[];
  get(key: string): unknown;
  update(key: string, value: unknown): Thenable<void>;
}

/** How many times a write is made before it is given up as lost. */
const ATTEMPTS = 4;
/** When a write is read again for another window's flush (a change between windows takes milliseconds). */
const RECHECK_MS = 150;

export class SharedState implements StateLike {
  private queue: Promise<unknown> = Promise.resolve();
  private lostCount = 0;
  private readonly rechecks = new Set<Promise<unknown>>();
  /** Each key's last write here: a later read looks again only at a value no later write here replaced. */
  private readonly lastWrite = new Map<string, number>();
  private writes = 0;

  constructor(private readonly inner: StateLike) {}

  keys(): readonly string[] {
    return this.inner.keys();
  }

  // VS Code's Memento's shape, which the features take.
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- as above
  get<T>(key: string): T | undefined;
  get<T>(key: string, defaultValue: T): T;
  get<T>(key: string, defaultValue?: T): T | undefined {
    const value = this.inner.get(key) as T | undefined;
    return value === undefined ? defaultValue : value;
  }

  /** Writes the value, read back and made again when an echo undid it. */
  update(key: string, value: unknown): Promise<void> {
    return this.queued(key, () => value, 0).then(() => undefined);
  }

  /**
   * Writes what `next` makes of the key's value at this write's turn (again, from the value found,
   * when a change from elsewhere undid it, now or a moment later), and resolves with what was
   * written. Rejects when the value could not be kept after a few attempts.
   */
  change<T>(key: string, next: (current: unknown) => T): Promise<T> {
    return this.queued(key, next, ATTEMPTS);
  }

  /** Once every write made so far, and its later read, is done (tests and benchmarks wait for it). */
  async settled(): Promise<void> {
    while (this.rechecks.size > 0) await Promise.all([...this.rechecks]);
    await this.queue;
  }

  /** `rechecks`: how many more times a later read may make this write again (0: none follows). */
  private queued<T>(key: string, next: (current: unknown) => T, rechecks: number): Promise<T> {
    const run = this.queue.then(() => this.write(key, next, rechecks));
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Writes made again because a change from elsewhere undid them (tests and benchmarks read it). */
  get rewrites(): number {
    return this.lostCount;
  }

  private async write<T>(key: string, next: (current: unknown) => T, rechecks: number): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      const before = copyOf(this.inner.get(key));
      const value = next(before);
      const write = ++this.writes;
      this.lastWrite.set(key, write);
      await this.inner.update(key, value);
      if (sameJson(this.inner.get(key), value)) {
        if (!sameJson(before, value) && rechecks > 0) this.recheck(key, next, before, rechecks, write);
        return value;
      }
      if (attempt === ATTEMPTS) throw new Error(`VS Code's global state did not keep ${key} after ${ATTEMPTS} writes`);
      this.lostCount++;
    }
  }

  /** A moment later: back to exactly what it was before the write means another window's flush dropped it. */
  private recheck(key: string, next: (current: unknown) => unknown, before: unknown, rechecks: number, write: number): void {
    const check = new Promise<void>((resolve) => { setTimeout(resolve, RECHECK_MS); }).then(async () => {
      if (this.lastWrite.get(key) !== write || !sameJson(this.inner.get(key), before)) return;
      this.lostCount++;
      await this.queued(key, next, rechecks - 1);
    }).catch(() => undefined);
    this.rechecks.add(check);
    void check.finally(() => this.rechecks.delete(check));
  }
}

function copyOf(value: unknown): unknown {
  return value === undefined ? undefined : JSON.parse(JSON.stringify(value)) as unknown;
}

/** The memento keeps JSON copies: equal as JSON is kept. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === undefined || b === undefined) return a === b;
  return JSON.stringify(a) === JSON.stringify(b);
}

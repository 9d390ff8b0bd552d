// One way to keep a resource fresh (the credits, the active crawls): a run every interval while
// active, a longer wait after failures so a broken service or key is not asked again at full
// speed, refreshes asked for by a person or a search coalesced with the poll, and nothing left
// running once disposed. Plain timers, so it is unit-tested with a fake clock.
import { CoalescingTask } from './coalesce';

/** What one run found out: `stale` (an answer dropped, no connection) counts as neither. */
export type PollOutcome = 'succeeded' | 'failed' | 'stale';

export interface PollClock {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const systemClock: PollClock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface PollerOptions {
  /** One fetch. A throw counts as a failure and reaches the caller of `refresh()`. */
  run: () => Promise<PollOutcome>;
  /** The interval in ms, read at every scheduling (a setting may change it); 0 or less: no polling. */
  intervalMs: () => number;
  /** Polls closer than this only spend the rate limit. */
  minIntervalMs?: number;
  /** The longest wait after repeated failures, unless the interval itself is longer. */
  maxBackoffMs?: number;
  clock?: PollClock;
}

const DEFAULT_MAX_BACKOFF_MS = 10 * 60 * 1000;

export class Poller {
  private readonly clock: PollClock;
  private readonly runs: CoalescingTask;
  private timer: unknown;
  private active = false;
  private disposed = false;
  private failures = 0;
  /** When a run last succeeded (ms); undefined: never since the last invalidate(). */
  private succeededAt: number | undefined;

  constructor(private readonly options: PollerOptions) {
    this.clock = options.clock ?? systemClock;
    this.runs = new CoalescingTask(() => this.runOnce(), () => this.disposed);
  }

  /** Whether a poll is waiting on its timer (false while inactive, disposed or with no interval). */
  get scheduled(): boolean {
    return this.timer !== undefined;
  }

  /** The wait before the next poll: the interval, doubled per failure in a row, up to the cap. */
  get nextDelayMs(): number | undefined {
    const interval = this.intervalMs();
    if (interval === undefined) return undefined;
    const cap = Math.max(interval, this.options.maxBackoffMs ?? DEFAULT_MAX_BACKOFF_MS);
    return Math.min(cap, interval * 2 ** Math.min(this.failures, 20));
  }

  /**
   * Runs now; calls while a run is under way share one more run after it. Resolves once a run
   * that started after the call has finished. The next poll is counted from its end.
   */
  refresh(): Promise<void> {
    if (this.disposed) return Promise.resolve();
    this.cancelTimer();
    return this.runs.run();
  }

  /**
   * Polls only while active (connected; for a view, visible too). Becoming active runs at once
   * when the last success is older than the interval, or there was none.
   */
  setActive(active: boolean): void {
    if (this.disposed || active === this.active) return;
    this.active = active;
    if (!active) return this.cancelTimer();
    if (this.isStale()) void this.refresh().catch(() => undefined);
    else this.schedule();
  }

  /** The interval setting changed: the next poll follows it. */
  reschedule(): void {
    if (this.timer !== undefined || this.active) this.schedule();
  }

  /** The data went away (a new key, no key): the next chance to run should run. */
  invalidate(): void {
    this.succeededAt = undefined;
    this.failures = 0;
    this.runs.cancelPending();
  }

  isStale(): boolean {
    const interval = this.intervalMs();
    if (this.succeededAt === undefined) return true;
    return interval !== undefined && this.clock.now() - this.succeededAt >= interval;
  }

  dispose(): void {
    this.disposed = true;
    this.cancelTimer();
    this.runs.cancelPending();
  }

  private intervalMs(): number | undefined {
    const ms = this.options.intervalMs();
    if (!(ms > 0)) return undefined;
    return Math.max(ms, this.options.minIntervalMs ?? 0);
  }

  private async runOnce(): Promise<void> {
    this.cancelTimer();
    let outcome: PollOutcome = 'failed';
    try {
      outcome = await this.options.run();
    } finally {
      if (outcome === 'succeeded') {
        this.failures = 0;
        this.succeededAt = this.clock.now();
      } else if (outcome === 'failed') {
        this.failures++;
      }
      this.schedule();
    }
  }

  private schedule(): void {
    this.cancelTimer();
    const delay = this.nextDelayMs;
    if (this.disposed || !this.active || delay === undefined) return;
    this.timer = this.clock.setTimeout(() => {
      this.timer = undefined;
      // A failing poll is the feature's to show (its run reports it); here it only waits longer.
      this.refresh().catch(() => undefined);
    }, delay);
  }

  private cancelTimer(): void {
    if (this.timer === undefined) return;
    this.clock.clearTimeout(this.timer);
    this.timer = undefined;
  }
}

// A clock for the timer-driven parts of the core (polling, a chat agent's browser stops): its
// timers fire only when the test moves the time on, so no test waits for real time.
import type { PollClock } from '../../src/core/polling';

/** Timers that fire only when the test advances the time. */
export class FakeClock implements PollClock {
  private time = 0;
  private nextId = 1;
  private readonly timers = new Map<number, { at: number; run: () => void }>();

  now(): number {
    return this.time;
  }

  setTimeout(run: () => void, ms: number): unknown {
    const id = this.nextId++;
    this.timers.set(id, { at: this.time + ms, run });
    return id;
  }

  clearTimeout(handle: unknown): void {
    this.timers.delete(handle as number);
  }

  get pending(): number {
    return this.timers.size;
  }

  /** Moves the time on, firing due timers in order and letting the runs they start finish. */
  async advance(ms: number): Promise<void> {
    const end = this.time + ms;
    for (;;) {
      const due = [...this.timers.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      this.timers.delete(due[0]);
      this.time = due[1].at;
      due[1].run();
      await settle();
    }
    this.time = end;
  }
}

/** Lets the promise chains a fired timer started run to their end. */
export const settle = async (): Promise<void> => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

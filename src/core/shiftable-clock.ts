// A clock that reads real time plus an offset, whose timers fire by that time. The browser
// sessions' stops are timed in tens of seconds (a session's least life is 30 s, an agent's idle
// time 10 s or more); host tests move this clock forward to reach those moments instead of
// waiting them out, and still see the stop fire from the feature's own timer, not from a call
// made for the test. In use it is never shifted, and it is the system clock.
import { systemClock, type PollClock } from './polling';

class Timer {
  handle: unknown;
  constructor(readonly run: () => void, readonly due: number) {}
}

export class ShiftableClock implements PollClock {
  private offset = 0;
  private readonly pending = new Set<Timer>();

  constructor(private readonly base: PollClock = systemClock) {}

  now(): number {
    return this.base.now() + this.offset;
  }

  setTimeout(run: () => void, ms: number): unknown {
    const timer = new Timer(run, this.now() + Math.max(0, ms));
    this.arm(timer);
    this.pending.add(timer);
    return timer;
  }

  clearTimeout(handle: unknown): void {
    if (!(handle instanceof Timer) || !this.pending.delete(handle)) return;
    this.base.clearTimeout(handle.handle);
  }

  /** Moves the clock `ms` forward: every timer now due fires (on the base clock's next turn). */
  shift(ms: number): void {
    if (!(ms > 0)) return;
    this.offset += ms;
    for (const timer of this.pending) {
      this.base.clearTimeout(timer.handle);
      this.arm(timer);
    }
  }

  private arm(timer: Timer): void {
    timer.handle = this.base.setTimeout(() => {
      if (!this.pending.delete(timer)) return;
      timer.run();
    }, Math.max(0, timer.due - this.now()));
  }
}

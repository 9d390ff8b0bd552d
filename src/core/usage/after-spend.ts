// The credits read again once a spending operation ends (issue 47: "Research done (16 credits)" and
// the status bar's balance stayed where it was until the next poll). Ends come in bursts (a check
// and its pages, a research run and its result, several crawls ending together), so a read is made
// at once when none was made for `gapMs`, and ends within that gap share one read at its close:
// never more than one read per gap, and never an end left without a read after it.
import { systemClock, type PollClock } from '../polling';

/** Reads after spending ends at most this often. */
export const AFTER_SPEND_GAP_MS = 3000;

export class AfterSpendReads {
  private lastReadAt: number | undefined;
  private pending: unknown;
  private disposed = false;

  constructor(private readonly read: () => Promise<void>, private readonly clock: PollClock, private readonly gapMs = AFTER_SPEND_GAP_MS) {}

  /** A spending operation ended: the credits are read now, or once at the close of the gap. */
  ended(): void {
    if (this.disposed || this.pending !== undefined) return;
    const now = this.clock.now();
    const wait = this.lastReadAt === undefined ? 0 : this.lastReadAt + this.gapMs - now;
    if (wait <= 0) {
      this.start();
      return;
    }
    this.pending = this.clock.setTimeout(() => {
      this.pending = undefined;
      if (!this.disposed) this.start();
    }, wait);
  }

  dispose(): void {
    this.disposed = true;
    if (this.pending !== undefined) this.clock.clearTimeout(this.pending);
    this.pending = undefined;
  }

  private start(): void {
    this.lastReadAt = this.clock.now();
    // A failed read is the status bar's error state, drawn by the model; nothing to add here.
    this.read().catch(() => undefined);
  }
}

/** Reads on the system clock (the credits item's): here so the shell's bundle need not hold the class. */
export function afterSpendReads(read: () => Promise<void>): AfterSpendReads {
  return new AfterSpendReads(read, systemClock);
}

// When a browser session this window started is stopped by the window itself (issue 39).
// - 'end': just before its time runs out. A session the service ends by its ttl is billed without
//   saying how much; one stopped here answers with its bill, so today's spend counts it.
// - 'idle': a chat agent's, after its idle time without a run. VS Code does not tell an extension
//   when a chat conversation ends, so "the conversation moved on" is read as "no run for a while".
// Whichever comes first; a run restarts the idle time, never the end. Plain timers on the polling
// clock, so it is unit-tested with a fake one.
import { systemClock, type PollClock } from '../polling';

export type StopReason = 'idle' | 'end';

export interface StopTimes {
  /** From now: the latest the session is stopped; Infinity when its end is not known. */
  endMs: number;
  /** Without a run: stopped after this (chat agents' sessions only). */
  idleMs?: number;
}

interface Due { idleMs: number | undefined; idle: unknown; end: unknown }

/** A timer's longest delay: Node fires a longer one at once. */
const MAX_DELAY_MS = 2 ** 31 - 1;

export class SessionStops {
  private readonly due = new Map<string, Due>();

  constructor(private readonly stop: (sessionId: string, why: StopReason) => void, private readonly clock: PollClock = systemClock) {}

  /** Stops the session at `endMs` from now, and after `idleMs` without a run when given; replaces earlier times. */
  watch(sessionId: string, times: StopTimes): void {
    this.forget(sessionId);
    const end = Number.isFinite(times.endMs) ? this.clock.setTimeout(() => this.fire(sessionId, 'end'), Math.min(MAX_DELAY_MS, Math.max(0, times.endMs))) : undefined;
    this.due.set(sessionId, { end, idleMs: times.idleMs, idle: this.idleTimer(sessionId, times.idleMs) });
  }

  /** A run in the session (the agent's or the person's): its idle time starts again. */
  ran(sessionId: string): void {
    const due = this.due.get(sessionId);
    if (!due) return;
    if (due.idle !== undefined) this.clock.clearTimeout(due.idle);
    due.idle = this.idleTimer(sessionId, due.idleMs);
  }

  /** The session ended another way (stopped, expired): nothing left to fire. */
  forget(sessionId: string): void {
    const due = this.due.get(sessionId);
    if (!due) return;
    if (due.idle !== undefined) this.clock.clearTimeout(due.idle);
    if (due.end !== undefined) this.clock.clearTimeout(due.end);
    this.due.delete(sessionId);
  }

  get watched(): readonly string[] {
    return [...this.due.keys()];
  }

  dispose(): void {
    for (const id of this.watched) this.forget(id);
  }

  private idleTimer(sessionId: string, idleMs: number | undefined): unknown {
    return idleMs === undefined ? undefined : this.clock.setTimeout(() => this.fire(sessionId, 'idle'), Math.max(0, idleMs));
  }

  private fire(sessionId: string, why: StopReason): void {
    if (!this.due.has(sessionId)) return;
    this.forget(sessionId);
    this.stop(sessionId, why);
  }
}

// When a chat agent's browser session is stopped (issue 39). VS Code does not tell an extension
// when a chat conversation ends, so "the conversation moved on" is read as "no run for a while":
// each agent session is stopped after its idle time without a run, or at the agents' bound,
// whichever comes first. A run restarts the idle time, never the bound. Plain timers on the
// polling clock, so it is unit-tested with a fake one.
import { systemClock, type PollClock } from '../polling';

interface Due { idle: unknown; bound: unknown }

export class AgentStops {
  private readonly due = new Map<string, Due>();

  constructor(private readonly stop: (sessionId: string, why: 'idle' | 'bound') => void, private readonly clock: PollClock = systemClock) {}

  /** A session an agent opened: stopped after `idleMs` without a run, and at `boundMs` from now at the latest. */
  watch(sessionId: string, idleMs: number, boundMs: number): void {
    this.forget(sessionId);
    const bound = this.clock.setTimeout(() => this.fire(sessionId, 'bound'), Math.max(0, boundMs));
    this.due.set(sessionId, { bound, idle: this.idleTimer(sessionId, idleMs) });
  }

  /** A run in the session (the agent's or the person's): its idle time starts again. */
  ran(sessionId: string, idleMs: number): void {
    const due = this.due.get(sessionId);
    if (!due) return;
    this.clock.clearTimeout(due.idle);
    due.idle = this.idleTimer(sessionId, idleMs);
  }

  /** The session ended another way (stopped, expired): nothing left to fire. */
  forget(sessionId: string): void {
    const due = this.due.get(sessionId);
    if (!due) return;
    this.clock.clearTimeout(due.idle);
    this.clock.clearTimeout(due.bound);
    this.due.delete(sessionId);
  }

  get watched(): readonly string[] {
    return [...this.due.keys()];
  }

  dispose(): void {
    for (const id of this.watched) this.forget(id);
  }

  private idleTimer(sessionId: string, idleMs: number): unknown {
    return this.clock.setTimeout(() => this.fire(sessionId, 'idle'), Math.max(0, idleMs));
  }

  private fire(sessionId: string, why: 'idle' | 'bound'): void {
    if (!this.due.has(sessionId)) return;
    this.forget(sessionId);
    this.stop(sessionId, why);
  }
}

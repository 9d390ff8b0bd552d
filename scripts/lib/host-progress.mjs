// The host tests' hang detector. A fixed cap on the whole run is reached by the suite's own growth
// (issue 45: 300 s, then red at ~710 of ~740 tests); what a cap is for is a run that stopped making
// progress. So the extension host's mocha announces each test and hook as it begins (with its own
// timeout) and ends, as one console line each (test/host/index.ts), and the shim
// (test/host/code-shim.mjs) gives the run until the current runnable's timeout plus a grace, then
// the grace again between runnables. Mocha fails a test at its timeout itself; this fires only when
// mocha cannot (the extension host blocked or gone, the workbench crashed, a runnable without a timeout).

export const PROGRESS_PREFIX = '[host-progress] ';

/** Before the first line: the workbench loads, the extension host starts, the suites are read. */
export const DEFAULT_START_MS = 240_000;
/** Past a runnable's own timeout, or between two runnables. */
export const DEFAULT_GRACE_MS = 90_000;
/** A runnable whose timeout is off (`this.timeout(0)`) still cannot hang for ever. */
export const UNTIMED_RUNNABLE_MS = 600_000;

/** The console line for one event: { event: 'start', total } | { event: 'begin', title, timeoutMs } | { event: 'end', title }. */
export function progressLine(event) {
  return `${PROGRESS_PREFIX}${JSON.stringify(event)}`;
}

/** The event of a progress line, or undefined for any other line (or a malformed one). */
export function parseProgress(line) {
  if (typeof line !== 'string' || !line.startsWith(PROGRESS_PREFIX)) return undefined;
  try {
    const event = JSON.parse(line.slice(PROGRESS_PREFIX.length));
    if (typeof event !== 'object' || event === null) return undefined;
    if (event.event === 'start' && Number.isInteger(event.total)) return { event: 'start', total: event.total };
    if ((event.event === 'begin' || event.event === 'end') && typeof event.title === 'string') {
      const timeoutMs = Number.isFinite(event.timeoutMs) && event.timeoutMs >= 0 ? event.timeoutMs : undefined;
      return event.event === 'begin' ? { event: 'begin', title: event.title, timeoutMs } : { event: 'end', title: event.title };
    }
    return undefined;
  } catch {
    return undefined;
  }
}

/**
 * Watches a run's progress events and calls onStall(reason) once when none came in time.
 * `timers` is { setTimeout, clearTimeout, now } (a fake clock in the unit tests).
 */
export class StallWatch {
  constructor({ onStall, startMs = DEFAULT_START_MS, graceMs = DEFAULT_GRACE_MS, timers = globalThis }) {
    this.onStall = onStall;
    this.graceMs = graceMs;
    this.timers = timers;
    this.timer = undefined;
    this.stalled = false;
    this.finished = 0;
    this.total = undefined;
    this.arm(startMs, () => `no test started within ${Math.round(startMs / 1000)} s of opening the workbench`);
  }

  /** Feeds one parsed event. */
  feed(event) {
    if (this.stalled || event === undefined) return;
    if (event.event === 'start') {
      this.total = event.total;
      this.arm(this.graceMs, () => `no test began within ${Math.round(this.graceMs / 1000)} s of the run's start`);
    } else if (event.event === 'begin') {
      const own = event.timeoutMs === undefined || event.timeoutMs === 0 ? UNTIMED_RUNNABLE_MS : event.timeoutMs;
      const limit = own + this.graceMs;
      this.arm(limit, () => `"${event.title}" made no progress for ${Math.round(limit / 1000)} s (its timeout ${Math.round(own / 1000)} s, ` +
        `then ${Math.round(this.graceMs / 1000)} s more); ${this.progress()}`);
    } else {
      this.finished += 1;
      this.arm(this.graceMs, () => `nothing happened for ${Math.round(this.graceMs / 1000)} s after "${event.title}"; ${this.progress()}`);
    }
  }

  /** How far the run got, for the stall's message. */
  progress() {
    return `${this.finished} tests and hooks finished${this.total === undefined ? '' : ` of the run's ${this.total} tests`}`;
  }

  /** Stops watching (the run ended). */
  stop() {
    if (this.timer !== undefined) this.timers.clearTimeout(this.timer);
    this.timer = undefined;
  }

  arm(ms, reason) {
    this.stop();
    this.timer = this.timers.setTimeout(() => {
      this.timer = undefined;
      this.stalled = true;
      this.onStall(reason());
    }, ms);
  }
}

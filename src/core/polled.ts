// A resource read from the service on a schedule (the credits, the active crawls; the jobs of the
// next features): one fetch at a time against the current connection, polled with the shared
// Poller and its backoff, emptied when the address or key changes, one change event, and the
// last failure kept as a value. No VS Code: the status bar item and the views only draw it, and
// the webhooks, chat tools and commands read and change it through their model's typed methods.
import type { WebDataClient } from './api';
import { ConnectionFetch, type ClientSource } from './connection-fetch';
import { Emitter, type Subscription } from './emitter';
import { Poller, systemClock, type PollClock, type PollOutcome } from './polling';

/** The connection as a polled resource needs it (src/platform/connection.ts in the extension). */
export interface PolledConnection extends ClientSource {
  readonly isConnected: boolean;
  /** Fires after the address or key changed (and once after activation). */
  onDidChange(listener: () => void): Subscription;
}

/**
 * What changed: `answer` (a fetch succeeded), `failure`, `not-connected` (a fetch found no address
 * or key), `connection` (a new address or key: the data is gone), `edit` (a typed method changed it).
 */
type PolledCause = 'answer' | 'failure' | 'not-connected' | 'connection' | 'edit';

export interface PolledChange {
  readonly cause: PolledCause;
  /** The fetch was asked for by a person (a command): only then may a failure notify. */
  readonly asked: boolean;
}

/** A failed fetch, kept until an answer, a fetch with no connection, or a connection change. */
export interface PolledFailure {
  readonly error: unknown;
  readonly at: Date;
}

/** One read outside the schedule (a chat tool's), as a value. */
export type PolledRead<T> =
  | { ok: true; value: T }
  | { ok: false; failure: { kind: 'not-connected' } | { kind: 'failed'; error: unknown; cancelled: boolean } };

export interface PolledResourceOptions<T> {
  connection: PolledConnection;
  /** One request; `signal` aborts it (a connection change, dispose, a reader's cancellation). */
  fetch: (client: WebDataClient, signal: AbortSignal) => Promise<T>;
  /** The interval in ms, read at every scheduling (a setting); 0 or less: no polling. */
  intervalMs: () => number;
  /** Polls closer than this only spend the rate limit. */
  minIntervalMs?: number;
  /** A failure that is the service's answer (no usage information for the team): no backoff. */
  isAnswer?: (error: unknown) => boolean;
  /** Whether it polls while connected from the start (a view's data: only while the view shows). */
  wanted?: boolean;
  clock?: PollClock;
  /** A listener of the change event that throws (the others still run). */
  onListenerError?: (err: unknown) => void;
}

export class PolledResource<T> {
  private readonly fetches: ConnectionFetch;
  private readonly poller: Poller;
  private readonly clock: PollClock;
  private readonly changed = new Emitter<PolledChange>();
  private readonly subscription: Subscription;
  private current: { value: T; at: Date } | undefined;
  private lastFailure: PolledFailure | undefined;
  private wanted: boolean;
  /** The next fetch was asked for by a person. */
  private askedNext = false;
  private disposed = false;

  /** Fires after every change; read the resource's getters for what it holds now. */
  readonly onDidChange = this.changed.event;

  constructor(private readonly options: PolledResourceOptions<T>) {
    this.clock = options.clock ?? systemClock;
    this.wanted = options.wanted ?? true;
    this.fetches = new ConnectionFetch(options.connection, () => this.disposed);
    this.poller = new Poller({ run: () => this.load(), intervalMs: options.intervalMs, minIntervalMs: options.minIntervalMs, clock: this.clock });
    // The connection fires once after activation, when it knows whether a key is stored: that is
    // the first fetch, so activation itself never waits for the network.
    this.subscription = options.connection.onDidChange(() => this.connectionChanged());
  }

  /** The last answer since the connection changed, or undefined. */
  get value(): T | undefined {
    return this.current?.value;
  }

  /** When the last answer came. */
  get at(): Date | undefined {
    return this.current?.at;
  }

  /** The last fetch's failure, until the next answer; undefined when the last fetch answered. */
  get failure(): PolledFailure | undefined {
    return this.lastFailure;
  }

  get connected(): boolean {
    return this.options.connection.isConnected;
  }

  /** Whether the next poll is waiting on its timer: never while unwanted, not connected or disposed. */
  get pollScheduled(): boolean {
    return this.poller.scheduled;
  }

  /**
   * Fetches now; calls while one runs share one more run after it. Resolves once a run that
   * started after the call has finished. `asked`: a person asked for it, so a failure may notify.
   */
  refresh(options: { asked?: boolean } = {}): Promise<void> {
    if (options.asked === true) this.askedNext = true;
    return this.poller.refresh();
  }

  /** Polls only while wanted (a view: while it shows) and connected; becoming wanted catches up on stale data. */
  setWanted(wanted: boolean): void {
    this.wanted = wanted;
    this.poller.setActive(wanted && this.connected);
  }

  /** The interval setting changed: the next poll follows it. */
  reschedule(): void {
    this.poller.reschedule();
  }

  /**
   * One read outside the schedule, for a reader with its own cancellation (a chat tool): its own
   * request, which leaves what the resource holds as it is.
   */
  async read(signal: AbortSignal = new AbortController().signal): Promise<PolledRead<T>> {
    const failed = (error: unknown): PolledRead<T> => ({ ok: false, failure: { kind: 'failed', error, cancelled: signal.aborted } });
    let client: WebDataClient | undefined;
    try {
      client = await this.options.connection.getClient();
    } catch (error) {
      return failed(error);
    }
    if (!client) return { ok: false, failure: { kind: 'not-connected' } };
    try {
      return { ok: true, value: await this.options.fetch(client, signal) };
    } catch (error) {
      return failed(error);
    }
  }

  private announce(change: PolledChange): void {
    if (!this.disposed) this.changed.fire(change, this.options.onListenerError);
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.subscription.dispose();
    this.poller.dispose();
    this.fetches.invalidate();
    this.changed.dispose();
  }

  private async load(): Promise<PollOutcome> {
    const asked = this.askedNext;
    this.askedNext = false;
    const outcome = await this.fetches.fetch((client, signal) => this.options.fetch(client, signal));
    switch (outcome.kind) {
      // The connection changed meanwhile (or disposed): the run that follows shows the new state.
      case 'stale':
        return 'stale';
      case 'not-connected':
        this.current = undefined;
        this.lastFailure = undefined;
        this.announce({ cause: 'not-connected', asked });
        return 'stale';
      case 'done':
        this.current = { value: outcome.value, at: this.now() };
        this.lastFailure = undefined;
        this.announce({ cause: 'answer', asked });
        return 'succeeded';
      case 'failed':
        this.lastFailure = { error: outcome.error, at: this.now() };
        this.announce({ cause: 'failure', asked });
        return this.options.isAnswer?.(outcome.error) === true ? 'succeeded' : 'failed';
    }
  }

  private connectionChanged(): void {
    this.fetches.invalidate();
    this.poller.invalidate();
    this.current = undefined;
    this.lastFailure = undefined;
    this.announce({ cause: 'connection', asked: false });
    // Becoming active with nothing loaded fetches at once, then polls. Unwanted (a hidden view):
    // one fetch per connection all the same, so a badge still counts at a glance.
    this.poller.setActive(false);
    this.poller.setActive(this.wanted && this.connected);
    if (this.connected && !this.wanted) void this.refresh().catch(() => undefined);
  }

  private now(): Date {
    return new Date(this.clock.now());
  }
}

/**
 * The base of a model on a polled resource (the credits, the active crawls): its one change event,
 * the interval's rescheduling and the disposal, written once. The model makes its resource in its
 * constructor and fires `changed` unless disposed.
 */
export abstract class PolledModel<T> {
  protected abstract readonly resource: PolledResource<T>;
  protected readonly changed = new Emitter<PolledChange>();
  protected disposed = false;

  /** Fires after the model's data or failure changed. */
  readonly onDidChange = this.changed.event;

  /** The interval setting changed. */
  reschedule(): void {
    this.resource.reschedule();
  }

  dispose(): void {
    this.disposed = true;
    this.resource.dispose();
    this.changed.dispose();
  }
}

// The team's credits as a polled resource (GET /v2/team/token-usage), held as the status bar's
// state machine (state.ts): the status bar item only draws `state`, the usage commands call
// `refreshNow()`, a finished search calls it too. No VS Code.
import type { TokenUsage } from '../api/schemas';
import { PolledModel, PolledResource, type PolledChange, type PolledConnection, type PolledRead } from '../polled';
import type { PollClock } from '../polling';
import { stateForUsage, type UsageState } from './state';

// A poll faster than this only spends the rate limit: the balance changes with searches, and
// every search refreshes it anyway.
const MIN_POLL_MS = 10_000;

const EDIT: PolledChange = { cause: 'edit', asked: false };

/** Where the last balance is kept for the next start (the extension's global state). */
interface LastKnownUsageStore {
  remember(usage: TokenUsage, at: Date): void;
  forget(): void;
}

export interface CreditsModelOptions {
  connection: PolledConnection;
  intervalMs: () => number;
  /** The low-credits threshold, read at each answer (a setting). */
  threshold: () => number;
  /**
   * What a failed request means (`stateForError`): it checks the client's error by instanceof, so
   * the extension hands in dist/core.js's, which defines the class.
   */
  stateForError: (error: unknown, at: Date) => UsageState;
  /** What shows before the first answer: the balance an earlier session kept, marked last known. */
  startup?: UsageState;
  lastKnown?: LastKnownUsageStore;
  clock?: PollClock;
  onListenerError?: (err: unknown) => void;
}

export class CreditsModel extends PolledModel<TokenUsage> {
  protected readonly resource: PolledResource<TokenUsage>;
  private current: UsageState;

  constructor(private readonly options: CreditsModelOptions) {
    super();
    this.current = options.startup ?? { kind: 'not-connected' };
    this.resource = new PolledResource({
      connection: options.connection,
      fetch: (client, signal) => client.getTokenUsage({ signal }),
      intervalMs: options.intervalMs,
      minIntervalMs: MIN_POLL_MS,
      // "No usage information" is an answer, not a failure to back off from.
      isAnswer: (error) => options.stateForError(error, new Date()).kind === 'no-usage',
      clock: options.clock,
      onListenerError: options.onListenerError,
    });
    this.resource.onDidChange((change) => this.follow(change));
  }

  get state(): UsageState {
    return this.current;
  }

  /** Whether the next poll is waiting on its timer. */
  get pollScheduled(): boolean {
    return this.resource.pollScheduled;
  }

  /**
   * Fetches the usage. Calls while one is running coalesce into one more run after it, so the
   * result is never older than the last call (a search finishing mid-poll still shows its cost).
   */
  refresh(): Promise<void> {
    return this.resource.refresh();
  }

  /** A refresh asked for by a person: after an error, show that it is trying again. */
  refreshNow(): Promise<void> {
    if (this.current.kind === 'error' && this.resource.connected) this.setState({ kind: 'loading' }, EDIT);
    return this.refresh();
  }

  /** The credits as the service gives them now, for a reader with its own cancellation (a chat tool). */
  read(options: { signal?: AbortSignal } = {}): Promise<PolledRead<TokenUsage>> {
    return this.resource.read(options.signal);
  }

  /** A new threshold re-decides ok/low from the last answer, without asking the service again. */
  rethreshold(): void {
    const state = this.current;
    if (state.kind === 'ok' || state.kind === 'low') this.setState(stateForUsage(state.usage, this.options.threshold(), state.at, state.lastKnown), EDIT);
  }


  private follow(change: PolledChange): void {
    const { resource } = this;
    switch (change.cause) {
      case 'connection':
        if (!resource.connected) {
          this.setState({ kind: 'not-connected' }, change);
          this.options.lastKnown?.forget();
        } else if (!(this.current.kind === 'ok' || this.current.kind === 'low') || this.current.lastKnown !== true) {
          // A last known balance stays up while the first refresh runs; anything else is replaced.
          this.setState({ kind: 'loading' }, change);
        }
        return;
      case 'not-connected':
        return this.setState({ kind: 'not-connected' }, change);
      case 'answer': {
        const usage = resource.value;
        const at = resource.at;
        if (usage === undefined || at === undefined) return;
        this.setState(stateForUsage(usage, this.options.threshold(), at), change);
        this.options.lastKnown?.remember(usage, at);
        return;
      }
      case 'failure': {
        const failure = resource.failure;
        if (failure) this.setState(this.options.stateForError(failure.error, failure.at), change);
        return;
      }
      case 'edit':
        return;
    }
  }

  private setState(state: UsageState, change: PolledChange): void {
    if (this.disposed) return;
    this.current = state;
    this.changed.fire(change, this.options.onListenerError);
  }
}

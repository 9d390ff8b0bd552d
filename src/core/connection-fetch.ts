// One fetch at a time against the current connection, for the polled resources (credits, crawls).
// A connection change makes every fetch started before it stale: its request is aborted and its
// answer, whatever it is, is dropped, so an old key's data never shows under a new one.
import type { WebDataClient } from './api';

/** Where the client comes from (src/platform/connection.ts in the extension). */
export interface ClientSource {
  /** The client for the configured address and key, or undefined when either is missing. */
  getClient(): Promise<WebDataClient | undefined>;
}

export type FetchOutcome<T> =
  | { kind: 'done'; value: T }
  | { kind: 'failed'; error: unknown }
  | { kind: 'not-connected' }
  | { kind: 'stale' };

export class ConnectionFetch {
  private generation = 0;
  private inFlight?: AbortController;

  constructor(
    private readonly connection: ClientSource,
    private readonly isDisposed: () => boolean,
  ) {}

  /** Makes fetches under way stale and aborts their request (on a connection change, on dispose). */
  invalidate(): void {
    this.generation++;
    this.inFlight?.abort();
  }

  async fetch<T>(request: (client: WebDataClient, signal: AbortSignal) => Promise<T>): Promise<FetchOutcome<T>> {
    const generation = this.generation;
    const stale = (): boolean => this.isDisposed() || generation !== this.generation;
    let client: WebDataClient | undefined;
    try {
      client = await this.connection.getClient();
    } catch (error) {
      return stale() ? { kind: 'stale' } : { kind: 'failed', error };
    }
    if (stale()) return { kind: 'stale' };
    if (!client) return { kind: 'not-connected' };
    const controller = (this.inFlight = new AbortController());
    try {
      const value = await request(client, controller.signal);
      return controller.signal.aborted || stale() ? { kind: 'stale' } : { kind: 'done', value };
    } catch (error) {
      return controller.signal.aborted || stale() ? { kind: 'stale' } : { kind: 'failed', error };
    } finally {
      if (this.inFlight === controller) this.inFlight = undefined;
    }
  }
}

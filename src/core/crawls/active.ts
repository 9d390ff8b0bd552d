// The team's active crawls as a polled resource (GET /v2/crawl/active): the list the Active Crawls
// view draws, less the crawls a webhook reported completed (list.ts), the crawls that left the
// listing as an event, and the typed methods the webhooks, chat tools and commands use. No VS Code.
import type { ActiveCrawl } from '../api/schemas';
import { Emitter } from '../emitter';
import { PolledModel, PolledResource, type PolledChange, type PolledConnection, type PolledFailure, type PolledRead } from '../polled';
import type { PollClock } from '../polling';
import { CrawlList } from './list';

// Polling faster than this only spends the rate limit.
const MIN_POLL_MS = 5000;

export interface ActiveCrawlsModelOptions {
  connection: PolledConnection;
  intervalMs: () => number;
  /** Whether it polls while connected from the start (the view: only while it shows). */
  wanted?: boolean;
  clock?: PollClock;
  onListenerError?: (err: unknown) => void;
}

/** A crawl that left the listing: its id, and the address it started from (its finished row's name). */
interface LeftCrawl {
  id: string;
  url: string;
}

export class ActiveCrawlsModel extends PolledModel<readonly ActiveCrawl[]> {
  protected readonly resource: PolledResource<readonly ActiveCrawl[]>;
  private readonly shown: CrawlList;
  private readonly left = new Emitter<LeftCrawl[]>();
  /** Fires with the crawls a listing no longer has, each with its start address (not those `remove` took off). */
  readonly onDidLeave = this.left.event;

  constructor(private readonly options: ActiveCrawlsModelOptions) {
    super();
    const clock = options.clock;
    this.shown = new CrawlList(clock ? () => clock.now() : undefined);
    this.resource = new PolledResource({
      connection: options.connection,
      fetch: (client, signal) => client.listActiveCrawls({ signal }),
      intervalMs: options.intervalMs,
      minIntervalMs: MIN_POLL_MS,
      wanted: options.wanted,
      clock: options.clock,
      onListenerError: options.onListenerError,
    });
    this.resource.onDidChange((change) => this.follow(change));
  }

  /** The crawls as shown: the last listing, less those reported completed. */
  get crawls(): readonly ActiveCrawl[] {
    return this.shown.crawls;
  }

  /** The last fetch's failure, until a fetch answers (the list meanwhile is the last one loaded). */
  get failure(): PolledFailure | undefined {
    return this.resource.failure;
  }

  /** Whether the next poll is waiting on its timer: never while unwanted (hidden) or not connected. */
  get pollScheduled(): boolean {
    return this.resource.pollScheduled;
  }

  /**
   * Loads the listing. Calls while one runs coalesce into one more run after it. `asked`: a person
   * asked for it, so a failure may notify.
   */
  refresh(options: { asked?: boolean } = {}): Promise<void> {
    return this.resource.refresh(options);
  }

  /**
   * The team's active crawls as the service lists them now, for a reader with its own
   * cancellation (a chat tool); what the model shows is left as it is.
   */
  list(options: { signal?: AbortSignal } = {}): Promise<PolledRead<readonly ActiveCrawl[]>> {
    return this.resource.read(options.signal);
  }

  /**
   * A crawl reported completed (the crawl.completed webhook): off the list at once, and for a
   * while after, as a listing may lag. Returns the crawl it took off, or undefined if none was shown.
   */
  remove(id: string): ActiveCrawl | undefined {
    const removed = this.shown.crawls.find((crawl) => crawl.id === id);
    this.shown.remove(id);
    if (removed) this.announce({ cause: 'edit', asked: false });
    return removed;
  }

  /** Polls only while wanted (the view shows) and connected. */
  setWanted(wanted: boolean): void {
    this.resource.setWanted(wanted);
  }

  override dispose(): void {
    super.dispose();
    this.left.dispose();
  }

  private follow(change: PolledChange): void {
    let left: LeftCrawl[] = [];
    switch (change.cause) {
      case 'answer': {
        const before = this.shown.crawls.map((crawl) => ({ id: crawl.id, url: crawl.url }));
        this.shown.set(this.resource.value ?? []);
        const after = new Set(this.shown.crawls.map((crawl) => crawl.id));
        left = before.filter((crawl) => !after.has(crawl.id));
        break;
      }
      case 'not-connected':
      case 'connection':
        this.shown.clear();
        break;
      case 'failure':
      case 'edit':
        break;
    }
    this.announce(change);
    if (left.length > 0 && !this.disposed) this.left.fire(left, this.options.onListenerError);
  }

  private announce(change: PolledChange): void {
    if (!this.disposed) this.changed.fire(change, this.options.onListenerError);
  }
}

// What a delivery does in the editor: a row in the events list, and for the known kinds a
// notification (unless muted) and, for a verified crawl.completed, the crawl leaves the
// active-crawls view. A research run's and a watch's events (issues 36, 37) go to their features,
// which say what they mean (the run's row and end, the watch's notification); they notify nothing here.
// Runs after the receiver has answered; nothing here may throw back into it.
import * as vscode from 'vscode';
import type { ActiveCrawl } from '../../core/api';
import { readJobArgument, type JobRef } from '../../core/crawls/job';
import { Command, focusViewCommand, View } from '../../core/ids';
import type { RefusedWebhookDelivery, WebhookDelivery, WebhookEvent } from '../../core/webhooks';
import { notificationFacts, recordFromDelivery, recordFromRefusal, shouldNotify, type WebhookEventRecord } from '../../core/webhook-events';
import { Disposable, toDisposable } from '../../platform/disposable';
import { webhookSettings } from '../../platform/settings';
import type { WebhookEventsStore } from './events-store';
import type { WebhookNotifier } from './notifier';
import { moreEventsWords, notificationWords } from './words';

/**
 * The active crawls as this feature needs them (the model of src/core/crawls/active.ts, which the
 * Active Crawls view draws). Typed structurally so either side can change without importing the other.
 */
export interface ActiveCrawlsLink {
  /** Takes the crawl off at once (the listing may lag behind the event); returns it, or undefined if it was not listed. */
  remove(id: string): Pick<ActiveCrawl, 'id' | 'url'> | undefined;
  /** Fetches the listing again. */
  refresh(): Promise<void>;
}

/**
 * The crawl results (implemented by src/features/crawl-results): a completed event marks the job
 * finished (true the first time), page deliveries fill a running job's rows.
 */
/** The jobs this window started: it said "started" already. */
export interface StartedJobsLink {
  wasStartedHere(id: string): Promise<boolean>;
}

export interface CrawlResultsLink {
  /** `url`: the crawl's start address, when the active list named it (its finished row is named by it). */
  markFinished(ref: JobRef, url?: string): boolean;
  pagesDelivered(ref: JobRef, data: readonly unknown[]): Promise<number>;
}

/** The research runs this window follows (src/features/agent/runs.ts), reached only once that feature is loaded. */
export interface ResearchRunsLink {
  reportAction(id: string, action: string, creditsUsed: number | undefined): void;
  endReported(id: string): Promise<void>;
}

/** The watches (src/features/watch): a check's pages and end lead to its notification through the watch notifier. */
export interface WatchesLink {
  reported(report: { monitorId: string; checkId: string; ended: boolean }): void;
}

/** The docs sets (src/features/docs): a person's set says its crawl's end itself. */
export interface DocsSetsLink {
  tellsEndOf(id: string): boolean;
}

/** The features beyond the crawls that a delivery reaches, each through a lazy link. */
export interface DeliveryLinks {
  jobs?: StartedJobsLink;
  docs?: DocsSetsLink;
  research?: ResearchRunsLink;
  watches?: WatchesLink;
}

/** A burst of deliveries shows this many notifications per window, then one summary. */
const BURST_NOTIFICATIONS = 5;
const BURST_WINDOW_MS = 10_000;

export class WebhookEffects extends Disposable {
  private burstStart = 0;
  private burstShown = 0;
  private suppressed = 0;
  private summaryTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly store: WebhookEventsStore,
    private readonly notifier: WebhookNotifier,
    private readonly log: vscode.LogOutputChannel,
    private readonly crawls: ActiveCrawlsLink | undefined,
    private readonly results?: CrawlResultsLink,
    private readonly links: DeliveryLinks = {},
  ) {
    super();
    this._register(toDisposable(() => clearTimeout(this.summaryTimer)));
  }

  onDelivery(delivery: WebhookDelivery): void {
    try {
      const record = recordFromDelivery(delivery);
      if (!this.store.add(record)) {
        this.log.info(`Webhook ${record.type ?? ''} ${record.webhookId ?? ''} was already handled; ignored the repeat.`);
        return;
      }
      this.log.info(`Webhook ${record.type ?? ''} for ${record.jobId ?? '?'} (${record.status}).`);
      // An unsigned event may come from anything that can reach the port: it gets a row and a
      // plain notification, nothing more. The crawl leaves the view only when the service's own
      // listing says so (the next refresh), and the notification names no URL.
      const trusted = record.status === 'verified';
      const crawlUrl = trusted && record.type === 'crawl.completed' && record.jobId !== undefined ? this.completeCrawl(record.jobId) : undefined;
      const job = trusted ? this.resultsOf(record.type, record.jobId, delivery.event.data, crawlUrl) : undefined;
      if (trusted) this.tell(delivery.event);
      this.notify(record, crawlUrl, job);
    } catch (err) {
      this.log.error(`Handling a webhook delivery failed: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  onRefused(refused: RefusedWebhookDelivery): void {
    try {
      // A stray GET (a browser opening the URL, a scanner) is not a delivery; a POST to a wrong
      // path is listed, as it usually means the service was given the wrong address.
      if (refused.status === 404 && refused.method !== 'POST') return;
      this.store.add(recordFromRefusal(refused));
      this.log.warn(`Webhook delivery refused (${refused.status}): ${refused.reason}`);
    } catch (err) {
      this.log.error(`Listing a refused webhook delivery failed: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  /** Removes the crawl from the active crawls and refreshes them; returns its URL when it was listed. */
  private completeCrawl(crawlId: string): string | undefined {
    const link = this.crawls;
    if (!link) return undefined;
    let url: string | undefined;
    try {
      url = link.remove(crawlId)?.url;
      void link.refresh().catch((err: unknown) => this.log.warn(`Refreshing active crawls after a webhook failed: ${String(err)}`));
    } catch (err) {
      this.log.warn(`Updating active crawls after a webhook failed: ${err instanceof Error ? err.message : String(err)}`);
    }
    return url;
  }

  /**
   * A verified event about a job's results: pages fill the job in (one log line, never a
   * notification per page); a completed event marks it finished. Returns the job of a completed
   * event, whose notification then offers its results.
   */
  private resultsOf(type: string | undefined, jobId: string | undefined, data: readonly unknown[], crawlUrl?: string): JobRef | undefined {
    const ref = readJobArgument({ id: jobId, type });
    if (!ref || !this.results) return undefined;
    if (type === 'crawl.page' || type === 'batch_scrape.page') {
      void this.results.pagesDelivered(ref, data).then(
        (added) => this.log.info(`Webhook ${type} for ${ref.id}: ${added} new page(s) in the results.`),
        (err: unknown) => this.log.warn(`Adding delivered pages failed: ${err instanceof Error ? err.message : String(err)}`),
      );
      return undefined;
    }
    if (type === 'crawl.completed' || type === 'batch_scrape.completed') {
      if (!this.results.markFinished(ref, crawlUrl)) this.log.info(`Webhook ${type} for ${ref.id}: its end was already known; not counted again.`);
      return ref;
    }
    return undefined;
  }

  /**
   * A verified agent or monitor event to its feature: a step shows on the run's row at once, an end
   * makes the run read its status now (its tab and spend come from that read, once); a page or a
   * check's end leads to the watch's notification. An unsigned one is only listed, as for crawls.
   */
  private tell(event: WebhookEvent): void {
    const { research, watches } = this.links;
    try {
      switch (event.kind) {
        case 'agent.action':
          for (const step of event.actions) research?.reportAction(event.id.toLowerCase(), step.action, step.creditsUsed);
          return;
        case 'agent.completed':
        case 'agent.failed':
        case 'agent.cancelled':
          void research?.endReported(event.id.toLowerCase()).catch((err: unknown) => this.log.warn(`Reading a research run after its webhook failed: ${String(err)}`));
          return;
        case 'monitor.page':
          for (const page of event.pages) watches?.reported({ monitorId: page.monitorId, checkId: page.checkId, ended: false });
          return;
        case 'monitor.check.completed':
          for (const check of event.checks) watches?.reported({ monitorId: check.monitorId, checkId: check.checkId, ended: true });
          return;
        default:
          return;
      }
    } catch (err) {
      this.log.warn(`Passing a webhook to its feature failed: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  private notify(record: WebhookEventRecord, crawlUrl: string | undefined, job?: JobRef): void {
    if (!shouldNotify(record, webhookSettings().notifications)) return;
    const facts = notificationFacts(record, crawlUrl);
    if (facts === undefined) return;
    // One notification per start: the window that started the job said so when it did.
    const { jobs } = this.links;
    if (record.type?.endsWith('.started') === true && record.jobId !== undefined && jobs) {
      const jobId = record.jobId;
      void jobs.wasStartedHere(jobId).then((here) => {
        if (here) this.log.info(`Webhook ${record.type ?? ''} for ${jobId}: started in this window, which said so; no notification.`);
        else this.show(record, facts, job);
      }, () => { this.show(record, facts, job); });
      return;
    }
    // One notification per end: a person's docs set says what its crawl kept when it ends.
    if (record.type === 'crawl.completed' && record.jobId !== undefined && this.links.docs?.tellsEndOf(record.jobId) === true) {
      this.log.info(`Webhook ${record.type ?? ''} for ${record.jobId}: a docs set's crawl, whose end the set says; no notification.`);
      return;
    }
    this.show(record, facts, job);
  }

  private show(record: WebhookEventRecord, facts: NonNullable<ReturnType<typeof notificationFacts>>, job: JobRef | undefined): void {
    if (!this.withinBurst()) return;
    const copy = vscode.l10n.t('Copy Job ID');
    const open = vscode.l10n.t('Open Results');
    const actions = job ? [open, copy] : [copy];
    const act = async (choice: string | undefined): Promise<void> => {
      if (choice === copy && record.jobId !== undefined) await vscode.env.clipboard.writeText(record.jobId);
      if (choice === open && job) await vscode.commands.executeCommand(Command.openCrawlResults, job);
    };
    void this.notifier.info({ kind: facts.kind, message: notificationWords(facts), eventKey: record.key, actions, act }, ...actions).then(act);
  }

  /** True while this burst may still notify; past the limit, counts the event for one summary. */
  private withinBurst(): boolean {
    const now = Date.now();
    if (now - this.burstStart > BURST_WINDOW_MS) {
      this.burstStart = now;
      this.burstShown = 0;
    }
    if (this.burstShown < BURST_NOTIFICATIONS) {
      this.burstShown++;
      return true;
    }
    this.suppressed++;
    this.summaryTimer ??= setTimeout(() => this.showSummary(), Math.max(0, this.burstStart + BURST_WINDOW_MS - now));
    return false;
  }

  private showSummary(): void {
    this.summaryTimer = undefined;
    const count = this.suppressed;
    this.suppressed = 0;
    if (count === 0 || this.isDisposed) return;
    const show = vscode.l10n.t('Show Events');
    const message = moreEventsWords(count);
    void this.notifier.info({ kind: 'receiver', message }, show).then(async (choice) => {
      if (choice === show) await vscode.commands.executeCommand(focusViewCommand(View.webhookEvents));
    });
  }
}

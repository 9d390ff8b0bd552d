// Starting a crawl or a batch scrape, without any UI: the webhook wired to this editor's receiver
// when the service can reach it (with the job's token when no secret signs the deliveries), the
// job shown in Jobs at once, and followed to its end, when its cost
// (pages, creditsUsed) is kept for the bound of the next job of its shape. The commands (./index)
// and the chat tools call it.
import * as vscode from 'vscode';
import type { JobBound } from '../../core/spend/job-bound';
import { boundOfJob, shapeOfJob, type JobToStart } from '../../core/jobs/bound';
import { JOB_COSTS_PREFIX, jobCostHistory, readJobCosts, staleCostKeys, withStoredCost } from '../../core/jobs/costs';
import { JOB_TOKENS_PREFIX, readJobTokens, staleTokenKeys, withJobToken } from '../../core/jobs/tokens';
import { decideWiring, jobWebhook, type WebhookWiring } from '../../core/jobs/wiring';
import { FINISHED, type CrawlResultsService } from '../../core/crawls/results';
import type { SharedFolder } from '../../core/shared-folder';
import type { JobRef } from '../../core/crawls/job';
import { Disposable, toDisposable } from '../../platform/disposable';
import type { Services } from '../../platform/services';
import { jobSettings } from '../../platform/settings';
import { loadCore } from '../../platform/core';
import { words } from './words';

export interface StartedJob {
  id: string;
  kind: JobToStart['kind'];
  /** The job's status address, as the service answered. */
  url: string;
  /** Addresses the service left out of a batch scrape. */
  invalidURLs?: string[];
  webhook: 'wired' | 'not-wired';
}

export interface StartOptions {
  askedBy: 'person' | 'agent';
  signal?: AbortSignal;
  /** What the usage ledger counts the job's credits as: a docs set's crawl is a docs set's spend. */
  spentOn?: JobUsageKind;
}

/** The usage ledger's kinds a job's credits can count as. */
export type JobUsageKind = 'crawl' | 'docs';

/** What the starter needs of the other features, typed structurally. */
export interface JobLinks {
  crawls: { refresh(): Promise<void> };
  results: { readonly service: CrawlResultsService };
  webhooks: {
    readonly receiver: { localUrl: string; requireSignature: boolean } | undefined;
    readonly hasSecret: boolean;
  };
}

/** How often a followed job is looked at (nothing is sent unless it must be read). */
const LOOK_MS = 2000;
/** A job with no webhook is read every this many looks; one with a webhook, as a fallback. */
const READ_EVERY_UNWIRED = 2;
const READ_EVERY_WIRED = 15;
/** A job started here that ended, what it cost and who started it. */
export interface FinishedJob {
  id: string;
  creditsUsed: number;
  askedBy: StartOptions['askedBy'];
  spentOn: JobUsageKind;
}

/** An ended job's status is read at most this many more times for its cost. */
const COST_READS = 3;

/** A job is followed for at most this many looks (12 hours). */
const MAX_LOOKS = 21_600;

export class JobStarter extends Disposable {
  private readonly following = new Map<string, ReturnType<typeof setTimeout>>();
  /** The jobs followed until their end, by key. */
  private readonly unfinished = new Set<string>();
  /** The starts under way, and the jobs this window started: their "started" webhook says nothing new. */
  private readonly starting = new Set<Promise<unknown>>();
  private readonly startedHere = new Set<string>();
  private readonly finished = this._register(new vscode.EventEmitter<FinishedJob>());
  /** A job started here ended with its cost read: today's spend counts it for whoever asked. */
  readonly onDidFinish = this.finished.event;
  private readonly startedEmitter = this._register(new vscode.EventEmitter<JobRef>());
  /** After the service accepted a job this window started (the walkthrough's job step ticks). */
  readonly onDidStart = this.startedEmitter.event;

  private readonly ownTokensKey: string;
  private readonly ownCostsKey: string;

  constructor(private readonly services: Services, private readonly links: JobLinks) {
    super();
    this.ownTokensKey = `${JOB_TOKENS_PREFIX}${services.windowId}`;
    this.ownCostsKey = `${JOB_COSTS_PREFIX}${services.windowId}`;
    this._register(toDisposable(() => { for (const timer of this.following.values()) clearTimeout(timer); this.following.clear(); this.unfinished.clear(); }));
  }

  /** Tokens and costs: one key per window in the shared folder (no window's write drops another's). */
  private get state(): SharedFolder {
    return this.services.shared;
  }

  /** Whether, and where, a job started now gets its webhook, and why not. */
  wiring(): WebhookWiring {
    return decideWiring({
      serviceBaseUrl: this.services.connection.state.baseUrl,
      receiver: this.links.webhooks.receiver,
      publicUrl: jobSettings().publicUrl,
      hasSecret: this.links.webhooks.hasSecret,
    });
  }

  /** The job's bound from this person's finished jobs of its shape, in every window. */
  bound(job: JobToStart): JobBound {
    return boundOfJob(job, jobCostHistory(this.state));
  }

  /**
   * Starts the job. Rejects with the client's error (a refused field, 402, 429: nothing was
   * started, and nothing is sent twice) or, when not connected, an Error in words.
   */
  start(job: JobToStart, options: StartOptions): Promise<StartedJob> {
    const started = this.send(job, options);
    this.starting.add(started);
    void started.catch(() => undefined).finally(() => this.starting.delete(started));
    return started;
  }

  /** Whether this window started the job; a start under way is waited for (its webhook can come first). */
  async wasStartedHere(id: string): Promise<boolean> {
    await Promise.allSettled([...this.starting]);
    return this.startedHere.has(id.toLowerCase());
  }

  private async send(job: JobToStart, options: StartOptions): Promise<StartedJob> {
    const client = await this.services.connection.getClient();
    if (!client) throw new Error(words.notConnected());
    // A webhook the caller gave is its own: it is sent as given and nothing is wired here.
    const wiring: WebhookWiring = job.request.webhook !== undefined ? { kind: 'not-wired', reason: 'given' } : this.wiring();
    const token = wiring.kind === 'wired' && wiring.check === 'job-token' ? loadCore().newJobToken() : undefined;
    const webhook = job.request.webhook ?? jobWebhook(wiring, token);
    const call = { signal: options.signal };
    const started = job.kind === 'crawl'
      ? await client.startCrawl({ ...job.request, ...(webhook ? { webhook } : {}) }, call)
      : await client.startBatchScrape({ ...job.request, ...(webhook ? { webhook } : {}) }, call);
    const ref: JobRef = { id: started.id.toLowerCase(), kind: job.kind };
    this.startedHere.add(ref.id);
    this.services.log.info(`Started ${job.kind === 'crawl' ? 'crawl' : 'batch scrape'} ${ref.id} for the ${options.askedBy}; webhook ${wiring.kind === 'wired' ? `wired (${wiring.via}, ${wiring.check})` : `not wired (${wiring.reason})`}.`);
    if (token !== undefined) await this.keepToken(ref.id, token);
    this.startedEmitter.fire(ref);
    if (job.kind === 'crawl') void this.links.crawls.refresh().catch(() => undefined);
    this.follow(ref, shapeOfJob(job), wiring.kind === 'wired', options.askedBy, options.spentOn ?? 'crawl');
    return {
      id: ref.id, kind: job.kind, url: started.url ?? '',
      ...(started.invalidURLs && started.invalidURLs.length > 0 ? { invalidURLs: started.invalidURLs } : {}),
      webhook: wiring.kind === 'wired' ? 'wired' : 'not-wired',
    };
  }

  /** How many started jobs are still followed (a read every few seconds until each ends). */
  get followed(): number {
    return this.unfinished.size;
  }

  /** Every window's finished jobs' costs, newest first (the bound's history). */
  history(): ReturnType<typeof jobCostHistory> {
    return jobCostHistory(this.state);
  }

  private keepToken(id: string, token: string): Promise<void> {
    return this.write(async () => {
      const now = Date.now();
      await this.state.change(this.ownTokensKey, (current) => withJobToken(readJobTokens(current), { id, token, savedAt: now }, now));
      for (const key of staleTokenKeys(this.state, this.ownTokensKey, now)) await this.state.update(key, undefined);
    });
  }

  private keepCost(id: string, shape: string, pages: number, creditsUsed: number): Promise<void> {
    return this.write(async () => {
      const now = Date.now();
      const cost = { id, shape, pages, creditsUsed, finishedAt: new Date(now).toISOString(), savedAt: now };
      await this.state.change(this.ownCostsKey, (current) => withStoredCost(readJobCosts(current), cost));
      for (const key of staleCostKeys(this.state, this.ownCostsKey, now)) await this.state.update(key, undefined);
      this.services.log.info(`Job ${id} finished: ${pages} pages, ${creditsUsed} credits; kept for the bound of the next job of its shape.`);
    });
  }

  /** Each key is written at its turn from its file (SharedFolder), so a token and a cost written at once both stay. */
  private write(run: () => Promise<void>): Promise<void> {
    return run().catch((err: unknown) => this.services.log.warn(`Could not keep a job's token or cost in global state: ${String(err)}`));
  }

  /**
   * Follows the job to its end: shown in Jobs, with its pages, from the first look; read every few seconds
   * when no webhook tells its progress (and now and then when one does, in case deliveries stop);
   * at the end, its status once more if the end came by webhook, for its creditsUsed.
   */
  private follow(ref: JobRef, shape: string, wired: boolean, askedBy: StartOptions['askedBy'], spentOn: JobUsageKind): void {
    const { service } = this.links.results;
    const key = `${ref.kind}-${ref.id}`;
    let looks = 0;
    let readAtEnd = false;
    /** Reads left for an ended job whose cost is not known yet; and whether the next look reads. */
    let costReads = COST_READS;
    let readNext = false;
    this.unfinished.add(key);
    const look = async (): Promise<void> => {
      this.following.delete(key);
      if (this.isDisposed) {
        this.unfinished.delete(key);
        return;
      }
      let job = service.get(ref);
      if (job === undefined || readNext || (!FINISHED.has(job.status) && looks % (wired ? READ_EVERY_WIRED : READ_EVERY_UNWIRED) === 0)) {
        readNext = false;
        await service.open(ref);
        job = service.get(ref);
      }
      looks++;
      if (job && FINISHED.has(job.status)) {
        // An end the webhook told: its status read once more, for what the whole job cost.
        if (job.finishedVia !== 'read' && !readAtEnd) {
          readAtEnd = true;
          await service.open(ref);
          job = service.get(ref) ?? job;
        }
        // Ended, but what it cost is not known yet (a status read that failed, or an end told before
        // the status said it): read again at the next looks, a few times, before giving up on it.
        if (typeof job.creditsUsed !== 'number' && costReads > 0) {
          costReads--;
          readNext = true;
          this.following.set(key, setTimeout(() => void look(), LOOK_MS));
          return;
        }
        const pages = typeof job.completed === 'number' ? job.completed : job.pages.length;
        if (typeof job.creditsUsed === 'number' && job.creditsUsed >= 0) {
          if (pages > 0) await this.keepCost(ref.id, shape, pages, job.creditsUsed);
          this.finished.fire({ id: ref.id, creditsUsed: job.creditsUsed, askedBy, spentOn });
        }
        this.unfinished.delete(key);
        return;
      }
      // A timer set after a dispose finds it at its first line.
      if (looks < MAX_LOOKS) this.following.set(key, setTimeout(() => void look(), LOOK_MS));
      else this.unfinished.delete(key);
    };
    void look();
  }
}

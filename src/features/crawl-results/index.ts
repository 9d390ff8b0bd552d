// Crawl and batch scrape results in the editor (issue 18): the jobs' rows in the Jobs view (issue
// 46: one view for jobs; src/features/crawls owns it), the page documents, the commands, and the
// links the webhook feature and the Jobs view use. The
// state is the core's CrawlResultsService (no VS Code); this file gives it the connection's
// client, the page store in global storage, and VS Code events.
import { join } from 'node:path';
import * as vscode from 'vscode';
import { jobKey, type JobRef, type JobStart } from '../../core/crawls/job';
import { knownJobs } from '../../core/crawls/known-jobs';
import { snapshotOf, type StoredJob } from '../../core/crawls/open-jobs';
import { openJobsKeyOf, OpenJobsStore } from '../../core/crawls/open-jobs-store';
import { PageStore } from '../../core/crawls/page-store';
import { CrawlResultsService } from '../../core/crawls/results';
import { Command, Setting, SETTINGS_SECTION } from '../../core/ids';
import { isWebDataError, loadCore } from '../../platform/core';
import { decodeCrawlPage, decodeJob, decodeJobRef } from '../../core/commands/crawls';
import type { SharedFolder } from '../../core/shared-folder';
import { registerCommand } from '../../platform/commands';
import { Disposable, toDisposable } from '../../platform/disposable';
import { describeError } from '../../platform/notify';
import type { Services } from '../../platform/services';
import { crawlResultCommands } from './commands';
import { CrawlPageDocuments } from './documents';
import { JobResultsRows } from './tree';

export interface CrawlResultsApi {
  readonly service: CrawlResultsService;
  readonly commands: ReturnType<typeof crawlResultCommands>;
  /** What the webhook feature calls: a completed event (true the first time), page deliveries. */
  markFinished(ref: JobRef, url?: string): boolean;
  pagesDelivered(ref: JobRef, data: readonly unknown[]): Promise<number>;
  /**
   * Answers Cancel Crawl's modal confirmation instead of a person, when set: only host tests do
   * (a modal dialog cannot be clicked there). Given the question, its detail and its close
   * button (shown instead of VS Code's own Cancel), returns the button chosen.
   */
  answerConfirmation?: (message: string, yes: string, more: { detail: string; keep: string }) => string | undefined;
  /** What the Active Crawls view calls when crawls left its list. */
  crawlsLeft(crawls: ReadonlyArray<{ id: string; url: string }>): Promise<void>;
  /** Where a job of this window's knowledge started (a crawl's address, a batch scrape's first), if known. */
  startUrl(id: string): string | undefined;
  /**
   * Takes back the jobs every window kept for the service address (what a window does once at its
   * start, so the jobs open before a reload come back); host tests call it as a new window would.
   */
  restoreKept(): Promise<void>;
  /** Resolves once the jobs changed so far are written to their files. */
  saved(): Promise<void>;
}

const MEGABYTE = 1024 * 1024;

function storageLimitBytes(): number {
  const value = vscode.workspace.getConfiguration(SETTINGS_SECTION).get<number>(Setting.crawlResultsStorageLimit, 200);
  return (Number.isFinite(value) && value > 0 ? value : 200) * MEGABYTE;
}

class CrawlResultsFeature extends Disposable {
  readonly api: CrawlResultsApi;
  /** Where each job started, as this window learnt it (its row's name; kept with the job across reloads). */
  private readonly starts = new Map<string, JobStart>();

  constructor(services: Services, links: CrawlResultsLinks) {
    super();
    const { refreshActive, activeCrawls } = links;
    // The jobs kept across reloads: a folder of their own, one file per window (see OpenJobsStore).
    const kept = this._register(links.keptJobs);
    this.store = new OpenJobsStore(kept, openJobsKeyOf(services.windowId), services.globalState);
    const store = new PageStore({ root: join(services.context.globalStorageUri.fsPath, 'crawls'), budgetBytes: storageLimitBytes });
    const service = new CrawlResultsService({
      client: () => services.connection.getClient(),
      store,
      describe: (error) => ({ kind: isWebDataError(error) ? error.kind : 'failed', message: describeError(error), error }),
    });
    this._register(toDisposable(() => service.dispose()));
    // Another key's jobs are not this one's; the first state after the start takes back the jobs
    // kept for its address (a reload keeps the Jobs rows, as it keeps searches).
    let restored = false;
    this._register(services.connection.onDidChange((state) => {
      service.clear();
      if (restored || !state.hasApiKey) return;
      restored = true;
      void this.api.restoreKept();
    }));
    const changes = service.onDidChange((ref) => { if (ref) this.keep(ref); });
    this._register(toDisposable(() => { changes.dispose(); }));
    this._register(toDisposable(() => { if (this.saveTimer) clearTimeout(this.saveTimer); void this.save(); }));
    const startOf = (ref: JobRef): JobStart | undefined => this.starts.get(jobKey(ref));
    const urlOf = (ref: JobRef): string | undefined => startOf(ref)?.url;
    const rememberStart = (ref: JobRef, start: JobStart): void => { this.starts.set(jobKey(ref), { ...this.starts.get(jobKey(ref)), ...start }); };
    // The jobs' rows are drawn in the Jobs view, below the running ones.
    const rows = this._register(new JobResultsRows(service, startOf));
    this._register(links.showJobs(rows));
    const documents = this._register(new CrawlPageDocuments(service, startOf));
    const commands = crawlResultCommands({
      service, documents, log: services.log, refreshActive, reveal: links.revealJob,
      rememberStart,
      knownJobs: (purpose) => knownJobs(activeCrawls(), service.all, purpose, urlOf),
      confirm: async ({ message, detail, yes, keep }) => {
        const answer = services.context.extensionMode === vscode.ExtensionMode.Test ? this.api.answerConfirmation : undefined;
        if (answer) return answer(message, yes, { detail, keep });
        const picked = await vscode.window.showWarningMessage(message, { modal: true, detail }, { title: yes }, { title: keep, isCloseAffordance: true });
        return picked?.title;
      },
    });
    this._register(registerCommand(Command.openCrawlResults, decodeJob, commands.openCrawlResults));
    this._register(registerCommand(Command.cancelCrawl, decodeJob, commands.cancelCrawl));
    this._register(registerCommand(Command.openCrawlPage, decodeCrawlPage, commands.openPage));
    this._register(registerCommand(Command.openAllCrawlPages, decodeJobRef, commands.openAll));
    this._register(registerCommand(Command.exportCrawlPages, decodeExportPages, commands.exportPages));
    this._register(registerCommand(Command.loadMoreCrawlResults, decodeJobRef, commands.loadMore));

    this.api = {
      service, commands,
      // The crawl's start address, when the active list named it: its finished row keeps that name.
      markFinished: (ref, url) => {
        if (url !== undefined) rememberStart(ref, { url });
        return service.markFinished(ref);
      },
      pagesDelivered: async (ref, data) => {
        // A delivery came through the receiver, which loaded dist/core.js already.
        const added = await service.addDelivered(ref, loadCore().readDeliveredDocuments(data));
        return added;
      },
      startUrl: (id) => urlOf({ id: id.toLowerCase(), kind: 'crawl' }) ?? urlOf({ id: id.toLowerCase(), kind: 'batch' }),
      crawlsLeft: async (crawls) => {
        for (const crawl of crawls) rememberStart({ id: crawl.id.toLowerCase(), kind: 'crawl' }, { url: crawl.url });
        const read = await service.reconcile(crawls.map((crawl) => crawl.id));
        for (const job of read) services.log.info(`Crawl ${job.ref.id} left the active list with no webhook; read once: ${job.status}.`);
      },
      restoreKept: async () => {
        const address = services.connection.state.baseUrl;
        if (address === undefined) return;
        let kept: StoredJob[];
        try {
          kept = await this.store.read(address);
        } catch (err) {
          services.log.warn(`Could not read the jobs kept before this start: ${String(err)}`);
          return;
        }
        // Another key (or address) since the read began: those jobs are not this one's.
        if (services.connection.state.baseUrl !== address) return;
        for (const entry of kept) {
          if (entry.url !== undefined || entry.addresses !== undefined) {
            this.starts.set(jobKey(entry.job.ref), { ...(entry.url !== undefined ? { url: entry.url } : {}), ...(entry.addresses !== undefined ? { addresses: entry.addresses } : {}) });
          }
        }
        service.restore(kept.map((entry) => entry.job));
      },
      saved: () => this.saving,
    };
    this.service = service;
    this.address = () => services.connection.state.baseUrl;
  }

  private readonly service: CrawlResultsService;
  private readonly store: OpenJobsStore;
  private readonly address: () => string | undefined;
  private readonly changed = new Map<string, JobRef>();
  private saveTimer: ReturnType<typeof setTimeout> | undefined;
  private saving: Promise<void> = Promise.resolve();

  /** A job changed: written a moment later, with whatever else changed meanwhile. */
  private keep(ref: JobRef): void {
    this.changed.set(jobKey(ref), ref);
    if (this.saveTimer) return;
    this.saveTimer = setTimeout(() => {
      this.saveTimer = undefined;
      this.saving = this.saving.then(() => this.save());
    }, SAVE_DELAY_MS);
  }

  /** Writes the changed jobs into what is stored now (another window's jobs stay). */
  private async save(): Promise<void> {
    const address = this.address();
    const refs = [...this.changed.values()];
    this.changed.clear();
    if (address === undefined || refs.length === 0) return;
    const now = Date.now();
    const mine: StoredJob[] = refs.flatMap((ref) => {
      const job = this.service.get(ref);
      const start = this.starts.get(jobKey(ref));
      return job ? [{
        address, savedAt: now, job: snapshotOf(job),
        ...(start?.url !== undefined ? { url: start.url } : {}), ...(start?.addresses !== undefined ? { addresses: start.addresses } : {}),
      }] : [];
    });
    try {
      await this.store.save(mine);
    } catch {
      // Kept for the next change: the view itself is not affected.
    }
  }
}

/** Export Pages: the job (decodeJobRef) and, from a test, the folder to write to without asking. */
function decodeExportPages(argument: unknown, folder: unknown): { ref: JobRef | undefined; folder?: vscode.Uri } {
  return { ref: decodeJobRef(argument), ...(folder instanceof vscode.Uri ? { folder } : {}) };
}

/** How long changes gather before one write (a read of a page of results changes a job several times). */
const SAVE_DELAY_MS = 300;

/** What this feature is given of the Jobs view (src/features/crawls), which draws its rows. */
export interface CrawlResultsLinks {
  /** Refreshes the active list (after a cancel). */
  refreshActive: () => unknown;
  /** The active crawls, when the Jobs view has read them (for the palette's job list). */
  activeCrawls: () => ReadonlyArray<{ id: string; url?: string }>;
  /** Draws the jobs' rows in the Jobs view, for as long as the feature lives. */
  showJobs: (rows: JobResultsRows) => vscode.Disposable;
  /** Shows the Jobs view with the job's row selected and expanded. */
  revealJob: (ref: JobRef) => Promise<void>;
  /** Where the jobs open in Jobs are kept across reloads (`<global storage>/open-jobs`), disposed with the feature. */
  keptJobs: SharedFolder;
}

export function registerCrawlResults(services: Services, links: CrawlResultsLinks): CrawlResultsApi {
  const feature = new CrawlResultsFeature(services, links);
  services.context.subscriptions.push(feature);
  return feature.api;
}

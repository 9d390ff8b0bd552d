// The crawl results commands: open a job's results in the Jobs view (a job id, or {id, kind}: a
// Jobs row, a notification's button, a Webhook Events row), open a page or all of them, export, load
// more, cancel a crawl after a modal confirmation. Each takes its input as an argument and
// returns what it did, for the tests; none throws.
import * as vscode from 'vscode';
import type { JobArgument } from '../../core/commands/crawls';
import type { JobRef, JobStart } from '../../core/crawls/job';
import type { KnownJob } from '../../core/crawls/known-jobs';
import { exportedPage } from '../../core/crawls/pages';
import { FINISHED, type CrawlJobState, type CrawlResultsService, type Failure } from '../../core/crawls/results';
import { focusViewCommand, View } from '../../core/ids';
import { inertNotification } from '../../core/text/inert';
import { showError } from '../../platform/notify';
import type { CrawlPageDocuments } from './documents';
import { pickJob } from './job-pick';
import { failureWords, pagingRefusedWords, unreadableWords } from './words';

export interface CrawlCommandParts {
  service: CrawlResultsService;
  documents: CrawlPageDocuments;
  log: vscode.LogOutputChannel;
  /** Remembers where a job started: an Active Crawls row's address, or what the command that started it said. */
  rememberStart: (ref: JobRef, start: JobStart) => void;
  /** Refreshes the Active Crawls list (after a cancel). */
  refreshActive: () => unknown;
  /** Shows the job's row in the Jobs view, selected and expanded (its pages below it). */
  reveal: (ref: JobRef) => Promise<void>;
  /** The jobs this window knows, for the palette's pick list. */
  knownJobs: (purpose: 'open' | 'cancel') => KnownJob[];
  /**
   * Asks before a cancel: a modal dialog whose `keep` button stands in for VS Code's own Cancel
   * (host tests answer it through the feature's API). Resolves to the button's title.
   */
  confirm: (question: CancelQuestion) => Thenable<string | undefined>;
}

interface CancelQuestion {
  message: string;
  detail: string;
  yes: string;
  /** The close button: "Cancel" beside "Cancel Crawl" would read as the same thing. */
  keep: string;
}

const warn = (message: string): void => void vscode.window.showWarningMessage(inertNotification(message));

export function crawlResultCommands(parts: CrawlCommandParts) {
  const { service, documents } = parts;

  /** The job an argument names; nothing offers the jobs known here (a pasted id too), anything else is refused with a warning. */
  const jobOf = async (arg: JobArgument, purpose: 'open' | 'cancel'): Promise<JobRef | undefined> => {
    if (arg.kind === 'job') {
      if (arg.url !== undefined || arg.addresses !== undefined) {
        parts.rememberStart(arg.ref, { ...(arg.url !== undefined ? { url: arg.url } : {}), ...(arg.addresses !== undefined ? { addresses: arg.addresses } : {}) });
      }
      return arg.ref;
    }
    if (arg.kind === 'invalid') {
      warn(vscode.l10n.t('That is not a crawl or batch scrape: a job id is a UUID such as 3f0c9a52-6a3e-4d7b-9c1e-2b8f4e7a1d01.'));
      return undefined;
    }
    return pickJob(parts.knownJobs(purpose), purpose);
  };

  /**
   * A failed request goes through the shared error path, as a search's does: Check Connection
   * for what the network may cause, Retry, Open Log. Not connected, nothing was sent: words only.
   */
  const showFailure = (what: string, failure: Failure, retry?: () => unknown): void => {
    if (failure.error === undefined) void vscode.window.showErrorMessage(inertNotification(`${what}: ${failureWords(failure)}`));
    else void showError(parts.log, what, failure.error, retry ? { retry } : {});
  };

  const report = (job: CrawlJobState): void => {
    if (job.pagingRefused) warn(unreadableWords(job) ?? pagingRefusedWords());
  };

  const openCrawlResults = async (arg: JobArgument): Promise<CrawlJobState | undefined> => {
    const ref = await jobOf(arg, 'open');
    if (!ref) return undefined;
    await vscode.commands.executeCommand(focusViewCommand(View.activeCrawls));
    const opened = await vscode.window.withProgress({ location: { viewId: View.activeCrawls } }, async () => {
      const asGiven = await service.open(ref);
      // A bare id (typed in the box, or a string argument) does not say which kind of job it is:
      // the service answers 404 for a batch scrape's id asked as a crawl, so ask once as a batch.
      if (asGiven.ok || asGiven.failure.kind !== 'not-found' || (arg.kind === 'job' && arg.stated)) return asGiven;
      const asBatch = await service.open({ id: ref.id, kind: 'batch' });
      return asBatch.ok ? asBatch : asGiven;
    });
    if (!opened.ok) {
      parts.log.warn(`Crawl results ${ref.id}: ${opened.failure.message}`);
      showFailure(vscode.l10n.t('Could not read the results'), opened.failure, () => openCrawlResults({ kind: 'job', ref, stated: true }));
      return undefined;
    }
    report(opened.value);
    // The job has its row now (its crawl's, while the active list holds it): shown with its pages.
    // Not awaited: the tree draws it a moment later, and the caller (a start, a notification's
    // button) goes on with the job meanwhile.
    void parts.reveal(opened.value.ref);
    return opened.value;
  };

  const loadMore = async (ref: JobRef | undefined): Promise<CrawlJobState | undefined> =>
    ref ? openCrawlResults({ kind: 'job', ref, stated: true }) : undefined;

  const openPage = async (page: { job: JobRef; index: number } | undefined): Promise<vscode.TextEditor | undefined> =>
    page ? documents.open(page.job, page.index) : undefined;

  /** Reads every page of a finished job first, with progress that can be cancelled; `retry` runs the command again. */
  const readAll = async (ref: JobRef, title: string, retry: () => unknown): Promise<CrawlJobState | undefined> => {
    const result = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title, cancellable: true }, async (progress, token) => {
      const controller = new AbortController();
      const sub = token.onCancellationRequested(() => controller.abort());
      try {
        return await service.readAll(ref, { signal: controller.signal, onPage: (job) => progress.report({ message: vscode.l10n.t('{0} pages', job.pages.length) }) });
      } finally {
        sub.dispose();
      }
    });
    if (!result.ok) {
      if (result.failure.kind !== 'cancelled') showFailure(vscode.l10n.t('Could not read the results'), result.failure, retry);
      return undefined;
    }
    report(result.value);
    if (!FINISHED.has(result.value.status)) void vscode.window.showInformationMessage(vscode.l10n.t('The crawl is still running: these are the pages done so far.'));
    return result.value;
  };

  const openAll = async (ref: JobRef | undefined): Promise<vscode.TextEditor | undefined> => {
    if (!ref) return undefined;
    const job = await readAll(ref, vscode.l10n.t('Reading the pages'), () => openAll(ref));
    return job ? documents.open(ref, 'all') : undefined;
  };

  const exportPages = async ({ ref, folder }: { ref: JobRef | undefined; folder?: vscode.Uri }): Promise<number | undefined> => {
    if (!ref) return undefined;
    const target = folder ?? (await vscode.window.showOpenDialog({ canSelectFiles: false, canSelectFolders: true, canSelectMany: false, openLabel: vscode.l10n.t('Export Here') }))?.[0];
    if (!target) return undefined;
    const job = await readAll(ref, vscode.l10n.t('Reading the pages'), () => exportPages({ ref, folder: target }));
    if (!job) return undefined;
    const taken = new Set<string>();
    let written = 0;
    for (const row of job.pages) {
      const text = await service.pageText(job.ref, row.index);
      if (!text.ok) continue;
      const file = exportedPage(row, text.value, taken);
      await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(target, file.name), new TextEncoder().encode(file.text));
      written++;
    }
    void vscode.window.showInformationMessage(vscode.l10n.t('Exported {0} pages.', written));
    return written;
  };

  const cancelCrawl = async (arg: JobArgument): Promise<'cancelled' | 'already-finished' | 'kept' | 'failed' | undefined> => {
    const ref = await jobOf(arg, 'cancel');
    if (!ref) return undefined;
    const batch = ref.kind === 'batch';
    const yes = batch ? vscode.l10n.t('Cancel Batch Scrape') : vscode.l10n.t('Cancel Crawl');
    const question: CancelQuestion = {
      message: batch ? vscode.l10n.t('Cancel batch scrape {0}?', ref.id) : vscode.l10n.t('Cancel crawl {0}?', ref.id),
      detail: batch ? vscode.l10n.t('The pages it has done stay readable; the rest is not scraped.') : vscode.l10n.t('The pages it has done stay readable; the rest is not crawled.'),
      yes,
      keep: batch ? vscode.l10n.t('Keep Scraping') : vscode.l10n.t('Keep Crawling'),
    };
    const choice = await parts.confirm(question);
    if (choice !== yes) return 'kept';
    const outcome = await service.cancel(ref);
    void Promise.resolve(parts.refreshActive()).catch(() => undefined);
    if (!outcome.ok) {
      // Retry asks again: it cancels a crawl.
      showFailure(vscode.l10n.t('Could not cancel the crawl'), outcome.failure, () => cancelCrawl({ kind: 'job', ref, stated: true }));
      return 'failed';
    }
    if (outcome.value.kind === 'already-finished') {
      void vscode.window.showInformationMessage(vscode.l10n.t('The crawl had already finished; nothing was cancelled.'));
      return 'already-finished';
    }
    void vscode.window.showInformationMessage(vscode.l10n.t('Crawl cancelled.'));
    return 'cancelled';
  };

  return { openCrawlResults, loadMore, openPage, openAll, exportPages, cancelCrawl };
}

// Crawl and batch scrape results in the editor (issue 18): the Crawl Results view, the page
// documents, the commands, and the links the webhook feature and the Active Crawls view use. The
// state is the core's CrawlResultsService (no VS Code); this file gives it the connection's
// client, the page store in global storage, and VS Code events.
import { join } from 'node:path';
import * as vscode from 'vscode';
import { jobKey, type JobRef } from '../../core/crawls/job';
import { PageStore } from '../../core/crawls/page-store';
import { CrawlResultsService } from '../../core/crawls/results';
import { Command, Setting, SETTINGS_SECTION, View } from '../../core/ids';
import { isWebDataError, loadCore } from '../../platform/core';
import { decodeCrawlPage, decodeJob, decodeJobRef } from '../../core/commands/crawls';
import { registerCommand } from '../../platform/commands';
import { Disposable, toDisposable } from '../../platform/disposable';
import { describeError } from '../../platform/notify';
import type { Services } from '../../platform/services';
import { crawlResultCommands } from './commands';
import { CrawlPageDocuments } from './documents';
import { CrawlResultsTree } from './tree';

export interface CrawlResultsApi {
  readonly service: CrawlResultsService;
  readonly tree: Pick<CrawlResultsTree, 'getChildren' | 'getTreeItem'>;
  readonly commands: ReturnType<typeof crawlResultCommands>;
  /** What the webhook feature calls: a completed event (true the first time), page deliveries. */
  markFinished(ref: JobRef): boolean;
  pagesDelivered(ref: JobRef, data: readonly unknown[]): Promise<number>;
  /**
   * Answers Cancel Crawl's modal confirmation instead of a person, when set: only host tests do
   * (a modal dialog cannot be clicked there). Given the question, returns the button chosen.
   */
  answerConfirmation?: (message: string, yes: string) => string | undefined;
  /** What the Active Crawls view calls when crawls left its list. */
  crawlsLeft(ids: readonly string[]): Promise<void>;
}

const MEGABYTE = 1024 * 1024;

function storageLimitBytes(): number {
  const value = vscode.workspace.getConfiguration(SETTINGS_SECTION).get<number>(Setting.crawlResultsStorageLimit, 200);
  return (Number.isFinite(value) && value > 0 ? value : 200) * MEGABYTE;
}

class CrawlResultsFeature extends Disposable {
  readonly api: CrawlResultsApi;
  private readonly urls = new Map<string, string>();

  constructor(services: Services, refreshActive: () => unknown) {
    super();
    const store = new PageStore({ root: join(services.context.globalStorageUri.fsPath, 'crawls'), budgetBytes: storageLimitBytes });
    const service = new CrawlResultsService({
      client: () => services.connection.getClient(),
      store,
      describe: (error) => ({ kind: isWebDataError(error) ? error.kind : 'failed', message: describeError(error), error }),
    });
    this._register(toDisposable(() => service.dispose()));
    // Another key's jobs are not this one's.
    this._register(services.connection.onDidChange(() => service.clear()));
    const urlOf = (ref: JobRef): string | undefined => this.urls.get(jobKey(ref));
    const tree = this._register(new CrawlResultsTree(service, urlOf));
    this._register(vscode.window.createTreeView(View.crawlResults, { treeDataProvider: tree, showCollapseAll: true }));
    const documents = this._register(new CrawlPageDocuments(service, urlOf));
    const commands = crawlResultCommands({
      service, documents, log: services.log, refreshActive,
      rememberUrl: (ref, url) => void this.urls.set(jobKey(ref), url),
      confirm: (message, yes) => {
        const answer = services.context.extensionMode === vscode.ExtensionMode.Test ? this.api.answerConfirmation : undefined;
        return answer ? Promise.resolve(answer(message, yes)) : vscode.window.showWarningMessage(message, { modal: true }, yes);
      },
    });
    this._register(registerCommand(Command.openCrawlResults, decodeJob, commands.openCrawlResults));
    this._register(registerCommand(Command.cancelCrawl, decodeJob, commands.cancelCrawl));
    this._register(registerCommand(Command.openCrawlPage, decodeCrawlPage, commands.openPage));
    this._register(registerCommand(Command.openAllCrawlPages, decodeJobRef, commands.openAll));
    this._register(registerCommand(Command.exportCrawlPages, decodeExportPages, commands.exportPages));
    this._register(registerCommand(Command.loadMoreCrawlResults, decodeJobRef, commands.loadMore));

    this.api = {
      service, tree, commands,
      markFinished: (ref) => service.markFinished(ref),
      pagesDelivered: async (ref, data) => {
        // A delivery came through the receiver, which loaded dist/core.js already.
        const added = await service.addDelivered(ref, loadCore().readDeliveredDocuments(data));
        return added;
      },
      crawlsLeft: async (ids) => {
        const read = await service.reconcile(ids);
        for (const job of read) services.log.info(`Crawl ${job.ref.id} left the active list with no webhook; read once: ${job.status}.`);
      },
    };
  }
}

/** Export Pages: the job (decodeJobRef) and, from a test, the folder to write to without asking. */
function decodeExportPages(argument: unknown, folder: unknown): { ref: JobRef | undefined; folder?: vscode.Uri } {
  return { ref: decodeJobRef(argument), ...(folder instanceof vscode.Uri ? { folder } : {}) };
}

export function registerCrawlResults(services: Services, links: { refreshActive: () => unknown }): CrawlResultsApi {
  const feature = new CrawlResultsFeature(services, links.refreshActive);
  services.context.subscriptions.push(feature);
  return feature.api;
}

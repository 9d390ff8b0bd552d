// Web Data for VS Code (dist/features.js, required by src/main.ts). activate() is a table of contents: one line per feature, each of which
// registers its own commands, views and listeners on the extension's subscriptions. Nothing here
// touches the network or loads the API client; that happens on first use.
import * as vscode from 'vscode';
import { registerChatTools } from './features/chat';
import { registerConnect } from './features/connect';
import { registerCrawlResults } from './features/crawl-results';
import { registerCrawls } from './features/crawls';
import { registerEntries } from './features/entries';
import { registerJobs } from './features/jobs';
import { registerDoctor } from './features/doctor';
import { registerScrape } from './features/scrape';
import { registerSearch } from './features/search';
import { registerSpend } from './features/spend';
import { registerUsage } from './features/usage';
import { registerWalkthrough } from './features/walkthrough';
import { registerWebhooks } from './features/webhooks';
import { cacheCoreIn } from './platform/core';
import { createServices } from './platform/services';
import { openNotices } from './platform/notice';
import { onDidShowError } from './platform/notify';
import { onDidShowQuickInput } from './platform/quick-inputs';

/** What activate() returns: handles the host tests (and the webhook feature) use. */
export interface WebDataApi {
  usage: ReturnType<typeof registerUsage>;
  crawls: ReturnType<typeof registerCrawls>;
  search: ReturnType<typeof registerSearch>;
  webhooks: ReturnType<typeof registerWebhooks>;
  chat: ReturnType<typeof registerChatTools>;
  crawlResults: ReturnType<typeof registerCrawlResults>;
  entries: ReturnType<typeof registerEntries>;
  spend: ReturnType<typeof registerSpend>;
  scrape: ReturnType<typeof registerScrape>;
  jobs: ReturnType<typeof registerJobs>;
  walkthrough: ReturnType<typeof registerWalkthrough>;
  /** Fires as each of the extension's quick inputs is shown: host tests wait for a step with it. */
  onDidShowQuickInput: typeof onDidShowQuickInput;
  /** Fires as each error notification is shown, with its buttons: host tests check what was offered. */
  onDidShowError: typeof onDidShowError;
  /** The notices that close themselves (platform/notice.ts) shown now: host tests check one closed. */
  openNotices: typeof openNotices;
  /** The extension's log folder; the "Web Data" channel's file is under its parent (host tests read it). */
  logUri: vscode.Uri;
  /**
   * The extension's global and workspace state, handed out only when VS Code runs the extension
   * under test (ExtensionMode.Test), never to another extension in a user's window. The host
   * workbench keeps them in the browser's memory, out of reach of the tests' file search, so the
   * usage, onboarding and secrets suites read them here.
   */
  storage?: { globalState: vscode.Memento; workspaceState: vscode.Memento };
  /** Where V8's code cache of our bundles is kept (src/main.ts), handed out under test only, as `storage` is. */
  codeCacheDir?: string;
}

/** `codeCacheDir`: where src/main.ts keeps V8's code cache of our bundles; none under a debugger. */
export function activate(context: vscode.ExtensionContext, codeCacheDir?: string): WebDataApi {
  cacheCoreIn(codeCacheDir);
  const services = createServices(context);
  registerConnect(services);
  const search = registerSearch(services);
  // Today's spend by who asked, in every window: the credits tooltip shows it, the chat tools cap it.
  const spend = registerSpend(services, search);
  const usage = registerUsage(services, spend);
  // Each search spends credits: the status bar follows the search feature's event.
  context.subscriptions.push(search.onDidSearch(() => void usage.model.refreshNow()));
  const crawls = registerCrawls(services);
  const crawlResults = registerCrawlResults(services, { refreshActive: () => crawls.model.refresh() });
  // A crawl that leaves the active list with no webhook is read once.
  context.subscriptions.push(crawls.model.onDidLeave((ids) => void crawlResults.crawlsLeft(ids)));
  const webhooks = registerWebhooks(services, { crawls: crawls.model, results: crawlResults });
  // Kept pages have their group in Search Results; a crawled page's links open as markdown.
  const scrape = registerScrape(services, { search, crawlPageText: (ref, index) => crawlResults.service.pageText(ref, index) });
  // Start Crawl and Batch Scrape: their jobs show in Active Crawls and Crawl Results, their webhooks come to the receiver.
  const jobs = registerJobs(services, { crawls: crawls.model, results: crawlResults, webhooks, searches: search, pages: scrape });
  // A job's credits count in today's spend once it ends (a job's id is a spend entry of its own).
  context.subscriptions.push(jobs.onDidFinish((job) => void spend.record({ id: `job:${job.id}`, credits: job.creditsUsed, askedBy: job.askedBy })));
  const chat = registerChatTools(services, { searches: search, spend, crawlResults: crawlResults.service, credits: usage.model, crawls: crawls.model, scrape, jobs });
  const entries = registerEntries(services, { search });
  // A scrape's credits count in today's spend, as a search's do, and the status bar follows.
  context.subscriptions.push(scrape.onDidScrape((page) => {
    if (page.creditsUsed !== undefined) void spend.record({ id: page.id, credits: page.creditsUsed, askedBy: page.askedBy });
    void usage.model.refreshNow();
  }));
  registerDoctor(services, { webhooks });
  // Shown on the first start; each step ticked as the person does it.
  const walkthrough = registerWalkthrough(services, { onDidSearch: search.onDidSearch, onDidChangeEvents: webhooks.onDidChangeEvents, webhookEventCount: () => webhooks.events.length });
  const underTest = context.extensionMode === vscode.ExtensionMode.Test;
  return {
    usage, crawls, search, webhooks, chat, crawlResults, entries, spend, scrape, jobs, walkthrough, onDidShowQuickInput, onDidShowError, openNotices, logUri: context.logUri,
    ...(underTest ? { storage: { globalState: context.globalState, workspaceState: context.workspaceState }, codeCacheDir } : {}),
  };
}


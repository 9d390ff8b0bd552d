// The kept pages' place in the editor: the Pages, Documents and Data view, which this feature owns
// (the parse and agent features add their groups to it), the pages' group in it (./pages-view.ts),
// its rows' commands (./pages-actions.ts), and Scrape Linked Page… on a crawled page's row.
// Registering reads nothing: the group reads the folder when the view first asks.
import * as vscode from 'vscode';
import { pickOne } from '../../platform/quick-inputs';
import { decodeCrawlPage } from '../../core/commands/crawls';
import { decodeClearPages, decodePageId } from '../../core/commands/scrape';
import type { JobRef } from '../../core/crawls/job';
import type { Outcome } from '../../core/crawls/results';
import { Command, View } from '../../core/ids';
import { pageLinks } from '../../core/scrape/page';
import { inertQuickPick } from '../../core/text/inert';
import { registerCommand } from '../../platform/commands';
import { GroupTree } from '../../platform/group-tree';
import { createTreeView } from '../../platform/stand-ins';
import { viewRows } from '../../core/view-nodes';
import type { Services } from '../../platform/services';
import type { ScrapedRecord } from '../../core/scrape/page';
import type { ScrapedPages } from '../../core/scrape/store';
import type { ScrapedPageDocuments } from './documents';
import { clearPages, decodePageExport, exportPage, pageOf, removePage, setPagePinned, type PagesDeps } from './pages-actions';
import { PagesView } from './pages-view';
import { words } from './words';

export interface PagesPlace {
  /** A crawled page's markdown (the crawl-results feature's), for its links. */
  crawlPageText(ref: JobRef, index: number): Promise<Outcome<string>>;
}

/** What of the scrape feature the pages need (./index.ts, which imports this file). */
export interface ScrapeFeature {
  readonly pages: ScrapedPages;
  readonly documents: ScrapedPageDocuments;
  readonly onDidScrape: vscode.Event<ScrapedRecord>;
  scrapeAgain(record: ScrapedRecord): Promise<ScrapedRecord | undefined>;
  scrapeLink(url: string): Promise<ScrapedRecord | undefined>;
}

/** The view's provider, and the pages' group in it. */
export interface PagesPlaced {
  readonly kept: GroupTree;
  readonly view: PagesView;
}

export function registerPages(services: Services, feature: ScrapeFeature, place: PagesPlace): PagesPlaced {
  const kept = new GroupTree({ rows: viewRows.pages });
  const view = new PagesView(feature.pages, feature.documents);
  const deps: PagesDeps = { pages: feature.pages, view, log: services.log };
  services.context.subscriptions.push(
    kept,
    createTreeView(View.pages, { treeDataProvider: kept, showCollapseAll: true }),
    view,
    kept.addGroup(view),
    // Every page kept, whoever asked (the person, a chat agent), shows in the group.
    feature.onDidScrape(() => void view.refresh()),
    registerCommand(Command.scrapeAgain, decodePageId, async (id) => {
      const record = await pageOf(deps, id);
      return record ? feature.scrapeAgain(record) : undefined;
    }),
    registerCommand(Command.pinPage, decodePageId, (id) => setPagePinned(deps, id, true)),
    registerCommand(Command.unpinPage, decodePageId, (id) => setPagePinned(deps, id, false)),
    registerCommand(Command.removePage, decodePageId, (id) => removePage(deps, id)),
    registerCommand(Command.exportPage, decodePageExport, (target) => exportPage(deps, target)),
    registerCommand(Command.clearPages, decodeClearPages, (how) => clearPages(deps, how)),
    registerCommand(Command.openCrawlPageLink, decodeCrawlPage, (page) => openCrawlPageLink(feature, place, page)),
  );
  return { kept, view };
}

/** A crawled page's links in a quick pick you can filter; the one picked opens as markdown (its address checked first). */
async function openCrawlPageLink(feature: ScrapeFeature, place: PagesPlace, page: { job: JobRef; index: number } | undefined): Promise<ScrapedRecord | undefined> {
  if (!page) {
    void vscode.window.showErrorMessage(words.pickCrawlPage());
    return undefined;
  }
  const text = await place.crawlPageText(page.job, page.index);
  if (!text.ok) {
    void vscode.window.showErrorMessage(words.crawlPageUnread());
    return undefined;
  }
  const links = pageLinks(text.value);
  if (links.length === 0) {
    void vscode.window.showInformationMessage(words.noLinks());
    return undefined;
  }
  const picked = await pickOne(links.map((link) => ({
    label: inertQuickPick(link.label ?? link.url),
    ...(link.label !== undefined ? { description: inertQuickPick(link.url) } : {}),
    url: link.url,
  })), { title: words.linksTitle(), placeHolder: words.linksPlaceholder(links.length), matchOnDescription: true });
  return picked ? feature.scrapeLink(picked.url) : undefined;
}

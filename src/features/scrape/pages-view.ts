// The kept pages in the Pages, Documents and Data view: a group of their own (the view places it;
// the shared kept group, src/platform/kept-group.ts, lists and draws it). Each row: the page's
// title, its host, who asked and what it cost; a click opens its tab. The folder is read when the
// view first asks, never at activation; then again after each page this window keeps, pins or
// removes, and when the window gets the focus (another window may have kept a page): the rows
// change only when what is kept changed. A folder that cannot be listed keeps the rows shown.
import * as vscode from 'vscode';
import { ContextKey } from '../../core/ids';
import { pinnedSignature } from '../../core/kept/listing';
import { matchesSearch } from '../../core/search/filter';
import { pinnedPagesFirst, type PageSummary, type ScrapedPages } from '../../core/scrape/store';
import { inertLabel } from '../../core/text/inert';
import type { SearchTreeNode } from '../../core/view-nodes';
import { plainTooltip } from '../../platform/markdown';
import { KeptGroup, keptRowItem, type KeptFamily } from '../../platform/kept-group';
import type { ScrapedPageDocuments } from './documents';
import { pageDescriptionWords, pageTooltipWords, words } from './words';

type PagesNode = SearchTreeNode & { type: 'pages' };
type PageNode = SearchTreeNode & { type: 'page' };

export class PagesView extends KeptGroup<PageSummary, PagesNode, PageNode> {
  constructor(pages: ScrapedPages, documents: ScrapedPageDocuments) {
    super(pagesFamily(pages, documents));
  }
}

function pagesFamily(pages: ScrapedPages, documents: ScrapedPageDocuments): KeptFamily<PageSummary, PagesNode, PageNode> {
  let hasPages: boolean | undefined;
  return {
    source: { list: () => pages.summaries(), signature: pinnedSignature },
    group: (count) => ({ type: 'pages', count }),
    isGroup: (node): node is PagesNode => node.type === 'pages',
    row: (page) => ({ type: 'page', page }),
    isRow: (node): node is PageNode => node.type === 'page',
    matches: (page, filter) => matchesSearch(filter, page.title, [page.finalUrl]),
    order: pinnedPagesFirst,
    // webData.hasPages: Clear Pages shows in the palette only when there is something to clear.
    listed: (all) => {
      if (all.length > 0 === hasPages) return;
      hasPages = all.length > 0;
      void vscode.commands.executeCommand('setContext', ContextKey.hasPages, hasPages);
    },
    // Not `page…`: the rows' menus match `viewItem =~ /^page/`.
    groupRow: () => ({ label: words.pagesGroup(), id: 'kept-pages', tooltip: words.pagesGroupTooltip(), icon: 'files', contextValue: 'keptPages' }),
    item: ({ page }) => keptRowItem({
      label: inertLabel(page.title) || inertLabel(page.finalUrl),
      id: `page/${page.id}`,
      description: inertLabel(pageDescriptionWords(page)),
      tooltip: plainTooltip(pageTooltipWords(page)),
      icon: page.pinned === true ? 'pinned' : 'markdown',
      // Menus match `viewItem =~ /^page/`, and `page` / `page.pinned` for pin and unpin.
      contextValue: page.pinned === true ? 'page.pinned' : 'page',
      open: documents.address(page),
      openTitle: words.openPage(),
    }),
  };
}

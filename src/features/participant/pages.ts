// The pages an answer reads, each with the tab its citation opens: a search result's own markdown
// (the `webdata:` tab of the search history, no second fetch), a page the scrape feature kept (its
// `webdata-page:` tab), or, when neither has text, the result's description. And the pages of
// earlier turns read back from where they are kept, free.
import type * as vscode from 'vscode';
import type { ScrapedRecord } from '../../core/scrape/page';
import { resultTitle } from '../../core/search/present';
import { resultAt, scrapedOf, type SearchRecord, type TypedResult } from '../../core/search/record';
import type { CitedSource, SourcePage } from '../../core/participant/sources';
import type { PageFetcher } from '../chat/scrape-tool';
import type { SearchRunner } from '../chat/run-search';

/** The read-only tabs pages open in: the search feature's and the scrape feature's, each the owner of its scheme. */
export interface PageTabs {
  resultUri(record: SearchRecord, index: number): vscode.Uri | undefined;
  pageUri(record: Pick<ScrapedRecord, 'id' | 'title' | 'finalUrl'>): vscode.Uri;
}

/** A page the answer may cite: its number, where it is kept, its tab and its text for the model. */
export interface ReadPage extends CitedSource {
  readonly uri: vscode.Uri;
  readonly text: string;
}

function descriptionOf(typed: TypedResult): string {
  if (typed.kind === 'images') return '';
  const text = typed.kind === 'web' ? typed.result.description : typed.result.snippet;
  return typeof text === 'string' ? text : '';
}

/** A search result as a page: its markdown when the search brought it, else its description. */
export function resultPage(tabs: PageTabs, n: number, record: SearchRecord, index: number): ReadPage | undefined {
  const typed = resultAt(record, 'web', index);
  const uri = tabs.resultUri(record, index);
  if (typed?.kind !== 'web' || !uri) return undefined;
  return {
    n, title: resultTitle(typed), url: typed.result.url,
    page: { kind: 'result', searchId: record.id, index },
    uri, text: scrapedOf(typed).markdown ?? descriptionOf(typed),
  };
}

/** Whether a search result brought its page's markdown. */
export function hasMarkdown(record: SearchRecord, index: number): boolean {
  const typed = resultAt(record, 'web', index);
  return typed !== undefined && scrapedOf(typed).markdown !== undefined;
}

/** A kept page as a page to cite. */
export function keptPage(tabs: PageTabs, n: number, record: ScrapedRecord): ReadPage {
  return { n, title: record.title, url: record.finalUrl, page: { kind: 'page', pageId: record.id }, uri: tabs.pageUri(record), text: record.markdown };
}

/** An earlier turn's page read again from where it is kept; undefined when it is gone. */
export async function readAgain(source: CitedSource, n: number, deps: { searches: Pick<SearchRunner, 'get'>; scrape: PageFetcher; tabs: PageTabs }): Promise<ReadPage | undefined> {
  const page: SourcePage = source.page;
  if (page.kind === 'page') {
    const record = await deps.scrape.pages.read(page.pageId);
    return record && keptPage(deps.tabs, n, record);
  }
  const record = await deps.searches.get(page.searchId);
  return record && resultPage(deps.tabs, n, record, page.index);
}

// The pages an answer reads, each with the tab its citation opens: a search result's own markdown
// (the `webdata:` tab of the search history, no second fetch), a page the scrape feature kept (its
// `webdata-page:` tab), or, when neither has text, the result's description; a kept docs set's
// passage (/docs, its `webdata-docs:` tab). And the pages of earlier turns read back from where
// they are kept, free.
import type * as vscode from 'vscode';
import type { DocsHit, DocsSet } from '../../core/docs/docs-set';
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

/** The kept docs sets, as /docs reads them (the docs feature, loaded on the first /docs). */
export interface DocsSource {
  sets(which?: string): Promise<DocsSet[]>;
  /** A kept page's tab (read from the set, never fetched). */
  pageUri(setId: string, url: string, title: string): vscode.Uri;
}

/** A passage of a kept docs set as a page to cite: its page's title and heading, its address at the heading. */
export function docsPassage(docs: DocsSource, n: number, hit: DocsHit): ReadPage {
  return {
    n, title: hit.heading === '' || hit.heading === hit.title ? hit.title : `${hit.title} — ${hit.heading}`,
    url: hit.anchor === '' ? hit.url : `${hit.url}#${hit.anchor}`,
    page: { kind: 'docs', setId: hit.setId, url: hit.url }, uri: docs.pageUri(hit.setId, hit.url, hit.title), text: hit.text,
  };
}

/** An earlier turn's page read again from where it is kept; undefined when it is gone. */
export async function readAgain(source: CitedSource, n: number, deps: { searches: Pick<SearchRunner, 'get'>; scrape: PageFetcher; tabs: PageTabs; docs: () => DocsSource }): Promise<ReadPage | undefined> {
  const page: SourcePage = source.page;
  if (page.kind === 'docs') {
    const docs = deps.docs();
    const kept = (await docs.sets(page.setId))[0]?.page(page.url);
    return kept && { n, title: source.title, url: source.url, page, uri: docs.pageUri(page.setId, kept.url, kept.title), text: kept.markdown };
  }
  if (page.kind === 'page') {
    const record = await deps.scrape.pages.read(page.pageId);
    return record && keptPage(deps.tabs, n, record);
  }
  const record = await deps.searches.get(page.searchId);
  return record && resultPage(deps.tabs, n, record, page.index);
}

// Scraped pages in read-only markdown tabs on the scrape feature's scheme (src/core/schemes.ts), a
// file system, so tabs come back after a reload: the text is read from the page's file in global
// storage, shared by every window (the kept records' tabs, src/platform/kept-tabs.ts).
import * as vscode from 'vscode';
import { formatAge } from '../../core/intl';
import { pageAddress, pageHeader, type ScrapedRecord } from '../../core/scrape/page';
import type { ScrapedPages } from '../../core/scrape/store';
import { Schemes } from '../../core/schemes';
import { KeptTabs } from '../../platform/kept-tabs';
import { headerWords, words } from './words';

export class ScrapedPageDocuments extends KeptTabs<ScrapedRecord, Pick<ScrapedRecord, 'id' | 'title' | 'finalUrl'>> {
  constructor(pages: ScrapedPages) {
    // `/<host>/<title>.md`
    super({ scheme: Schemes.scrapedPage, store: pages, pathParts: 3, addressOf: pageAddress, textOf: pageText, gone: words.gone });
  }
}

/** The text of a page's tab (and of its exported file): where it came from, then its markdown. */
export function pageText(record: ScrapedRecord): string {
  return `${headerWords(pageHeader(record), (ms) => formatAge(ms, vscode.env.language))}${record.markdown}`;
}

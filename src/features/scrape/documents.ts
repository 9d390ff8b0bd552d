// Scraped pages in read-only markdown tabs on the scrape feature's scheme (src/core/schemes.ts), a
// file system, so tabs come back after a reload: the text is read from the page's file in global
// storage, shared by every window.
import * as vscode from 'vscode';
import { formatAge } from '../../core/intl';
import { pageAddress, pageHeader, pageIdOf, type ScrapedRecord } from '../../core/scrape/page';
import type { ScrapedPages } from '../../core/scrape/store';
import { Schemes } from '../../core/schemes';
import { ReadOnlyFileSystem } from '../../platform/readonly-documents';
import { headerWords, words } from './words';

export class ScrapedPageDocuments extends ReadOnlyFileSystem {
  constructor(private readonly pages: ScrapedPages) {
    super(Schemes.scrapedPage);
  }

  protected isDocument(uri: vscode.Uri): boolean {
    return pageIdOf(uri.query) !== undefined && uri.path.split('/').length === 3;
  }

  protected async text(uri: vscode.Uri): Promise<string> {
    const id = pageIdOf(uri.query);
    const record = id === undefined ? undefined : await this.pages.read(id);
    return record ? pageText(record) : words.gone();
  }

  /** Opens a page in a tab of its own. */
  open(record: Pick<ScrapedRecord, 'id' | 'title' | 'finalUrl'>): Promise<vscode.TextEditor> {
    return this.show(this.address(record), 'markdown');
  }

  /** A page's tab address (its row's click opens it). */
  address(record: Pick<ScrapedRecord, 'id' | 'title' | 'finalUrl'>): vscode.Uri {
    const address = pageAddress(record);
    return this.uri(address.path, address.query);
  }
}

/** The text of a page's tab (and of its exported file): where it came from, then its markdown. */
export function pageText(record: ScrapedRecord): string {
  return `${headerWords(pageHeader(record), (ms) => formatAge(ms, vscode.env.language))}${record.markdown}`;
}

// Crawl pages in read-only markdown tabs on the `webdata-crawl:` scheme, which this feature alone
// owns (the search feature owns `webdata:`). A file system provider, as search's, so tabs come
// back after a reload. The text is read from the page store on disk (or from the service again
// when the budget let it go); nothing of a page is kept in memory after its tab has it.
import * as vscode from 'vscode';
import { allPagesAddress, allPagesMarkdown, pageAddress, pageHeader, parsePageAddress } from '../../core/crawls/pages';
import type { JobRef, JobStart } from '../../core/crawls/job';
import type { CrawlResultsService } from '../../core/crawls/results';
import { Schemes } from '../../core/schemes';
import { failureWords, jobLabelWords } from './words';
import { ReadOnlyFileSystem } from '../../platform/readonly-documents';

export class CrawlPageDocuments extends ReadOnlyFileSystem {
  constructor(private readonly service: CrawlResultsService, private readonly startOf: (ref: JobRef) => JobStart | undefined) {
    super(Schemes.crawlPage);
  }

  protected isDocument(uri: vscode.Uri): boolean {
    return parsePageAddress(uri.path) !== undefined;
  }

  protected async text(uri: vscode.Uri): Promise<string> {
    const address = parsePageAddress(uri.path);
    if (!address) return vscode.l10n.t('This address does not name a crawled page.');
    const job = this.service.get(address.job);
    if ('all' in address) {
      if (!job) return vscode.l10n.t('Open the crawl\'s results again to read its pages.');
      const texts = new Map<number, string>();
      for (const row of job.pages) {
        const text = await this.service.pageText(job.ref, row.index);
        texts.set(row.index, text.ok ? text.value : `_${failureWords(text.failure)}_`);
      }
      return allPagesMarkdown(jobLabelWords(job, this.startOf(job.ref)), job.pages, (row) => texts.get(row.index) ?? '');
    }
    const row = job?.pages.find((page) => page.index === address.index);
    const text = await this.service.pageText(address.job, address.index);
    const body = text.ok ? text.value : vscode.l10n.t('This page could not be read: {0}', failureWords(text.failure));
    const header = row ? pageHeader(row, body) : '';
    return header ? `${header}\n${body}` : body;
  }

  /** Opens a page (or, without an index, every loaded page in one document) in a tab of its own. */
  async open(ref: JobRef, index: number | 'all'): Promise<vscode.TextEditor | undefined> {
    const job = this.service.get(ref);
    const row = index === 'all' ? undefined : job?.pages.find((page) => page.index === index);
    const path = index === 'all' ? allPagesAddress(ref) : pageAddress(ref, row ?? { index });
    return this.show(this.uri(path), 'markdown');
  }
}

// What a parse sends beside the file (ParseOptions), from the settings or from Parse with
// Options' choices, and what changes its price: the file's kind and, for a PDF, its mode and page
// limit. The spec publishes no price for a parse: the price is this person's own history of parses
// of that kind (../scrape/options.ts, scrapePriceOf, reads any rows with a shape), or unknown until
// the first one. Plain data.
import type { ParseOptions, PdfMode } from '../api/parse-request';
import { extensionOf } from './files';

export interface ParseChoices {
  pdfMode: PdfMode;
  /** 0: the service's own limit. */
  maxPages: number;
  /** Each page apart, its start marked in the tab (PDFs). */
  pages: boolean;
  zeroDataRetention: boolean;
}

export function defaultParseChoices(settings: { pdfMode: PdfMode; maxPages: number }): ParseChoices {
  return { pdfMode: settings.pdfMode, maxPages: settings.maxPages, pages: true, zeroDataRetention: false };
}

/** The options sent with a file: markdown, and the PDF parser's choices for a PDF. */
export function parseOptionsFor(fileName: string, c: ParseChoices): ParseOptions {
  const options: ParseOptions = { formats: [{ type: 'markdown' }] };
  if (extensionOf(fileName) === 'pdf') {
    options.parsers = [{ type: 'pdf', mode: c.pdfMode, ...(c.maxPages > 0 ? { maxPages: c.maxPages } : {}), ...(c.pages ? { pages: true } : {}) }];
  }
  if (c.zeroDataRetention) options.zeroDataRetention = true;
  return options;
}

/** What changes a parse's price and its answer: `pdf|auto|max=20|pages`, `docx`, `csv|zdr`. */
export function parseShape(fileName: string, options: ParseOptions): string {
  const extension = extensionOf(fileName);
  const parts = [extension || 'file'];
  const pdf = options.parsers?.[0];
  if (extension === 'pdf' && pdf) {
    parts.push(pdf.mode ?? 'auto');
    if (pdf.maxPages !== undefined) parts.push(`max=${pdf.maxPages}`);
    if (pdf.pages === true) parts.push('pages');
  }
  if (options.zeroDataRetention === true) parts.push('zdr');
  return parts.join('|');
}

// A parsed document as the editor keeps and shows it (issue 35): which file it was (its name, its
// path in the workspace, its content hash), when it was parsed, who asked, what it cost, and the
// markdown the service made, page by page when it sent pages. Kept like scraped pages
// (./store.ts); its tab lives at an address named after the file. Structure only; the words
// (the page markers' text, the header) are the feature's.
import type { ParsedDocument } from '../api/parse-schemas';
import { inertFileName } from '../text/inert';

interface ParsedPage {
  pageNumber: number;
  markdown: string;
}

export interface ParsedRecord {
  /** A UUID: the tab's address and the file it is kept in. */
  id: string;
  /** The file's base name, as uploaded. */
  fileName: string;
  /** Its path in the workspace (forward slashes), or its base name when it is outside one. */
  relativePath: string;
  /** SHA-256 of the file's content, hex: the same content is found again by it. */
  contentHash: string;
  /** The file's size in bytes. */
  fileBytes: number;
  /** When the parse ran, ISO 8601. */
  parsedAt: string;
  askedBy: 'person' | 'agent';
  creditsUsed?: number;
  markdown: string;
  /** Each page's markdown, when the service sent pages (a PDF parsed with `pages`). */
  pages?: ParsedPage[];
  /** The options sent (ParseOptions), so a second parse of the same kind is priced and reused alike. */
  options: Record<string, unknown>;
  /** What changes a parse's price and answer: the file's kind and the PDF options (parseShape). */
  shape: string;
  /**
   * The service's `data.warning`: what of the file it could not read (a PDF page without a text
   * layer). Outside text: shown as data, made inert for each place that shows it.
   */
  warning?: string;
}

export interface ParsedFile {
  fileName: string;
  relativePath: string;
  contentHash: string;
  fileBytes: number;
}

/** The record of a parse from the service's answer. */
export function parsedRecord(id: string, file: ParsedFile, document: ParsedDocument, sent: { options: Record<string, unknown>; shape: string }, now: Date, askedBy: ParsedRecord['askedBy']): ParsedRecord {
  const record: ParsedRecord = {
    id, ...file, parsedAt: now.toISOString(), askedBy, markdown: document.markdown ?? document.summary ?? '', options: sent.options, shape: sent.shape,
  };
  const pages = (document.pages ?? []).filter((page) => Number.isInteger(page.pageNumber) && page.pageNumber > 0);
  if (pages.length > 0) record.pages = pages.map((page) => ({ pageNumber: page.pageNumber, markdown: page.markdown }));
  const credits = document.metadata?.creditsUsed;
  if (typeof credits === 'number' && Number.isFinite(credits) && credits >= 0) record.creditsUsed = credits;
  const warning = document.warning?.trim();
  if (warning) record.warning = warning;
  return record;
}

/** The parts of a document's text: one per page when it has pages, else its markdown alone. */
function documentParts(record: Pick<ParsedRecord, 'markdown' | 'pages'>): Array<{ pageNumber?: number; markdown: string }> {
  return record.pages && record.pages.length > 0 ? record.pages : [{ markdown: record.markdown }];
}

/**
 * The document's text with each page's start marked by a heading (`markerOf(n)`, the feature's
 * words): the markdown outline lists the pages, and the tab's breadcrumb shows where one is.
 */
export function documentText(record: Pick<ParsedRecord, 'markdown' | 'pages'>, markerOf: (pageNumber: number) => string): string {
  return documentParts(record).map((part) => (part.pageNumber === undefined ? part.markdown : `## ${markerOf(part.pageNumber)}\n\n${part.markdown.trim()}\n`)).join('\n');
}

/** The tab's address: `/<file name>.md` (what the tab and breadcrumb read), the record's id as the query. */
export function documentAddress(record: Pick<ParsedRecord, 'id' | 'fileName'>): { path: string; query: string } {
  return { path: `/${inertFileName(record.fileName, 'document')}.md`, query: `id=${record.id}` };
}

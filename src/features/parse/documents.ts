// Parsed documents in read-only markdown tabs on the parse feature's scheme (src/core/schemes.ts),
// a file system, so tabs come back after a reload: the text is read from the document's file in
// global storage, shared by every window (the kept records' tabs, src/platform/kept-tabs.ts). A
// PDF parsed page by page has each page's start as a heading, so the markdown outline and the
// breadcrumb list the pages.
import { documentAddress, documentText, type ParsedRecord } from '../../core/parse/document';
import type { ParsedDocuments } from '../../core/parse/store';
import { Schemes } from '../../core/schemes';
import { inertMarkdownText } from '../../core/text/inert';
import { KeptTabs } from '../../platform/kept-tabs';
import { headerWords, words } from './words';

export class ParsedDocumentTabs extends KeptTabs<ParsedRecord, Pick<ParsedRecord, 'id' | 'fileName'>> {
  constructor(documents: ParsedDocuments) {
    // `/<file name>.md`
    super({ scheme: Schemes.parsedDocument, store: documents, pathParts: 2, addressOf: documentAddress, textOf: tabText, gone: words.gone });
  }
}

/**
 * The text of a document's tab: which file and when, the service's warning (what it could not
 * read, before the markdown it explains; outside text, so one inert line), then its markdown, each page's start marked.
 */
function tabText(record: ParsedRecord): string {
  const warning = record.warning !== undefined ? `> ${words.warningLine(inertMarkdownText(record.warning, 1000))}\n\n` : '';
  return `${headerWords({ ...record, relativePath: inertMarkdownText(record.relativePath, 500) })}${warning}${documentText(record, words.pageMarker)}`;
}

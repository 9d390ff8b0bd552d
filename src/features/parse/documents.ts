// Parsed documents in read-only markdown tabs on the parse feature's scheme (src/core/schemes.ts),
// a file system, so tabs come back after a reload: the text is read from the document's file in
// global storage, shared by every window. A PDF parsed page by page has each page's start as a
// heading, so the markdown outline and the breadcrumb list the pages.
import * as vscode from 'vscode';
import { documentAddress, documentText, type ParsedRecord } from '../../core/parse/document';
import type { ParsedDocuments } from '../../core/parse/store';
import { pageIdOf } from '../../core/scrape/page';
import { Schemes } from '../../core/schemes';
import { inertMarkdownText } from '../../core/text/inert';
import { ReadOnlyFileSystem } from '../../platform/readonly-documents';
import { headerWords, words } from './words';

export class ParsedDocumentTabs extends ReadOnlyFileSystem {
  constructor(private readonly documents: ParsedDocuments) {
    super(Schemes.parsedDocument);
  }

  protected isDocument(uri: vscode.Uri): boolean {
    return pageIdOf(uri.query) !== undefined && uri.path.split('/').length === 2;
  }

  protected async text(uri: vscode.Uri): Promise<string> {
    const id = pageIdOf(uri.query);
    const record = id === undefined ? undefined : await this.documents.read(id);
    return record ? tabText(record) : words.gone();
  }

  /** Opens a document in a tab of its own. */
  open(record: Pick<ParsedRecord, 'id' | 'fileName'>): Promise<vscode.TextEditor> {
    return this.show(this.address(record), 'markdown');
  }

  /** A document's tab address (its row's click opens it). */
  address(record: Pick<ParsedRecord, 'id' | 'fileName'>): vscode.Uri {
    const address = documentAddress(record);
    return this.uri(address.path, address.query);
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

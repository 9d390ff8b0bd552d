// The kept documents in the Pages, Documents and Data view: a group of their own after the pages
// (the view places it; the shared kept group, src/platform/kept-group.ts, lists and draws it). Each
// row: the file's name, its path, who asked and what it cost; its tooltip the size, when and the
// content hash; a click opens its tab. The folder is read when the view first asks, never at
// activation; then after each document this window keeps, pins or removes, and when the window
// gets the focus (another window may have kept one).
import { pinnedRowsFirst } from '../../core/kept/store';
import { pinnedSignature } from '../../core/kept/listing';
import { matchesSearch } from '../../core/search/filter';
import type { DocumentSummary, ParsedDocuments } from '../../core/parse/store';
import { inertLabel } from '../../core/text/inert';
import type { SearchTreeNode } from '../../core/view-nodes';
import { plainTooltip } from '../../platform/markdown';
import { KeptGroup, keptRowItem } from '../../platform/kept-group';
import type { ParsedDocumentTabs } from './documents';
import { documentDescriptionWords, documentTooltipWords, words } from './words';

type DocumentsNode = SearchTreeNode & { type: 'documents' };
type DocumentNode = SearchTreeNode & { type: 'document' };

export class DocumentsView extends KeptGroup<DocumentSummary, DocumentsNode, DocumentNode> {
  constructor(documents: ParsedDocuments, tabs: ParsedDocumentTabs) {
    super({
      source: { list: () => documents.summaries(), signature: pinnedSignature },
      group: (count) => ({ type: 'documents', count }),
      isGroup: (node): node is DocumentsNode => node.type === 'documents',
      row: (document) => ({ type: 'document', document }),
      isRow: (node): node is DocumentNode => node.type === 'document',
      matches: (row, filter) => matchesSearch(filter, row.fileName, [row.relativePath]),
      order: pinnedRowsFirst,
      // Not `document…`: the rows' menus match `viewItem =~ /^document/`.
      groupRow: () => ({ label: words.documentsGroup(), id: 'kept-documents', tooltip: words.documentsGroupTooltip(), icon: 'file-pdf', contextValue: 'keptDocuments' }),
      item: ({ document }) => keptRowItem({
        label: inertLabel(document.fileName),
        id: `document/${document.id}`,
        description: inertLabel(documentDescriptionWords(document)),
        tooltip: plainTooltip(documentTooltipWords(document)),
        icon: document.pinned === true ? 'pinned' : 'file-text',
        contextValue: document.pinned === true ? 'document.pinned' : 'document',
        open: tabs.address(document),
        openTitle: words.openDocument(),
      }),
    });
  }
}

// The kept extractions and research results in the Search Results view: a group of their own after
// the documents (the search view places it; this draws it). Each row: the page of an extraction or
// the prompt of a research run, with the schema's fields, who asked and what it cost; its tooltip
// says the rest; a click opens its JSON tab. The folder is read when the view first asks, never at
// activation; then after each result this window keeps or removes, and when the window gets the
// focus (another window may have kept one).
import { resultTitle } from '../../core/agent/address';
import type { StructuredResult, StructuredResults } from '../../core/agent/store';
import { matchesSearch } from '../../core/search/filter';
import { inertLabel } from '../../core/text/inert';
import type { SearchTreeNode } from '../../core/view-nodes';
import { plainTooltip } from '../../platform/markdown';
import { KeptGroup, keptRowItem } from '../../platform/kept-group';
import type { StructuredDocuments } from './documents';
import { resultDescriptionWords, resultTooltipWords, words } from './words';

type ResultsNode = SearchTreeNode & { type: 'structuredResults' };
type ResultNode = SearchTreeNode & { type: 'structuredResult' };

/** The fields a schema names at its top (an object's properties), for the row and the filter. */
function schemaFields(schema: Record<string, unknown> | undefined): string[] {
  const properties = schema?.properties;
  return typeof properties === 'object' && properties !== null && !Array.isArray(properties) ? Object.keys(properties) : [];
}

export class ResultsGroup extends KeptGroup<StructuredResult, ResultsNode, ResultNode> {
  constructor(results: StructuredResults, documents: StructuredDocuments) {
    super({
      source: { list: () => results.list(), signature: (row) => row.id },
      group: (count) => ({ type: 'structuredResults', count }),
      isGroup: (node): node is ResultsNode => node.type === 'structuredResults',
      row: (result) => ({ type: 'structuredResult', result }),
      isRow: (node): node is ResultNode => node.type === 'structuredResult',
      matches: (row, filter) => matches(row, filter),
      // Not `structuredResult…`: the rows' menus match `viewItem =~ /^structuredResult\./`.
      groupRow: () => ({ label: words.resultsGroup(), id: 'kept-structured-results', tooltip: words.resultsGroupTooltip(), icon: 'json', contextValue: 'keptStructuredResults' }),
      item: ({ result }) => keptRowItem({
        label: inertLabel(resultTitle(result), 120),
        id: `structured-result/${result.id}`,
        description: inertLabel(resultDescriptionWords(result, schemaFields(result.schema)), 200),
        tooltip: plainTooltip(resultTooltipWords(result, schemaFields(result.schema))),
        icon: result.kind === 'research' ? 'telescope' : 'json',
        contextValue: `structuredResult.${result.kind}`,
        open: documents.address(result, 'json'),
        openTitle: words.openResult(),
      }),
    });
    this._register(results.onDidChange(() => void this.refresh()));
  }
}

function matches(row: StructuredResult, filter: readonly string[]): boolean {
  return matchesSearch(filter, resultTitle(row), [row.url ?? '', row.prompt ?? '', ...schemaFields(row.schema)]);
}

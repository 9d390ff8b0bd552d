// The kept extractions and research results in the Search Results view: a group of their own after
// the documents (the search view places it; this draws it). Each row: the page of an extraction or
// the prompt of a research run, with the schema's fields, who asked and what it cost; its tooltip
// says the rest; a click opens its JSON tab. The folder is read when the view first asks, never at
// activation; then after each result this window keeps or removes, and when the window gets the
// focus (another window may have kept one).
import * as vscode from 'vscode';
import { resultTitle } from '../../core/agent/address';
import type { StructuredResult, StructuredResults } from '../../core/agent/store';
import { matchesSearch } from '../../core/search/filter';
import { inertLabel } from '../../core/text/inert';
import type { SearchTreeNode } from '../../core/view-nodes';
import { Disposable } from '../../platform/disposable';
import { plainTooltip } from '../../platform/markdown';
import { openRowCommand } from '../../platform/open-row';
import type { ViewGroup } from '../../platform/group-tree';
import type { StructuredDocuments } from './documents';
import { resultDescriptionWords, resultTooltipWords, words } from './words';

type ResultsNode = SearchTreeNode & { type: 'structuredResults' };

/** The fields a schema names at its top (an object's properties), for the row and the filter. */
function schemaFields(schema: Record<string, unknown> | undefined): string[] {
  const properties = schema?.properties;
  return typeof properties === 'object' && properties !== null && !Array.isArray(properties) ? Object.keys(properties) : [];
}

export class ResultsGroup extends Disposable implements ViewGroup {
  private readonly changed = this._register(new vscode.EventEmitter<void>());
  readonly onDidChange = this.changed.event;
  private rows: StructuredResult[] | undefined;
  private group: ResultsNode | undefined;
  private refreshing: Promise<void> = Promise.resolve();

  constructor(private readonly results: StructuredResults, private readonly documents: StructuredDocuments) {
    super();
    this._register(results.onDidChange(() => void this.refresh()));
    this._register(vscode.window.onDidChangeWindowState((state) => {
      if (state.focused && this.rows) void this.refresh();
    }));
  }

  /** Reads the folder again and redraws the group when what is kept changed. */
  refresh(): Promise<void> {
    this.refreshing = this.refreshing.then(async () => {
      const listed = await this.results.list();
      const before = this.rows;
      this.rows = listed;
      if (!before || signature(before) !== signature(listed)) this.changed.fire();
    }).catch(() => undefined);
    return this.refreshing;
  }

  /** The kept results as last listed (read once when nothing was listed yet). */
  async list(): Promise<readonly StructuredResult[]> {
    this.rows ??= await this.results.list();
    return this.rows;
  }

  owns(node: SearchTreeNode): boolean {
    return node.type === 'structuredResults' || node.type === 'structuredResult';
  }

  async root(filter: readonly string[]): Promise<SearchTreeNode | undefined> {
    const shown = matching(await this.list(), filter);
    if (shown.length === 0) this.group = undefined;
    else if (this.group?.count !== shown.length) this.group = { type: 'structuredResults', count: shown.length };
    return this.group;
  }

  async children(node: SearchTreeNode, filter: readonly string[]): Promise<SearchTreeNode[]> {
    if (node.type !== 'structuredResults') return [];
    return matching(await this.list(), filter).map((result) => ({ type: 'structuredResult' as const, result }));
  }

  parent(node: SearchTreeNode): SearchTreeNode | undefined {
    return node.type === 'structuredResult' ? this.group : undefined;
  }

  item(node: SearchTreeNode): vscode.TreeItem {
    if (node.type === 'structuredResults') {
      const item = new vscode.TreeItem(words.resultsGroup(), vscode.TreeItemCollapsibleState.Collapsed);
      item.id = 'kept-structured-results';
      item.description = String(node.count);
      item.tooltip = words.resultsGroupTooltip();
      item.iconPath = new vscode.ThemeIcon('json');
      // Not `structuredResult…`: the rows' menus match `viewItem =~ /^structuredResult\./`.
      item.contextValue = 'keptStructuredResults';
      return item;
    }
    if (node.type !== 'structuredResult') return new vscode.TreeItem('');
    const { result } = node;
    const label = inertLabel(resultTitle(result), 120);
    const item = new vscode.TreeItem(label, vscode.TreeItemCollapsibleState.None);
    item.id = `structured-result/${result.id}`;
    item.description = inertLabel(resultDescriptionWords(result, schemaFields(result.schema)), 200);
    item.tooltip = plainTooltip(resultTooltipWords(result, schemaFields(result.schema)));
    item.iconPath = new vscode.ThemeIcon(result.kind === 'research' ? 'telescope' : 'json');
    item.contextValue = `structuredResult.${result.kind}`;
    item.accessibilityInformation = { label: vscode.l10n.t('{0}, {1}', label, item.description) };
    item.command = openRowCommand(this.documents.address(result, 'json'), words.openResult());
    return item;
  }
}

function matching(rows: readonly StructuredResult[], filter: readonly string[]): StructuredResult[] {
  return rows.filter((row) => matchesSearch(filter, resultTitle(row), [row.url ?? '', row.prompt ?? '', ...schemaFields(row.schema)]));
}

function signature(rows: readonly StructuredResult[]): string {
  return rows.map((r) => r.id).join(',');
}

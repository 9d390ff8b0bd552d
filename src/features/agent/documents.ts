// Extracted data and research results in read-only tabs on the agent feature's scheme
// (src/core/schemes.ts), a file system, so tabs come back after a reload: the text is made from the
// result kept in global storage. A result's JSON tab is checked against the schema it was asked
// with: each mismatch is a problem of the tab (the Problems panel lists it), placed on the value it
// is about, not hidden.
import * as vscode from 'vscode';
import { addressedResult, resultAddress, resultTitle, type ResultView } from '../../core/agent/address';
import { dataAsMarkdown } from '../../core/agent/markdown';
import { printJson, spanOf } from '../../core/agent/json-text';
import type { StructuredResult, StructuredResults } from '../../core/agent/store';
import { checkAgainstSchema, type SchemaCheck } from '../../core/agent/validate';
import { Schemes } from '../../core/schemes';
import { ReadOnlyFileSystem } from '../../platform/readonly-documents';
import { words } from './words';

export class StructuredDocuments extends ReadOnlyFileSystem {
  private readonly problems = this._register(vscode.languages.createDiagnosticCollection('webDataSchema'));
  /** Results this window made that could not be kept on disk: their tabs last this session. */
  private readonly unkept = new Map<string, StructuredResult>();

  constructor(private readonly results: StructuredResults) {
    super(Schemes.structuredResult);
    // A tab restored after a reload has its problems again as it opens.
    this._register(vscode.workspace.onDidOpenTextDocument((document) => void this.checkOpened(document.uri)));
    this._register(vscode.workspace.onDidCloseTextDocument((document) => { if (document.uri.scheme === Schemes.structuredResult.scheme) this.problems.delete(document.uri); }));
  }

  /** A result kept in memory only (global storage refused it). */
  keepUnsaved(result: StructuredResult): void {
    this.unkept.set(result.id, result);
  }

  protected isDocument(uri: vscode.Uri): boolean {
    return addressedResult(uri.path, uri.query) !== undefined;
  }

  private async read(id: string): Promise<StructuredResult | undefined> {
    return this.unkept.get(id) ?? await this.results.read(id);
  }

  protected async text(uri: vscode.Uri): Promise<string> {
    const at = addressedResult(uri.path, uri.query);
    const result = at === undefined ? undefined : await this.read(at.id);
    if (!at || !result) return at?.view === 'json' ? `${JSON.stringify({ note: words.gone() }, null, 2)}\n` : `${words.gone()}\n`;
    return at.view === 'json' ? printJson(result.data).text : dataAsMarkdown(resultTitle(result), result.data);
  }

  /** A result's address in one of its views. */
  address(result: Pick<StructuredResult, 'id' | 'kind' | 'url' | 'prompt'>, view: ResultView): vscode.Uri {
    const address = resultAddress(result, view);
    return this.uri(address.path, address.query);
  }

  /** Opens a result's JSON tab (and, for a research run, its markdown beside it); answers the schema check. */
  async open(result: StructuredResult): Promise<SchemaCheck | undefined> {
    const json = this.address(result, 'json');
    await this.show(json, 'json');
    if (result.kind === 'research') {
      const document = await vscode.workspace.openTextDocument(this.address(result, 'markdown'));
      await vscode.window.showTextDocument(document, { viewColumn: vscode.ViewColumn.Beside, preview: false, preserveFocus: true });
    }
    return this.checkOpened(json);
  }

  /** Sets a JSON tab's problems from its result's schema; undefined when the result had none. */
  private async checkOpened(uri: vscode.Uri): Promise<SchemaCheck | undefined> {
    if (uri.scheme !== Schemes.structuredResult.scheme) return undefined;
    const at = addressedResult(uri.path, uri.query);
    const result = at?.view === 'json' ? await this.read(at.id) : undefined;
    if (!result?.schema) return undefined;
    const check = checkAgainstSchema(result.schema, result.data);
    const printed = printJson(result.data);
    const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    const rangeOf = (pointer: string): vscode.Range => {
      if (!document) return new vscode.Range(0, 0, 0, 1);
      const span = spanOf(printed, pointer);
      return new vscode.Range(document.positionAt(span.start), document.positionAt(Math.min(span.end, span.start + 200)));
    };
    const diagnostic = (range: vscode.Range, message: string): vscode.Diagnostic => {
      const made = new vscode.Diagnostic(range, message, vscode.DiagnosticSeverity.Warning);
      made.source = words.problemSource();
      return made;
    };
    switch (check.kind) {
      case 'valid': this.problems.set(uri, []); break;
      case 'bad-schema': this.problems.set(uri, [diagnostic(rangeOf(''), words.badSchema(check.message))]); break;
      case 'mismatches': this.problems.set(uri, check.mismatches.map((m) => diagnostic(rangeOf(m.pointer), words.mismatch(m.pointer === '' ? '/' : m.pointer, m.message)))); break;
    }
    return check;
  }

  /** The problems a tab shows now (host tests read them). */
  problemsOf(uri: vscode.Uri): readonly vscode.Diagnostic[] {
    return this.problems.get(uri) ?? [];
  }
}

// Check Connection's report in a read-only markdown tab (webdata-report:/Connection Report.md):
// one document, its text replaced by each run and shown again in the same tab. A content scheme,
// not a file system: the report is made for the moment, and a tab restored after a reload would
// have nothing to show.
import type * as vscode from 'vscode';
import { Schemes } from '../../core/schemes';
import { ReadOnlyContent } from '../../platform/readonly-documents';

export class ConnectionReportDocument extends ReadOnlyContent {
  private markdown = '';
  private readonly address = this.uri('/Connection Report.md');

  constructor() {
    super(Schemes.connectionReport);
  }

  protected text(): string {
    return this.markdown;
  }

  /** Shows `markdown` as the report, in its tab (an open one reads it again). */
  async open(markdown: string): Promise<vscode.TextEditor> {
    this.markdown = markdown;
    this.changed(this.address);
    return this.show(this.address);
  }
}

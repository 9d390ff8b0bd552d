// A run's output as a read-only tab (webdata-run:/<session's name>/run-<n>.txt): plain text, so nothing a page
// printed becomes markup; kept for the window's life, and Save As keeps a copy. A content scheme: a
// run's output is made for the moment, and a tab restored after a reload would have nothing to show.
import type * as vscode from 'vscode';
import { Schemes } from '../../core/schemes';
import { inertFileName } from '../../core/text/inert';
import { ReadOnlyContent } from '../../platform/readonly-documents';
import { words } from './words';

/** The most runs whose output this window keeps for its tabs. */
const KEEP = 50;

export class RunDocuments extends ReadOnlyContent {
  private readonly texts = new Map<string, string>();
  private count = 0;

  constructor() {
    super(Schemes.browserRun);
  }

  protected text(uri: vscode.Uri): string {
    return this.texts.get(uri.path) ?? words.runGone();
  }

  /** Keeps `text` as the next run of the session named `sessionName` (its words, not its id: the breadcrumb shows it) and opens it in a tab of its own. */
  async open(sessionName: string, text: string): Promise<vscode.TextEditor> {
    this.count++;
    const path = `/${inertFileName(sessionName, 'browser session', 60, { keepSlash: true })}/run-${this.count}.txt`;
    this.texts.set(path, text);
    for (const old of [...this.texts.keys()].slice(0, Math.max(0, this.texts.size - KEEP))) this.texts.delete(old);
    return this.show(this.uri(path));
  }
}

// A docs set's kept page in a read-only markdown tab (webdata-docs:/<set>/<title>.md?url=…), opened
// at a heading's line: read from the set on this machine, never fetched. A content scheme: the
// text is the set's as kept now, and a tab left after a reload has nothing to show until opened again.
import * as vscode from 'vscode';
import { Schemes } from '../../core/schemes';
import { inertFileName } from '../../core/text/inert';
import { ReadOnlyContent } from '../../platform/readonly-documents';
import type { DocsSets } from './sets';
import { words } from './words';

export class DocsPages extends ReadOnlyContent {
  constructor(private readonly sets: DocsSets) {
    super(Schemes.docsPage);
  }

  protected async text(uri: vscode.Uri): Promise<string> {
    const setId = uri.path.split('/')[1] ?? '';
    const url = new URLSearchParams(uri.query).get('url') ?? '';
    const set = await this.sets.get(setId);
    if (!set) return words.setGone();
    return set.page(url)?.markdown ?? words.pageGone();
  }

  /** A kept page's address: the set, the page's title as the tab's, the page's own address in the query. */
  address(setId: string, url: string, title: string): vscode.Uri {
    return this.uri(`/${setId}/${inertFileName(title, 'page')}.md`, new URLSearchParams({ url }).toString());
  }

  /** The page's tab, at `line` (a heading's), its line at the top. */
  async open(setId: string, url: string, title: string, line: number): Promise<vscode.TextEditor> {
    const editor = await this.show(this.address(setId, url, title), 'markdown', line);
    editor.revealRange(editor.selection, vscode.TextEditorRevealType.AtTop);
    return editor;
  }
}

// Where the editor's Web Data menu offers what: Scrape URL as Markdown… and Start Crawl… only with
// an address under the cursor or in the selection, Batch Scrape… only with addresses selected.
// Read on every cursor move, so it looks at the cursor's line and a bounded selection only.
import { firstUrl, markdownLinkAt, urlAt, urlsIn } from './page';

/** The longest line and selection looked at: past it the entries stay hidden rather than slow a keystroke. */
const MAX_LINE = 4000;
const MAX_SELECTION = 20_000;

export interface EditorUrls {
  /** An http(s) address (or a markdown link) under the cursor, or one in the selection. */
  urlAtCursor: boolean;
  /** The selection holds at least one http(s) address: lines of them are a batch. */
  selectionHasUrls: boolean;
}

export function editorUrls(line: string, character: number, selection: string | undefined): EditorUrls {
  const cut = line.length > MAX_LINE ? '' : line;
  const selected = selection === undefined || selection.length > MAX_SELECTION ? '' : selection;
  const under = urlAt(cut, character) ?? markdownLinkAt(cut, character);
  const inSelection = selected === '' ? undefined : firstUrl(selected);
  return { urlAtCursor: under !== undefined || inSelection !== undefined, selectionHasUrls: inSelection !== undefined && urlsIn(selected).length > 0 };
}

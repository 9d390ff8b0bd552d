// One read-only markdown page with every result of a search: a table of contents, then each
// result's title, address and content. Titles and addresses are web text, escaped so they show as
// the text they are (no link, heading or HTML can form); headings are ours ("Web 3") so the table
// of contents' anchors never depend on web text. The content is the scraped markdown as sent,
// exactly as a single result's tab shows it.
import { addressLine } from './document';
import { KIND_LABELS, oneLine, resultText, resultTitle, resultUrl } from './present';
import { resultsOf, scrapedOf, shownKinds, type SearchRecord, type TypedResult } from './record';
import { documentFolderName } from './uri';
import { inertMarkdown } from '../text/inert';
import { isSearchId } from './record';

/** The page's file name in the `webdata:` address (its tab title). */
const ALL_RESULTS_NAME = 'All results.md';
const ALL_RESULTS_FORMAT = 'all';

/** `/<query>/All results.md` with `id=<searchId>&format=all`: the VS Code side adds the scheme. */
export function allResultsAddress(searchId: string, query: string): { path: string; query: string } {
  return { path: `/${documentFolderName(query)}/${ALL_RESULTS_NAME}`, query: new URLSearchParams({ id: searchId, format: ALL_RESULTS_FORMAT }).toString() };
}

/** The search id of an all-results address, or undefined for any other address. */
export function parseAllResultsAddress(path: string, query: string): string | undefined {
  const params = new URLSearchParams(query);
  if (params.get('format') !== ALL_RESULTS_FORMAT) return undefined;
  const parts = path.split('/');
  if (parts.length !== 3 || parts[0] !== '' || parts[1] === '' || parts[2] !== ALL_RESULTS_NAME) return undefined;
  const id = params.get('id');
  return isSearchId(id) ? id : undefined;
}

/** The anchor VS Code's markdown preview gives the heading `## Web 3`. */
function anchor(kind: TypedResult['kind'], number: number): string {
  return `${KIND_LABELS[kind].toLowerCase()}-${number}`;
}

/** A result's content for reading: scraped markdown, else the summary, else its description. */
export function resultContent(typed: TypedResult): string | undefined {
  const scraped = scrapedOf(typed);
  if (scraped.markdown !== undefined) return scraped.markdown;
  if (scraped.summary !== undefined) return scraped.summary;
  const text = resultText(typed);
  return text !== undefined ? inertMarkdown(oneLine(text, 2000)) : undefined;
}

export function allResultsMarkdown(record: Pick<SearchRecord, 'request' | 'response' | 'createdAt'>): string {
  const results = shownKinds(record).flatMap((kind) => resultsOf(record.response, kind).map((typed, index) => ({ typed, number: index + 1 })));
  const lines = [`# ${inertMarkdown(oneLine(record.request.query, 500)) || '(empty query)'}`, '', `Searched: ${inertMarkdown(record.createdAt)}`, ''];
  if (results.length === 0) return `${[...lines, 'No results.'].join('\n')}\n`;
  lines.push('## Contents', '');
  for (const { typed, number } of results) {
    lines.push(`- [${KIND_LABELS[typed.kind]} ${number}: ${inertMarkdown(resultTitle(typed))}](#${anchor(typed.kind, number)})`);
  }
  for (const { typed, number } of results) {
    const url = resultUrl(typed);
    lines.push('', '---', '', `## ${KIND_LABELS[typed.kind]} ${number}`, '', `**${inertMarkdown(resultTitle(typed))}**`, '');
    lines.push(url !== undefined ? addressLine(url) : 'No page address was given for this result.', '');
    if (typed.kind === 'news' && typed.result.date) lines.push(`Date: ${inertMarkdown(typed.result.date)}`, '');
    if (typed.kind === 'images') {
      const { imageUrl, imageWidth, imageHeight } = typed.result;
      if (imageUrl) lines.push(`Image: ${addressLine(imageUrl)}`, '');
      if (imageWidth && imageHeight) lines.push(`Size: ${imageWidth} × ${imageHeight}`, '');
      continue;
    }
    lines.push(resultContent(typed) ?? '_Nothing scraped for this result._');
  }
  return `${lines.join('\n')}\n`;
}

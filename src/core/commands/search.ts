// The search feature's commands' arguments, decoded. A row of any view given to webData.search or
// webData.searchAdvanced is the focused row of a title button's click: those run as from the
// palette (issue 29). The row commands take a row of Search Results, or the same as data.
import type { SourceType } from '../api/request-types';
import { OPERATOR_IDS, type OperatorId } from '../search/advanced/operators';
import { resultUrl } from '../search/present';
import { isResultKind, isSearchId } from '../search/record';
import { readSearchArgument, type SearchArgument } from '../search/request';
import { rowView, keptRow, viewRows } from '../view-nodes';
import { dataArgument, isCancellationSignal, type CancellationSignal } from './decode';

/** webData.search's two arguments: the request (or nothing: the query box) and `{ token }`. */
export interface SearchCommandInput {
  request: SearchArgument;
  token: CancellationSignal | undefined;
}

/** A request (plain data), a query string, or nothing; a row of a view is nothing (a title button's focused row). */
export function decodeSearchRequest(argument: unknown): SearchArgument {
  return rowView(argument) !== undefined ? { kind: 'none' } : readSearchArgument(argument);
}

export function decodeSearchCommand(argument: unknown, options: unknown): SearchCommandInput {
  const token = dataArgument(options)?.token;
  return { request: decodeSearchRequest(argument), token: isCancellationSignal(token) ? token : undefined };
}

/** The search a row action is about: a search's id, a row of Search Results (any kind), or `{ searchId }`. */
export function decodeSearchId(argument: unknown): string | undefined {
  if (isSearchId(argument)) return argument;
  const row = keptRow(argument);
  if (row) return row.type === 'search' ? row.summary.id : 'searchId' in row ? row.searchId : undefined;
  const searchId = dataArgument(argument)?.searchId;
  return isSearchId(searchId) ? searchId : undefined;
}

export interface ResultRef {
  searchId: string;
  kind: SourceType;
  index: number;
}

/** A result: its row, or `{ searchId, kind?, index }` (`resultIndex` is taken for `index`; kind defaults to web). */
export function decodeResultRef(argument: unknown): ResultRef | undefined {
  const row = keptRow(argument);
  if (row) return row.type === 'result' ? { searchId: row.searchId, kind: row.kind, index: row.index } : undefined;
  const data = dataArgument(argument);
  if (!data) return undefined;
  const index = data.index ?? data.resultIndex;
  const kind = data.kind ?? 'web';
  if (!isSearchId(data.searchId) || !isResultKind(kind)) return undefined;
  if (typeof index !== 'number' || !Number.isInteger(index) || index < 0) return undefined;
  return { searchId: data.searchId, kind, index };
}

/** A web address to open or copy; `no-address` for a result that came without one. */
export type UrlArgument = { kind: 'url'; url: string } | { kind: 'no-address' } | { kind: 'none' };

/**
 * The address in an argument: a string, a result row, a kept page's row (where it landed), a Jobs crawl row or page row, or data with a `url`. (A Uri is the feature's to read: src/core knows no Uri.)
 */
export function decodeUrl(argument: unknown): UrlArgument {
  if (typeof argument === 'string') return { kind: 'url', url: argument };
  const result = keptRow(argument);
  if (result) {
    if (result.type === 'page') return { kind: 'url', url: result.page.finalUrl };
    if (result.type !== 'result') return { kind: 'none' };
    const url = resultUrl(result.typed);
    return url === undefined ? { kind: 'no-address' } : { kind: 'url', url };
  }
  // A Jobs row: a running crawl's start address, or a page of a job opened here.
  const job = viewRows.activeCrawls.of(argument);
  if (job) return 'url' in job && job.url !== undefined ? { kind: 'url', url: job.url } : { kind: 'none' };
  const url = dataArgument(argument)?.url;
  return typeof url === 'string' ? { kind: 'url', url } : { kind: 'none' };
}

/** Clear Search History: `{ confirmed: true, includePinned? }` skips the dialog; anything else asks. */
export function decodeClearSearches(argument: unknown): { confirmed: boolean; includePinned: boolean } {
  const data = dataArgument(argument);
  return { confirmed: data?.confirmed === true, includePinned: data?.includePinned === true };
}

/** The filter's text, set without the box ('' clears it); anything else shows the box. */
export function decodeFilter(argument: unknown): string | undefined {
  return typeof argument === 'string' ? argument : undefined;
}

/** An operator's id (a keybinding's argument); anything else shows the picker. */
export function decodeOperatorId(argument: unknown): OperatorId | undefined {
  return OPERATOR_IDS.find((id) => id === argument);
}

/** Export: the search, and `{ uri, format? }` to write without a dialog (the feature reads the Uri). */
export function decodeExportFormat(argument: unknown): 'json' | 'markdown' | undefined {
  const format = dataArgument(argument)?.format;
  return format === 'json' || format === 'markdown' ? format : undefined;
}

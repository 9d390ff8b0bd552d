// What Start Crawl and Batch Scrape take. Start Crawl: a crawl request (the steps it leaves open
// are asked), a URL to start the box with, or a Search Results row (a result's address); anything
// else (the document's Uri the editor's context menu passes, another view's row) starts with the
// URL found where the person is. Batch Scrape: `{ urls, …options }`, a search row (its results'
// addresses), or nothing (the editor's selection, one URL a line).
import { keptRow } from '../view-nodes';
import { dataArgument } from './decode';

export type StartCrawlArgument =
  | { kind: 'request'; request: Readonly<Record<string, unknown>> }
  | { kind: 'prefill'; url: string }
  | { kind: 'none' };

export function decodeStartCrawl(argument: unknown): StartCrawlArgument {
  if (typeof argument === 'string') return { kind: 'prefill', url: argument };
  const row = keptRow(argument);
  if (row) {
    const url = row.type === 'page' ? row.page.url
      : row.type === 'result' && 'url' in row.typed.result && typeof row.typed.result.url === 'string' ? row.typed.result.url : undefined;
    return url === undefined ? { kind: 'none' } : { kind: 'prefill', url };
  }
  const data = dataArgument(argument);
  return data ? { kind: 'request', request: data } : { kind: 'none' };
}

export type BatchScrapeArgument =
  | { kind: 'request'; request: Readonly<Record<string, unknown>> }
  | { kind: 'search'; searchId: string }
  | { kind: 'selection' }
  | { kind: 'invalid' };

export function decodeBatchScrape(argument: unknown): BatchScrapeArgument {
  const row = keptRow(argument);
  if (row) {
    if (row.type === 'search') return { kind: 'search', searchId: row.summary.id };
    // The rows of a search (not its message, nor another feature's group) name it.
    return row.type === 'group' || row.type === 'result' ? { kind: 'search', searchId: row.searchId } : { kind: 'invalid' };
  }
  const data = dataArgument(argument);
  if (data) return 'urls' in data ? { kind: 'request', request: data } : typeof data.searchId === 'string' ? { kind: 'search', searchId: data.searchId } : { kind: 'invalid' };
  return { kind: 'selection' };
}

/** Scrape All Results: a search row, a result row (its search) or `{ searchId }`; nothing else. */
export function decodeSearchToScrape(argument: unknown): BatchScrapeArgument {
  const read = decodeBatchScrape(argument);
  return read.kind === 'search' ? read : { kind: 'invalid' };
}

// What Scrape URL as Markdown… and Map Site take: a URL to fill the box with, or a request
// `{ url, …options }` to send as it is. Anything else (the document's Uri the editor's context
// menu passes, a row of a view) is not read: the box opens with the URL found where the person is.
import type { ScrapeRequest } from '../api/scrape-request';
import { keptRow } from '../view-nodes';
import { dataArgument } from './decode';

export type ScrapeArgument =
  | { kind: 'prefill'; url: string }
  | { kind: 'request'; request: ScrapeRequest }
  | { kind: 'none' };

export function decodeScrapeArgument(argument: unknown): ScrapeArgument {
  if (typeof argument === 'string') return { kind: 'prefill', url: argument };
  const data = dataArgument(argument);
  if (data && typeof data.url === 'string') return { kind: 'request', request: { ...data, url: data.url } };
  return { kind: 'none' };
}

const PAGE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The kept page a row action is about: its id, its row in Search Results, or `{ pageId }`. */
export function decodePageId(argument: unknown): string | undefined {
  if (typeof argument === 'string') return PAGE_ID.test(argument) ? argument.toLowerCase() : undefined;
  const row = keptRow(argument);
  if (row) return row.type === 'page' ? row.page.id : undefined;
  const id = dataArgument(argument)?.pageId;
  return typeof id === 'string' && PAGE_ID.test(id) ? id.toLowerCase() : undefined;
}

/** Clear Pages: `{ confirmed: true, includePinned? }` skips the dialog; anything else (the group's row) asks. */
export function decodeClearPages(argument: unknown): { confirmed: boolean; includePinned: boolean } {
  const data = dataArgument(argument);
  return { confirmed: data?.confirmed === true, includePinned: data?.includePinned === true };
}

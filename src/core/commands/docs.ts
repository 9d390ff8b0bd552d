// What the docs commands take (issue 48). Add Docs…: an address, `{ url, maxPages? }`, or a row with
// an address (a search result, a kept page); anything else asks. Search Docs…: a query, or
// `{ query, set? }`. The row actions (Refresh, Remove, Open Page List): a Docs Sets row, a set's id,
// or `{ set }`.
import { viewRows } from '../view-nodes';
import { dataArgument } from './decode';
import { decodeUrl } from './search';

export interface AddDocsArgument {
  url?: string;
  maxPages?: number;
}

function wholePages(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 100_000 ? value : undefined;
}

export function decodeAddDocs(argument: unknown): AddDocsArgument {
  const data = dataArgument(argument);
  if (data) {
    const maxPages = wholePages(data.maxPages);
    return { ...(typeof data.url === 'string' ? { url: data.url } : {}), ...(maxPages !== undefined ? { maxPages } : {}) };
  }
  const url = decodeUrl(argument);
  return url.kind === 'url' ? { url: url.url } : {};
}

export interface SearchDocsArgument {
  query?: string;
  set?: string;
}

export function decodeSearchDocs(argument: unknown): SearchDocsArgument {
  if (typeof argument === 'string') return { query: argument };
  const data = dataArgument(argument);
  if (!data) return {};
  return { ...(typeof data.query === 'string' ? { query: data.query } : {}), ...(typeof data.set === 'string' ? { set: data.set } : {}) };
}

const SET_ID = /^[\w-]{1,80}$/;

/** The set a row action is about: its row in Docs Sets, its id, or `{ set }`. */
export function decodeDocsSet(argument: unknown): string | undefined {
  const row = viewRows.docsSets.of(argument);
  if (row) return row.type === 'docsSet' ? row.set.meta.id : row.setId;
  const id = typeof argument === 'string' ? argument : dataArgument(argument)?.set;
  return typeof id === 'string' && SET_ID.test(id) ? id : undefined;
}

/** Remove: the set, and whether `{ confirmed: true }` skips the question. */
export function decodeRemoveDocs(argument: unknown): { set: string | undefined; confirmed: boolean } {
  return { set: decodeDocsSet(argument), confirmed: dataArgument(argument)?.confirmed === true };
}

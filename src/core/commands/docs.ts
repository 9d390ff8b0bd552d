// What the docs commands take (issue 48). Add Docs…: an address, `{ url, maxPages?, version? }`, or a row with
// an address (a search result, a kept page); anything else asks. Search Docs…: a query, or
// `{ query, set? }`. The row actions (Refresh, Remove, Open Page List): a Docs Sets row, a set's id,
// or `{ set }`.
import { viewRows } from '../view-nodes';
import { dataArgument } from './decode';
import { decodeUrl } from './search';

export interface AddDocsArgument {
  url?: string;
  maxPages?: number;
  /** The library's version the set is made for (a suggestion from the workspace gives it). */
  version?: string;
}

function versionOf(value: unknown): string | undefined {
  return typeof value === 'string' && /^[\w.+~-]{1,40}$/.test(value) ? value : undefined;
}

function wholePages(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 100_000 ? value : undefined;
}

export function decodeAddDocs(argument: unknown): AddDocsArgument {
  const data = dataArgument(argument);
  if (data) {
    const maxPages = wholePages(data.maxPages);
    const version = versionOf(data.version);
    return { ...(typeof data.url === 'string' ? { url: data.url } : {}), ...(maxPages !== undefined ? { maxPages } : {}), ...(version !== undefined ? { version } : {}) };
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

/**
 * Remove: the set, whether `{ confirmed: true }` skips the question, and whether the watch that keeps
 * it fresh goes too (`deleteWatch: true`; asked in the question otherwise).
 */
export function decodeRemoveDocs(argument: unknown): { set: string | undefined; confirmed: boolean; deleteWatch: boolean } {
  const data = dataArgument(argument);
  return { set: decodeDocsSet(argument), confirmed: data?.confirmed === true, deleteWatch: data?.deleteWatch === true };
}

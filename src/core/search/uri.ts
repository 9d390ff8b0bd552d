// Addresses of the read-only documents that show a result's content:
//   webdata:/<query>/<page title>.md?id=<searchId>&kind=<kind>&index=<index>&format=markdown
// VS Code's breadcrumb shows the path's segments, so the path is what a person reads (the query,
// then the page); the URI's query holds what finds the content again (and keeps two pages of the
// same title apart), so the tab still works after a reload.
// Tabs restored from before this form carry the older address, with everything in the path:
//   webdata:/<searchId>/<kind>/<index>/<page title>.md?format=markdown
// which is still read, so those tabs keep their content.
import type { SourceType } from '../api/request-types';
import { inertFileName } from '../text/inert';
import { isResultKind, isSearchId } from './record';

/** markdown / summary: the scraped content; info: what is known when nothing was scraped. */
export type DocumentFormat = 'markdown' | 'summary' | 'info';
const FORMATS: readonly DocumentFormat[] = ['markdown', 'summary', 'info'];

export interface ResultDocumentRef {
  searchId: string;
  kind: SourceType;
  index: number;
  format: DocumentFormat;
}

const NAME_MAX = 80;
const FOLDER_MAX = 60;

/**
 * A file name from a page title, which is the tab's title too: no separators, control, bidi,
 * zero-width or reserved characters, no device name, never empty (src/core/text/inert.ts). A
 * title's `/` stays as a look-alike that is no separator (U+2215), not a space.
 */
export function documentFileName(title: string, format: DocumentFormat): string {
  const base = inertFileName(title, 'page', NAME_MAX, { keepSlash: true });
  return format === 'summary' ? `${base} (summary).md` : `${base}.md`;
}

/** The breadcrumb's folder: the search's query, made safe as one path segment. */
export function documentFolderName(query: string): string {
  return inertFileName(query, 'search', FOLDER_MAX);
}

/** The path and query of a result document's URI (the VS Code side adds the scheme). */
export function resultDocumentAddress(ref: ResultDocumentRef, names: { query: string; title: string }): { path: string; query: string } {
  const params = new URLSearchParams({ id: ref.searchId, kind: ref.kind, index: String(ref.index), format: ref.format });
  return {
    path: `/${documentFolderName(names.query)}/${documentFileName(names.title, ref.format)}`,
    query: params.toString(),
  };
}

/** Reads a result document's address back, in either form; undefined for anything we did not make. */
export function parseResultDocumentAddress(path: string, query: string): ResultDocumentRef | undefined {
  const params = new URLSearchParams(query);
  const format = params.get('format') ?? 'markdown';
  if (!(FORMATS as readonly string[]).includes(format)) return undefined;
  const parts = path.split('/');
  const readable = parts.length === 3 && parts[0] === '' && parts[1] !== '' && parts[2] !== '';
  const [searchId, kind, index] = params.has('id')
    ? (readable ? [params.get('id'), params.get('kind'), params.get('index')] : [])
    : legacyParts(parts);
  if (!isSearchId(searchId) || !isResultKind(kind) || !index || !/^\d{1,6}$/.test(index)) return undefined;
  return { searchId, kind, index: Number(index), format: format as DocumentFormat };
}

/** `/<searchId>/<kind>/<index>/<name>`: the address of tabs opened before the readable form. */
function legacyParts(parts: readonly string[]): Array<string | null | undefined> {
  const [empty, searchId, kind, index, name, ...rest] = parts;
  return empty !== '' || rest.length > 0 || !name ? [] : [searchId, kind, index];
}

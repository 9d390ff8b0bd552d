// Addresses of the read-only documents that show a result's content:
//   webdata:/<searchId>/<kind>/<index>/<page title>.md?format=markdown
// Everything needed to find the content again is in the path, so the tab works after a reload;
// the last segment is the page title, so the tab and Save As show a readable name.
import type { SourceType } from '../api/request-types';
import { inertFileName } from '../text/inert';
import { isResultKind, isSearchId } from './record';

export const WEBDATA_SCHEME = 'webdata';

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

/**
 * A file name from a page title, which is the tab's title too: no separators, control, bidi,
 * zero-width or reserved characters, no device name, never empty (src/core/text/inert.ts).
 */
export function documentFileName(title: string, format: DocumentFormat): string {
  const base = inertFileName(title, 'page', NAME_MAX);
  return format === 'summary' ? `${base} (summary).md` : `${base}.md`;
}

/** The path and query of a result document's URI (the VS Code side adds the scheme). */
export function resultDocumentAddress(ref: ResultDocumentRef, title: string): { path: string; query: string } {
  return {
    path: `/${ref.searchId}/${ref.kind}/${ref.index}/${documentFileName(title, ref.format)}`,
    query: `format=${ref.format}`,
  };
}

/** Reads a result document's address back; undefined for anything we did not make. */
export function parseResultDocumentAddress(path: string, query: string): ResultDocumentRef | undefined {
  const [empty, searchId, kind, index, name, ...rest] = path.split('/');
  if (empty !== '' || rest.length > 0 || !name) return undefined;
  if (!isSearchId(searchId) || !isResultKind(kind) || !index || !/^\d{1,6}$/.test(index)) return undefined;
  const format = new URLSearchParams(query).get('format') ?? 'markdown';
  if (!(FORMATS as readonly string[]).includes(format)) return undefined;
  return { searchId, kind, index: Number(index), format: format as DocumentFormat };
}

// What the parse commands take. Open as Markdown: the file's Uri the Explorer passes (read by the
// feature, which knows Uris) or `{ path, fresh?, options? }` from a keybinding or a test. A kept
// document's row actions: its row in Search Results, its id, or `{ documentId }`.
import { keptRow } from '../view-nodes';
import { dataArgument } from './decode';

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The kept document a row action is about, or undefined. */
export function decodeDocumentId(argument: unknown): string | undefined {
  if (typeof argument === 'string') return ID.test(argument) ? argument.toLowerCase() : undefined;
  const row = keptRow(argument);
  if (row) return row.type === 'document' ? row.document.id : undefined;
  const id = dataArgument(argument)?.documentId;
  return typeof id === 'string' && ID.test(id) ? id.toLowerCase() : undefined;
}

/** `{ path, fresh? }` as data: a file's path on disk and whether to upload it even when kept. */
export function decodeDocumentPath(argument: unknown): { path: string; fresh: boolean } | undefined {
  const data = dataArgument(argument);
  return data && typeof data.path === 'string' && data.path.trim() !== '' ? { path: data.path, fresh: data.fresh === true } : undefined;
}

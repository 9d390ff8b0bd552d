// Parsed documents on disk, kept as scraped pages are (../kept/store.ts: a record and a small row
// file each, a lock that re-reads, nothing deleted after a failed listing), in a folder of their
// own. A document's row holds the file's name and path, its content hash, when, who asked, the
// cost and the pin; the newest parse of a file (its path, parsed the same way) replaces the earlier
// ones unless one was pinned. The same content parsed the same way is found by `reusable`.
import { KeptRecords, type KeptKind, type KeptRecordsOptions, type KeptRow } from '../kept/store';
import { isPlainObject } from '../plain-object';
import type { ParsedRecord } from './document';

const DOCUMENTS_FOLDER = 'documents';

/** A kept document as its row shows it: everything but the markdown, the pages and the options. */
export type DocumentSummary = Pick<ParsedRecord, 'id' | 'fileName' | 'relativePath' | 'contentHash' | 'fileBytes' | 'parsedAt' | 'askedBy' | 'creditsUsed' | 'shape'> & KeptRow & {
  /** How many pages the service sent apart; absent when none. */
  pageCount?: number;
};

const HASH = /^[0-9a-f]{64}$/;

function isRecord(value: unknown): value is ParsedRecord {
  if (!isPlainObject(value)) return false;
  const text = (key: string): boolean => typeof value[key] === 'string';
  return ['id', 'fileName', 'relativePath', 'contentHash', 'parsedAt', 'markdown', 'shape'].every(text)
    && HASH.test(value.contentHash as string)
    && typeof value.fileBytes === 'number' && Number.isFinite(value.fileBytes)
    && (value.askedBy === 'person' || value.askedBy === 'agent')
    && (value.creditsUsed === undefined || (typeof value.creditsUsed === 'number' && Number.isFinite(value.creditsUsed)))
    && isPlainObject(value.options)
    && (value.warning === undefined || typeof value.warning === 'string')
    && (value.pages === undefined || (Array.isArray(value.pages) && value.pages.every((p: unknown) => isPlainObject(p) && typeof p.pageNumber === 'number' && typeof p.markdown === 'string')));
}

function isSummary(value: unknown): value is DocumentSummary {
  if (!isPlainObject(value)) return false;
  const text = (key: string): boolean => typeof value[key] === 'string';
  return ['id', 'fileName', 'relativePath', 'contentHash', 'parsedAt', 'shape'].every(text)
    && typeof value.fileBytes === 'number' && typeof value.bytes === 'number' && Number.isFinite(value.bytes)
    && (value.askedBy === 'person' || value.askedBy === 'agent')
    && (value.creditsUsed === undefined || (typeof value.creditsUsed === 'number' && Number.isFinite(value.creditsUsed)))
    && (value.pageCount === undefined || typeof value.pageCount === 'number')
    && (value.pinned === undefined || value.pinned === true);
}

function documentSummary(record: ParsedRecord, bytes: number): DocumentSummary {
  const row: DocumentSummary = {
    id: record.id, fileName: record.fileName, relativePath: record.relativePath, contentHash: record.contentHash, fileBytes: record.fileBytes,
    parsedAt: record.parsedAt, askedBy: record.askedBy, shape: record.shape, bytes,
  };
  if (record.creditsUsed !== undefined) row.creditsUsed = record.creditsUsed;
  if (record.pages && record.pages.length > 0) row.pageCount = record.pages.length;
  return row;
}

const DOCUMENTS: KeptKind<ParsedRecord, DocumentSummary> = {
  folder: DOCUMENTS_FOLDER,
  lockFile: 'documents.lock',
  plural: 'documents',
  isRecord,
  isRow: isSummary,
  rowOf: documentSummary,
  createdAt: (row) => row.parsedAt,
  replaces: (earlier, record) => earlier.relativePath === record.relativePath && earlier.shape === record.shape,
};

export class ParsedDocuments extends KeptRecords<ParsedRecord, DocumentSummary> {
  constructor(storageDir: string, options: KeptRecordsOptions = {}) {
    super(storageDir, DOCUMENTS, options);
  }
}

/**
 * The newest kept document of the same content parsed the same way, among `rows` (newest first);
 * `since`: only one parsed at or after this time (an agent's reuse window), when given.
 */
export function reusable(rows: readonly DocumentSummary[], contentHash: string, shape: string, since?: number): DocumentSummary | undefined {
  return rows.find((row) => row.contentHash === contentHash && row.shape === shape && (since === undefined || Date.parse(row.parsedAt) >= since));
}

// A file on disk as the parse sends it: its bytes read in chunks as they are sent, and its content
// hash (SHA-256, read the same way) by which a document parsed before is found again. Neither holds
// the file whole in memory.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { baseName, contentTypeOf } from './files';
import type { MultipartFile } from './multipart';

/** Chunks of 256 KiB: few enough calls for a 50 MB file, small enough to keep memory flat. */
const CHUNK_BYTES = 256 * 1024;

/** The file at `path` of `size` bytes, to upload under its base name. */
export function localFile(path: string, size: number): MultipartFile {
  return {
    name: baseName(path),
    contentType: contentTypeOf(path) ?? 'application/octet-stream',
    size,
    open: () => createReadStream(path, { highWaterMark: CHUNK_BYTES }),
  };
}

/** The SHA-256 of a file's content, as hex; stops with an AbortError when `signal` aborts. */
export async function contentHash(path: string, signal?: AbortSignal): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path, { highWaterMark: CHUNK_BYTES, ...(signal ? { signal } : {}) })) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

// The multipart/form-data body of POST /v2/parse, made as a stream: its text parts are a few
// hundred bytes and the file's bytes are read as they are sent, so a 50 MB document is never held
// whole in memory. `options` goes before `file`, so the service knows what to do before the bytes
// come. The length is known in advance (the parts' bytes plus the file's size), so the upload has a
// content-length and its progress a percentage. File names are written as browsers write them
// (WHATWG HTML, "multipart/form-data encoding algorithm"): UTF-8, with `"` as %22 and line breaks as
// %0D / %0A, so no name can close its quotes or start a header.
import { randomBytes } from 'node:crypto';

export interface MultipartFile {
  /** The name the service sees (the file's base name). */
  name: string;
  contentType: string;
  /** The size in bytes: the content-length is made from it, and a file that changed size fails the upload. */
  size: number;
  /** The bytes, in chunks; called once, when the body is read. */
  open(): AsyncIterable<Uint8Array>;
}

export interface MultipartBody {
  contentType: string;
  boundary: string;
  length: number;
  /** The body's bytes: the text parts, the file's chunks, the closing boundary. `onBytes` hears each chunk sent. */
  chunks(onBytes?: (sent: number) => void): AsyncGenerator<Uint8Array>;
}

/** A boundary that no part of the body can hold by chance: 24 random bytes, as hex. */
export function newBoundary(): string {
  return `----webdata-${randomBytes(24).toString('hex')}`;
}

/** A header parameter's value, quoted, as WHATWG form encoding writes it. */
export function quotedName(name: string): string {
  return `"${name.replace(/\r/g, '%0D').replace(/\n/g, '%0A').replace(/"/g, '%22')}"`;
}

export class FileChangedError extends Error {
  constructor(readonly expected: number, readonly actual: number) {
    super(`The file changed while it was sent (${expected} bytes expected, ${actual} read).`);
  }
}

/**
 * The body for a file and its `options` (JSON text, or none). The boundary is a fresh random one
 * unless given (the tests give one).
 */
export function multipartBody(file: MultipartFile, options: string | undefined, boundary = newBoundary()): MultipartBody {
  if (!/^[0-9A-Za-z'()+_,\-./:=?]{1,70}$/.test(boundary)) throw new Error('A multipart boundary is 1 to 70 safe characters.');
  const head = Buffer.from([
    ...(options === undefined ? [] : [`--${boundary}`, 'Content-Disposition: form-data; name="options"', 'Content-Type: application/json', '', options]),
    `--${boundary}`,
    `Content-Disposition: form-data; name="file"; filename=${quotedName(file.name)}`,
    `Content-Type: ${file.contentType.replace(/[\r\n]/g, '')}`,
    '',
    '',
  ].join('\r\n'), 'utf8');
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`, 'utf8');
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    boundary,
    length: head.length + file.size + tail.length,
    async *chunks(onBytes) {
      yield head;
      let read = 0;
      for await (const chunk of file.open()) {
        read += chunk.byteLength;
        if (read > file.size) throw new FileChangedError(file.size, read);
        yield chunk;
        onBytes?.(read);
      }
      if (read !== file.size) throw new FileChangedError(file.size, read);
      yield tail;
    },
  };
}

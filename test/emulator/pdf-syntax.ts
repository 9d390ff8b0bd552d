// The PDF syntax the emulator's text extraction needs (./pdf-text.ts): a lexer for objects and
// content streams (numbers, names, literal and hex strings, arrays, dictionaries, references,
// operators, inline images skipped), and the file's numbered objects found by scanning, their
// streams inflated (FlateDecode), and the objects packed in object streams. Enough for Chromium's
// printed PDFs, pdfTeX's and the tests' own (./document-files.ts); not encryption or filters
// other than Flate.
import { inflateSync } from 'node:zlib';

export type PdfValue =
  | { kind: 'number'; value: number }
  | { kind: 'name'; value: string }
  | { kind: 'string'; bytes: Buffer }
  | { kind: 'array'; items: PdfValue[] }
  | { kind: 'dict'; entries: Map<string, PdfValue> }
  | { kind: 'ref'; id: number }
  | { kind: 'keyword'; value: string };

export interface PdfObject {
  value: PdfValue;
  /** The stream's bytes, inflated when it was FlateDecode; empty when they could not be. */
  stream?: Buffer;
}

type Token = PdfValue | { kind: 'open'; value: '[' | '<<' } | { kind: 'close'; value: ']' | '>>' };

const WHITE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);
const DELIMITER = new Set(Buffer.from('()<>[]{}/%', 'latin1'));
const ESCAPES: Record<string, number> = { n: 0x0a, r: 0x0d, t: 0x09, b: 0x08, f: 0x0c };

/** Reads tokens from `bytes`, from `at` on. */
export class PdfLexer {
  constructor(private readonly bytes: Buffer, public at = 0) {}

  private skipSpace(): void {
    const b = this.bytes;
    while (this.at < b.length) {
      const c = b[this.at] ?? 0;
      if (WHITE.has(c)) this.at++;
      else if (c === 0x25) while (this.at < b.length && b[this.at] !== 0x0a && b[this.at] !== 0x0d) this.at++;
      else return;
    }
  }

  /** The next token, or undefined at the end. */
  next(): Token | undefined {
    this.skipSpace();
    const b = this.bytes;
    if (this.at >= b.length) return undefined;
    const c = String.fromCharCode(b[this.at] ?? 0);
    if (c === '(') return { kind: 'string', bytes: this.literal() };
    if (c === '<' && b[this.at + 1] === 0x3c) { this.at += 2; return { kind: 'open', value: '<<' }; }
    if (c === '>' && b[this.at + 1] === 0x3e) { this.at += 2; return { kind: 'close', value: '>>' }; }
    if (c === '<') return { kind: 'string', bytes: this.hex() };
    if (c === '[') { this.at++; return { kind: 'open', value: '[' }; }
    if (c === ']') { this.at++; return { kind: 'close', value: ']' }; }
    if (c === '/') {
      this.at++;
      return { kind: 'name', value: this.word().replace(/#([0-9a-f]{2})/gi, (_w, h: string) => String.fromCharCode(parseInt(h, 16))) };
    }
    if ('{}>)'.includes(c)) { this.at++; return this.next(); }
    const word = this.word();
    if (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(word)) return { kind: 'number', value: Number(word) };
    return { kind: 'keyword', value: word };
  }

  private word(): string {
    const start = this.at;
    while (this.at < this.bytes.length && !WHITE.has(this.bytes[this.at] ?? 0) && !DELIMITER.has(this.bytes[this.at] ?? 0)) this.at++;
    return this.bytes.toString('latin1', start, this.at);
  }

  /** A literal string: balanced parentheses, escapes, octal codes, escaped line ends. */
  private literal(): Buffer {
    const b = this.bytes;
    // Runs of plain bytes are kept as views; only escapes are made byte by byte.
    const parts: Buffer[] = [];
    let depth = 0;
    let run = ++this.at;
    for (; this.at < b.length; this.at++) {
      const c = b[this.at] ?? 0;
      if (c === 0x28) depth++;
      else if (c === 0x29) {
        if (depth === 0) break;
        depth--;
      } else if (c === 0x5c) {
        parts.push(b.subarray(run, this.at));
        const e = b[++this.at] ?? 0;
        const octal = /^[0-7]{1,3}/.exec(b.toString('latin1', this.at, this.at + 3))?.[0];
        if (octal !== undefined) { parts.push(Buffer.of(parseInt(octal, 8) & 0xff)); this.at += octal.length - 1; }
        else if (e === 0x0d) { if (b[this.at + 1] === 0x0a) this.at++; }
        else if (e !== 0x0a) parts.push(Buffer.of(ESCAPES[String.fromCharCode(e)] ?? e));
        run = this.at + 1;
      }
    }
    parts.push(b.subarray(run, Math.min(this.at, b.length)));
    this.at++;
    return parts.length === 1 && parts[0] ? parts[0] : Buffer.concat(parts);
  }

  private hex(): Buffer {
    const end = this.bytes.indexOf(0x3e, this.at);
    const digits = this.bytes.toString('latin1', this.at + 1, end < 0 ? this.bytes.length : end).replace(/[^0-9a-f]/gi, '');
    this.at = end < 0 ? this.bytes.length : end + 1;
    return Buffer.from(digits.length % 2 === 1 ? `${digits}0` : digits, 'hex');
  }

  /** Skips an inline image's data, after its `ID`, to just past its `EI`. */
  skipInlineImage(): void {
    const end = /\sEI(?=[\s]|$)/.exec(this.bytes.toString('latin1', this.at));
    this.at = end ? this.at + end.index + end[0].length : this.bytes.length;
  }
}

/** Reads one value from the lexer: `N G R` a reference, arrays and dictionaries nested. */
export function readValue(lexer: PdfLexer, first: Token | undefined = lexer.next()): PdfValue | undefined {
  if (first === undefined || first.kind === 'close') return undefined;
  if (first.kind === 'open' && first.value === '[') {
    const items: PdfValue[] = [];
    for (let t = lexer.next(); t !== undefined && t.kind !== 'close'; t = lexer.next()) {
      const item = readValue(lexer, t);
      if (item) items.push(item);
    }
    return collapseRefs(items);
  }
  if (first.kind === 'open') {
    const entries = new Map<string, PdfValue>();
    for (let key = lexer.next(); key !== undefined && key.kind !== 'close'; key = lexer.next()) {
      if (key.kind !== 'name') continue;
      const start = lexer.at;
      const value = readValue(lexer);
      if (value === undefined) break;
      // A number may be the start of a reference: `/Length 5 0 R`.
      if (value.kind === 'number') {
        const after = lexer.at;
        const generation = lexer.next();
        const r = lexer.next();
        if (generation?.kind === 'number' && r?.kind === 'keyword' && r.value === 'R') { entries.set(key.value, { kind: 'ref', id: value.value }); continue; }
        lexer.at = after;
      }
      entries.set(key.value, value);
      if (lexer.at === start) break;
    }
    return { kind: 'dict', entries };
  }
  return first;
}

/** An array's `N G R` triples as references. */
function collapseRefs(items: PdfValue[]): PdfValue {
  const out: PdfValue[] = [];
  for (let i = 0; i < items.length; i++) {
    const [a, b, c] = [items[i], items[i + 1], items[i + 2]];
    if (a?.kind === 'number' && b?.kind === 'number' && c?.kind === 'keyword' && c.value === 'R') { out.push({ kind: 'ref', id: a.value }); i += 2; }
    else if (a) out.push(a);
  }
  return { kind: 'array', items: out };
}

/** The PDF's numbered objects, found by scanning for `N G obj`; a stream's data skipped as a whole. */
export function pdfObjects(bytes: Buffer): Map<number, PdfObject> {
  const text = bytes.toString('latin1');
  const objects = new Map<number, PdfObject>();
  const pending: Array<{ id: number; dict: Map<string, PdfValue>; from: number }> = [];
  const head = /(\d+)\s+\d+\s+obj\b/g;
  for (let m = head.exec(text); m; m = head.exec(text)) {
    const lexer = new PdfLexer(bytes, m.index + m[0].length);
    const value = readValue(lexer);
    if (value === undefined) continue;
    const id = Number(m[1]);
    const afterValue = lexer.at;
    const keyword = lexer.next();
    if (value.kind === 'dict' && keyword?.kind === 'keyword' && keyword.value === 'stream') {
      let from = lexer.at;
      if (bytes[from] === 0x0d) from++;
      if (bytes[from] === 0x0a) from++;
      const length = value.entries.get('Length');
      const end = text.indexOf('endstream', from);
      // A direct length is trusted; an indirect one is read once every object is known.
      if (length?.kind === 'number' && from + length.value <= bytes.length) {
        objects.set(id, { value, stream: bytes.subarray(from, from + length.value) });
        head.lastIndex = Math.max(from + length.value, head.lastIndex);
      } else {
        pending.push({ id, dict: value.entries, from });
        objects.set(id, { value, stream: bytes.subarray(from, end < 0 ? bytes.length : end) });
        if (end >= 0) head.lastIndex = end;
      }
    } else {
      objects.set(id, { value });
      head.lastIndex = afterValue;
    }
  }
  for (const { id, dict, from } of pending) {
    const length = resolve(objects, dict.get('Length'));
    const object = objects.get(id);
    if (object && length?.kind === 'number' && from + length.value <= bytes.length) object.stream = bytes.subarray(from, from + length.value);
  }
  for (const object of objects.values()) {
    if (object.stream === undefined || object.value.kind !== 'dict') continue;
    const filter = resolve(objects, object.value.entries.get('Filter'));
    const filters = filter?.kind === 'array' ? filter.items : filter ? [filter] : [];
    if (filters.length === 0) continue;
    const flate = filters.length === 1 && filters[0]?.kind === 'name' && filters[0].value === 'FlateDecode';
    try { object.stream = flate ? inflateSync(object.stream) : Buffer.alloc(0); } catch { object.stream = Buffer.alloc(0); }
  }
  for (const object of [...objects.values()]) readObjectStream(objects, object);
  return objects;
}

/**
 * The objects packed in an object stream (/Type /ObjStm, PDF 1.5: pdfTeX's and most other
 * writers' files): N pairs of object number and offset from /First, then the objects, none of
 * them a stream. An object also found outside one keeps that definition.
 */
function readObjectStream(objects: Map<number, PdfObject>, object: PdfObject): void {
  const type = object.value.kind === 'dict' ? object.value.entries.get('Type') : undefined;
  if (type?.kind !== 'name' || type.value !== 'ObjStm' || object.stream === undefined || object.value.kind !== 'dict') return;
  const count = resolve(objects, object.value.entries.get('N'));
  const first = resolve(objects, object.value.entries.get('First'));
  if (count?.kind !== 'number' || first?.kind !== 'number') return;
  const header = new PdfLexer(object.stream);
  for (let i = 0; i < count.value; i++) {
    const id = header.next();
    const offset = header.next();
    if (id?.kind !== 'number' || offset?.kind !== 'number') return;
    if (objects.has(id.value)) continue;
    const value = readValue(new PdfLexer(object.stream, first.value + offset.value));
    if (value) objects.set(id.value, { value });
  }
}

/** A value with references followed (a few levels, so a cycle ends). */
export function resolve(objects: ReadonlyMap<number, PdfObject>, value: PdfValue | undefined): PdfValue | undefined {
  let v = value;
  for (let depth = 0; v?.kind === 'ref' && depth < 8; depth++) v = objects.get(v.id)?.value;
  return v?.kind === 'ref' ? undefined : v;
}

/** A dictionary's entry, references followed. */
export function entry(objects: ReadonlyMap<number, PdfObject>, dict: PdfValue | undefined, key: string): PdfValue | undefined {
  const d = resolve(objects, dict);
  return d?.kind === 'dict' ? resolve(objects, d.entries.get(key)) : undefined;
}

export const nameOf = (value: PdfValue | undefined): string | undefined => (value?.kind === 'name' ? value.value : undefined);

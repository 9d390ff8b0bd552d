// A PDF's text layer for the emulator's POST /v2/parse, page by page: the page tree (resources
// inherited), each content stream's text operators (Tj, TJ, ' and ") with literal or hex strings,
// decoded through the font's ToUnicode CMap when it has one (Chromium's printed PDFs: subset
// fonts, two-byte glyph codes, hex strings, ligatures spelled out in /ActualText), as Latin-1
// when a simple font has none. A line ends where the baseline moves (Td, T*, Tm, cm, a form
// XObject's matrix). What cannot be read (glyph codes with no Unicode, pages drawn without text)
// is counted, so the answer can say so instead of returning empty pages in silence. A small, honest reader, not a layout engine: no columns, no
// widths (a TJ move of more than 0.15 em is a space), no glyph names (a Type 3 font or /Differences without a
// ToUnicode map: a Type 3 font's codes are unread, a simple font's read as Windows-1252).
import { PdfLexer, entry, nameOf, pdfObjects, readValue, resolve, type PdfObject, type PdfValue } from './pdf-syntax';

type Objects = ReadonlyMap<number, PdfObject>;
type Matrix = readonly [number, number, number, number, number, number];

const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];
const multiply = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[1] * n[2], m[0] * n[1] + m[1] * n[3],
  m[2] * n[0] + m[3] * n[2], m[2] * n[1] + m[3] * n[3],
  m[4] * n[0] + m[5] * n[2] + n[4], m[4] * n[1] + m[5] * n[3] + n[5],
];

/** A font's way from the bytes of a shown string to text. */
interface FontReader {
  /** Bytes per code when no CMap says otherwise: 2 for a composite (Type0) font. */
  width: 1 | 2;
  /** A code with no Unicode is read as Windows-1252: true for a simple font with a standard encoding, not a Type 3 font's glyph numbers. */
  latin: boolean;
  /** Code (hex of its bytes) to text, from the ToUnicode CMap. */
  unicode?: Map<string, string>;
  /** The code lengths the CMap's codespace ranges allow, shortest first. */
  lengths?: number[];
}

const utf16 = (bytes: Buffer): string => Buffer.from(bytes.subarray(0, bytes.length - (bytes.length % 2))).swap16().toString('utf16le');

/** A ToUnicode CMap's codespace lengths and its bfchar and bfrange mappings. */
function readCMap(data: Buffer): Pick<FontReader, 'unicode' | 'lengths'> {
  const lexer = new PdfLexer(data);
  const unicode = new Map<string, string>();
  const lengths = new Set<number>();
  let section = '';
  let operands: PdfValue[] = [];
  for (let t = lexer.next(); t !== undefined; t = lexer.next()) {
    if (t.kind === 'keyword' && /^(begin|end)(codespacerange|bfchar|bfrange)$/.test(t.value)) { section = t.value.startsWith('begin') ? t.value.slice(5) : ''; operands = []; continue; }
    const value = readValue(lexer, t);
    if (section === '' || value === undefined) continue;
    operands.push(value);
    const [a, b, c] = operands;
    if (section === 'codespacerange' && a?.kind === 'string' && b !== undefined) { lengths.add(a.bytes.length); operands = []; }
    else if (section === 'bfchar' && a?.kind === 'string' && b?.kind === 'string') { unicode.set(a.bytes.toString('hex'), utf16(b.bytes)); operands = []; }
    else if (section === 'bfrange' && a?.kind === 'string' && b?.kind === 'string' && c !== undefined) {
      const low = parseInt(a.bytes.toString('hex') || '0', 16);
      const high = Math.min(parseInt(b.bytes.toString('hex') || '0', 16), low + 0xffff);
      for (let code = low; code <= high; code++) {
        const key = code.toString(16).padStart(a.bytes.length * 2, '0');
        if (c.kind === 'array') { const item = c.items[code - low]; if (item?.kind === 'string') unicode.set(key, utf16(item.bytes)); }
        else if (c.kind === 'string' && c.bytes.length > 0) {
          // The destination's last byte counts up with the code.
          const dest = Buffer.from(c.bytes);
          const last = dest.length - 1;
          const carried = (dest[last] ?? 0) + code - low;
          dest[last] = carried & 0xff;
          if (last > 0) dest[last - 1] = ((dest[last - 1] ?? 0) + (carried >> 8)) & 0xff;
          unicode.set(key, utf16(dest));
        }
      }
      operands = [];
    } else if (operands.length >= 3) operands = [];
  }
  return { unicode, lengths: [...lengths].sort((x, y) => x - y) };
}

function fontReader(objects: Objects, font: PdfValue | undefined): FontReader {
  const subtype = nameOf(entry(objects, font, 'Subtype'));
  const width = subtype === 'Type0' ? 2 : 1;
  const latin = width === 1 && subtype !== 'Type3';
  const stream = findStream(objects, font, 'ToUnicode');
  if (stream === undefined || stream.length === 0) return { width, latin };
  const cmap = readCMap(stream);
  return { width, latin, ...cmap, ...(cmap.lengths?.length === 0 ? { lengths: [width] } : {}) };
}

/** The stream of a dictionary's entry that refers to a stream object. */
function findStream(objects: Objects, dict: PdfValue | undefined, key: string): Buffer | undefined {
  const d = resolve(objects, dict);
  const ref = d?.kind === 'dict' ? d.entries.get(key) : undefined;
  return ref?.kind === 'ref' ? objects.get(ref.id)?.stream : undefined;
}

/** A text string of the file (/ActualText): UTF-16BE after its byte order mark, else PDFDocEncoding (as Latin-1). */
const textString = (bytes: Buffer): string => (bytes[0] === 0xfe && bytes[1] === 0xff ? utf16(bytes.subarray(2)) : bytes.toString('latin1'));

/** Ligature characters (ﬀ, ﬁ, ﬂ…), which a ToUnicode map may give for a ligature's glyph, as their letters. */
const unligature = (text: string): string => text.replace(/[\ufb00-\ufb06]/g, (c) => c.normalize('NFKC'));

// Windows-1252's printable 0x80–0x9f, which simple fonts' WinAnsiEncoding shows there.
const WIN_ANSI: Record<number, string> = { 0x80: '€', 0x85: '…', 0x91: '‘', 0x92: '’', 0x93: '“', 0x94: '”', 0x95: '•', 0x96: '–', 0x97: '—', 0x99: '™' };

const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));
/** The CMap's key of the `length` bytes at `at`: their hex digits. */
const hexAt = (bytes: Buffer, at: number, length: number): string => {
  let key = '';
  for (let k = at; k < at + length && k < bytes.length; k++) key += HEX[bytes[k] ?? 0] ?? '';
  return key;
};
const latin = (byte: number): string => WIN_ANSI[byte] ?? String.fromCharCode(byte);

/** A shown string's text, and how many of its codes had none. */
function decode(reader: FontReader, bytes: Buffer): { text: string; unread: number } {
  const map = reader.unicode;
  if (map === undefined) {
    if (!reader.latin) return { text: '', unread: Math.ceil(bytes.length / reader.width) };
    // Control codes are a symbol font's own glyph numbers (pdfTeX's bullet is 0x0f): not text.
    let unread = 0;
    // eslint-disable-next-line no-control-regex -- exactly the control codes are meant
    const text = bytes.toString('latin1').replace(/[\x00-\x1f\x7f]/g, () => { unread++; return ''; }).replace(/[\x80-\x9f]/g, (c) => latin(c.charCodeAt(0)));
    return { text, unread };
  }
  const lengths = reader.lengths ?? [reader.width];
  let text = '';
  let unread = 0;
  for (let i = 0; i < bytes.length;) {
    let length: number = reader.width;
    let mapped: string | undefined;
    for (const n of lengths) {
      mapped = map.get(hexAt(bytes, i, n));
      if (mapped !== undefined) { length = n; break; }
    }
    if (mapped !== undefined) text += unligature(mapped);
    else if (reader.latin) text += latin(bytes[i] ?? 0);
    else unread++;
    i += length;
  }
  return { text, unread };
}

/** What a page's content drew as text: its lines, and the codes shown with no text behind them. */
interface PageText { lines: string[]; unread: number }

class TextCollector {
  readonly page: PageText = { lines: [], unread: 0 };
  private line: string[] = [];
  private baseline: number | undefined;

  /** Text drawn at the origin of `trm` (text space to device), `height` its font's height there. */
  show(text: string, trm: Matrix, height: number): void {
    const y = trm[5];
    if (this.baseline !== undefined && Math.abs(y - this.baseline) > Math.max(0.5, height / 2)) this.endLine();
    this.baseline = y;
    this.line.push(text);
  }

  gap(): void { if (this.line.length > 0 && !this.line.at(-1)?.endsWith(' ')) this.line.push(' '); }

  endLine(): void {
    const line = this.line.join('').replace(/\s+/g, ' ').trim();
    if (line !== '') this.page.lines.push(line);
    this.line = [];
  }
}

interface Graphics { ctm: Matrix; font: FontReader; size: number; tm: Matrix; tlm: Matrix; leading: number; rise: number; scale: number }

/** Runs a content stream's operators, collecting the text they show; form XObjects run in turn. */
function runContent(objects: Objects, content: Buffer, resources: PdfValue | undefined, ctm: Matrix, out: TextCollector, fonts: Map<PdfValue, FontReader>, depth: number): void {
  const lexer = new PdfLexer(content);
  const stack: Graphics[] = [];
  let g: Graphics = { ctm, font: { width: 1, latin: true }, size: 12, tm: IDENTITY, tlm: IDENTITY, leading: 0, rise: 0, scale: 1 };
  let operands: PdfValue[] = [];
  // Marked content (BDC … EMC) may carry the text it draws as /ActualText: Chromium's ligatures.
  const marked: Array<{ actual?: string; said: boolean }> = [];
  const num = (i: number): number => { const v = operands[i]; return v?.kind === 'number' ? v.value : 0; };
  const moveTo = (tx: number, ty: number): void => { g.tlm = multiply([1, 0, 0, 1, tx, ty], g.tlm); g.tm = g.tlm; };
  const show = (strings: PdfValue[]): void => {
    for (const item of strings) {
      // A move right of more than 0.15 em between two strings is a space (pdfTeX's are 0.25 em).
      if (item.kind === 'number') { if (item.value < -150) out.gap(); continue; }
      if (item.kind !== 'string') continue;
      const trm = multiply([g.size * g.scale, 0, 0, g.size, 0, g.rise], multiply(g.tm, g.ctm));
      const actual = marked.findLast((m) => m.actual !== undefined);
      if (actual) {
        if (!actual.said) out.show(actual.actual ?? '', trm, Math.hypot(trm[2], trm[3]));
        actual.said = true;
        continue;
      }
      const { text, unread } = decode(g.font, item.bytes);
      out.page.unread += unread;
      out.show(text, trm, Math.hypot(trm[2], trm[3]));
    }
  };
  for (let t = lexer.next(); t !== undefined; t = lexer.next()) {
    if (t.kind !== 'keyword') { const v = readValue(lexer, t); if (v) operands.push(v); continue; }
    switch (t.value) {
      case 'q': stack.push({ ...g }); break;
      case 'Q': g = stack.pop() ?? g; break;
      case 'cm': g.ctm = multiply([num(0), num(1), num(2), num(3), num(4), num(5)], g.ctm); break;
      case 'BT': g.tm = IDENTITY; g.tlm = IDENTITY; break;
      case 'Tf': {
        const font = entry(objects, entry(objects, resources, 'Font'), nameOf(operands[0]) ?? '');
        const reader = (font && fonts.get(font)) ?? fontReader(objects, font);
        if (font) fonts.set(font, reader);
        g.font = reader;
        g.size = num(1);
        break;
      }
      case 'TL': g.leading = num(0); break;
      case 'Tz': g.scale = num(0) / 100; break;
      case 'Ts': g.rise = num(0); break;
      case 'Td': moveTo(num(0), num(1)); break;
      case 'TD': g.leading = -num(1); moveTo(num(0), num(1)); break;
      case 'Tm': g.tlm = [num(0), num(1), num(2), num(3), num(4), num(5)]; g.tm = g.tlm; break;
      case 'T*': moveTo(0, -g.leading); break;
      case 'Tj': show(operands.slice(0, 1)); break;
      case 'TJ': { const a = operands[0]; if (a?.kind === 'array') show(a.items); break; }
      case "'": moveTo(0, -g.leading); show(operands.slice(0, 1)); break;
      case '"': moveTo(0, -g.leading); show(operands.slice(2, 3)); break;
      case 'ID': lexer.skipInlineImage(); break;
      case 'BMC': marked.push({ said: false }); break;
      case 'BDC': {
        const properties = operands[1]?.kind === 'name' ? entry(objects, entry(objects, resources, 'Properties'), operands[1].value) : resolve(objects, operands[1]);
        const actual = entry(objects, properties, 'ActualText');
        marked.push({ said: false, ...(actual?.kind === 'string' ? { actual: textString(actual.bytes) } : {}) });
        break;
      }
      case 'EMC': marked.pop(); break;
      case 'Do': {
        const name = nameOf(operands[0]) ?? '';
        const ref = resolve(objects, entry(objects, resources, 'XObject'));
        const target = ref?.kind === 'dict' ? ref.entries.get(name) : undefined;
        const form = target?.kind === 'ref' ? objects.get(target.id) : undefined;
        if (form?.stream && depth < 8 && nameOf(entry(objects, form.value, 'Subtype')) === 'Form') {
          const m = entry(objects, form.value, 'Matrix');
          const [a = 1, b = 0, c = 0, d = 1, e = 0, f = 0] = m?.kind === 'array' ? m.items.map((v) => (v.kind === 'number' ? v.value : 0)) : [];
          const matrix: Matrix = [a, b, c, d, e, f];
          runContent(objects, form.stream, entry(objects, form.value, 'Resources') ?? resources, multiply(matrix, g.ctm), out, fonts, depth + 1);
        }
        break;
      }
      default: break;
    }
    operands = [];
  }
}

/** The page dictionaries in reading order, each with the resources it has or inherits. */
function pageList(objects: Objects): Array<{ page: PdfValue; resources: PdfValue | undefined }> {
  const catalog = [...objects.values()].find((o) => nameOf(entry(objects, o.value, 'Type')) === 'Catalog');
  const pages: Array<{ page: PdfValue; resources: PdfValue | undefined }> = [];
  const walk = (node: PdfValue | undefined, inherited: PdfValue | undefined, depth: number): void => {
    const resources = entry(objects, node, 'Resources') ?? inherited;
    const type = nameOf(entry(objects, node, 'Type'));
    if (node === undefined || depth > 32) return;
    if (type === 'Pages') {
      const kids = entry(objects, node, 'Kids');
      for (const kid of kids?.kind === 'array' ? kids.items : []) walk(resolve(objects, kid), resources, depth + 1);
    } else if (type === 'Page') pages.push({ page: node, resources });
  };
  walk(entry(objects, catalog?.value, 'Pages'), undefined, 0);
  return pages;
}

/** The page's content streams, one or an array of them, joined. */
function pageContent(objects: Objects, page: PdfValue): Buffer {
  const d = resolve(objects, page);
  const contents = d?.kind === 'dict' ? d.entries.get('Contents') : undefined;
  const list = contents?.kind === 'ref' && resolve(objects, contents)?.kind === 'array' ? resolve(objects, contents) : contents;
  const refs = list?.kind === 'array' ? list.items : list ? [list] : [];
  return Buffer.concat(refs.flatMap((r) => (r.kind === 'ref' ? [objects.get(r.id)?.stream ?? Buffer.alloc(0), Buffer.from('\n')] : [])));
}

export interface PdfText {
  /** Every page's text lines, up to `maxPages`. */
  pages: PageText[];
  pageCount: number;
}

/** The text of a PDF's pages (the first `maxPages` when given). */
export function pdfText(bytes: Buffer, maxPages?: number): PdfText {
  const objects = pdfObjects(bytes);
  const all = pageList(objects);
  const fonts = new Map<PdfValue, FontReader>();
  const pages = (maxPages === undefined ? all : all.slice(0, maxPages)).map(({ page, resources }) => {
    const out = new TextCollector();
    runContent(objects, pageContent(objects, page), resources, IDENTITY, out, fonts, 0);
    out.endLine();
    return out.page;
  });
  return { pages, pageCount: all.length };
}

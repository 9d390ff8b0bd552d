// Real conversions for the emulator's POST /v2/parse, enough for the demo and the tests: HTML to
// markdown, CSV to a table, a PDF's text layer (page by page), a DOCX's paragraphs and an XLSX's
// first sheet (both read from their zip). The tests write their own files (./document-files.ts);
// no binary fixture is committed. Not a general converter: the service's is the real one.
import { inflateRawSync, inflateSync } from 'node:zlib';

export interface Converted {
  markdown: string;
  /** Each page's markdown, for a PDF. */
  pages?: Array<{ pageNumber: number; markdown: string }>;
  title?: string;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+|#39);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** HTML to markdown: headings, paragraphs, links, list items, emphasis; every other tag dropped. */
export function htmlToMarkdown(html: string): Converted {
  const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html)?.[1];
  let text = html
    .replace(/<(script|style|head|noscript)[^>]*>[\s\S]*?<\/\1>/gi, '')
    .replace(/<!--[\s\S]*?-->/g, '');
  text = text
    .replace(/<h([1-6])[^>]*>([\s\S]*?)<\/h\1>/gi, (_w, level: string, inner: string) => `\n\n${'#'.repeat(Number(level))} ${inline(inner)}\n\n`)
    .replace(/<li[^>]*>([\s\S]*?)<\/li>/gi, (_w, inner: string) => `\n- ${inline(inner)}`)
    .replace(/<(p|div|section|article|ul|ol|table|tr|blockquote)[^>]*>/gi, '\n\n')
    .replace(/<br\s*\/?>/gi, '\n');
  const markdown = decodeEntities(inline(text, true)).replace(/[ \t]+\n/g, '\n').replace(/\n{3,}/g, '\n\n').trim();
  return { markdown: `${markdown}\n`, ...(title ? { title: decodeEntities(title.trim()) } : {}) };
}

function inline(html: string, keepLines = false): string {
  const out = html
    .replace(/<a\s[^>]*href\s*=\s*"([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_w, href: string, label: string) => `[${label.replace(/<[^>]+>/g, '').trim()}](${href})`)
    .replace(/<(strong|b)>([\s\S]*?)<\/\1>/gi, '**$2**')
    .replace(/<(em|i)>([\s\S]*?)<\/\1>/gi, '*$2*')
    .replace(/<[^>]+>/g, '');
  return keepLines ? out : out.replace(/\s+/g, ' ').trim();
}

/** CSV (RFC 4180: quotes, doubled quotes, line breaks in quotes) to rows of cells. */
export function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charAt(i);
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { cell += '"'; i++; }
      else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') { row.push(cell); cell = ''; }
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(cell); rows.push(row); row = []; cell = '';
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) { row.push(cell); rows.push(row); }
  return rows.filter((r) => r.some((v) => v.trim() !== ''));
}

/** Rows as a markdown table, the first row its header. */
export function markdownTable(rows: readonly string[][]): string {
  const width = rows.reduce((most, r) => Math.max(most, r.length), 1);
  const line = (r: readonly string[]): string => `| ${Array.from({ length: width }, (_, i) => (r[i] ?? '').replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ').trim()).join(' | ')} |`;
  const [head = [], ...body] = rows;
  return [line(head), `|${' --- |'.repeat(width)}`, ...body.map(line)].join('\n') + '\n';
}

export function csvToMarkdown(text: string): Converted {
  return { markdown: markdownTable(csvRows(text.replace(/^\uFEFF/, ''))) };
}

// --- PDF: objects, the page tree, each page's content stream, the strings its text operators show.

interface PdfObject { dict: string; stream?: Buffer }

function pdfObjects(bytes: Buffer): Map<number, PdfObject> {
  const text = bytes.toString('latin1');
  const objects = new Map<number, PdfObject>();
  const head = /(\d+)\s+0\s+obj\b/g;
  for (let m = head.exec(text); m; m = head.exec(text)) {
    const start = m.index + m[0].length;
    const end = text.indexOf('endobj', start);
    if (end < 0) break;
    const body = text.slice(start, end);
    const at = body.indexOf('stream');
    if (at >= 0 && body.slice(0, at).includes('<<')) {
      let from = start + at + 'stream'.length;
      if (text[from] === '\r') from++;
      if (text[from] === '\n') from++;
      const stop = text.lastIndexOf('endstream', end);
      const dict = body.slice(0, at);
      const raw = bytes.subarray(from, stop).subarray(0, Number(/\/Length\s+(\d+)/.exec(dict)?.[1] ?? stop - from));
      let stream = raw;
      if (/\/FlateDecode/.test(dict)) {
        try { stream = inflateSync(raw); } catch { stream = Buffer.alloc(0); }
      }
      objects.set(Number(m[1]), { dict, stream });
    } else objects.set(Number(m[1]), { dict: body });
    head.lastIndex = end;
  }
  return objects;
}

const refs = (text: string): number[] => [...text.matchAll(/(\d+)\s+0\s+R/g)].map((m) => Number(m[1]));

/** The page objects in reading order, from the catalog's page tree. */
function pdfPages(objects: Map<number, PdfObject>): PdfObject[] {
  const catalog = [...objects.values()].find((o) => /\/Type\s*\/Catalog/.test(o.dict));
  const root = catalog ? refs(/\/Pages\s+(\d+\s+0\s+R)/.exec(catalog.dict)?.[1] ?? '')[0] : undefined;
  const pages: PdfObject[] = [];
  const walk = (id: number | undefined, depth: number): void => {
    const node = id === undefined ? undefined : objects.get(id);
    if (!node || depth > 32) return;
    if (/\/Type\s*\/Pages\b/.test(node.dict)) for (const kid of refs(/\/Kids\s*\[([^\]]*)\]/.exec(node.dict)?.[1] ?? '')) walk(kid, depth + 1);
    else if (/\/Type\s*\/Page\b/.test(node.dict)) pages.push(node);
  };
  walk(root, 0);
  return pages;
}

function pdfString(literal: string): string {
  return literal.replace(/\\([nrtbf()\\]|[0-7]{1,3})/g, (_w, e: string) => {
    if (/^[0-7]+$/.test(e)) return String.fromCharCode(parseInt(e, 8));
    return ({ n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' } as Record<string, string>)[e] ?? e;
  });
}

/** A content stream's text: each Tj / TJ / ' string, a line break at each T* , Td, TD or ' . */
function pageText(content: string): string {
  const lines: string[] = [];
  let line = '';
  const ops = /\((?:\\.|[^\\)])*\)\s*(?:Tj|')|\[((?:\((?:\\.|[^\\)])*\)|[^\]])*)\]\s*TJ|T\*|-?[\d.]+\s+-?[\d.]+\s+T[dD]|ET/g;
  for (const m of content.matchAll(ops)) {
    const op = m[0];
    if (op.endsWith('TJ')) line += [...(m[1] ?? '').matchAll(/\((?:\\.|[^\\)])*\)/g)].map((s) => pdfString(s[0].slice(1, -1))).join('');
    else if (op.endsWith('Tj') || op.endsWith("'")) {
      if (op.endsWith("'")) { lines.push(line); line = ''; }
      line += pdfString(op.slice(op.indexOf('(') + 1, op.lastIndexOf(')')));
    } else if (line !== '') { lines.push(line); line = ''; }
  }
  if (line !== '') lines.push(line);
  return lines.map((l) => l.trim()).filter((l) => l !== '').join('\n\n');
}

/** A PDF's text layer, page by page; an empty page list when it is not a PDF one can read. */
export function pdfToMarkdown(bytes: Buffer, maxPages?: number): Converted & { pageCount: number } {
  const objects = pdfObjects(bytes);
  const all = pdfPages(objects);
  const read = maxPages === undefined ? all : all.slice(0, maxPages);
  const pages = read.map((page, index) => {
    const contents = refs(/\/Contents\s+(\[[^\]]*\]|\d+\s+0\s+R)/.exec(page.dict)?.[1] ?? '');
    const text = contents.map((id) => objects.get(id)?.stream?.toString('latin1') ?? '').map(pageText).join('\n\n');
    return { pageNumber: index + 1, markdown: text === '' ? '' : `${text}\n` };
  });
  return { markdown: pages.map((p) => p.markdown).join('\n'), pages, pageCount: all.length };
}

// --- Zip (DOCX, XLSX): the central directory, each entry stored or deflated.

export function zipEntries(bytes: Buffer): Map<string, Buffer> {
  const entries = new Map<string, Buffer>();
  const end = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) return entries;
  const count = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  for (let i = 0; i < count && at + 46 <= bytes.length; i++) {
    if (bytes.readUInt32LE(at) !== 0x02014b50) break;
    const method = bytes.readUInt16LE(at + 10);
    const size = bytes.readUInt32LE(at + 20);
    const nameLength = bytes.readUInt16LE(at + 28);
    const extra = bytes.readUInt16LE(at + 30);
    const comment = bytes.readUInt16LE(at + 32);
    const local = bytes.readUInt32LE(at + 42);
    const name = bytes.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const dataAt = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    const data = bytes.subarray(dataAt, dataAt + size);
    try {
      entries.set(name, method === 8 ? inflateRawSync(data) : data);
    } catch {
      // A broken entry is as if absent.
    }
    at += 46 + nameLength + extra + comment;
  }
  return entries;
}

const xmlText = (xml: string): string => decodeEntities([...xml.matchAll(/<(?:w|a):t(?:\s[^>]*)?>([^<]*)<\/(?:w|a):t>|<t(?:\s[^>]*)?>([^<]*)<\/t>/g)].map((m) => m[1] ?? m[2] ?? '').join(''));

/** A DOCX's paragraphs, its Heading styles as markdown headings. */
export function docxToMarkdown(bytes: Buffer): Converted | undefined {
  const xml = zipEntries(bytes).get('word/document.xml')?.toString('utf8');
  if (xml === undefined) return undefined;
  const paragraphs = [...xml.matchAll(/<w:p[\s>][\s\S]*?<\/w:p>/g)].map((m) => {
    const text = xmlText(m[0]).trim();
    const level = /<w:pStyle\s+w:val="Heading([1-6])"/.exec(m[0])?.[1];
    return text === '' ? '' : level ? `${'#'.repeat(Number(level))} ${text}` : text;
  }).filter((p) => p !== '');
  return { markdown: `${paragraphs.join('\n\n')}\n` };
}

/** An XLSX's first sheet as a table (shared strings and inline values). */
export function xlsxToMarkdown(bytes: Buffer): Converted | undefined {
  const entries = zipEntries(bytes);
  const sheet = entries.get('xl/worksheets/sheet1.xml')?.toString('utf8');
  if (sheet === undefined) return undefined;
  const shared = [...(entries.get('xl/sharedStrings.xml')?.toString('utf8') ?? '').matchAll(/<si>([\s\S]*?)<\/si>/g)].map((m) => xmlText(m[1] ?? ''));
  const rows = [...sheet.matchAll(/<row[^>]*>([\s\S]*?)<\/row>/g)].map((row) => {
    const cells: string[] = [];
    for (const cell of (row[1] ?? '').matchAll(/<c\s+r="([A-Z]+)\d+"([^>]*)>([\s\S]*?)<\/c>/g)) {
      const letters = cell[1] ?? 'A';
      let column = 0;
      for (let i = 0; i < letters.length; i++) column = column * 26 + letters.charCodeAt(i) - 64;
      const value = /<v>([^<]*)<\/v>/.exec(cell[3] ?? '')?.[1] ?? xmlText(cell[3] ?? '');
      cells[column - 1] = /t="s"/.test(cell[2] ?? '') ? shared[Number(value)] ?? '' : decodeEntities(value);
    }
    return Array.from(cells, (c: string | undefined) => c ?? '');
  });
  return { markdown: markdownTable(rows) };
}

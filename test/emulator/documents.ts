// Real conversions for the emulator's POST /v2/parse, enough for the demo and the tests: HTML to
// markdown, CSV to a table, a PDF's text layer (page by page), a DOCX's paragraphs and an XLSX's
// first sheet (both read from their zip). The tests write their own files (./document-files.ts),
// beside one PDF printed by Chromium (test/unit/fixtures). Not a general converter: the service's
// is the real one.
import { inflateRawSync } from 'node:zlib';
import { pdfText, type PdfText } from './pdf-text';

export interface Converted {
  markdown: string;
  /** Each page's markdown, for a PDF. */
  pages?: Array<{ pageNumber: number; markdown: string }>;
  title?: string;
  /** What could not be read, as the service's `data.warning` says it. */
  warning?: string;
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

// --- PDF: the text of each page (./pdf-text.ts), and a warning for what could not be read.

/** A PDF's text layer, page by page, each line a paragraph; a warning names the pages with no readable text. */
export function pdfToMarkdown(bytes: Buffer, maxPages?: number): Converted & { pageCount: number } {
  const read = pdfText(bytes, maxPages);
  const pages = read.pages.map((page, index) => ({ pageNumber: index + 1, markdown: page.lines.length === 0 ? '' : `${page.lines.join('\n\n')}\n` }));
  const warning = read.pageCount === 0 ? 'No pages could be found in this PDF; its markdown is empty.' : pdfWarning(read.pages);
  return { markdown: pages.map((p) => p.markdown).join('\n'), pages, pageCount: read.pageCount, ...(warning ? { warning } : {}) };
}

/** What the service would warn of: pages with no text to read, characters with no Unicode. */
function pdfWarning(pages: PdfText['pages']): string | undefined {
  const empty = pages.flatMap((p, i) => (p.lines.length === 0 ? [i + 1] : []));
  const partial = pages.flatMap((p, i) => (p.lines.length > 0 && p.unread > 0 ? [i + 1] : []));
  const why = '(scanned images, or fonts without a Unicode map)';
  const parts: string[] = [];
  if (pages.length > 0 && empty.length === pages.length) parts.push(`No text could be read from this PDF ${why}; its markdown is empty.`);
  else if (empty.length > 0) parts.push(`No text could be read from page${empty.length > 1 ? 's' : ''} ${empty.join(', ')} ${why}.`);
  if (partial.length > 0) parts.push(`Some characters on page${partial.length > 1 ? 's' : ''} ${partial.join(', ')} could not be read (fonts without a Unicode map).`);
  return parts.length > 0 ? parts.join(' ') : undefined;
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

// Documents the tests write for themselves: a PDF with a text layer (one content stream per page,
// deflated or not, its dictionaries in an object stream or not), a DOCX and an XLSX (zips of the few XML
// parts a reader needs). Enough for the emulator's readers (./documents.ts) and for a real one.
import { deflateRawSync, deflateSync } from 'node:zlib';

const escapePdf = (text: string): string => text.replace(/[\\()]/g, (c) => `\\${c}`);

/**
 * A PDF of `pages`, each a list of lines drawn as text. `deflate`: its content streams compressed;
 * `objectStream`: as PDF 1.5 writers (pdfTeX) make it, its dictionaries packed in one object
 * stream and its cross-references a stream too.
 */
export function makePdf(pages: ReadonlyArray<readonly string[]>, options: { deflate?: boolean; objectStream?: boolean } = {}): Buffer {
  const objects: Array<string | Buffer> = [];
  const add = (body: string | Buffer): number => objects.push(body);
  const catalog = add('');
  const tree = add('');
  const font = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  const kids: number[] = [];
  for (const lines of pages) {
    const text = `BT /F1 12 Tf 72 720 Td 14 TL\n${lines.map((line) => `(${escapePdf(line)}) Tj T*`).join('\n')}\nET`;
    const data = options.deflate === true ? deflateSync(Buffer.from(text, 'latin1')) : Buffer.from(text, 'latin1');
    const content = add(Buffer.concat([Buffer.from(`<< /Length ${data.length}${options.deflate === true ? ' /Filter /FlateDecode' : ''} >>\nstream\n`, 'latin1'), data, Buffer.from('\nendstream', 'latin1')]));
    kids.push(add(`<< /Type /Page /Parent ${tree} 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 ${font} 0 R >> >> /Contents ${content} 0 R >>`));
  }
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${tree} 0 R >>`;
  objects[tree - 1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`;
  if (options.objectStream === true) return packedPdf(objects, catalog);
  const chunks: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = chunks[0]?.length ?? 0;
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(offset);
    const chunk = Buffer.concat([Buffer.from(`${index + 1} 0 obj\n`, 'latin1'), typeof body === 'string' ? Buffer.from(body, 'latin1') : body, Buffer.from('\nendobj\n', 'latin1')]);
    chunks.push(chunk);
    offset += chunk.length;
  });
  const xref = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  chunks.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R >>\nstartxref\n${offset}\n%%EOF\n`, 'latin1'));
  return Buffer.concat(chunks);
}

/** The objects (numbered from 1) as a PDF 1.5 file: every dictionary in an object stream, the cross-references a stream. */
function packedPdf(objects: ReadonlyArray<string | Buffer>, root: number): Buffer {
  const packed = objects.flatMap((body, index) => (typeof body === 'string' ? [{ id: index + 1, body }] : []));
  let at = 0;
  const header = packed.map(({ id, body }) => { const pair = `${id} ${at}`; at += body.length + 1; return pair; }).join(' ');
  const data = deflateSync(Buffer.from(`${header}\n${packed.map((p) => `${p.body}\n`).join('')}`, 'latin1'));
  const streamId = objects.length + 1;
  const xrefId = objects.length + 2;
  const chunks: Buffer[] = [Buffer.from('%PDF-1.5\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = chunks[0]?.length ?? 0;
  const offsets = new Map<number, number>();
  const add = (id: number, body: Buffer): void => {
    offsets.set(id, offset);
    const chunk = Buffer.concat([Buffer.from(`${id} 0 obj\n`, 'latin1'), body, Buffer.from('\nendobj\n', 'latin1')]);
    chunks.push(chunk);
    offset += chunk.length;
  };
  const stream = (dict: string, bytes: Buffer): Buffer => Buffer.concat([Buffer.from(`<< ${dict} /Length ${bytes.length} >>\nstream\n`, 'latin1'), bytes, Buffer.from('\nendstream', 'latin1')]);
  objects.forEach((body, index) => { if (typeof body !== 'string') add(index + 1, body); });
  add(streamId, stream(`/Type /ObjStm /N ${packed.length} /First ${header.length + 1} /Filter /FlateDecode`, data));
  // Each entry: type (0 free, 1 at an offset, 2 in the object stream), then 4 bytes and 2 bytes.
  const xrefAt = offset;
  const entries = Buffer.alloc(7 * (xrefId + 1));
  const entry = (id: number, type: number, field: number, extra: number): void => { entries.writeUInt8(type, id * 7); entries.writeUInt32BE(field, id * 7 + 1); entries.writeUInt16BE(extra, id * 7 + 5); };
  entry(0, 0, 0, 0xffff);
  packed.forEach(({ id }, index) => entry(id, 2, streamId, index));
  for (const [id, at2] of offsets) entry(id, 1, at2, 0);
  entry(xrefId, 1, xrefAt, 0);
  add(xrefId, stream(`/Type /XRef /Size ${xrefId + 1} /W [1 4 2] /Root ${root} 0 R`, entries));
  chunks.push(Buffer.from(`startxref\n${xrefAt}\n%%EOF\n`, 'latin1'));
  return Buffer.concat(chunks);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** A zip of the given files, deflated. */
export function makeZip(files: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(files)) {
    const raw = Buffer.from(text, 'utf8');
    const data = deflateRawSync(raw);
    const nameBytes = Buffer.from(name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0); local.writeUInt16LE(20, 4); local.writeUInt16LE(0x0800, 6); local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc32(raw), 14); local.writeUInt32LE(data.length, 18); local.writeUInt32LE(raw.length, 22); local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0); central.writeUInt16LE(20, 4); central.writeUInt16LE(20, 6); central.writeUInt16LE(0x0800, 8); central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc32(raw), 16); central.writeUInt32LE(data.length, 20); central.writeUInt32LE(raw.length, 24); central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  const count = Object.keys(files).length;
  end.writeUInt32LE(0x06054b50, 0); end.writeUInt16LE(count, 8); end.writeUInt16LE(count, 10); end.writeUInt32LE(directory.length, 12); end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const xml = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A DOCX whose paragraphs are `paragraphs`; one starting with "# " is a Heading 1. */
export function makeDocx(paragraphs: readonly string[]): Buffer {
  const body = paragraphs.map((p) => (p.startsWith('# ')
    ? `<w:p><w:pPr><w:pStyle w:val="Heading1"/></w:pPr><w:r><w:t>${xml(p.slice(2))}</w:t></w:r></w:p>`
    : `<w:p><w:r><w:t xml:space="preserve">${xml(p)}</w:t></w:r></w:p>`)).join('');
  return makeZip({
    '[Content_Types].xml': '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    'word/document.xml': `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
  });
}

/** An XLSX whose first sheet holds `rows` (text in shared strings). */
export function makeXlsx(rows: ReadonlyArray<readonly string[]>): Buffer {
  const strings: string[] = [];
  const index = (text: string): number => {
    const at = strings.indexOf(text);
    return at >= 0 ? at : strings.push(text) - 1;
  };
  const column = (n: number): string => (n < 26 ? String.fromCharCode(65 + n) : column(Math.floor(n / 26) - 1) + String.fromCharCode(65 + (n % 26)));
  const sheetRows = rows.map((row, r) => `<row r="${r + 1}">${row.map((cell, c) => `<c r="${column(c)}${r + 1}" t="s"><v>${index(cell)}</v></c>`).join('')}</row>`).join('');
  return makeZip({
    '[Content_Types].xml': '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/></Types>',
    'xl/workbook.xml': '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheets><sheet name="Sheet1" sheetId="1"/></sheets></workbook>',
    'xl/sharedStrings.xml': `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${strings.map((s) => `<si><t>${xml(s)}</t></si>`).join('')}</sst>`,
    'xl/worksheets/sheet1.xml': `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${sheetRows}</sheetData></worksheet>`,
  });
}

// POST /v2/parse: a multipart/form-data upload (`file`, and `options` as JSON text of ParseOptions)
// turned into markdown by ./documents.ts, in the shapes of the service's published v2 OpenAPI: 200
// with `data.markdown` (and `data.pages` for a PDF parsed with `pages`), 400 `{success:false, code,
// error}` for a request it cannot read or a file it does not take; `data.warning` (the published
// ScrapeResponse's) says what of the file could not be read, never an empty answer in silence.
// The price is the emulator's own (the service publishes none): a credit a PDF page read, one for
// any other file.
import { csvToMarkdown, docxToMarkdown, htmlToMarkdown, pdfToMarkdown, xlsxToMarkdown, type Converted } from './documents';
import type { Answer } from './routes';

export const PARSE_EXTENSIONS = ['html', 'htm', 'xhtml', 'pdf', 'docx', 'doc', 'docm', 'odt', 'ods', 'odp', 'rtf', 'xlsx', 'xls', 'xlsm', 'xlsb', 'pptx', 'ppt', 'pptm', 'epub', 'csv'];
const OPTION_KEYS = new Set(['formats', 'onlyMainContent', 'includeTags', 'excludeTags', 'headers', 'timeout', 'parsers', 'skipTlsVerification', 'removeBase64Images', 'blockAds', 'redactPII', 'proxy', 'origin', 'integration', 'auditMetadata', 'zeroDataRetention']);

export interface FormPart {
  name: string;
  fileName?: string;
  contentType?: string;
  data: Buffer;
}

/** A file name as a browser writes it: %22, %0D and %0A back to what they stand for. */
function unquote(value: string): string {
  return value.replace(/%22/g, '"').replace(/%0D/g, '\r').replace(/%0A/g, '\n');
}

/** The parts of a multipart/form-data body; undefined when it is not one. */
export function readForm(contentType: string, body: Buffer): FormPart[] | undefined {
  const boundary = /^multipart\/form-data\s*;.*\bboundary=(?:"([^"]+)"|([^\s;]+))/i.exec(contentType);
  const mark = boundary?.[1] ?? boundary?.[2];
  if (mark === undefined) return undefined;
  const delimiter = Buffer.from(`--${mark}`);
  const parts: FormPart[] = [];
  let at = body.indexOf(delimiter);
  if (at < 0) return undefined;
  for (let guard = 0; guard < 1000; guard++) {
    const after = at + delimiter.length;
    if (body.subarray(after, after + 2).toString() === '--') return parts;
    const headEnd = body.indexOf('\r\n\r\n', after);
    if (headEnd < 0) return undefined;
    const next = body.indexOf(Buffer.from(`\r\n--${mark}`), headEnd + 4);
    if (next < 0) return undefined;
    const headers = body.subarray(after + 2, headEnd).toString('utf8').split('\r\n');
    const disposition = headers.find((h) => /^content-disposition:/i.test(h)) ?? '';
    const name = /\bname="([^"]*)"/i.exec(disposition)?.[1];
    const fileName = /\bfilename="([^"]*)"/i.exec(disposition)?.[1];
    const type = headers.find((h) => /^content-type:/i.test(h))?.replace(/^content-type:\s*/i, '');
    if (name === undefined) return undefined;
    parts.push({ name, ...(fileName !== undefined ? { fileName: unquote(fileName) } : {}), ...(type ? { contentType: type } : {}), data: body.subarray(headEnd + 4, next) });
    at = next + 2;
  }
  return undefined;
}

const fail = (status: number, code: string, error: string): Answer & { credits: number } => ({ status, body: { success: false, code, error }, credits: 0 });

/** What the upload was, for the tests: the file's name and size, the options as sent. */
export interface ParseSeen {
  fileName?: string;
  bytes: number;
  options?: unknown;
  fieldOrder: string[];
}

export function answerParse(contentType: string, body: Buffer): Answer & { credits: number; seen?: ParseSeen } {
  const form = readForm(contentType, body);
  if (!form) return fail(400, 'BAD_REQUEST', 'Invalid multipart request: send the file as multipart/form-data with a "file" part.');
  const file = form.find((p) => p.name === 'file');
  const optionsPart = form.find((p) => p.name === 'options');
  const seen: ParseSeen = { bytes: file?.data.length ?? 0, fieldOrder: form.map((p) => p.name), ...(file?.fileName !== undefined ? { fileName: file.fileName } : {}) };
  if (!file || file.fileName === undefined) return { ...fail(400, 'BAD_REQUEST', 'Invalid multipart request: the "file" part is missing.'), seen };
  let options: Record<string, unknown> = {};
  if (optionsPart) {
    try {
      const parsed: unknown = JSON.parse(optionsPart.data.toString('utf8'));
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object');
      options = parsed as Record<string, unknown>;
      seen.options = parsed;
    } catch {
      return { ...fail(400, 'BAD_REQUEST', 'Invalid multipart request: "options" is not a JSON object.'), seen };
    }
  }
  const unknown = Object.keys(options).filter((k) => !OPTION_KEYS.has(k));
  if (unknown.length > 0) return { ...fail(400, 'BAD_REQUEST', `Unrecognized key(s) in object: ${unknown.map((k) => `'${k}'`).join(', ')}`), seen };
  const extension = /\.([a-z0-9]+)$/i.exec(file.fileName)?.[1]?.toLowerCase() ?? '';
  if (!PARSE_EXTENSIONS.includes(extension)) {
    return { ...fail(400, 'UNSUPPORTED_FILE_TYPE', `Unsupported file type${extension ? ` ".${extension}"` : ''}. Supported: ${PARSE_EXTENSIONS.map((e) => `.${e}`).join(' ')}.`), seen };
  }
  if (file.data.length === 0) return { ...fail(400, 'BAD_REQUEST', 'The file is empty.'), seen };
  const pdf = Array.isArray(options.parsers) ? (options.parsers as unknown[]).find((p): p is Record<string, unknown> => typeof p === 'object' && p !== null && (p as { type?: unknown }).type === 'pdf') : undefined;
  const converted = convert(extension, file.data, typeof pdf?.maxPages === 'number' ? pdf.maxPages : undefined);
  if (!converted) return { ...fail(400, 'PARSE_FAILED', `The file could not be read as .${extension}.`), seen };
  const pageCount = converted.pages?.length ?? 0;
  const credits = extension === 'pdf' ? Math.max(1, pageCount) : 1;
  const data: Record<string, unknown> = {
    markdown: converted.markdown,
    ...(converted.warning !== undefined ? { warning: converted.warning } : {}),
    metadata: { ...(converted.title ? { title: converted.title } : {}), contentType: file.contentType ?? 'application/octet-stream', ...(extension === 'pdf' ? { numPages: pageCount } : {}), creditsUsed: credits },
  };
  if (converted.pages && pdf?.pages === true) data.pages = converted.pages;
  return { status: 200, body: { success: true, data }, credits, seen };
}

function convert(extension: string, data: Buffer, maxPages: number | undefined): Converted | undefined {
  switch (extension) {
    case 'html': case 'htm': case 'xhtml': return htmlToMarkdown(data.toString('utf8'));
    case 'csv': return csvToMarkdown(data.toString('utf8'));
    case 'pdf': {
      if (!data.subarray(0, 5).equals(Buffer.from('%PDF-'))) return undefined;
      return pdfToMarkdown(data, maxPages);
    }
    case 'docx': return docxToMarkdown(data);
    case 'xlsx': return xlsxToMarkdown(data);
    // The rest are taken as the service takes them; the emulator has no reader for them: their text, if any.
    // eslint-disable-next-line no-control-regex -- tabs and line breaks are the text's own
    default: return { markdown: `${data.toString('utf8').replace(/[^\x09\x0a\x0d\x20-\x7e\u00a0-\uffff]+/g, ' ').trim().slice(0, 100_000)}\n` };
  }
}

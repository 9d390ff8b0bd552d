// Checks the `options` part of POST /v2/parse before anything is sent, as the scrape's body is
// checked: every problem at once, each with its field. The fields are the service's published v2
// OpenAPI (ParseOptions); the client sends the few the editor sets and checks any it is given.
import { describe } from './domains';
import type { RequestProblem } from './request-types';
import type { Checked } from './scrape-request';

import { PDF_MODES, type PdfMode } from '../parse/pdf-modes';

export { PDF_MODES, type PdfMode };
/** The most pages a PDF parser reads, and the longest the service works on a parse (ms). */
export const MAX_PDF_PAGES = 10_000;
export const MAX_PARSE_TIMEOUT_MS = 300_000;
/** The service's own default timeout for a parse. */
export const DEFAULT_PARSE_TIMEOUT_MS = 30_000;

export interface PdfParser {
  type: 'pdf';
  mode?: PdfMode;
  maxPages?: number;
  /** Each page's markdown apart, in `data.pages`. */
  pages?: boolean;
}

export interface ParseOptions {
  formats?: Array<{ type: 'markdown' | 'summary' }>;
  onlyMainContent?: boolean;
  timeout?: number;
  parsers?: PdfParser[];
  zeroDataRetention?: boolean;
}

const FIELDS: readonly string[] = ['formats', 'onlyMainContent', 'timeout', 'parsers', 'zeroDataRetention'];
const PARSER_FIELDS: readonly string[] = ['type', 'mode', 'maxPages', 'pages'];

/** The options as they will be sent, or every problem found. */
export function validateParseOptions(options: unknown): Checked<ParseOptions> {
  const problems: RequestProblem[] = [];
  const add = (field: string, message: string): void => { problems.push({ field, message }); };
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    return { ok: false, problems: [{ field: 'options', message: `The parse options are an object; got ${describe(options)}.` }] };
  }
  const input = options as Record<string, unknown>;
  for (const key of Object.keys(input)) if (input[key] !== undefined && !FIELDS.includes(key)) add(key, `The editor sends no parse option called "${key}"; it sends ${FIELDS.join(', ')}.`);
  const body: ParseOptions = {};
  if (input.formats !== undefined) {
    const formats = Array.isArray(input.formats) ? input.formats : [];
    const types = formats.map((f: unknown) => (typeof f === 'string' ? f : typeof f === 'object' && f !== null ? (f as { type?: unknown }).type : undefined));
    if (!Array.isArray(input.formats) || types.length === 0 || types.some((t) => t !== 'markdown' && t !== 'summary')) add('formats', 'formats is a list of "markdown" and "summary".');
    else body.formats = [...new Set(types as Array<'markdown' | 'summary'>)].map((type) => ({ type }));
  }
  if (input.onlyMainContent !== undefined) {
    if (typeof input.onlyMainContent !== 'boolean') add('onlyMainContent', `onlyMainContent must be true or false; got ${describe(input.onlyMainContent)}.`);
    else body.onlyMainContent = input.onlyMainContent;
  }
  if (input.zeroDataRetention !== undefined) {
    if (typeof input.zeroDataRetention !== 'boolean') add('zeroDataRetention', `zeroDataRetention must be true or false; got ${describe(input.zeroDataRetention)}.`);
    else body.zeroDataRetention = input.zeroDataRetention;
  }
  if (input.timeout !== undefined) {
    const t = input.timeout;
    if (typeof t !== 'number' || !Number.isInteger(t) || t <= 0 || t > MAX_PARSE_TIMEOUT_MS) add('timeout', `The timeout is a whole number of milliseconds from 1 to ${MAX_PARSE_TIMEOUT_MS}; got ${typeof t === 'number' ? String(t) : describe(t)}.`);
    else body.timeout = t;
  }
  if (input.parsers !== undefined) {
    if (!Array.isArray(input.parsers)) add('parsers', `parsers is a list such as [{ type: "pdf", mode: "auto" }]; got ${describe(input.parsers)}.`);
    else body.parsers = input.parsers.flatMap((parser: unknown, index) => {
      const checked = checkPdfParser(parser, `parsers[${index}]`, add);
      return checked ? [checked] : [];
    });
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, body };
}

function checkPdfParser(value: unknown, at: string, add: (field: string, message: string) => void): PdfParser | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || (value as { type?: unknown }).type !== 'pdf') {
    add(at, 'A parser is { type: "pdf" } with its mode, maxPages and pages.');
    return undefined;
  }
  const input = value as Record<string, unknown>;
  const parser: PdfParser = { type: 'pdf' };
  for (const key of Object.keys(input)) if (!PARSER_FIELDS.includes(key)) add(`${at}.${key}`, `A PDF parser has no option called "${key}".`);
  if (input.mode !== undefined) {
    if (typeof input.mode !== 'string' || !(PDF_MODES as readonly string[]).includes(input.mode)) add(`${at}.mode`, `The PDF mode is "fast", "auto" or "ocr"; got ${describe(input.mode)}.`);
    else parser.mode = input.mode as PdfMode;
  }
  if (input.maxPages !== undefined) {
    const n = input.maxPages;
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > MAX_PDF_PAGES) add(`${at}.maxPages`, `maxPages is a whole number from 1 to ${MAX_PDF_PAGES}; got ${typeof n === 'number' ? String(n) : describe(n)}.`);
    else parser.maxPages = n;
  }
  if (input.pages !== undefined) {
    if (typeof input.pages !== 'boolean') add(`${at}.pages`, `pages must be true or false; got ${describe(input.pages)}.`);
    else parser.pages = input.pages;
  }
  return parser;
}

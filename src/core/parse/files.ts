// Which files the service's parse takes (issue 35), and which ones never leave the machine: the
// extensions the service lists, names that look like secrets, and files over the size setting.
// Plain data and checks; the words are the feature's. The path rules that need the file system
// (inside the workspace, links that lead out) are in ./paths.ts.

/** The service's supported extensions for POST /v2/parse, each with the content type it is sent as. */
const PARSE_CONTENT_TYPES: Readonly<Record<string, string>> = {
  html: 'text/html',
  htm: 'text/html',
  xhtml: 'application/xhtml+xml',
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  doc: 'application/msword',
  docm: 'application/vnd.ms-word.document.macroEnabled.12',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
  rtf: 'application/rtf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
  xlsm: 'application/vnd.ms-excel.sheet.macroEnabled.12',
  xlsb: 'application/vnd.ms-excel.sheet.binary.macroEnabled.12',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  ppt: 'application/vnd.ms-powerpoint',
  pptm: 'application/vnd.ms-powerpoint.presentation.macroEnabled.12',
  epub: 'application/epub+zip',
  csv: 'text/csv',
};

export const PARSE_EXTENSIONS: readonly string[] = Object.keys(PARSE_CONTENT_TYPES);

/** The extension of a file name, lower case, without its dot; '' when it has none. */
export function extensionOf(name: string): string {
  const base = baseName(name);
  const dot = base.lastIndexOf('.');
  return dot <= 0 ? '' : base.slice(dot + 1).toLowerCase();
}

/** The last part of a path, with either separator. */
export function baseName(path: string): string {
  const parts = path.split(/[\\/]/);
  return parts[parts.length - 1] ?? '';
}

export function isParseable(name: string): boolean {
  return Object.hasOwn(PARSE_CONTENT_TYPES, extensionOf(name));
}

/** The content type a file is uploaded as; undefined for an extension the service does not take. */
export function contentTypeOf(name: string): string | undefined {
  const extension = extensionOf(name);
  return Object.hasOwn(PARSE_CONTENT_TYPES, extension) ? PARSE_CONTENT_TYPES[extension] : undefined;
}

/**
 * Names that usually hold secrets: environment files, keys and certificates, credentials, SSH
 * identities, password stores. A document named so is never offered to the service by an agent,
 * whatever its extension (`credentials.xlsx`, `.env.csv`).
 */
const SECRET_NAMES: readonly RegExp[] = [
  /^\.env(\..*)?$/i,
  /\.env$/i,
  /\.(pem|key|p12|pfx|jks|keystore|kdbx|asc|gpg|ppk)$/i,
  /^id_/i,
  /credential/i,
  /secret/i,
  /password/i,
  /passwd/i,
  /^\.netrc$/i,
  /^\.npmrc$/i,
  /^\.pgpass$/i,
  /token/i,
  /private[-_.]?key/i,
];

/** Whether a file's name looks like it holds a secret (`.env`, `server.key`, `id_rsa`, `aws-credentials.csv`…). */
export function looksSecret(name: string): boolean {
  const base = baseName(name);
  return SECRET_NAMES.some((pattern) => pattern.test(base));
}

const DEFAULT_MAX_FILE_SIZE_MB = 50;
const MB = 1024 * 1024;

export type SizeCheck = { ok: true } | { ok: false; kind: 'empty' } | { ok: false; kind: 'too-large'; bytes: number; maxBytes: number };

/** A file of `bytes` against the size setting (in MB): an empty file or one over the limit is never sent. */
export function checkSize(bytes: number, maxFileSizeMB: number): SizeCheck {
  const maxBytes = Math.floor((Number.isFinite(maxFileSizeMB) && maxFileSizeMB > 0 ? maxFileSizeMB : DEFAULT_MAX_FILE_SIZE_MB) * MB);
  if (bytes <= 0) return { ok: false, kind: 'empty' };
  return bytes > maxBytes ? { ok: false, kind: 'too-large', bytes, maxBytes } : { ok: true };
}

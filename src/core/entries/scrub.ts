// Making a message general before it becomes a web search: what leaves the machine is the person's
// code and output, so whatever names them, their machine or their accounts goes, and what names the
// problem stays (the words of the message, the project's own quoted names, a file's base name).
// Removed rather than replaced by a placeholder word: a search engine reads "EMAIL" as a word to
// match. Patterns that scan a run of characters start only where such a run starts (a lookbehind),
// so no input makes them quadratic: the worst 4,000 characters (query.ts cuts longer text first)
// cost a few milliseconds (`npm run bench -- entries`).
// Plain text in, plain text out; no VS Code.

/** Who the person is on this machine, to take out of text: both optional (a browser host has neither). */
export interface ScrubContext {
  /** The home folder, e.g. /home/alice or C:\Users\alice. */
  homeDir?: string;
  /** The account name, e.g. alice. */
  userName?: string;
}

/* eslint-disable no-control-regex */
/** CSI sequences (colours, cursor moves), OSC sequences (titles, hyperlinks), and the two-character escapes. */
const ANSI = /\u001b\[[0-?]*[ -/]*[@-~]|\u009b[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|\u001b[@-Z\\-_]/g;
/** C0 and C1 controls but the line breaks (terminal text is read line by line), and DEL. */
const CONTROLS = /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;
/* eslint-enable no-control-regex */
/** Bidi embeddings, overrides and isolates, direction marks, zero-width characters (they hide or reorder text). */
const INVISIBLE = /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c\u200b-\u200d\u2060\ufeff]/g;

/** No escapes, no controls, no invisible characters; line breaks kept as \n. */
export function stripInvisible(text: string): string {
  return text.replace(ANSI, '').replace(/\r\n?|[\u0085\u2028\u2029]/g, '\n').replace(CONTROLS, ' ').replace(INVISIBLE, '');
}

/** One line, single spaces. */
export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

// Prompts at the start of a terminal line: `(venv) alice@box:~/proj$ `, `PS C:\src> `, `C:\src>`,
// `$ `, `# `, `% `, `> `, `❯ `, `λ `, `» `, Python's `>>> ` and `... `, oh-my-zsh's `➜  proj git:(main) ✗ `.
// Written as \u escapes: the bundles stay ASCII (test/unit/bundles.test.ts says why).
const PROMPTS = [
  /^\s*\([\w.-]+\)\s+/,
  /^\s*[\w.-]+@[\w.-]+(?::[^\s$#%>]*)?\s?[$#%>]\s*/,
  /^\s*\[[\w.-]+@[\w.-]+[^\]]*\]\s?[$#%>]\s*/,
  /^\s*PS [^>\n]*>\s*/,
  /^\s*[A-Za-z]:\\[^>\n]*>\s*/,
  /^\s*\u279c\s+\S+(?:\s+git:\([^)\n]*\))?(?:\s+\u2717)?\s*/,
  /^\s*(?:>>>|\.\.\.)\s/,
  /^\s*[$#%>\u276f\u03bb\u00bb]\s+/,
];

/** Each line without the shell prompt in front of it. */
export function stripPrompts(text: string): string {
  return text.split('\n').map((line) => {
    let rest = line;
    for (const prompt of PROMPTS) rest = rest.replace(prompt, '');
    return rest;
  }).join('\n');
}

const SECRET_NAMES = String.raw`(?:api[_-]?key|apikey|access[_-]?key|secret[_-]?key|access[_-]?token|auth[_-]?token|refresh[_-]?token|client[_-]?secret|private[_-]?key|token|secret|password|passwd|pwd)`;
/** `password=hunter2`, `"apiKey": "…"`, `token: abc`: the name stays, the value goes (type names in a TS message stay). */
const NAMED_SECRET = new RegExp(String.raw`\b(${SECRET_NAMES})(["']?\s*[:=]\s*)(["']?)(?!(?:string|number|boolean|undefined|null|any|unknown|never|object|true|false)\b)[^\s"',;&)}\]]+\3`, 'gi');
/** `Bearer eyJ…`, `Basic dXNlcjpw…`: the scheme stays; the value must look like one (a digit, or long). */
const AUTH_VALUE = /\b(Bearer|Basic|Token)\s+(?=[A-Za-z0-9._~+/=-]*\d|[A-Za-z0-9._~+/=-]{24})[A-Za-z0-9._~+/=-]{8,}/gi;
/** Keys with a known shape: OpenAI/Anthropic-style sk-, GitHub, GitLab, Slack, AWS, Google, npm, Stripe, JWTs. */
export const KNOWN_KEYS = /\b(?:sk-[A-Za-z0-9_-]{16,}|(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,}|glpat-[A-Za-z0-9_-]{16,}|xox[abposr]-[A-Za-z0-9-]{10,}|A(?:KIA|SIA)[0-9A-Z]{16}|AIza[0-9A-Za-z_-]{30,}|npm_[A-Za-z0-9]{30,}|(?:sk|pk|rk)_(?:live|test)_[A-Za-z0-9]{16,}|eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,})/g;
/** `scheme://user:password@host`: the credentials go, the address stays. */
const URL_CREDENTIALS = /(?<![a-z0-9+.-])([a-z][a-z0-9+.-]*:\/\/)[^\s/?#@'"]+@/gi;
/** A URL's query string and fragment, where tokens and session ids travel. */
const URL_QUERY = /(?<![a-z0-9+.-])([a-z][a-z0-9+.-]*:\/\/[^\s?#'"<>]+)[?#][^\s'"<>]*/gi;
const EMAIL = /(?<![A-Za-z0-9._%+-])[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}\b/g;
const IPV4 = /\b(?:25[0-5]|2[0-4]\d|1?\d?\d)(?:\.(?:25[0-5]|2[0-4]\d|1?\d?\d)){3}(?::\d{1,5})?\b/g;
/** Full and compressed IPv6 (with a digit somewhere, so `a::b` in code stays), and [v6]:port. */
const IPV6 = /\[?(?<![\w:])(?=[0-9a-f:]*\d)(?:[0-9a-f]{1,4}:){2,7}[0-9a-f]{1,4}(?![\w:])\]?(?::\d{1,5})?|\[?(?<![\w:])(?=[0-9a-f:]*\d)(?:[0-9a-f]{1,4}:){1,6}:(?:[0-9a-f]{1,4}(?::[0-9a-f]{1,4}){0,5})?(?![\w:])\]?(?::\d{1,5})?|(?<![\w:])::1(?![\w:])/gi;
const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;
/** Commit ids, object ids, digests: 16 hex digits or more (0x too); also long runs of digits. */
const LONG_HEX = /\b(?:0x)?[0-9a-f]{16,}\b|\b\d{16,}\b/gi;
/** A word that could be a key: long, letters and digits mixed, many different characters. */
const TOKEN_CANDIDATE = /[A-Za-z0-9_+/=-]{20,}/g;

export function looksLikeToken(word: string): boolean {
  const digits = word.replace(/\D/g, '').length;
  const letters = word.replace(/[^A-Za-z]/g, '').length;
  return digits >= 3 && letters >= 3 && new Set(word).size >= 12;
}

/** Absolute paths: POSIX (and ~/), Windows drive and UNC, file: URLs. The line:column after them is kept. */
const PATH = /(?<=^|[\s'"`([<{=,])(?:file:\/\/\/?|~(?=[/\\])|[A-Za-z]:(?=[\\/])|\\\\(?=\w))?(?:[/\\][^\s'"`()[\]<>{},:;/\\]*)+/g;
/** A path's base name worth keeping: a file with an extension. */
const FILE_NAME = /^[\w.+@-]+\.[A-Za-z][A-Za-z0-9]{0,7}$/;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Replaces the home folder (either slash, any case on Windows) with ~, so it is read as a path. */
function homeToTilde(text: string, homeDir: string | undefined): string {
  const home = homeDir?.replace(/[/\\]+$/, '');
  if (!home || home.length < 2) return text;
  const pattern = escapeRegExp(home).replace(/\\\\|\//g, String.raw`[/\\]`);
  return text.replace(new RegExp(`${pattern}(?=[/\\\\]|\\b|$)`, 'gi'), '~');
}

function pathReplacement(path: string, userName: string | undefined): string {
  const base = path.split(/[/\\]/).pop() ?? '';
  if (!FILE_NAME.test(base)) return '';
  if (userName && base.toLowerCase().includes(userName.toLowerCase())) return '';
  return base;
}

/** Quotes, brackets and separators left empty once what they held is gone: `''`, `()`, `, ,`. */
function tidy(text: string): string {
  return text
    // Twice: `'""'` is empty quotes inside empty quotes.
    .replace(/(['"`])\1/g, '')
    .replace(/(['"`])\1/g, '')
    .replace(/\(\s*\)|\[\s*\]|<\s*>|\{\s*\}/g, '')
    .replace(/[ \t]+([,.;:])(?=\s|$)/g, '$1')
    .replace(/([,;])(?:\s*[,;])+/g, '$1')
    .replace(/[ \t]{2,}/g, ' ');
}

/**
 * The message made general: credentials, keys and tokens, e-mail addresses, IP addresses, long hex
 * ids, absolute paths (a file's base name stays), the home folder and the user name removed.
 * Line breaks are kept; invisible characters and escapes are expected gone already.
 */
export function scrubMessage(text: string, context: ScrubContext = {}): string {
  const user = context.userName && context.userName.length >= 3 ? context.userName : undefined;
  let out = text
    .replace(URL_CREDENTIALS, '$1')
    .replace(URL_QUERY, '$1')
    .replace(KNOWN_KEYS, '')
    .replace(AUTH_VALUE, '$1')
    .replace(NAMED_SECRET, '$1')
    .replace(EMAIL, '')
    .replace(UUID, '')
    .replace(IPV6, '')
    .replace(IPV4, '')
    .replace(LONG_HEX, '');
  out = homeToTilde(out, context.homeDir);
  out = out.replace(PATH, (path) => pathReplacement(path, user));
  out = out.replace(TOKEN_CANDIDATE, (word) => (looksLikeToken(word) ? '' : word));
  if (user) out = out.replace(new RegExp(String.raw`(?<![\w.-])${escapeRegExp(user)}(?![\w-])`, 'gi'), '');
  return tidy(out);
}

// The emulator's stand-in for the code a browser session runs (issue 39). The service runs Node,
// Python or its browser command line inside its own browser; the emulator NEVER runs anything: it
// reads each line of the code against a handful of patterns over the demo corpus and answers any
// other line with a plain "unsupported in the emulator" on stderr. Pure: no I/O, no eval, no child
// process; a wait is returned as a number for the server to sleep on.

export type BrowserLanguage = 'node' | 'python' | 'bash';

/** The page the session's browser shows. */
export interface BrowserPage { url: string; title: string }

export interface Executed {
  stdout: string;
  stderr: string;
  exitCode: number | null;
  killed: boolean;
  error: string | null;
  /** The page after the run. */
  page: BrowserPage;
  /** How long the run takes on the wall clock (its waits), capped at its timeout. */
  waitMs: number;
}

/** What each language's lines may say, as a pattern and what it does. */
interface Step { kind: 'goto'; url: string }
type Line = Step | { kind: 'print-title' } | { kind: 'print-url' } | { kind: 'print'; text: string } | { kind: 'wait'; ms: number } | { kind: 'blank' };

const Q = String.raw`(?:'([^'\n]*)'|"([^"\n]*)")`;
const PATTERNS: Record<BrowserLanguage, Array<[RegExp, (m: RegExpExecArray) => Line]>> = {
  node: [
    [new RegExp(String.raw`^(?:await\s+)?page\.goto\(\s*${Q}\s*\);?$`), (m) => ({ kind: 'goto', url: m[1] ?? m[2] ?? '' })],
    [/^console\.log\(\s*await\s+page\.title\(\)\s*\);?$/, () => ({ kind: 'print-title' })],
    [/^console\.log\(\s*page\.url\(\)\s*\);?$/, () => ({ kind: 'print-url' })],
    [new RegExp(String.raw`^console\.log\(\s*${Q}\s*\);?$`), (m) => ({ kind: 'print', text: m[1] ?? m[2] ?? '' })],
    [/^(?:await\s+)?page\.waitForTimeout\(\s*(\d{1,7})\s*\);?$/, (m) => ({ kind: 'wait', ms: Number(m[1]) })],
  ],
  python: [
    [new RegExp(String.raw`^(?:await\s+)?page\.goto\(\s*${Q}\s*\)$`), (m) => ({ kind: 'goto', url: m[1] ?? m[2] ?? '' })],
    [/^print\(\s*(?:await\s+)?page\.title\(\)\s*\)$/, () => ({ kind: 'print-title' })],
    [/^print\(\s*page\.url\s*\)$/, () => ({ kind: 'print-url' })],
    [new RegExp(String.raw`^print\(\s*${Q}\s*\)$`), (m) => ({ kind: 'print', text: m[1] ?? m[2] ?? '' })],
    [/^(?:await\s+)?page\.wait_for_timeout\(\s*(\d{1,7})\s*\)$/, (m) => ({ kind: 'wait', ms: Number(m[1]) })],
  ],
  // The service's browser command line, as its docs show it.
  bash: [
    [/^agent-browser\s+open\s+(\S+)$/, (m) => ({ kind: 'goto', url: m[1] ?? '' })],
    [/^agent-browser\s+get\s+title$/, () => ({ kind: 'print-title' })],
    [/^agent-browser\s+get\s+url$/, () => ({ kind: 'print-url' })],
    [new RegExp(String.raw`^echo\s+${Q}$`), (m) => ({ kind: 'print', text: m[1] ?? m[2] ?? '' })],
    [/^sleep\s+(\d{1,4})$/, (m) => ({ kind: 'wait', ms: Number(m[1]) * 1000 })],
  ],
};

/** What the emulator says of a line it does not understand. */
export const UNSUPPORTED = 'Unsupported in the emulator';

function readLine(language: BrowserLanguage, text: string): Line | undefined {
  const line = text.trim();
  if (line === '' || line.startsWith('//') || line.startsWith('#')) return { kind: 'blank' };
  for (const [pattern, make] of PATTERNS[language]) {
    const m = pattern.exec(line);
    if (m) return make(m);
  }
  return undefined;
}

/** The page at an address, as the emulator's web answers it; undefined for an address it cannot open. */
export type OpenPage = (url: string) => BrowserPage | undefined;

/**
 * Runs `code` against the session's page, line by line, never executing it: the first line outside
 * the subset stops the run with exit code 1 and says which line, so a person sees why.
 */
export function execute(code: string, language: BrowserLanguage, timeoutS: number, page: BrowserPage, open: OpenPage): Executed {
  const out: string[] = [];
  let current = page;
  let waitMs = 0;
  const budget = timeoutS * 1000;
  const lines = code.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = readLine(language, lines[i] ?? '');
    if (line === undefined) {
      const stderr = `${UNSUPPORTED}: line ${i + 1} (${language}) is not in the small set of steps the emulator understands; nothing was run on this machine.\n`;
      return { stdout: out.join(''), stderr, exitCode: 1, killed: false, error: `${UNSUPPORTED}: line ${i + 1}.`, page: current, waitMs };
    }
    if (line.kind === 'wait') {
      waitMs += line.ms;
      if (waitMs > budget) return { stdout: out.join(''), stderr: '', exitCode: null, killed: true, error: `Execution timed out after ${timeoutS}s.`, page: current, waitMs: budget };
    } else if (line.kind === 'goto') {
      const next = open(line.url);
      if (next === undefined) {
        return { stdout: out.join(''), stderr: `page.goto: cannot open ${JSON.stringify(line.url)}\n`, exitCode: 1, killed: false, error: null, page: current, waitMs };
      }
      current = next;
    } else if (line.kind === 'print-title') out.push(`${current.title}\n`);
    else if (line.kind === 'print-url') out.push(`${current.url}\n`);
    else if (line.kind === 'print') out.push(`${line.text}\n`);
  }
  return { stdout: out.join(''), stderr: '', exitCode: 0, killed: false, error: null, page: current, waitMs };
}

// The query each entry puts in the box: from an editor selection, a problem (a diagnostic), or the
// terminal's selection. The box shows it before anything is sent, so this is where the person's
// text is cleaned: scrubbed before it is shown, not after. Pure; the features pass in plain values.
import { QUERY_MAX_LENGTH } from '../search/query-input';
import { collapseWhitespace, scrubMessage, stripInvisible, stripPrompts, type ScrubContext } from './scrub';

export type { ScrubContext } from './scrub';

export interface EntryQuery {
  /** One line, at most QUERY_MAX_LENGTH UTF-16 units; '' when nothing usable was left. */
  query: string;
  /** True when the text was longer than the limit and was cut at a word boundary. */
  cut: boolean;
}

/** Text this long is cut before scrubbing (at a space, so no half key is left): the limit is far below. */
const SCRUB_BOUND = QUERY_MAX_LENGTH * 8;

/**
 * Cuts at the last space within `max` UTF-16 units; a single word longer than that is cut at `max`
 * (never inside a surrogate pair). Trailing punctuation a cut leaves dangling goes too.
 */
export function cutAtWord(text: string, max: number = QUERY_MAX_LENGTH): EntryQuery {
  if (text.length <= max) return { query: text, cut: false };
  const space = text.lastIndexOf(' ', max);
  let end = space > max / 2 ? space : max;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  return { query: text.slice(0, end).replace(/[\s,;:(\-[{]+$/, ''), cut: true };
}

/** Very long text cut at a space (or not at all when it has none), before the heavier work. */
function bound(text: string): string {
  if (text.length <= SCRUB_BOUND) return text;
  const space = text.slice(0, SCRUB_BOUND).search(/\s\S*$/);
  return space > 0 ? text.slice(0, space) : '';
}

function finish(text: string, wasLonger: boolean): EntryQuery {
  const cut = cutAtWord(collapseWhitespace(text));
  return { query: cut.query, cut: cut.cut || wasLonger };
}

/**
 * An editor selection: the person chose this text, so it is kept as it is (an id or an address
 * they selected is what they mean to search); only invisible characters go and whitespace collapses.
 */
export function selectionQuery(text: string): EntryQuery {
  return finish(stripInvisible(text), false);
}

/** What a diagnostic gives: VS Code's Diagnostic reduced to plain values by the feature. */
export interface ProblemText {
  message: string;
  /** `ts`, `eslint`, `Pylance`, `rustc`… */
  source?: string;
  /** `2322`, `no-unused-vars`, `E0308`: a code object's value. */
  code?: string | number;
}

/** The words in front of the message: source and code, `ts 2322`, `eslint no-unused-vars`. */
function problemPrefix(parts: ReadonlyArray<string | number | undefined>, context: ScrubContext): string {
  const words: string[] = [];
  for (const part of parts) {
    if (part === undefined) continue;
    const word = collapseWhitespace(scrubMessage(stripInvisible(String(part)), context)).slice(0, 60);
    if (word !== '' && !words.some((w) => w.toLowerCase() === word.toLowerCase())) words.push(word);
  }
  return words.join(' ');
}

/** A problem: `<source> <code> <message made general>`. */
export function problemQuery(problem: ProblemText, context: ScrubContext = {}): EntryQuery {
  const bounded = bound(problem.message);
  const message = scrubMessage(stripInvisible(bounded), context);
  const body = collapseWhitespace(message);
  // A message that starts with its code ("E0308: mismatched types") has it once.
  const code = problem.code === undefined ? '' : String(problem.code).toLowerCase();
  const repeats = code !== '' && body.toLowerCase().startsWith(code);
  const prefix = problemPrefix([problem.source, repeats ? undefined : problem.code], context);
  const text = prefix !== '' ? `${prefix} ${body}` : body;
  return finish(text, bounded.length < problem.message.length);
}

/** The terminal's selection: escapes and prompts out, then made general as a problem's message. */
export function terminalQuery(text: string, context: ScrubContext = {}): EntryQuery {
  const bounded = bound(text);
  return finish(scrubMessage(stripPrompts(stripInvisible(bounded)), context), bounded.length < text.length);
}

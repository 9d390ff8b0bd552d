// The model's answer on its way to the chat: its citations [1], [2] (and [1, 2]) become the
// participant's own links to the pages' read-only tabs, and everything else stays text. The model
// read web pages, so its words may carry a page's links, `command:` addresses, HTML or images:
// every character markdown could turn into one is escaped, and bare addresses are broken up so
// nothing autolinks. The answer arrives in pieces, so a citation cut between two is held back
// until it is whole.

export type AnswerPart = { kind: 'text'; text: string } | { kind: 'cite'; n: number };

/** Longest "[12, 3" that may still become a citation; anything longer is text. */
const HOLD_MAX = 24;
const CITATION = /\[(\d{1,3}(?:\s*,\s*\d{1,3})*)\]/g;
const OPEN_CITATION = /\[[\d,\s]*$/;

// Bidi, zero-width and control characters but \n and \t.
// eslint-disable-next-line no-control-regex
const INVISIBLE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c\u200b-\u200d\u2060\ufeff]/g;

/**
 * Model text as markdown that shows as the text it is: no link, image, HTML, entity, code span,
 * math or icon can come of it (each such character backslash-escaped), and no address autolinks
 * (":" and "." escaped, which breaks "https://" and "www."). Emphasis, headings and lists stay.
 */
export function inertAnswerText(text: string): string {
  return text.replace(INVISIBLE, '').replace(/[\\[\]<>()`&$:.!|~]/g, (char) => `\\${char}`);
}

/** The citations' numbers in "1, 2", those `known` holds, or undefined when any is not one of them. */
function citedNumbers(inside: string, known: (n: number) => boolean): number[] | undefined {
  const numbers = inside.split(',').map((part) => Number(part.trim()));
  return numbers.every((n) => Number.isInteger(n) && known(n)) ? numbers : undefined;
}

/** Splits text into its parts; unknown numbers ([7] of three pages) stay text. */
function split(text: string, known: (n: number) => boolean): AnswerPart[] {
  const parts: AnswerPart[] = [];
  let last = 0;
  for (const match of text.matchAll(CITATION)) {
    const numbers = citedNumbers(match[1] ?? '', known);
    if (!numbers) continue;
    if (match.index > last) parts.push({ kind: 'text', text: text.slice(last, match.index) });
    for (const n of numbers) parts.push({ kind: 'cite', n });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}

/** The answer as it streams: push each piece, then end() for what was held back. */
export class CitationStream {
  private held = '';

  constructor(private readonly known: (n: number) => boolean) {}

  push(piece: string): AnswerPart[] {
    const text = this.held + piece;
    const open = OPEN_CITATION.exec(text);
    const holdFrom = open && text.length - open.index <= HOLD_MAX ? open.index : text.length;
    this.held = text.slice(holdFrom);
    return split(text.slice(0, holdFrom), this.known);
  }

  end(): AnswerPart[] {
    const text = this.held;
    this.held = '';
    return split(text, this.known);
  }
}

// A kept page cut into passages at its markdown headings, so that a search answers with the
// section that holds the words (a 250 KB reference page answers with its one right section, not
// the whole page) and opens the page at that heading. A fenced code block belongs to the section
// it is in: a `#` inside one is code, not a heading. A section longer than MAX_PASSAGE_CHARS is
// cut again at blank lines outside code blocks, each part keeping its heading.
// A passage can be kept as a span (where its text starts and ends in the page) rather than a copy
// of its text: a docs set of 2,000 pages keeps 130,000 passages, and their copies were a third of
// its heap (CONTRIBUTING.md, "Docs sets").

/** One passage of a page: the text under one heading. */
export interface Passage {
  /** The heading's text without its `#`s and inline markup; the page's title before any heading. */
  heading: string;
  /** The headings above it, outermost first (its own last): "Dispatcher › request › RequestOptions". */
  path: readonly string[];
  /** The heading's anchor as sites make them (lower case, dashes), '' before any heading. */
  anchor: string;
  /** The 0-based line of the heading (or of the part) in the page's markdown. */
  line: number;
  /** The section's markdown, its heading line included. */
  text: string;
}

/** A passage without its text: where the text is in the page's markdown (`passageText` reads it). */
export interface PassageSpan extends Omit<Passage, 'text'> {
  /** Offsets in the page's markdown of the passage's first and past its last character. */
  start: number;
  end: number;
}

/** A section past this many characters is cut at blank lines, so one passage stays one idea. */
export const MAX_PASSAGE_CHARS = 6_000;

const HEADING = /^ {0,3}(#{1,6})[ \t]+(.*?)[ \t#]*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/** A heading's words without inline markup: `code`, **bold**, [links](…) → their text. */
function plainHeading(raw: string): string {
  return raw
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*_]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The anchor GitHub and most docs generators give a heading. */
export function anchorOf(heading: string): string {
  return heading.toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').trim().replace(/\s/g, '-');
}

interface Section {
  heading: string;
  level: number;
  path: string[];
  line: number;
  lines: string[];
}

/** Cuts `markdown` into passages; `title` names the part before the first heading. */
export function splitPassages(markdown: string, title: string): Passage[] {
  return splitSpans(markdown, title).map((span) => ({ heading: span.heading, path: span.path, anchor: span.anchor, line: span.line, text: passageText(markdown, span) }));
}

/** The text of a passage of `markdown`, its line ends as `\n` (as splitPassages gives it). */
export function passageText(markdown: string, span: { start: number; end: number }): string {
  const text = markdown.slice(span.start, span.end);
  return text.includes('\r') ? text.replace(/\r\n/g, '\n') : text;
}

/** As splitPassages, each passage as its span in `markdown` rather than a copy of its text. */
export function splitSpans(markdown: string, title: string): PassageSpan[] {
  const lines = markdown.split(/\r?\n/);
  // Where each line starts in `markdown` (its end is the next one's start less its line break).
  const starts: number[] = [];
  let offset = 0;
  for (const line of lines) {
    starts.push(offset);
    offset += line.length;
    offset += markdown.charCodeAt(offset) === 13 ? 2 : 1;
  }
  const sections: Section[] = [];
  const stack: { level: number; heading: string }[] = [];
  let current: Section = { heading: title, level: 0, path: [], line: 0, lines: [] };
  let fence: string | undefined;
  lines.forEach((line, index) => {
    const fenceMark = FENCE.exec(line)?.[1];
    if (fence !== undefined) {
      if (fenceMark !== undefined && fenceMark[0] === fence[0] && fenceMark.length >= fence.length) fence = undefined;
      current.lines.push(line);
      return;
    }
    if (fenceMark !== undefined) {
      fence = fenceMark;
      current.lines.push(line);
      return;
    }
    const heading = HEADING.exec(line);
    if (heading === null) {
      current.lines.push(line);
      return;
    }
    const [, hashes = '#', words = ''] = heading;
    const level = hashes.length;
    const text = plainHeading(words);
    sections.push(current);
    while ((stack.at(-1)?.level ?? 0) >= level) stack.pop();
    stack.push({ level, heading: text });
    current = { heading: text, level, path: stack.map((s) => s.heading), line: index, lines: [line] };
  });
  sections.push(current);
  const anchors = new Map<string, number>();
  const passages: PassageSpan[] = [];
  for (const section of sections) {
    const anchor = section.level === 0 ? '' : uniqueAnchor(anchorOf(section.heading), anchors);
    for (const part of cutLong(section.lines, section.line)) {
      const span = trimmedSpan(markdown, starts, lines, part.line, part.end);
      if (span === undefined) continue;
      passages.push({ heading: section.heading, path: section.path, anchor, line: part.line, ...span });
    }
  }
  return passages;
}

/** The span of lines [first, end) of the page, without the blank space around it; undefined when all blank. */
function trimmedSpan(markdown: string, starts: readonly number[], lines: readonly string[], first: number, end: number): { start: number; end: number } | undefined {
  const last = end - 1;
  let start = starts[first] ?? 0;
  let stop = (starts[last] ?? 0) + (lines[last]?.length ?? 0);
  while (start < stop && isBlank(markdown.charCodeAt(start))) start++;
  while (stop > start && isBlank(markdown.charCodeAt(stop - 1))) stop--;
  return start === stop ? undefined : { start, end: stop };
}

/** What String.prototype.trim removes, for the characters a page's markdown holds around its lines. */
function isBlank(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 13 || code === 11 || code === 12 || code === 0xa0 || code === 0xfeff
    || (code >= 0x2000 && code <= 0x200a) || code === 0x1680 || code === 0x2028 || code === 0x2029 || code === 0x202f || code === 0x205f || code === 0x3000;
}

/** A second heading with the same words gets `-1`, `-2`… as GitHub numbers them. */
function uniqueAnchor(anchor: string, seen: Map<string, number>): string {
  const count = seen.get(anchor) ?? 0;
  seen.set(anchor, count + 1);
  return count === 0 ? anchor : `${anchor}-${count}`;
}

/** A section's lines in parts of at most MAX_PASSAGE_CHARS, cut at blank lines outside code: each part's lines [line, end) of the page. */
function cutLong(lines: readonly string[], firstLine: number): { line: number; end: number }[] {
  const parts: { line: number; end: number }[] = [];
  let start = 0;
  let size = 0;
  let fence: string | undefined;
  const flush = (end: number): void => {
    if (end > start) parts.push({ line: firstLine + start, end: firstLine + end });
    start = end;
    size = 0;
  };
  lines.forEach((line, index) => {
    const fenceMark = FENCE.exec(line)?.[1];
    if (fence !== undefined) {
      if (fenceMark !== undefined && fenceMark[0] === fence[0] && fenceMark.length >= fence.length) fence = undefined;
    } else if (fenceMark !== undefined) {
      fence = fenceMark;
    } else if (line.trim() === '' && size >= MAX_PASSAGE_CHARS) {
      flush(index);
    }
    size += line.length + 1;
  });
  flush(lines.length);
  return parts;
}

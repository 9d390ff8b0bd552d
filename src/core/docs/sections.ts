// A kept page cut into passages at its markdown headings, so that a search answers with the
// section that holds the words (a 250 KB reference page answers with its one right section, not
// the whole page) and opens the page at that heading. A fenced code block belongs to the section
// it is in: a `#` inside one is code, not a heading. A section longer than MAX_PASSAGE_CHARS is
// cut again at blank lines outside code blocks, each part keeping its heading.

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
  const lines = markdown.split(/\r?\n/);
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
  const passages: Passage[] = [];
  for (const section of sections) {
    const body = section.lines.join('\n').trim();
    const anchor = section.level === 0 ? '' : uniqueAnchor(anchorOf(section.heading), anchors);
    if (body === '') continue;
    for (const part of cutLong(section.lines, section.line)) {
      passages.push({ heading: section.heading, path: section.path, anchor, line: part.line, text: part.text });
    }
  }
  return passages;
}

/** A second heading with the same words gets `-1`, `-2`… as GitHub numbers them. */
function uniqueAnchor(anchor: string, seen: Map<string, number>): string {
  const count = seen.get(anchor) ?? 0;
  seen.set(anchor, count + 1);
  return count === 0 ? anchor : `${anchor}-${count}`;
}

/** A section's lines in parts of at most MAX_PASSAGE_CHARS, cut at blank lines outside code. */
function cutLong(lines: readonly string[], firstLine: number): { line: number; text: string }[] {
  const parts: { line: number; text: string }[] = [];
  let start = 0;
  let size = 0;
  let fence: string | undefined;
  const flush = (end: number): void => {
    const text = lines.slice(start, end).join('\n').trim();
    if (text !== '') parts.push({ line: firstLine + start, text });
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

// Text from outside the extension (webhook bodies, the service's errors and warnings, result
// titles and URLs, crawl options) is data, never markup. Each kind of place that shows text reads
// some syntax of its own, so each gets its own helper here, over one shared cleaning:
// - every sink: no control characters (a lone \r is a line break to markdown), no bidi overrides
//   or isolates (they reorder what is shown, "Trojan Source"), no zero-width characters (they hide
//   text, or glue `](` back together after another filter), one line, cut with an ellipsis;
// - notifications: VS Code links `[label](href)` whose href starts with http(s)://, command: or
//   file: (case-insensitive). The workbench parses messages with parseLinkedText, whose LINK_REGEX
//   in src/vs/base/common/linkedText.ts (VS Code 1.100, the engines floor) is
//     /\[([^\]]+)\]\(((?:https?:\/\/|command:|file:)[^\)\s]+)(?: (["'])(.+?)(\3))?\)/gi
//   and a click on a command: link runs the command. Bare URLs are not linked. A space between
//   `]` and `(` breaks every such link while the text stays readable;
// - status bar and quick picks render `$(name)` as a codicon: a space after the `$` shows it as
//   written;
// - tab titles and file names: no path separators, no characters Windows refuses, no reserved
//   device names, never empty.
// Tooltips are untrusted MarkdownStrings with no HTML (src/platform/markdown.ts); their words become
// markdown through tooltipMarkdown, every piece escaped by inertMarkdown.

const LINE_BREAKS = /[\t\n\v\f\r\u0085\u2028\u2029]/g;
// C0 and C1 controls and DEL (line breaks are handled above, as spaces).
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u001f\u007f-\u009f]/g;
/** Bidi embeddings, overrides and isolates, and the invisible direction marks. */
const BIDI = /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/g;
/** Zero-width space, non-joiner and joiner, word joiner, zero-width no-break space (BOM). */
const ZERO_WIDTH = /[\u200b-\u200d\u2060\ufeff]/g;

/** Cuts to `max` code points (never half a surrogate pair), ending in "…" when cut. */
export function cutText(text: string, max: number): string {
  const points = Array.from(text);
  if (points.length <= max) return text;
  return `${points.slice(0, Math.max(0, max - 1)).join('').trimEnd()}…`;
}

/**
 * The cleaning every sink shares: line breaks and tabs become spaces, controls, bidi and
 * zero-width characters go, whitespace runs collapse, and the result is cut to `max`.
 */
export function cleanText(text: string, max: number): string {
  const flat = text
    .replace(LINE_BREAKS, ' ')
    .replace(CONTROLS, '')
    .replace(BIDI, '')
    .replace(ZERO_WIDTH, '')
    .replace(/\s+/g, ' ')
    .trim();
  return cutText(flat, max);
}

/** `$(name)` as written rather than as an icon. */
function noCodicons(text: string): string {
  return text.replace(/\$\(/g, '$ (');
}

/** Tree labels, descriptions and plain-string tooltips: clean, one line (trees render no icons or links in labels). */
export function inertLabel(text: string, max = 200): string {
  return cleanText(text, max);
}

/**
 * Text for showInformationMessage / showWarningMessage / showErrorMessage and progress titles:
 * no `[..](..)` link can form, no bare command:/vscode:/file: URI stays one word, no codicon.
 * Safe on a whole message (ours has no links), and idempotent.
 */
export function inertNotification(text: string, max = 1000): string {
  return noCodicons(cleanText(text, max))
    .replace(/\]\(/g, '] (')
    .replace(/\b(command|vscode|file):(?=\S)/gi, '$1: ');
}

/** Status bar text (items and setStatusBarMessage): no codicon from outside text. */
export function inertStatusBar(text: string, max = 80): string {
  return noCodicons(cleanText(text, max));
}

/** Quick pick label, description and detail: rendered with codicons, so none from outside. */
export function inertQuickPick(text: string, max = 200): string {
  return noCodicons(cleanText(text, max));
}

/** An editor tab's title: clean and short. */
export function inertTabTitle(text: string, max = 80): string {
  return cleanText(text, max);
}

// Windows refuses these as names, with or without an extension.
// COM¹…³ and LPT¹…³ as \u escapes: the bundles stay ASCII (test/unit/bundles.test.ts says why).
const RESERVED_NAMES = /^(con|prn|aux|nul|com[0-9\u00b9\u00b2\u00b3]|lpt[0-9\u00b9\u00b2\u00b3])(\.|$)/i;

/**
 * U+2215 DIVISION SLASH: reads as the slash of a title ("tideflow/tideflow", "TCP / IP") in a tab,
 * and is no path separator on any system. As a \u escape: the bundles stay ASCII.
 */
const SLASH_STAND_IN = '\u2215';

/**
 * A file name (one path segment) from outside text: a tab title that is also safe to save as:
 * no / \ or characters Windows refuses (: * ? " < > |), no # or % (they would be read as part of
 * a URI), no leading or trailing dots and spaces (so never `.` or `..`), no reserved device name.
 * `fallback` when nothing is left. `keepSlash`: a `/` becomes a stand-in that looks like it rather
 * than a space (tab titles, where a title's slash means something).
 */
export function inertFileName(text: string, fallback: string, max = 80, options: { keepSlash?: boolean } = {}): string {
  const slashed = options.keepSlash === true ? text.replace(/\//g, SLASH_STAND_IN) : text;
  const cleaned = cleanText(slashed.normalize('NFC'), Number.MAX_SAFE_INTEGER)
    .replace(/[/\\?#%*:|"<>]/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^[.\s\u2215]+|[.\s\u2215]+$/g, '');
  const cut = Array.from(cleaned).slice(0, max).join('').replace(/[.\s]+$/g, '');
  if (cut === '') return fallback;
  return RESERVED_NAMES.test(cut) ? `_${cut}` : cut;
}

/**
 * Markdown (CommonMark) text of one line for an untrusted tooltip: cleaned as a label, so no line
 * break (not even a lone \r) can start a heading, list or quote, then every character markdown,
 * HTML or `$(icon)` syntax could act on backslash-escaped, so it shows as the text it is.
 */
export function inertMarkdown(text: string, max = 2000): string {
  return cleanText(text, max).replace(/[\\`*_{}[\]()#+\-.!|<>~&$:="']/g, (char) => `\\${char}`);
}

/** A tooltip's words, plain text: each becomes escaped markdown in tooltipMarkdown. */
export interface TooltipWords {
  /** Bold, the first paragraph. */
  heading?: string;
  /** A string is a paragraph; an array is one paragraph of lines that break without a gap. */
  paragraphs: ReadonlyArray<string | readonly string[]>;
  /** Its label is bold, its text escaped like the rest. */
  warning?: { label: string; text: string };
  /** Lines shown as written, in a fenced block no line can close (each line one line already). */
  code?: { language: string; lines: readonly string[] };
  /** Markdown already safe (an https image), last. */
  preview?: string;
}

/** The one way words become a tooltip's markdown: every piece escaped, nothing from outside can act. */
export function tooltipMarkdown(words: TooltipWords): string {
  const blocks = words.heading !== undefined ? [`**${inertMarkdown(words.heading)}**`] : [];
  // Two trailing spaces: a line break inside one paragraph.
  for (const lines of words.paragraphs) {
    const paragraph = typeof lines === 'string' ? inertMarkdown(lines) : lines.map((line) => inertMarkdown(line)).join('  \n');
    if (paragraph !== '') blocks.push(paragraph);
  }
  if (words.warning) blocks.push(`**${inertMarkdown(words.warning.label)}** ${inertMarkdown(words.warning.text)}`);
  if (words.code) {
    const lines = words.code.lines.map((line) => cleanText(line, 2000));
    const longest = Math.max(2, ...lines.map((line) => Math.max(0, ...Array.from(line.matchAll(/`+/g), (run) => run[0].length))));
    const fence = '`'.repeat(longest + 1);
    blocks.push(`${fence}${words.code.language}\n${lines.join('\n')}\n${fence}`);
  }
  if (words.preview) blocks.push(words.preview);
  return blocks.join('\n\n');
}

/**
 * One line of outside text inside a markdown document that a person reads both as source (the
 * tab) and as a preview: cleaned as a label, then only what inline markdown, HTML, entities or
 * math would act on is escaped (\\ ` * _ [ ] < > # | ~ $ &). Not dots, dashes or parentheses: a
 * line that is already inside a heading or a paragraph cannot start a block, and `(` is inert once
 * `[` and `]` are escaped, so the source reads as the title it is.
 */
export function inertMarkdownText(text: string, max = 2000): string {
  return cleanText(text, max).replace(/[\\`*_[\]<>#|~$&]/g, (char) => `\\${char}`);
}

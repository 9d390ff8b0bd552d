// Tooltips from plain lines. MarkdownString.appendText turns every space into &nbsp;, so a long
// line (an error message) never wraps in a hover; this escapes the markdown syntax instead and
// leaves spaces alone. Never trusted: text from the service must not become a command link.
import * as vscode from 'vscode';
import { inertMarkdown } from '../core/text/inert';

/**
 * Backslash-escapes everything markdown (CommonMark) could read as syntax, and flattens every line
 * break (a lone \r too), so outside text never starts a heading or block: see src/core/text/inert.ts.
 */
const escapeMarkdown = (text: string): string => inertMarkdown(text);

/**
 * A hover of a bold heading and paragraphs, all of it plain text. A string is a paragraph of its
 * own; an array is one paragraph of short lines (a list of options reads tighter that way).
 */
export function plainTooltip(heading: string, paragraphs: ReadonlyArray<string | readonly string[]>): vscode.MarkdownString {
  const paragraph = (lines: string | readonly string[]): string =>
    typeof lines === 'string' ? escapeMarkdown(lines) : lines.map(escapeMarkdown).join('  \n');
  const parts = [`**${escapeMarkdown(heading)}**`, ...paragraphs.map(paragraph)];
  const md = new vscode.MarkdownString(parts.join('\n\n'));
  md.isTrusted = false;
  md.supportHtml = false;
  md.supportThemeIcons = false;
  return md;
}

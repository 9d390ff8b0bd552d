// The one way a hover is made from words (src/core/text/inert.ts's TooltipWords): every piece is
// escaped by tooltipMarkdown, and the MarkdownString is not trusted, renders no HTML and no theme
// icons, so text from the service or the web can never become a command link, markup or an icon.
// The words are escaped rather than added with MarkdownString.appendText, which turns every space
// into &nbsp;, so that a long line (an error message) still wraps in the hover.
import * as vscode from 'vscode';
import { tooltipMarkdown, type TooltipWords } from '../core/text/inert';

export function plainTooltip(words: TooltipWords): vscode.MarkdownString {
  const md = new vscode.MarkdownString(tooltipMarkdown(words), false);
  md.isTrusted = false;
  md.supportHtml = false;
  md.supportThemeIcons = false;
  return md;
}

// Tooltips as markdown text. Titles and descriptions come from the web and may hold markdown,
// HTML, links or icon syntax; every piece of it is escaped so it shows as the text it is. The
// VS Code side renders this in a MarkdownString that is not trusted and allows no HTML.
import { countsText, creditsText, KIND_LABELS, oneLine, resultText, resultTitle, resultUrl } from './present';
import { scrapedOf, type SearchSummary, type TypedResult } from './record';
import { inertMarkdown } from '../text/inert';

/** Backslash-escapes every character markdown, HTML or `$(icon)` syntax could act on; one line. */
export function escapeMarkdown(text: string): string {
  return inertMarkdown(text, 2000);
}

const DESCRIPTION_MAX = 400;

/** Whether the result's page content is here: what opening it will show. */
export function scrapeStatus(typed: TypedResult): string {
  if (typed.kind === 'images') return 'Image result: no page content';
  const scraped = scrapedOf(typed);
  const have = [scraped.markdown ? 'markdown' : undefined, scraped.summary ? 'summary' : undefined].filter(Boolean);
  if (have.length > 0) return `Scraped: ${have.join(' and ')} available`;
  if (scraped.error) return `Scraping failed${scraped.statusCode ? ` (${scraped.statusCode})` : ''}: ${oneLine(scraped.error, 200)}`;
  return 'Not scraped';
}

/**
 * The image as a markdown image, only for an https address (no http, data:, file: or command:
 * source); characters that could end the link target are percent-encoded. Undefined otherwise.
 */
export function imagePreview(imageUrl: string | null | undefined, width = 240): string | undefined {
  if (!imageUrl) return undefined;
  let url: URL;
  try {
    url = new URL(imageUrl);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:') return undefined;
  const target = url.href.replace(/[()[\]<>\s|"'\\]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
  // `|width=` is VS Code's hover syntax for an image's size.
  return `![image](${target}|width=${width})`;
}

/** `previewImages`: show an image result's picture (fetched from the web when the hover opens). */
export function resultTooltip(typed: TypedResult, options: { previewImages?: boolean } = {}): string {
  const url = resultUrl(typed);
  const lines = [`**${escapeMarkdown(resultTitle(typed))}**`, url !== undefined ? escapeMarkdown(url) : 'No page address was given for this result'];
  const text = resultText(typed);
  if (text) lines.push(escapeMarkdown(oneLine(text, DESCRIPTION_MAX)));
  const facts: string[] = [];
  if (typed.kind === 'news' && typed.result.date) facts.push(`Date: ${escapeMarkdown(typed.result.date)}`);
  if (typed.kind !== 'images' && typed.result.category) facts.push(`Category: ${escapeMarkdown(typed.result.category)}`);
  if (typed.kind === 'images') {
    const { imageWidth, imageHeight, imageUrl } = typed.result;
    if (imageWidth && imageHeight) facts.push(`Image size: ${imageWidth} × ${imageHeight}`);
    if (imageUrl) facts.push(`Image: ${escapeMarkdown(imageUrl)}`);
  }
  facts.push(escapeMarkdown(scrapeStatus(typed)));
  // Two trailing spaces: a line break inside one paragraph.
  lines.push(facts.join('  \n'));
  const preview = typed.kind === 'images' && options.previewImages === true ? imagePreview(typed.result.imageUrl) : undefined;
  if (preview) lines.push(preview);
  return lines.join('\n\n');
}

/** The search row's tooltip: the query, when, what was asked and found, and any warning. */
export function searchTooltip(summary: SearchSummary, when: string): string {
  const lines = [`**${escapeMarkdown(oneLine(summary.query, 500))}**`];
  const facts = [
    `Searched: ${escapeMarkdown(when)}`,
    `Sources: ${summary.sources.map((kind) => KIND_LABELS[kind]).join(', ')}`,
    `Results: ${escapeMarkdown(countsText(summary))}`,
  ];
  const credits = creditsText(summary.creditsUsed);
  if (credits) facts.push(`Credits used: ${escapeMarkdown(credits)}`);
  // The row's icon shows a warning instead of the pin when there is one: the tooltip says both.
  if (summary.pinned === true) facts.push('Pinned: kept when the history makes room');
  lines.push(facts.join('  \n'));
  if (summary.warning) lines.push(`**Warning from the service:** ${escapeMarkdown(oneLine(summary.warning, 1000))}`);
  return lines.join('\n\n');
}

// The text of a result's document: its scraped markdown or summary exactly as the service sent it,
// or, when nothing was scraped, a short page of what is known and how to get the content.
import { oneLine, resultText, resultTitle, resultUrl } from './present';
import { scrapedOf, type TypedResult } from './record';
import type { DocumentFormat } from './uri';

/** What opening a result shows: the format asked for, else the other one, else the info page. */
export function chooseFormat(typed: TypedResult, wanted: 'markdown' | 'summary'): DocumentFormat {
  const scraped = scrapedOf(typed);
  const order: Array<'markdown' | 'summary'> = wanted === 'markdown' ? ['markdown', 'summary'] : ['summary', 'markdown'];
  return order.find((format) => scraped[format] !== undefined) ?? 'info';
}

export function documentText(typed: TypedResult, format: DocumentFormat): string {
  const scraped = scrapedOf(typed);
  if (format === 'markdown' && scraped.markdown !== undefined) return scraped.markdown;
  if (format === 'summary' && scraped.summary !== undefined) return scraped.summary;
  return infoText(typed);
}

/** Markdown-significant characters of web text, escaped so a title cannot restructure the page. */
function plain(text: string): string {
  return oneLine(text, 2000).replace(/[\\`*_[\]<>#|]/g, (char) => `\\${char}`);
}

/**
 * A result's address on the info page: an autolink only for web addresses. A `<command:…>` or
 * `<file:…>` autolink would be a live link in the markdown preview; anything else shows as text.
 */
export function addressLine(url: string): string {
  return /^https?:\/\//i.test(url) ? `<${url.replace(/[<>\s]/g, encodeURIComponent)}>` : plain(url);
}

export const HOW_TO_GET_MARKDOWN = [
  'To read this page itself, run **Scrape Full Page** from the result\'s context menu in the Searches view (or **Web Data: Scrape URL as Markdown…** with its address): it fetches this one page as markdown.',
  '',
  'To have every search bring its pages\' markdown:',
  '',
  '- set `webData.search.scrapeFormats` to `markdown` (or `markdown+summary`) in Settings, then search again; or',
  '- pass `"scrapeOptions": { "formats": [{ "type": "markdown" }] }` in the argument of the `webData.search` command.',
  '',
  'Scraping uses more credits than a plain search.',
].join('\n');

function infoText(typed: TypedResult): string {
  const url = resultUrl(typed);
  const lines = [`# ${plain(resultTitle(typed))}`, '', url !== undefined ? addressLine(url) : 'No page address was given for this result.', ''];
  const text = resultText(typed);
  if (text) lines.push(plain(text), '');
  if (typed.kind === 'news' && typed.result.date) lines.push(`Date: ${plain(typed.result.date)}`, '');
  if (typed.kind !== 'images' && typed.result.category) lines.push(`Category: ${plain(typed.result.category)}`, '');
  if (typed.kind === 'images') {
    const { imageUrl, imageWidth, imageHeight } = typed.result;
    if (imageUrl) lines.push(`Image: ${addressLine(imageUrl)}`, '');
    if (imageWidth && imageHeight) lines.push(`Size: ${imageWidth} × ${imageHeight}`, '');
    lines.push('---', '', 'Image results carry no page content. Open the page or the image in the browser to see it.');
    return `${lines.join('\n')}\n`;
  }
  const scraped = scrapedOf(typed);
  lines.push('---', '');
  if (scraped.error) lines.push(`The service could not scrape this page${scraped.statusCode ? ` (status ${scraped.statusCode})` : ''}: ${plain(scraped.error)}`, '');
  else lines.push('This result was not scraped, so only its title, address and description are here.', '');
  lines.push(HOW_TO_GET_MARKDOWN);
  return `${lines.join('\n')}\n`;
}

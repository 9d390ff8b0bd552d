// Tooltips as structure, and the one place they become markdown. Titles and descriptions come from
// the web and may hold markdown, HTML, links or icon syntax; every piece of text is escaped so it
// shows as the text it is. src/features/search/words.ts makes the facts' words (vscode.l10n), and
// src/core/text/inert.ts's tooltipMarkdown escapes them; src/platform/markdown.ts's plainTooltip
// renders them in a MarkdownString that is not trusted and allows no HTML.
import type { SourceType } from '../api/request-types';
import { creditsOf, kindCounts, oneLine, resultText, resultUrl, shownTitle, type KindCount } from './present';
import { scrapedOf, type SearchAsker, type SearchSummary, type TypedResult } from './record';
import type { SearchOrigin } from '../entries/origin';
import type { WriteFailure } from '../fs-retry';
import { parseUrl } from '../parse-url';

const DESCRIPTION_MAX = 400;

/** Whether the result's page content is here: what opening it will show. */
export type ScrapeStatus =
  | { kind: 'image' }
  | { kind: 'scraped'; markdown: boolean; summary: boolean }
  /** `error` is the service's text, one inert line. */
  | { kind: 'failed'; statusCode?: number; error: string }
  | { kind: 'not-scraped' };

export function scrapeStatus(typed: TypedResult): ScrapeStatus {
  if (typed.kind === 'images') return { kind: 'image' };
  const scraped = scrapedOf(typed);
  if (scraped.markdown || scraped.summary) return { kind: 'scraped', markdown: Boolean(scraped.markdown), summary: Boolean(scraped.summary) };
  if (scraped.error) return { kind: 'failed', ...(scraped.statusCode ? { statusCode: scraped.statusCode } : {}), error: oneLine(scraped.error, 200) };
  return { kind: 'not-scraped' };
}

/** A line of a result's tooltip; the text fields are the service's, shown as they are. */
export type ResultFact =
  | { kind: 'date'; date: string }
  | { kind: 'category'; category: string }
  | { kind: 'image-size'; width: number; height: number }
  | { kind: 'image'; url: string }
  | { kind: 'scrape'; status: ScrapeStatus };

export interface ResultTooltip {
  /** '' when the result has no title and no address. */
  title: string;
  /** Undefined: no page address was given. */
  url?: string;
  text?: string;
  facts: ResultFact[];
  /** A markdown image, already safe (imagePreview). */
  preview?: string;
}

/**
 * The image as a markdown image, only for an https address (no http, data:, file: or command:
 * source); characters that could end the link target are percent-encoded. Undefined otherwise.
 */
export function imagePreview(imageUrl: string | null | undefined, width = 240): string | undefined {
  if (!imageUrl) return undefined;
  const url = parseUrl(imageUrl);
  if (url?.protocol !== 'https:') return undefined;
  const target = url.href.replace(/[()[\]<>\s|"'\\]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
  // `|width=` is VS Code's hover syntax for an image's size.
  return `![image](${target}|width=${width})`;
}

/** `previewImages`: show an image result's picture (fetched from the web when the hover opens). */
export function resultTooltip(typed: TypedResult, options: { previewImages?: boolean } = {}): ResultTooltip {
  const url = resultUrl(typed);
  const text = resultText(typed);
  const facts: ResultFact[] = [];
  if (typed.kind === 'news' && typed.result.date) facts.push({ kind: 'date', date: typed.result.date });
  if (typed.kind !== 'images' && typed.result.category) facts.push({ kind: 'category', category: typed.result.category });
  if (typed.kind === 'images') {
    const { imageWidth, imageHeight, imageUrl } = typed.result;
    if (imageWidth && imageHeight) facts.push({ kind: 'image-size', width: imageWidth, height: imageHeight });
    if (imageUrl) facts.push({ kind: 'image', url: imageUrl });
  }
  facts.push({ kind: 'scrape', status: scrapeStatus(typed) });
  const preview = typed.kind === 'images' && options.previewImages === true ? imagePreview(typed.result.imageUrl) : undefined;
  return {
    title: shownTitle(typed),
    ...(url !== undefined ? { url } : {}),
    ...(text ? { text: oneLine(text, DESCRIPTION_MAX) } : {}),
    facts,
    ...(preview ? { preview } : {}),
  };
}

export type SearchFact =
  | { kind: 'searched'; at: Date }
  | { kind: 'sources'; kinds: SourceType[] }
  | { kind: 'results'; counts: KindCount[] }
  | { kind: 'credits'; credits: number }
  /** Who asked for it; searches made before this was kept say nothing. */
  | { kind: 'askedBy'; askedBy: SearchAsker }
  /** The row's icon shows a warning instead of the pin when there is one: the tooltip says both. */
  | { kind: 'pinned' }
  /** Where the search started: an editor selection, a problem, the terminal. */
  | { kind: 'origin'; origin: SearchOrigin }
  /** Shown in this window only: it could not be written to disk, and why. */
  | { kind: 'notSaved'; failure: WriteFailure };

export interface SearchTooltip {
  /** One line; '' for an empty query. */
  query: string;
  facts: SearchFact[];
  /** The service's warning, one line. */
  warning?: string;
}

/** The search row's tooltip: the query, when, what was asked and found, and any warning. */
export function searchTooltip(summary: SearchSummary): SearchTooltip {
  const facts: SearchFact[] = [];
  if (summary.origin !== undefined) facts.push({ kind: 'origin', origin: summary.origin });
  const at = new Date(summary.createdAt);
  if (!Number.isNaN(at.getTime())) facts.push({ kind: 'searched', at });
  facts.push({ kind: 'sources', kinds: [...summary.sources] }, { kind: 'results', counts: kindCounts(summary) });
  const credits = creditsOf(summary.creditsUsed);
  if (credits !== undefined) facts.push({ kind: 'credits', credits });
  if (summary.askedBy !== undefined) facts.push({ kind: 'askedBy', askedBy: summary.askedBy });
  if (summary.pinned === true) facts.push({ kind: 'pinned' });
  if (summary.notSaved !== undefined) facts.push({ kind: 'notSaved', failure: summary.notSaved });
  return { query: oneLine(summary.query, 500), facts, ...(summary.warning ? { warning: oneLine(summary.warning, 1000) } : {}) };
}

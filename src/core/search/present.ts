// The words and icons of the results view: what a search's row and a result's row say. Plain
// strings; the VS Code side only wraps them in TreeItems.
import type { SourceType } from '../api/request-types';
import { inertLabel } from '../text/inert';
import { resultsOf, scrapedOf, shownKinds, type SearchRecord, type SearchSummary, type TypedResult } from './record';

export const KIND_LABELS: Readonly<Record<SourceType, string>> = { web: 'Web', images: 'Images', news: 'News' };

/**
 * Web text on one line, inert as a label: no controls, bidi or zero-width characters, whitespace
 * runs collapsed, cut at `max` characters with an ellipsis. Row labels and tab titles use it.
 */
export function oneLine(text: string, max = 120): string {
  return inertLabel(text, max);
}

/** The row's label: the title, else the scraped title, else the URL. */
export function resultTitle(typed: TypedResult): string {
  const title = typed.result.title ?? '';
  if (title.trim() !== '') return oneLine(title);
  if (typed.kind !== 'images') {
    const scraped = typed.result.metadata?.title;
    const first = Array.isArray(scraped) ? scraped[0] : scraped;
    if (first && first.trim() !== '') return oneLine(first);
  }
  return oneLine(resultUrl(typed) ?? '') || '(no title)';
}

/**
 * The result's page address, or undefined: image and news results may come without one (the spec
 * does not require it), and are then listed without the open and copy actions.
 */
export function resultUrl(typed: TypedResult): string | undefined {
  const url = typed.result.url;
  return typeof url === 'string' && url.trim() !== '' ? url : undefined;
}

/** The host of a URL without "www.", or '' when it is not a URL. */
export function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./i, '');
  } catch {
    return '';
  }
}

/** The result's own words about itself: a web description or a news snippet. */
export function resultText(typed: TypedResult): string | undefined {
  const text = typed.kind === 'web' ? typed.result.description : typed.kind === 'news' ? typed.result.snippet : undefined;
  return text && text.trim() !== '' ? text : undefined;
}

export function resultDescription(typed: TypedResult): string {
  const url = resultUrl(typed);
  // A parsed hostname is ASCII or punycode: nothing left to clean.
  return url !== undefined ? hostOf(url) : 'no address';
}

/** A codicon id by kind and category. */
export function resultIcon(typed: TypedResult): string {
  if (typed.kind === 'images') return 'file-media';
  if (typed.kind === 'news') return 'rss';
  const category = typed.result.category ?? '';
  if (category === 'pdf' || /\.pdf(?:$|[?#])/i.test(typed.result.url)) return 'file-pdf';
  if (category === 'code_hosting') return 'repo';
  if (category === 'research') return 'mortar-board';
  return 'globe';
}

/**
 * 'result' plus what can be done with it, in this order: menus match `viewItem =~ /^result/`,
 * `/^result\.url/` (open in browser, copy URL: only with an address) and `/summary/`.
 */
export function resultContextValue(typed: TypedResult): string {
  const scraped = scrapedOf(typed);
  return `result${resultUrl(typed) !== undefined ? '.url' : ''}${scraped.markdown ? '.markdown' : ''}${scraped.summary ? '.summary' : ''}`;
}

const pad = (n: number): string => String(n).padStart(2, '0');
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Local time: "14:02" today, "Nov 20, 14:02" this year, "2025-11-20 14:02" before. */
export function formatTime(at: Date, now: Date): string {
  if (Number.isNaN(at.getTime())) return '';
  const time = `${pad(at.getHours())}:${pad(at.getMinutes())}`;
  if (at.getFullYear() !== now.getFullYear()) return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())} ${time}`;
  if (at.getMonth() !== now.getMonth() || at.getDate() !== now.getDate()) return `${MONTHS[at.getMonth()] ?? ''} ${at.getDate()}, ${time}`;
  return time;
}

/** "10 web · 4 images", each source shown even at 0 so an empty answer is visible as such. */
export function countsText(summary: Pick<SearchSummary, 'sources' | 'counts'>): string {
  const parts = summary.sources.map((kind) => `${summary.counts[kind] ?? 0} ${kind}`);
  return parts.length > 0 ? parts.join(' · ') : 'no results';
}

export function creditsText(creditsUsed: number | null | undefined): string | undefined {
  if (typeof creditsUsed !== 'number' || !Number.isFinite(creditsUsed)) return undefined;
  return `${creditsUsed} ${creditsUsed === 1 ? 'credit' : 'credits'}`;
}

export function searchLabel(summary: Pick<SearchSummary, 'query'>): string {
  return oneLine(summary.query, 80) || '(empty query)';
}

/** "14:02 · 10 web · 3 credits". */
export function searchDescription(summary: SearchSummary, now: Date): string {
  return [formatTime(new Date(summary.createdAt), now), countsText(summary), creditsText(summary.creditsUsed)]
    .filter((part): part is string => part !== undefined && part !== '')
    .join(' · ');
}

export interface ResultGroup {
  kind: SourceType;
  label: string;
  results: Array<{ index: number; typed: TypedResult }>;
}

/**
 * The children of a search's row. Grouped Web / Images / News when more than one source was asked
 * for (or sent); otherwise one group whose results are shown flat.
 */
export function groupResults(record: Pick<SearchRecord, 'request' | 'response'>): { grouped: boolean; groups: ResultGroup[] } {
  const groups = shownKinds(record).map((kind) => ({
    kind,
    label: KIND_LABELS[kind],
    results: resultsOf(record.response, kind).map((typed, index) => ({ index, typed })),
  }));
  return { grouped: groups.length > 1, groups };
}

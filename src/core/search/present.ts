// What the results view shows of a search and of a result, as structure: the web's own text (made
// inert), kinds, counts, credits and when. src/features/search/words.ts makes the words through
// vscode.l10n; the English left here is the markdown documents' (documents, not UI).
import type { SourceType } from '../api/request-types';
import { inertLabel } from '../text/inert';
import { resultsOf, scrapedOf, shownKinds, type SearchRecord, type SearchSummary, type TypedResult } from './record';

/** The markdown documents' headings and anchors (All Results): documents, not UI, stay English. */
export const KIND_LABELS: Readonly<Record<SourceType, string>> = { web: 'Web', images: 'Images', news: 'News' };

/**
 * Web text on one line, inert as a label: no controls, bidi or zero-width characters, whitespace
 * runs collapsed, cut at `max` characters with an ellipsis. Row labels and tab titles use it.
 */
export function oneLine(text: string, max = 120): string {
  return inertLabel(text, max);
}

/** The row's label: the title, else the scraped title, else the URL; '' when it has none of them. */
export function shownTitle(typed: TypedResult): string {
  const title = typed.result.title ?? '';
  if (title.trim() !== '') return oneLine(title);
  if (typed.kind !== 'images') {
    const scraped = typed.result.metadata?.title;
    const first = Array.isArray(scraped) ? scraped[0] : scraped;
    if (first && first.trim() !== '') return oneLine(first);
  }
  return oneLine(resultUrl(typed) ?? '');
}

/** The title in the documents and tab titles (English, as the documents are). */
export function resultTitle(typed: TypedResult): string {
  return shownTitle(typed) || '(no title)';
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

/** The row's description: the host, or undefined for a result without an address. */
export function resultHost(typed: TypedResult): string | undefined {
  const url = resultUrl(typed);
  // A parsed hostname is ASCII or punycode: nothing left to clean.
  return url !== undefined ? hostOf(url) : undefined;
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

/** How much of a date a row needs: the time today, the day this year, the full date before. */
type TimeSpan = 'today' | 'this-year' | 'earlier';

export interface ShownTime {
  at: Date;
  span: TimeSpan;
}

/** Undefined for a date that does not parse. Local time: "today" is the user's today. */
export function shownTime(at: Date, now: Date): ShownTime | undefined {
  if (Number.isNaN(at.getTime())) return undefined;
  if (at.getFullYear() !== now.getFullYear()) return { at, span: 'earlier' };
  if (at.getMonth() !== now.getMonth() || at.getDate() !== now.getDate()) return { at, span: 'this-year' };
  return { at, span: 'today' };
}

export interface KindCount {
  kind: SourceType;
  count: number;
}

/** One count per source asked for, in order, 0 included, so an empty answer is visible as such. */
export function kindCounts(summary: Pick<SearchSummary, 'sources' | 'counts'>): KindCount[] {
  return summary.sources.map((kind) => ({ kind, count: summary.counts[kind] ?? 0 }));
}

/** The credits a search used, when the service said. */
export function creditsOf(creditsUsed: number | null | undefined): number | undefined {
  return typeof creditsUsed === 'number' && Number.isFinite(creditsUsed) ? creditsUsed : undefined;
}

/** The query on one line; '' for an empty one (the words say so). */
export function searchLabel(summary: Pick<SearchSummary, 'query'>): string {
  return oneLine(summary.query, 80);
}

export interface SearchFacts {
  when?: ShownTime;
  counts: KindCount[];
  credits?: number;
  /** Not written to disk: the row says so. */
  notSaved?: true;
}

/** The search row's description: when · counts · credits. */
export function searchFacts(summary: SearchSummary, now: Date): SearchFacts {
  const when = shownTime(new Date(summary.createdAt), now);
  const credits = creditsOf(summary.creditsUsed);
  return { ...(when ? { when } : {}), counts: kindCounts(summary), ...(credits !== undefined ? { credits } : {}), ...(summary.notSaved ? { notSaved: true as const } : {}) };
}

export interface ResultGroup {
  kind: SourceType;
  results: Array<{ index: number; typed: TypedResult }>;
}

/**
 * The children of a search's row. Grouped Web / Images / News when more than one source was asked
 * for (or sent); otherwise one group whose results are shown flat.
 */
export function groupResults(record: Pick<SearchRecord, 'request' | 'response'>): { grouped: boolean; groups: ResultGroup[] } {
  const groups = shownKinds(record).map((kind) => ({
    kind,
    results: resultsOf(record.response, kind).map((typed, index) => ({ index, typed })),
  }));
  return { grouped: groups.length > 1, groups };
}

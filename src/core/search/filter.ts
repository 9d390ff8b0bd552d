// The filter over the search history: a search matches when every word of the filter appears in
// its query or in one of its results' titles, ignoring case, accents and spacing. Plain data.
import { inertLabel } from '../text/inert';

/** Lower case, accents and compatibility forms folded, whitespace runs as one space. */
export function foldForMatch(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** The filter's words; none for an empty or blank filter (which matches everything). */
export function filterTerms(filter: string): string[] {
  const folded = foldForMatch(filter);
  return folded === '' ? [] : [...new Set(folded.split(' '))];
}

/** True when each term is found in the query or in a title (each term may match a different one). */
export function matchesSearch(terms: readonly string[], query: string, titles: readonly string[]): boolean {
  if (terms.length === 0) return true;
  const haystacks = [query, ...titles].map(foldForMatch);
  return terms.every((term) => haystacks.some((text) => text.includes(term)));
}

/** The filter as the view's description shows it: one clean line, cut (it may be pasted web text). */
export function filterLabel(filter: string, max = 40): string {
  return inertLabel(filter, max);
}

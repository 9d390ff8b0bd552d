// The second half of a docs search: the pages the index found (./page-index.ts) are cut into their
// passages and those are ranked, so an answer is the section that holds the words, not a whole
// page. Only the best pages' passages are read (POOL_PAGES, at most POOL_CHARS of text), which keeps
// a query's cost about the same on a set of 60 pages or of 2,000. The score is MiniSearch's formula
// (BM25+ with its parameters, the same field boosts and prefix weight, times the number of the
// query's words found), with two differences from an index of every passage: a word's rarity is
// counted over the set's pages (what the index knows), and a field's length is its characters,
// beside the average over the passages read.
import { FIELD_BOOSTS, PREFIX_WEIGHT, queryTermsOf, type PageMatches } from './page-index';
import { passageText, type PassageSpan } from './sections';

/** The best pages whose passages are ranked: enough that the right page is among them. */
export const POOL_PAGES = 20;
/** The most text read for one query, so a set of 250 KB pages answers as fast as one of 20 KB pages. */
const POOL_CHARS = 2_000_000;

/** MiniSearch's BM25+ parameters (its defaults). */
const BM25 = { k: 1.2, b: 0.7, d: 0.5 };

export interface RankedPage {
  url: string;
  title: string;
  markdown: string;
  passages: readonly PassageSpan[];
}

export interface RankedPassage {
  url: string;
  /** The passage's place among its page's passages. */
  n: number;
  score: number;
  /** The index's words found in the passage (prefix matches included). */
  terms: readonly string[];
}

/** A word the query looks for: how much it counts, and which of the query's words it stands for. */
interface Sought {
  weight: number;
  source: string;
  /** Pages holding it, of all the set's pages: its rarity. */
  pages: number;
}

type Field = keyof typeof FIELD_BOOSTS;
const FIELDS: readonly Field[] = ['title', 'headings', 'text'];

interface Candidate {
  url: string;
  n: number;
  lengths: Record<Field, number>;
  counts: Record<Field, ReadonlyMap<string, number>>;
}

/** The words to look for in passages: the query's, and the index's words that its last word begins. */
function soughtTerms(query: string, matches: PageMatches): Map<string, Sought> {
  // A word another one begins is not looked for on its own: the shorter one finds it already.
  const words = [...new Set(queryTermsOf(query))].filter((w, _, all) => !all.some((other) => other !== w && w.startsWith(other)));
  const last = words.at(-1);
  const sought = new Map<string, Sought>();
  for (const page of matches.pages) {
    for (const term of page.terms) {
      const known = sought.get(term);
      if (known !== undefined) {
        known.pages++;
        continue;
      }
      if (words.includes(term)) sought.set(term, { weight: 1, source: term, pages: 1 });
      else if (last !== undefined && term.startsWith(last)) {
        sought.set(term, { weight: PREFIX_WEIGHT * term.length / (term.length + 0.3 * (term.length - last.length)), source: last, pages: 1 });
      }
    }
  }
  return sought;
}

/** What the index cuts words at (MiniSearch's tokenizer): line ends, spaces, punctuation. */
const SEPARATOR = /[\n\r\p{Z}\p{P}]/u;
/** The ASCII characters among them, looked up without an expression: most of a page is ASCII. */
const ASCII_SEPARATORS = new Set(Array.from({ length: 128 }, (_, code) => code).filter((code) => SEPARATOR.test(String.fromCharCode(code))));

function isSeparator(text: string, at: number): boolean {
  const code = text.charCodeAt(at);
  return code < 128 ? ASCII_SEPARATORS.has(code) : SEPARATOR.test(text.charAt(at));
}

/**
 * Each sought word found in `lower` (a text in lower case), with where it is. Each of the query's
 * words is looked for with indexOf and taken with the rest of its word, which is then looked up:
 * cutting every passage into words, or one expression over the text, cost most of a query's time
 * (and its garbage) on 20 pages of 20 KB.
 */
function forEachWord(lower: string, words: readonly string[], sought: ReadonlyMap<string, Sought>, found: (term: string, at: number) => void): void {
  for (const word of words) {
    if (word === '') continue;
    for (let at = lower.indexOf(word); at >= 0; at = lower.indexOf(word, at + word.length)) {
      if (at > 0 && !isSeparator(lower, at - 1)) continue;
      let end = at + word.length;
      while (end < lower.length && !isSeparator(lower, end)) end++;
      const term = end === at + word.length ? word : lower.slice(at, end);
      if (sought.has(term)) found(term, at);
    }
  }
}

/** How often each sought word is in `text`. */
function countIn(text: string, words: readonly string[], sought: ReadonlyMap<string, Sought>): Map<string, number> {
  const counts = new Map<string, number>();
  forEachWord(text.toLowerCase(), words, sought, (term) => counts.set(term, (counts.get(term) ?? 0) + 1));
  return counts;
}

const NONE: ReadonlyMap<string, number> = new Map();

/**
 * How often each sought word is in each passage of a page: the page is read once, each word given
 * to the passage whose span holds it (spans are in order and do not overlap).
 */
function countInPassages(page: RankedPage, words: readonly string[], sought: ReadonlyMap<string, Sought>): ReadonlyMap<string, number>[] {
  const lower = page.markdown.toLowerCase();
  // Lower case may change a text's length (a rare letter becomes two): then passage by passage.
  if (lower.length !== page.markdown.length) return page.passages.map((span) => countIn(passageText(page.markdown, span), words, sought));
  const counts: Map<string, number>[] = [];
  const starts = page.passages.map((span) => span.start);
  forEachWord(lower, words, sought, (term, at) => {
    // The last passage starting at or before `at`.
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if ((starts[mid] ?? 0) <= at) low = mid;
      else high = mid - 1;
    }
    const span = page.passages[low];
    if (span === undefined || at < span.start || at >= span.end) return;
    const passage = counts[low] ?? new Map<string, number>();
    counts[low] = passage;
    passage.set(term, (passage.get(term) ?? 0) + 1);
  });
  return page.passages.map((_, n) => counts[n] ?? NONE);
}

/** The passages of the best `matches` pages, best first, at most `limit`. */
export function rankPassages(query: string, matches: PageMatches, pageOf: (url: string) => RankedPage | undefined, limit: number): RankedPassage[] {
  const sought = soughtTerms(query, matches);
  if (sought.size === 0) return [];
  // A word another one begins is not looked for on its own: the shorter one finds it already.
  const words = [...new Set(queryTermsOf(query))].filter((w, _, all) => !all.some((other) => other !== w && w.startsWith(other)));
  const candidates: Candidate[] = [];
  let chars = 0;
  for (const hit of matches.pages.slice(0, POOL_PAGES)) {
    const page = pageOf(hit.url);
    if (page === undefined) continue;
    if (chars > 0 && chars + page.markdown.length > POOL_CHARS) break;
    chars += page.markdown.length;
    const title = countIn(page.title, words, sought);
    const texts = countInPassages(page, words, sought);
    // The parts of one long section share its heading path: counted once.
    const headings = new Map<readonly string[], { counts: ReadonlyMap<string, number>; length: number }>();
    page.passages.forEach((span, n) => {
      let heading = headings.get(span.path);
      if (heading === undefined) {
        const text = span.path.join(' ');
        heading = { counts: countIn(text, words, sought), length: text.length };
        headings.set(span.path, heading);
      }
      candidates.push({ url: page.url, n, lengths: { title: page.title.length, headings: heading.length, text: span.end - span.start },
        counts: { title, headings: heading.counts, text: texts[n] ?? NONE } });
    });
  }
  const averageOf = (field: Field) => candidates.reduce((sum, c) => sum + c.lengths[field], 0) / Math.max(1, candidates.length);
  const average: Record<Field, number> = { title: averageOf('title'), headings: averageOf('headings'), text: averageOf('text') };
  const ranked: RankedPassage[] = [];
  for (const candidate of candidates) {
    let score = 0;
    const found = new Set<string>();
    const terms = new Set<string>();
    for (const field of FIELDS) {
      for (const [term, count] of candidate.counts[field]) {
        const word = sought.get(term);
        if (word === undefined) continue;
        score += word.weight * FIELD_BOOSTS[field] * bm25(count, word.pages, matches.pageCount, candidate.lengths[field], average[field]);
        found.add(word.source);
        terms.add(term);
      }
    }
    if (score > 0) ranked.push({ url: candidate.url, n: candidate.n, score: score * found.size, terms: [...terms] });
  }
  ranked.sort((a, b) => b.score - a.score);
  return ranked.slice(0, limit);
}

/** MiniSearch's BM25+ of a word `count` times in a field of `length`, held by `holders` of `total` documents. */
function bm25(count: number, holders: number, total: number, length: number, averageLength: number): number {
  const rarity = Math.log(1 + (total - holders + 0.5) / (holders + 0.5));
  return rarity * (BM25.d + count * (BM25.k + 1) / (count + BM25.k * (1 - BM25.b + BM25.b * length / Math.max(1, averageLength))));
}

// The full-text index of a docs set: MiniSearch (CONTRIBUTING.md, "Docs sets", says why it and not
// FlexSearch or Orama), one per set, one document per page (its title, its headings, its markdown),
// so a page arriving from a crawl or a refresh replaces its own entry and nothing else. It finds the
// pages a query is about; ./passage-rank.ts then ranks those pages' passages. One document per page
// rather than per passage: a 2,000-page set has 130,000 passages, and MiniSearch's postings of them
// took 300 MB of heap and 280 ms a query (every passage holding a common word was scored); per page
// it is about 50 MB and a few milliseconds. Nothing is stored in the index: the text is read from
// the page kept beside it, so the index on disk stays a small part of the markdown.
import MiniSearch, { type AsPlainObject, type Options, type SearchResult } from 'minisearch';

/** What is indexed of a page. */
interface PageDocument {
  id: string;
  title: string;
  headings: string;
  text: string;
}

/**
 * English words too common to tell passages apart. Dropped from a query only (the index keeps every
 * word, so a phrase search later still can): a question's "how do I … with the …" otherwise walks
 * the longest lists of the index for nothing.
 */
const STOP_WORDS: ReadonlySet<string> = new Set([
  'a', 'an', 'and', 'are', 'as', 'at', 'be', 'by', 'can', 'do', 'does', 'for', 'from', 'how', 'i', 'if', 'in', 'into', 'is', 'it',
  'its', 'my', 'of', 'on', 'or', 'so', 'that', 'the', 'their', 'then', 'there', 'these', 'this', 'to', 'was', 'what', 'when', 'where',
  'which', 'who', 'why', 'will', 'with', 'you', 'your',
]);

/** How much a word found in a field counts beside one found in the text. */
export const FIELD_BOOSTS = { title: 1.5, headings: 2, text: 1 } as const;

/** How much a word found by the prefix of the query's last word counts (MiniSearch's default). */
export const PREFIX_WEIGHT = 0.375;

const tokenize = MiniSearch.getDefault('tokenize') as (text: string) => string[];

/** The words of a text as the index keeps them (lower case); the same cut as the index's own. */
function termsOf(text: string): string[] {
  const terms: string[] = [];
  for (const token of tokenize(text)) if (token !== '') terms.push(token.toLowerCase());
  return terms;
}

/** The words of a query the index looks up: its terms less the stop words. */
export function queryTermsOf(query: string): string[] {
  return termsOf(query).filter((t) => !STOP_WORDS.has(t));
}

const OPTIONS: Options<PageDocument> = {
  fields: ['title', 'headings', 'text'],
  storeFields: [],
  // Prefix on the last word only: it is the one being typed. No fuzzy matching: on 2,000 pages it
  // made a ten-word question take seconds (each word matched against the whole vocabulary), for
  // no better answers on the bench's questions (bench/docs.ts; CONTRIBUTING.md has the figures).
  searchOptions: { boost: { ...FIELD_BOOSTS }, prefix: (_term, i, terms) => i === terms.length - 1, fuzzy: false,
    weights: { prefix: PREFIX_WEIGHT, fuzzy: 0 },
    processTerm: (term) => {
      const word = term.toLowerCase();
      return STOP_WORDS.has(word) ? null : word;
    },
  },
};

/** A page a query is about: its address, its score, and the index's words it holds (prefix matches included). */
interface PageHit {
  url: string;
  score: number;
  terms: readonly string[];
}

export interface PageMatches {
  /** The pages that hold any word of the query, best first. */
  pages: PageHit[];
  /** The pages in the set. */
  pageCount: number;
}

export class PageIndex {
  private constructor(private readonly search_: MiniSearch<PageDocument>) {}

  static create(): PageIndex {
    return new PageIndex(new MiniSearch(OPTIONS));
  }

  /**
   * The index as `toPlain` wrote it; undefined when it is not one (a file from another version of
   * the library, or damaged): the caller builds it again from the pages.
   */
  static load(plain: unknown): PageIndex | undefined {
    if (typeof plain !== 'object' || plain === null || !('serializationVersion' in plain)) return undefined;
    try {
      return new PageIndex(MiniSearch.loadJS(plain as AsPlainObject, OPTIONS));
    } catch {
      return undefined;
    }
  }

  /** Indexes a page, in place of what it was. */
  setPage(url: string, title: string, headings: readonly string[], markdown: string): void {
    const document = { id: url, title, headings: headings.join('\n'), text: markdown };
    if (this.search_.has(url)) this.search_.replace(document);
    else this.search_.add(document);
  }

  removePage(url: string): void {
    // discard needs only the id; the index is cleaned in batches later (MiniSearch's auto vacuum).
    if (this.search_.has(url)) this.search_.discard(url);
  }

  has(url: string): boolean {
    return this.search_.has(url);
  }

  get pageCount(): number {
    return this.search_.documentCount;
  }

  search(query: string): PageMatches {
    if (queryTermsOf(query).length === 0) return { pages: [], pageCount: this.pageCount };
    const results: SearchResult[] = this.search_.search(query);
    return { pages: results.map((r) => ({ url: String(r.id), score: r.score, terms: r.terms })), pageCount: this.pageCount };
  }

  toPlain(): AsPlainObject {
    return this.search_.toJSON();
  }
}

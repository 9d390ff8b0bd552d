// The full-text index of a docs set's passages: MiniSearch (CONTRIBUTING.md, "Docs sets", says why
// it and not FlexSearch or Orama). Each passage is a document whose id is `<page url>#<n>`, n its
// place among the page's passages (./sections.ts cuts them the same way every time, so the ids
// hold across a save and a load), which lets a page be replaced or removed on its own as a crawl
// or a refresh brings it. Only the words are indexed and nothing is stored in the index: the text
// shown is read from the page kept beside it, so the index on disk stays smaller than the markdown.
import MiniSearch, { type AsPlainObject, type Options, type SearchResult } from 'minisearch';
import type { Passage } from './sections';

/** What is indexed of a passage. */
interface PassageDocument {
  id: string;
  title: string;
  heading: string;
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

const OPTIONS: Options<PassageDocument> = {
  fields: ['title', 'heading', 'text'],
  storeFields: [],
  // Prefix on the last word only: it is the one being typed. No fuzzy matching: on 2,000 pages it
  // made a ten-word question take seconds (each word matched against the whole vocabulary), for
  // no better answers on the bench's questions (bench/docs.ts; CONTRIBUTING.md has the figures).
  searchOptions: { boost: { heading: 2, title: 1.5 }, prefix: (_term, i, terms) => i === terms.length - 1, fuzzy: false,
    processTerm: (term) => {
      const word = term.toLowerCase();
      return STOP_WORDS.has(word) ? null : word;
    },
  },
};

/** A passage's id in the index. */
function passageId(url: string, n: number): string {
  return `${url}#${n}`;
}

/** The page and the place of a passage, from its id. */
function parsePassageId(id: string): { url: string; n: number } {
  const at = id.lastIndexOf('#');
  return { url: id.slice(0, at), n: Number(id.slice(at + 1)) };
}

export interface IndexHit {
  url: string;
  n: number;
  score: number;
  /** The query's words as found in the passage (after prefix and fuzzy matching). */
  terms: readonly string[];
}

export class PassageIndex {
  private constructor(private readonly search_: MiniSearch<PassageDocument>, private readonly counts: Map<string, number>) {}

  static create(): PassageIndex {
    return new PassageIndex(new MiniSearch(OPTIONS), new Map());
  }

  /**
   * The index as `toPlain` wrote it, with each page's passage count; undefined when it is not one
   * (a file from another version of the library, or damaged): the caller builds it again from the pages.
   */
  static load(plain: unknown, counts: ReadonlyMap<string, number>): PassageIndex | undefined {
    if (typeof plain !== 'object' || plain === null || !('serializationVersion' in plain)) return undefined;
    try {
      return new PassageIndex(MiniSearch.loadJS(plain as AsPlainObject, OPTIONS), new Map(counts));
    } catch {
      return undefined;
    }
  }

  /** Indexes a page's passages, in place of the ones it had. */
  setPage(url: string, title: string, passages: readonly Passage[]): void {
    this.removePage(url);
    this.search_.addAll(passages.map((p, n) => ({ id: passageId(url, n), title, heading: p.path.join(' '), text: p.text })));
    this.counts.set(url, passages.length);
  }

  removePage(url: string): void {
    const count = this.counts.get(url);
    if (count === undefined) return;
    // discard needs only the id; the index is cleaned in batches later (MiniSearch's auto vacuum).
    for (let n = 0; n < count; n++) this.search_.discard(passageId(url, n));
    this.counts.delete(url);
  }

  get passageCount(): number {
    return this.search_.documentCount;
  }

  search(query: string, limit: number): IndexHit[] {
    if (query.trim() === '') return [];
    const results: SearchResult[] = this.search_.search(query);
    return results.slice(0, limit).map((r) => {
      const { url, n } = parsePassageId(String(r.id));
      return { url, n, score: r.score, terms: r.terms };
    });
  }

  toPlain(): AsPlainObject {
    return this.search_.toJSON();
  }
}

// A docs set: a documentation site's pages kept on this machine with the index of their passages.
// Plain data and the index, no files (./store.ts keeps them) and no VS Code. A page comes in (a
// crawl's page as it arrives, a refresh's changed page) and its passages replace the ones it had; a
// search answers passages with what to show of each (title, heading, a line) and where to open it.
import { PassageIndex } from './passage-index';
import { splitPassages, type Passage } from './sections';

export interface DocsPage {
  url: string;
  title: string;
  markdown: string;
}

export interface DocsSetMeta {
  id: string;
  /** The site's address: the crawl's starting page. */
  siteUrl: string;
  /** The library's version the set was made for, when known. */
  version?: string;
  /** ISO times. */
  createdAt: string;
  updatedAt: string;
  /** The bound its crawls were given, in pages (a refresh keeps it). */
  maxPages?: number;
  /** What its crawls cost together, as the service counted them. */
  creditsUsed?: number;
  /** How its last crawl ended: a cancelled or failed one keeps what arrived. */
  lastCrawl?: { id: string; status: 'completed' | 'cancelled' | 'failed'; pages: number };
}

/** One answer of a search: a passage, with what a row shows of it and where it opens. */
export interface DocsHit {
  setId: string;
  url: string;
  title: string;
  heading: string;
  path: readonly string[];
  anchor: string;
  /** The 0-based line of the heading in the page's markdown: where the kept page opens. */
  line: number;
  /** One line of the passage, the first that holds a word of the query. */
  excerpt: string;
  score: number;
  /** The passage's markdown. */
  text: string;
}

interface KeptPage extends DocsPage {
  passages: readonly Passage[];
}

const EXCERPT_CHARS = 160;

export class DocsSet {
  private readonly pageMap = new Map<string, KeptPage>();

  private constructor(public meta: DocsSetMeta, private readonly index: PassageIndex) {}

  static empty(meta: DocsSetMeta): DocsSet {
    return new DocsSet(meta, PassageIndex.create());
  }

  /**
   * A set from its kept pages and, when it still fits them, its kept index (`plainIndex`); an index
   * that does not load is built again from the pages.
   */
  static restore(meta: DocsSetMeta, pages: readonly DocsPage[], plainIndex: unknown): DocsSet {
    const kept = pages.map((page) => ({ ...page, passages: splitPassages(page.markdown, page.title) }));
    const index = PassageIndex.load(plainIndex, new Map(kept.map((p) => [p.url, p.passages.length])));
    const set = new DocsSet(meta, index ?? PassageIndex.create());
    for (const page of kept) {
      set.pageMap.set(page.url, page);
      if (index === undefined) set.index.setPage(page.url, page.title, page.passages);
    }
    return set;
  }

  /** Keeps and indexes a page, in place of the one at its address; false when it is unchanged. */
  setPage(page: DocsPage): boolean {
    const earlier = this.pageMap.get(page.url);
    if (earlier !== undefined && earlier.markdown === page.markdown && earlier.title === page.title) return false;
    const passages = splitPassages(page.markdown, page.title);
    this.pageMap.set(page.url, { ...page, passages });
    this.index.setPage(page.url, page.title, passages);
    return true;
  }

  removePage(url: string): boolean {
    this.index.removePage(url);
    return this.pageMap.delete(url);
  }

  page(url: string): DocsPage | undefined {
    return this.pageMap.get(url);
  }

  get pages(): DocsPage[] {
    return [...this.pageMap.values()].map(({ url, title, markdown }) => ({ url, title, markdown }));
  }

  get pageCount(): number {
    return this.pageMap.size;
  }

  get passageCount(): number {
    return this.index.passageCount;
  }

  plainIndex(): unknown {
    return this.index.toPlain();
  }

  search(query: string, limit = 20): DocsHit[] {
    const hits: DocsHit[] = [];
    for (const hit of this.index.search(query, limit)) {
      const page = this.pageMap.get(hit.url);
      const passage = page?.passages[hit.n];
      if (page === undefined || passage === undefined) continue;
      hits.push({
        setId: this.meta.id, url: page.url, title: page.title, heading: passage.heading, path: passage.path, anchor: passage.anchor,
        line: passage.line, excerpt: excerptOf(passage, hit.terms), score: hit.score, text: passage.text,
      });
    }
    return hits;
  }
}

/** The passage's first line (not its heading) holding one of `terms`, else its first line of text. */
function excerptOf(passage: Passage, terms: readonly string[]): string {
  const all = passage.text.split('\n');
  // The heading's own line is shown beside the excerpt already.
  const body = /^ {0,3}#{1,6}\s/.test(all[0] ?? '') ? all.slice(1) : all;
  const lines = body.map((l) => l.trim()).filter((l) => l !== '' && !/^(`{3,}|~{3,})/.test(l));
  const lowered = terms.map((t) => t.toLowerCase());
  const line = lines.find((l) => lowered.some((t) => l.toLowerCase().includes(t))) ?? lines[0] ?? '';
  return line.length > EXCERPT_CHARS ? `${line.slice(0, EXCERPT_CHARS - 1)}…` : line;
}

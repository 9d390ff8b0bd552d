// A docs set: a documentation site's pages kept on this machine with the index of their passages.
// Plain data and the index, no files (./store.ts keeps them) and no VS Code. A page comes in (a
// crawl's page as it arrives, a refresh's changed page) and its passages replace the ones it had; a
// search answers passages with what to show of each (title, heading, a line) and where to open it.
import { PageIndex } from './page-index';
import { rankPassages } from './passage-rank';
import { passageText, splitSpans, type PassageSpan } from './sections';

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
  /** The watch that keeps it fresh (Keep Fresh): each of its checks' changed pages update the set. */
  watchId?: string;
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
  /** Its passages as spans of its markdown (no copies of the text); cut when first needed after a load. */
  passages?: readonly PassageSpan[];
}

const EXCERPT_CHARS = 160;

export class DocsSet {
  private readonly pageMap = new Map<string, KeptPage>();

  private constructor(public meta: DocsSetMeta, private readonly index: PageIndex) {}

  static empty(meta: DocsSetMeta): DocsSet {
    return new DocsSet(meta, PageIndex.create());
  }

  /**
   * A set from its kept pages and, when it still fits them, its kept index (`plainIndex`); an index
   * that does not load, or does not hold the same pages, is built again from the pages.
   */
  static restore(meta: DocsSetMeta, pages: readonly DocsPage[], plainIndex: unknown): DocsSet {
    const loaded = PageIndex.load(plainIndex);
    const fits = loaded !== undefined && loaded.pageCount === pages.length && pages.every((p) => loaded.has(p.url));
    const set = new DocsSet(meta, fits ? loaded : PageIndex.create());
    for (const page of pages) {
      if (fits) set.pageMap.set(page.url, { ...page });
      else set.setPage(page);
    }
    return set;
  }

  /** Keeps and indexes a page, in place of the one at its address; false when it is unchanged. */
  setPage(page: DocsPage): boolean {
    const earlier = this.pageMap.get(page.url);
    if (earlier !== undefined && earlier.markdown === page.markdown && earlier.title === page.title) return false;
    const passages = splitSpans(page.markdown, page.title);
    this.pageMap.set(page.url, { url: page.url, title: page.title, markdown: page.markdown, passages });
    this.index.setPage(page.url, page.title, [...new Set(passages.map((p) => p.heading))], page.markdown);
    return true;
  }

  removePage(url: string): boolean {
    this.index.removePage(url);
    return this.pageMap.delete(url);
  }

  page(url: string): DocsPage | undefined {
    const kept = this.pageMap.get(url);
    return kept === undefined ? undefined : { url: kept.url, title: kept.title, markdown: kept.markdown };
  }

  get pages(): DocsPage[] {
    return [...this.pageMap.values()].map(({ url, title, markdown }) => ({ url, title, markdown }));
  }

  get pageCount(): number {
    return this.pageMap.size;
  }

  get passageCount(): number {
    let count = 0;
    for (const page of this.pageMap.values()) count += this.passagesOf(page).length;
    return count;
  }

  plainIndex(): unknown {
    return this.index.toPlain();
  }

  private passagesOf(page: KeptPage): readonly PassageSpan[] {
    page.passages ??= splitSpans(page.markdown, page.title);
    return page.passages;
  }

  search(query: string, limit = 20): DocsHit[] {
    const ranked = rankPassages(query, this.index.search(query), (url) => {
      const page = this.pageMap.get(url);
      return page === undefined ? undefined : { url: page.url, title: page.title, markdown: page.markdown, passages: this.passagesOf(page) };
    }, limit);
    const hits: DocsHit[] = [];
    for (const hit of ranked) {
      const page = this.pageMap.get(hit.url);
      const passage = page === undefined ? undefined : this.passagesOf(page)[hit.n];
      if (page === undefined || passage === undefined) continue;
      const text = passageText(page.markdown, passage);
      hits.push({
        setId: this.meta.id, url: page.url, title: page.title, heading: passage.heading, path: passage.path, anchor: passage.anchor,
        line: passage.line, excerpt: excerptOf(text, hit.terms), score: hit.score, text,
      });
    }
    return hits;
  }
}

/** The passage's first line (not its heading) holding one of `terms`, else its first line of text. */
function excerptOf(text: string, terms: readonly string[]): string {
  const all = text.split('\n');
  // The heading's own line is shown beside the excerpt already.
  const body = /^ {0,3}#{1,6}\s/.test(all[0] ?? '') ? all.slice(1) : all;
  const lines = body.map((l) => l.trim()).filter((l) => l !== '' && !/^(`{3,}|~{3,})/.test(l));
  const lowered = terms.map((t) => t.toLowerCase());
  const line = lines.find((l) => lowered.some((t) => l.toLowerCase().includes(t))) ?? lines[0] ?? '';
  return line.length > EXCERPT_CHARS ? `${line.slice(0, EXCERPT_CHARS - 1)}…` : line;
}

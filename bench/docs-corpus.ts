// The corpus the docs bench (bench/docs.ts) and the index libraries' comparison
// (bench/docs-libraries.ts) share: undici's own documentation as the package ships it (42 markdown
// pages nobody here wrote), the same pages varied into a large synthetic site, and a plain BM25 over
// the same passages as the baseline the docs search is held to.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { DocsPage } from '../src/core/docs/docs-set';
import type { Passage } from '../src/core/docs/sections';

export const UNDICI_DOCS = join(__dirname, '..', 'node_modules', 'undici', 'docs', 'docs');
export const SITE = 'https://undici.example/docs/';

/** undici's documentation pages, each at `SITE + <path>`, titled by its first heading. */
export function undiciPages(): DocsPage[] {
  const files = readdirSync(UNDICI_DOCS, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.md')).sort();
  return files.map((file) => {
    const markdown = readFileSync(join(UNDICI_DOCS, file), 'utf8');
    const title = /^#\s+(.*)$/m.exec(markdown)?.[1]?.replace(/[`*]/g, '') ?? file;
    return { url: SITE + relative(UNDICI_DOCS, join(UNDICI_DOCS, file)), title, markdown };
  });
}

/** The page path a passage's address names (what the questions list). */
export function pathOf(url: string): string {
  return url.slice(SITE.length);
}

/**
 * `count` pages of about `bytesEach` markdown each, made from the real pages: each repeats a real
 * page with its headings and one word in eleven suffixed by the page's number, so the vocabulary
 * grows with the site as a real site's does and no two pages are the same.
 */
export function syntheticPages(count: number, bytesEach: number): DocsPage[] {
  const base = undiciPages();
  const pages: DocsPage[] = [];
  for (let k = 0; k < count; k++) {
    const source = base[k % base.length];
    if (source === undefined) break;
    let markdown = '';
    for (let round = 0; markdown.length < bytesEach; round++) {
      let word = 0;
      markdown += source.markdown.replace(/^(#{1,6} .*)$/gm, `$1 (part ${k}.${round})`)
        .replace(/[A-Za-z]{5,}/g, (w) => (++word % 11 === 0 ? `${w}${k % 113}` : w));
      markdown += '\n\n';
    }
    pages.push({ url: `${SITE}synthetic/${k}/${pathOf(source.url)}`, title: `${source.title} ${k}`, markdown });
  }
  return pages;
}

const TOKEN = /[\p{L}\p{N}]+/gu;

export function tokens(text: string): string[] {
  return (text.toLowerCase().match(TOKEN) ?? []);
}

/** A plain Okapi BM25 (k1 1.2, b 0.75) over passages' heading path and text: the baseline. */
export class PlainBm25 {
  private readonly docs: { key: string; length: number; counts: Map<string, number> }[] = [];
  private readonly df = new Map<string, number>();
  private totalLength = 0;

  add(key: string, passage: Passage): void {
    const words = tokens(`${passage.path.join(' ')} ${passage.text}`);
    const counts = new Map<string, number>();
    for (const w of words) counts.set(w, (counts.get(w) ?? 0) + 1);
    for (const w of counts.keys()) this.df.set(w, (this.df.get(w) ?? 0) + 1);
    this.docs.push({ key, length: words.length, counts });
    this.totalLength += words.length;
  }

  search(query: string, limit: number): string[] {
    const n = this.docs.length;
    const avg = this.totalLength / Math.max(1, n);
    const terms = [...new Set(tokens(query))];
    const scored = this.docs.map((doc) => {
      let score = 0;
      for (const t of terms) {
        const f = doc.counts.get(t);
        if (f === undefined) continue;
        const df = this.df.get(t) ?? 0;
        const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
        score += idf * (f * 2.2) / (f + 1.2 * (1 - 0.75 + 0.75 * doc.length / avg));
      }
      return { key: doc.key, score };
    }).filter((d) => d.score > 0);
    scored.sort((a, b) => b.score - a.score);
    return scored.slice(0, limit).map((d) => d.key);
  }
}

/** Top-1 and top-3 hit rates of ranked page paths against the questions' pages. */
export function hitRates(ranked: readonly (readonly string[])[], expected: readonly (readonly string[])[]): { top1: number; top3: number } {
  let top1 = 0;
  let top3 = 0;
  ranked.forEach((paths, i) => {
    const want = expected[i] ?? [];
    if (paths.slice(0, 1).some((p) => want.includes(p))) top1++;
    if (paths.slice(0, 3).some((p) => want.includes(p))) top3++;
  });
  return { top1: top1 / ranked.length, top3: top3 / ranked.length };
}

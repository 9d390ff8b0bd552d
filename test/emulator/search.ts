// POST /v2/search over the corpus: filter, rank, cut to `limit` per source, scrape, and price. A
// source that no page matching every word can answer takes the pages sharing some (shared-words.ts).
//
// Credit rule (the spec gives only the enterprise prices, 2.2 rule 4): each requested source costs
// one block per 10 results it returned, rounded up, at least one block; a block is 1 credit, 2 with
// enterprise "anon", 10 with "zdr" (the dearer mode wins when both are given). Every web or news
// result scraped (scrapeOptions.formats not empty) adds 1 credit.
import { randomUUID } from 'node:crypto';
import type { Corpus, CorpusPage, IndexedPage } from './corpus';
import { hostMatches } from './corpus';
import { imageMatches, scorePage } from './query';
import { plainWords, sharedWordsScore, stemWeights } from './shared-words';
import { rangeStart } from './tbs';
import type { SearchInput } from './validate';

export interface SearchResponseBody {
  success: true;
  data: { web?: object[]; images?: object[]; news?: object[]; tools?: object[] };
  warning: string | null;
  id: string;
  creditsUsed: number;
}

export const NO_RESULTS_WARNING = 'No results matched this search. Try fewer words or operators, other domains, or a wider time range.';

export function creditsFor(counts: number[], enterprise: readonly string[], scraped: number): number {
  const perBlock = enterprise.includes('zdr') ? 10 : enterprise.includes('anon') ? 2 : 1;
  const blocks = counts.reduce((sum, n) => sum + Math.max(1, Math.ceil(n / 10)), 0);
  return blocks * perBlock + scraped;
}

/** A condensed text: the first two sentences of the page's prose. */
export function summaryOf(markdown: string): string {
  const prose = markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .split('\n')
    .filter((line) => !/^\s*(#|- |\* |\d+\. )/.test(line))
    .join(' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*_]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return prose.split(/(?<=[.!?])\s+/).slice(0, 2).join(' ');
}

function linksOf(markdown: string): string[] {
  return [...markdown.matchAll(/\]\((https?:\/\/[^)\s]+)\)/g)].map((m) => m[1] ?? '');
}

function scraped(page: CorpusPage, formats: readonly string[]): Record<string, unknown> {
  if (formats.length === 0) return {};
  const out: Record<string, unknown> = {};
  if (formats.includes('markdown')) out.markdown = page.markdown;
  if (formats.includes('summary')) out.summary = summaryOf(page.markdown);
  if (formats.includes('links')) out.links = linksOf(page.markdown);
  out.metadata = { title: page.title, description: page.description, sourceURL: page.url, url: page.url, statusCode: 200 };
  return out;
}

type Score = (p: IndexedPage) => number;

/** Pages passing the domain and time filters with a score of 0 or more, best first (or newest first with sbd:1). */
function ranked(corpus: Corpus, input: SearchInput, now: Date, score: Score): IndexedPage[] {
  const { includeDomains, excludeDomains, tbs } = input;
  const since = tbs.range === undefined ? -Infinity : rangeStart(tbs.range, now);
  const scored: Array<{ p: IndexedPage; score: number }> = [];
  for (const p of corpus.pages) {
    if (includeDomains.length > 0 && !includeDomains.some((d) => hostMatches(p.hostname, d))) continue;
    if (excludeDomains.some((d) => hostMatches(p.hostname, d))) continue;
    if (p.time < since || p.time > now.getTime()) continue;
    if (tbs.from !== undefined && tbs.to !== undefined && (p.time < tbs.from || p.time > tbs.to)) continue;
    const value = score(p);
    if (value >= 0) scored.push({ p, score: value });
  }
  scored.sort(tbs.sortByDate ? (a, b) => b.p.time - a.p.time : (a, b) => b.score - a.score);
  return scored.map((s) => s.p);
}

const weightsOf = new WeakMap<Corpus, Map<string, number>>();

/**
 * The pages each source picks from: those matching every term; for a source none of them can
 * answer, when the query has plain words, the pages sharing some of its words (shared-words.ts).
 */
function candidates(corpus: Corpus, input: SearchInput, now: Date): (fits: (p: IndexedPage) => boolean) => IndexedPage[] {
  const strict = ranked(corpus, input, now, (p) => scorePage(p, input.terms));
  let loose: IndexedPage[] | undefined;
  return (fits) => {
    if (strict.some(fits) || plainWords(input.terms).length === 0) return strict;
    if (loose === undefined) {
      let weights = weightsOf.get(corpus);
      if (weights === undefined) weightsOf.set(corpus, (weights = stemWeights(corpus.pages)));
      const known = weights;
      loose = ranked(corpus, input, now, (p) => sharedWordsScore(p, input.terms, known));
    }
    return loose;
  };
}

export function runSearch(corpus: Corpus, input: SearchInput, now: Date): SearchResponseBody {
  const pagesFor = candidates(corpus, input, now);
  const { limit, formats, categories } = input;
  const inCategories = (p: IndexedPage): boolean => categories.length === 0 || categories.some((c) => p.page.categories.includes(c));
  const data: SearchResponseBody['data'] = {};
  const counts: number[] = [];
  let scrapedCount = 0;
  if (input.sources.includes('web')) {
    const web: object[] = [];
    for (const p of pagesFor(inCategories)) {
      if (web.length >= limit) break;
      const category = categories.find((c) => p.page.categories.includes(c));
      if (categories.length > 0 && category === undefined) continue;
      const { url, title, description } = p.page;
      web.push({ url, title, description, position: web.length + 1, ...(category === undefined ? {} : { category }), ...scraped(p.page, formats) });
    }
    data.web = web;
    counts.push(web.length);
    if (formats.length > 0) scrapedCount += web.length;
  }
  if (input.sources.includes('images')) {
    const images: object[] = [];
    for (const p of pagesFor((p) => p.page.images.some((image) => imageMatches(image, input.terms)))) {
      for (const image of p.page.images) {
        if (images.length >= limit || !imageMatches(image, input.terms)) continue;
        images.push({ title: image.title, imageUrl: image.imageUrl, imageWidth: image.width, imageHeight: image.height, url: p.page.url, position: images.length + 1 });
      }
    }
    data.images = images;
    counts.push(images.length);
  }
  if (input.sources.includes('news')) {
    const news: object[] = [];
    for (const p of pagesFor((p) => p.page.kind === 'news')) {
      if (news.length >= limit) break;
      if (p.page.kind !== 'news') continue;
      const { url, title, description, date, images } = p.page;
      const imageUrl = images[0]?.imageUrl;
      news.push({ title, snippet: description, url, date, ...(imageUrl === undefined ? {} : { imageUrl }), position: news.length + 1, ...scraped(p.page, formats) });
    }
    data.news = news;
    counts.push(news.length);
    if (formats.length > 0) scrapedCount += news.length;
  }
  // The service's data tools are free to discover; the emulator knows none.
  if (input.tools) data.tools = [];
  const found = counts.reduce((a, b) => a + b, 0);
  return {
    success: true,
    data,
    warning: found === 0 ? NO_RESULTS_WARNING : null,
    id: randomUUID(),
    creditsUsed: creditsFor(counts, input.enterprise, scrapedCount),
  };
}

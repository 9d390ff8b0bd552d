// The emulator's built-in web: a few dozen pages across several sites (a stream library's docs
// and blog, research, gardens and cooking, a city's news, and the guides a developer searches
// for), indexed once at startup so a search costs a few set look-ups per page. Page dates are
// computed from now() at startup.
import type { CategoryType } from '../../src/core/api/request-types';
import { DEV_PAGES } from './corpus-dev';
import { LIFE_PAGES } from './corpus-life';
import { TECH_PAGES } from './corpus-tech';

export type PageKind = 'article' | 'docs' | 'code' | 'research' | 'pdf' | 'news';

export interface CorpusImage {
  title: string;
  imageUrl: string;
  width: number;
  height: number;
}

/** One page as written in the corpus files. */
export interface RawPage {
  url: string;
  kind: PageKind;
  /** Days before now(); fractions for hours. */
  ageDays: number;
  title: string;
  description: string;
  markdown: string;
  images?: CorpusImage[];
  /** Default from kind: code => code_hosting, research => research, pdf => pdf. */
  categories?: CategoryType[];
}

/** What the emulator would scrape for a URL: what a client should receive as markdown. */
export interface CorpusPage {
  url: string;
  kind: PageKind;
  title: string;
  description: string;
  markdown: string;
  categories: CategoryType[];
  /** ISO 8601 date-time. */
  date: string;
  images: CorpusImage[];
}

/** A page plus what the search needs to match it quickly. */
export interface IndexedPage {
  page: CorpusPage;
  hostname: string;
  urlLower: string;
  /** Extension of the URL's last path segment; 'html' when it has none. */
  fileType: string;
  time: number;
  /** Stems of every word of the title, description, body and URL. */
  stems: Set<string>;
  titleStems: Set<string>;
  /** Words of title, description and body joined by single spaces, padded: for phrases. */
  phraseText: string;
  titlePhraseText: string;
}

/** Sites that `related:` treats as related to each other. */
export const RELATED_SITES: string[][] = [
  ['tideflow.dev', 'codehost.example'],
  ['lumen-ui.dev', 'codehost.example'],
  ['dailyharbor.example', 'technews.example'],
  ['openscholar.example', 'lyra-university.example'],
  ['gardenjournal.example', 'slowkitchen.example'],
];

const DAY_MS = 86_400_000;
const DEFAULT_CATEGORIES: Partial<Record<PageKind, CategoryType[]>> = {
  code: ['code_hosting'],
  research: ['research'],
  pdf: ['pdf'],
};

export function words(text: string): string[] {
  return text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((w) => w !== '');
}

/** Plural-insensitive form of a word: plain words match fuzzily, quoted phrases do not. */
export function stem(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return word.slice(0, -3) + 'y';
  if (word.length > 4 && /(s|x|z|ch|sh|o)es$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

export function phraseOf(text: string): string {
  return ` ${words(text).join(' ')} `;
}

/** Does `hostname` belong to `domain` (itself or one of its subdomains)? */
export function hostMatches(hostname: string, domain: string): boolean {
  return hostname === domain || hostname.endsWith('.' + domain);
}

function indexPage(raw: RawPage, now: number): IndexedPage {
  const url = new URL(raw.url);
  const time = now - raw.ageDays * DAY_MS;
  const page: CorpusPage = {
    url: raw.url,
    kind: raw.kind,
    title: raw.title,
    description: raw.description,
    markdown: raw.markdown,
    categories: raw.categories ?? DEFAULT_CATEGORIES[raw.kind] ?? [],
    date: new Date(time).toISOString(),
    images: raw.images ?? [],
  };
  const body = `${raw.title}\n${raw.description}\n${raw.markdown}`;
  const last = url.pathname.split('/').pop() ?? '';
  const dot = last.lastIndexOf('.');
  return {
    page,
    hostname: url.hostname,
    urlLower: raw.url.toLowerCase(),
    fileType: dot > 0 ? last.slice(dot + 1).toLowerCase() : 'html',
    time,
    // Image titles count as page text, as alt text does on the web.
    stems: new Set([...words(body), ...words(raw.url), ...(raw.images ?? []).flatMap((i) => words(i.title))].map(stem)),
    titleStems: new Set(words(raw.title).map(stem)),
    phraseText: phraseOf(body),
    titlePhraseText: phraseOf(raw.title),
  };
}

export interface Corpus {
  pages: IndexedPage[];
  byUrl: Map<string, IndexedPage>;
}

export function buildCorpus(now: Date): Corpus {
  const pages = [...TECH_PAGES, ...LIFE_PAGES, ...DEV_PAGES].map((raw) => indexPage(raw, now.getTime()));
  return { pages, byUrl: new Map(pages.map((p) => [p.page.url, p])) };
}

/** What the emulator scrapes for `url` (dates relative to `now`), or undefined when not in the corpus. */
export function corpusPage(url: string, now: Date = new Date()): CorpusPage | undefined {
  const raw = [...TECH_PAGES, ...LIFE_PAGES, ...DEV_PAGES].find((p) => p.url === url);
  return raw === undefined ? undefined : indexPage(raw, now.getTime()).page;
}

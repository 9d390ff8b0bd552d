// The query language of spec 2.4: quoted phrases, -negation, and the operators site:, filetype:,
// inurl:, allinurl:, intitle:, allintitle:, related:, imagesize:, larger:. Parsed once per search.
import { RELATED_SITES, hostMatches, phraseOf, stem, words } from './corpus';
import type { CorpusImage, IndexedPage } from './corpus';

export type Clause =
  | { kind: 'words'; stems: string[] }
  | { kind: 'phrase'; text: string }
  | { kind: 'site'; host: string; path: string }
  | { kind: 'filetype'; ext: string }
  | { kind: 'inurl'; texts: string[] }
  | { kind: 'intitle'; stems: string[]; phrase?: string }
  | { kind: 'related'; domains: string[] }
  | { kind: 'imagesize' | 'larger'; width: number; height: number };

export interface Term {
  clause: Clause;
  negated: boolean;
}

export type ParsedQuery = { ok: true; terms: Term[] } | { ok: false; problems: string[] };

const OPERATORS = new Set(['site', 'filetype', 'inurl', 'allinurl', 'intitle', 'allintitle', 'related', 'imagesize', 'larger']);

interface Token {
  negated: boolean;
  operator?: string;
  text: string;
  quoted: boolean;
}

/** Splits the query into tokens: [-][operator:]("quoted text" | word). */
function tokenize(query: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const n = query.length;
  while (i < n) {
    while (i < n && /\s/.test(query.charAt(i))) i++;
    if (i >= n) break;
    let negated = false;
    if (query.charAt(i) === '-' && i + 1 < n && !/\s/.test(query.charAt(i + 1))) {
      negated = true;
      i++;
    }
    let operator: string | undefined;
    const op = /^([a-z]+):/i.exec(query.slice(i, i + 12));
    if (op?.[1] !== undefined && OPERATORS.has(op[1].toLowerCase())) {
      operator = op[1].toLowerCase();
      i += op[0].length;
    }
    let text: string;
    let quoted = false;
    if (query.charAt(i) === '"') {
      const end = query.indexOf('"', i + 1);
      text = query.slice(i + 1, end === -1 ? n : end);
      i = end === -1 ? n : end + 1;
      quoted = true;
    } else {
      const start = i;
      while (i < n && !/\s/.test(query.charAt(i))) i++;
      text = query.slice(start, i);
    }
    tokens.push({ negated, operator, text, quoted });
  }
  return tokens;
}

function dimensions(text: string): { width: number; height: number } | undefined {
  const m = /^(\d{1,6})x(\d{1,6})$/i.exec(text);
  if (m?.[1] === undefined || m[2] === undefined) return undefined;
  const width = Number(m[1]);
  const height = Number(m[2]);
  return width > 0 && height > 0 ? { width, height } : undefined;
}

function relatedDomains(domain: string): string[] {
  const out = [domain];
  for (const group of RELATED_SITES) {
    if (group.some((d) => hostMatches(domain, d) || hostMatches(d, domain))) out.push(...group);
  }
  return out;
}

function siteOf(value: string): { host: string; path: string } {
  const bare = value.toLowerCase().replace(/^[a-z][a-z0-9+.-]*:\/\//, '');
  const slash = bare.indexOf('/');
  return slash === -1 ? { host: bare, path: '' } : { host: bare.slice(0, slash), path: bare.slice(slash) };
}

export function parseQuery(query: string): ParsedQuery {
  const tokens = tokenize(query);
  const terms: Term[] = [];
  const problems: string[] = [];
  for (let t = 0; t < tokens.length; t++) {
    const token = tokens[t];
    if (token === undefined) continue;
    const { negated, operator } = token;
    const push = (clause: Clause): void => void terms.push({ clause, negated });
    if (operator === undefined) {
      if (token.quoted) {
        if (words(token.text).length > 0) push({ kind: 'phrase', text: phraseOf(token.text) });
      } else {
        const stems = words(token.text).map(stem);
        if (stems.length > 0) push({ kind: 'words', stems });
      }
      continue;
    }
    let value = token.text.trim();
    if (operator === 'allinurl' || operator === 'allintitle') {
      // As on the web: every plain word after allinurl:/allintitle: belongs to it.
      while (tokens[t + 1] !== undefined && tokens[t + 1]?.operator === undefined && !tokens[t + 1]?.negated) {
        value += ' ' + (tokens[t + 1]?.text ?? '');
        t++;
      }
      value = value.trim();
    }
    if (value === '') {
      problems.push(`the operator ${operator}: needs a value right after the colon, such as ${operator}:${example(operator)}`);
      continue;
    }
    switch (operator) {
      case 'site':
        push({ kind: 'site', ...siteOf(value) });
        break;
      case 'filetype':
        push({ kind: 'filetype', ext: value.toLowerCase().replace(/^\./, '') });
        break;
      case 'inurl':
        push({ kind: 'inurl', texts: [value.toLowerCase()] });
        break;
      case 'allinurl':
        push({ kind: 'inurl', texts: value.toLowerCase().split(/\s+/) });
        break;
      case 'intitle':
        push({ kind: 'intitle', stems: words(value).map(stem), phrase: token.quoted ? phraseOf(value) : undefined });
        break;
      case 'allintitle':
        push({ kind: 'intitle', stems: words(value).map(stem) });
        break;
      case 'related':
        push({ kind: 'related', domains: relatedDomains(siteOf(value).host) });
        break;
      default: {
        const size = dimensions(value);
        if (size === undefined) problems.push(`${operator}:${value} must give the size as WIDTHxHEIGHT in pixels, such as ${operator}:800x600`);
        else push({ kind: operator === 'larger' ? 'larger' : 'imagesize', ...size });
      }
    }
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, terms };
}

function example(operator: string): string {
  if (operator === 'imagesize' || operator === 'larger') return '800x600';
  if (operator === 'filetype') return 'pdf';
  if (operator === 'site' || operator === 'related') return 'example.com';
  return 'word';
}

/** Whether a page satisfies one clause (image-size clauses are checked per image instead). */
export function pageClause(p: IndexedPage, c: Clause): boolean {
  switch (c.kind) {
    case 'words':
      return c.stems.every((s) => p.stems.has(s));
    case 'phrase':
      return p.phraseText.includes(c.text);
    case 'site':
      return hostMatches(p.hostname, c.host) && (c.path === '' || new URL(p.page.url).pathname.toLowerCase().startsWith(c.path));
    case 'filetype':
      return p.fileType === c.ext;
    case 'inurl':
      return c.texts.every((t) => p.urlLower.includes(t));
    case 'intitle':
      return c.phrase !== undefined ? p.titlePhraseText.includes(c.phrase) : c.stems.every((s) => p.titleStems.has(s));
    case 'related':
      return c.domains.some((d) => hostMatches(p.hostname, d));
    default:
      return true;
  }
}

/** A relevance score when the page matches every term, else -1. */
export function scorePage(p: IndexedPage, terms: Term[]): number {
  let score = 0;
  for (const { clause, negated } of terms) {
    if (clause.kind === 'imagesize' || clause.kind === 'larger') continue;
    if (pageClause(p, clause) === negated) return -1;
    if (negated) continue;
    if (clause.kind === 'words') score += clause.stems.reduce((sum, s) => sum + (p.titleStems.has(s) ? 3 : 1), 0);
    else if (clause.kind === 'phrase') score += 2;
  }
  return score;
}

export function imageMatches(image: CorpusImage, terms: Term[]): boolean {
  for (const { clause: c, negated } of terms) {
    if (c.kind !== 'imagesize' && c.kind !== 'larger') continue;
    const fits = c.kind === 'imagesize'
      ? image.width === c.width && image.height === c.height
      : image.width >= c.width && image.height >= c.height && (image.width > c.width || image.height > c.height);
    if (fits === negated) return false;
  }
  return true;
}

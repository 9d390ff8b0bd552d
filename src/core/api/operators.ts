// Query operators (spec 2.4). The client blocks only what the spec pins down: an operator needs a
// value, and imagesize:/larger: take WIDTHxHEIGHT. The query boxes also warn, as the query is
// typed, about what the service would take but probably not as meant (see operatorFindings).
// Findings are structure; the words are made by whoever shows them.

const OPERATOR_NAMES = ['site', 'filetype', 'inurl', 'allinurl', 'intitle', 'allintitle', 'related', 'imagesize', 'larger'] as const;
export type OperatorName = (typeof OPERATOR_NAMES)[number];

/**
 * Operators a leading "-" does not negate. allinurl:/allintitle: take every word after them, so a
 * minus would have to negate a whole list; related: names a set of similar sites, not a property
 * of a page. Search engines ignore the minus on these, so the person gets the opposite of intent.
 */
const NOT_NEGATABLE: ReadonlySet<OperatorName> = new Set<OperatorName>(['allinurl', 'allintitle', 'related']);

/** Operators that only make sense for image results (spec 2.4: "Only images …"). */
export const IMAGE_OPERATORS: ReadonlySet<OperatorName> = new Set<OperatorName>(['imagesize', 'larger']);

export interface QueryToken { negated: boolean; operator?: OperatorName; text: string; quoted: boolean }

const isOperator = (name: string): name is OperatorName => (OPERATOR_NAMES as readonly string[]).includes(name);

/** Splits a query into [-][operator:](word | "quoted text") tokens, as a search engine reads it. */
export function queryTokens(query: string): QueryToken[] {
  const out: QueryToken[] = [];
  let i = 0;
  const isSpace = (at: number): boolean => /\s/.test(query.charAt(at));
  while (i < query.length) {
    while (i < query.length && isSpace(i)) i++;
    if (i >= query.length) break;
    const negated = query.charAt(i) === '-' && i + 1 < query.length && !isSpace(i + 1);
    if (negated) i++;
    const op = /^([a-z]+):/i.exec(query.slice(i, i + 12));
    const name = op?.[1]?.toLowerCase();
    const operator = name !== undefined && isOperator(name) ? name : undefined;
    if (operator !== undefined && op) i += op[0].length;
    let text: string;
    const quoted = query.charAt(i) === '"';
    if (quoted) {
      const end = query.indexOf('"', i + 1);
      text = query.slice(i + 1, end < 0 ? query.length : end);
      i = end < 0 ? query.length : end + 1;
    } else {
      const start = i;
      while (i < query.length && !isSpace(i)) i++;
      text = query.slice(start, i);
    }
    out.push({ negated, operator, text, quoted });
  }
  return out;
}

export type OperatorFinding =
  /** Blocks the search: `site:` with nothing after the colon. */
  | { kind: 'missingValue'; operator: OperatorName }
  /** Blocks the search: `imagesize:big`; the value is clipped to 20 characters. */
  | { kind: 'badSize'; operator: 'imagesize' | 'larger'; value: string }
  /** A warning: an odd number of double quotes, so a phrase runs to the end of the query. */
  | { kind: 'unbalancedQuote' }
  /** A warning: `site:https://example.com/docs`; `hostname` is what was probably meant. */
  | { kind: 'notHostname'; operator: 'site' | 'related'; part: 'scheme' | 'path'; value: string; hostname?: string }
  /** A warning: `-related:example.com`. */
  | { kind: 'notNegatable'; operator: OperatorName };

/** Everything worth saying about the operators of a query, in the order they appear. */
export function operatorFindings(query: string): OperatorFinding[] {
  // Every finding needs an operator (a name and a colon) or a double quote: most queries have
  // neither, and the client checks each search it sends.
  if (!query.includes(':') && !query.includes('"')) return [];
  const findings: OperatorFinding[] = [];
  const list = queryTokens(query);
  list.forEach((token, index) => {
    const name = token.operator;
    if (name === undefined) return;
    let value = token.text.trim();
    // allinurl:/allintitle: take every plain word after them, so "allintitle: web data" is complete.
    if (name === 'allinurl' || name === 'allintitle') {
      for (let next = list[index + 1], at = index + 1; next && next.operator === undefined && !next.negated; next = list[++at]) {
        value = `${value} ${next.text}`.trim();
      }
    }
    if (token.negated && NOT_NEGATABLE.has(name)) findings.push({ kind: 'notNegatable', operator: name });
    if (value === '') {
      findings.push({ kind: 'missingValue', operator: name });
    } else if ((name === 'imagesize' || name === 'larger') && !isSize(value)) {
      findings.push({ kind: 'badSize', operator: name, value: value.slice(0, 20) });
    } else if (name === 'site' || name === 'related') {
      const part = /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? 'scheme' : /[/?#]/.test(value) ? 'path' : undefined;
      if (part) findings.push({ kind: 'notHostname', operator: name, part, value: value.slice(0, 60), hostname: hostnameIn(value) });
    }
  });
  if ((query.match(/"/g)?.length ?? 0) % 2 === 1) findings.push({ kind: 'unbalancedQuote' });
  return findings;
}

/** The client's check: the blocking findings, in words for the request's problem list. */
export function checkQueryOperators(query: string): string[] {
  return operatorFindings(query).flatMap((finding) => {
    if (finding.kind === 'missingValue') {
      return [`The operator ${finding.operator}: needs a value right after the colon, such as ${operatorExample(finding.operator)}.`];
    }
    if (finding.kind === 'badSize') {
      return [`${finding.operator}:${finding.value} needs a size in pixels written WIDTHxHEIGHT, such as ${finding.operator}:1920x1080.`];
    }
    return [];
  });
}

function isSize(value: string): boolean {
  const match = /^(\d{1,6})x(\d{1,6})$/i.exec(value);
  return match !== null && Number(match[1]) > 0 && Number(match[2]) > 0;
}

/** An operator with a typical value, as the help and the messages show it. */
export function operatorExample(name: OperatorName): string {
  switch (name) {
    case 'site': case 'related': return `${name}:example.com`;
    case 'filetype': return 'filetype:pdf';
    case 'imagesize': case 'larger': return `${name}:1920x1080`;
    case 'allinurl': return 'allinurl: api docs';
    case 'allintitle': return 'allintitle: release notes';
    default: return `${name}:word`;
  }
}

function hostnameIn(value: string): string | undefined {
  try {
    const host = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `http://${value}`).hostname;
    return host !== '' ? host : undefined;
  } catch {
    return undefined;
  }
}

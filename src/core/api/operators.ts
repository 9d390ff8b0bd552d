// Query operators (spec 2.4). Only what the spec pins down is checked: an operator needs a value,
// and imagesize:/larger: take WIDTHxHEIGHT. Everything else in a query is free text.

const OPERATORS = ['site', 'filetype', 'inurl', 'allinurl', 'intitle', 'allintitle', 'related', 'imagesize', 'larger'];

interface Token { negated: boolean; operator?: string; text: string }

/** Splits a query into [-][operator:](word | "quoted text") tokens, as a search engine reads it. */
function tokens(query: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  const isSpace = (at: number): boolean => /\s/.test(query.charAt(at));
  while (i < query.length) {
    while (i < query.length && isSpace(i)) i++;
    if (i >= query.length) break;
    const negated = query.charAt(i) === '-' && i + 1 < query.length && !isSpace(i + 1);
    if (negated) i++;
    const op = /^([a-z]+):/i.exec(query.slice(i, i + 12));
    const operator = op?.[1] !== undefined && OPERATORS.includes(op[1].toLowerCase()) ? op[1].toLowerCase() : undefined;
    if (operator !== undefined && op) i += op[0].length;
    let text: string;
    if (query.charAt(i) === '"') {
      const end = query.indexOf('"', i + 1);
      text = query.slice(i + 1, end < 0 ? query.length : end);
      i = end < 0 ? query.length : end + 1;
    } else {
      const start = i;
      while (i < query.length && !isSpace(i)) i++;
      text = query.slice(start, i);
    }
    out.push({ negated, operator, text });
  }
  return out;
}

export function checkQueryOperators(query: string): string[] {
  const problems: string[] = [];
  const list = tokens(query);
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
    if (value === '') {
      problems.push(`The operator ${name}: needs a value right after the colon, such as ${example(name)}.`);
    } else if ((name === 'imagesize' || name === 'larger') && !isSize(value)) {
      problems.push(`${name}:${value.slice(0, 20)} needs a size in pixels written WIDTHxHEIGHT, such as ${name}:1920x1080.`);
    }
  });
  return problems;
}

function isSize(value: string): boolean {
  const match = /^(\d{1,6})x(\d{1,6})$/i.exec(value);
  return match !== null && Number(match[1]) > 0 && Number(match[2]) > 0;
}

function example(name: string): string {
  switch (name) {
    case 'site': case 'related': return `${name}:example.com`;
    case 'filetype': return 'filetype:pdf';
    case 'imagesize': case 'larger': return `${name}:1920x1080`;
    default: return `${name}:word`;
  }
}

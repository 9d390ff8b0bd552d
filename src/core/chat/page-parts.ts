// A page's text in parts that each fit a budget, for reading a long page in turns. The parts are
// cuts of the one text, with no gap and no overlap: joined in order they give the page exactly.
// Each part ends at the last paragraph end that fits; when not even one paragraph does, at a line
// end, then after a space, then at any character (never inside a surrogate pair).
import { fits, type TextBudget } from './fit';

/** Where a part may end, best first: after a blank line, a line, a space; any character last. */
const TIERS: ReadonlyArray<(text: string, i: number) => boolean> = [
  (t, i) => i >= 2 && t[i - 1] === '\n' && t[i - 2] === '\n' && t[i] !== '\n',
  (t, i) => t[i - 1] === '\n' && t[i] !== '\n',
  (t, i) => (t[i - 1] === ' ' || t[i - 1] === '\t') && t[i] !== ' ' && t[i] !== '\t',
  (t, i) => !isLowSurrogate(t.charCodeAt(i)),
];

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/** Ends in (start, text.length) where `tier` allows a cut, in order. */
function endsIn(text: string, start: number, tier: (text: string, i: number) => boolean): number[] {
  const ends: number[] = [];
  for (let i = start + 1; i < text.length; i++) if (tier(text, i)) ends.push(i);
  return ends;
}

/**
 * The page in parts, each of which `render(part)` makes fit the budget; undefined when not even
 * one character fits (the budget is too small for the frame). An empty page is one empty part.
 */
export async function pageParts(text: string, render: (part: string) => string, budget: TextBudget): Promise<string[] | undefined> {
  if (text === '') return [''];
  const parts: string[] = [];
  let start = 0;
  while (start < text.length) {
    const end = await partEnd(text, start, render, budget);
    if (end === undefined) return undefined;
    parts.push(text.slice(start, end));
    start = end;
  }
  return parts;
}

async function partEnd(text: string, start: number, render: (part: string) => string, budget: TextBudget): Promise<number | undefined> {
  const ok = (end: number): Promise<boolean> => fits(render(text.slice(start, end)), budget);
  if (await ok(text.length)) return text.length;
  for (const tier of TIERS) {
    const ends = endsIn(text, start, tier);
    // The largest end that fits, assuming a longer cut never counts less than a shorter one.
    let lo = -1;
    let hi = ends.length;
    while (hi - lo > 1) {
      const mid = lo + Math.floor((hi - lo) / 2);
      if (await ok(ends[mid] ?? text.length)) lo = mid;
      else hi = mid;
    }
    if (lo >= 0) return ends[lo];
  }
  return undefined;
}

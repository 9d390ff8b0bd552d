// A size budget for a tool's answer, counted the way the caller counts: the model's own token
// counter when VS Code gives one (async, and possibly slow), else characters. The answers are
// built as a series of ever fuller texts ("levels"); this finds the fullest that fits with a
// binary search, so a long search costs a handful of counts, not one per paragraph.

/** Counts the tokens of a text, as LanguageModelToolTokenizationOptions.countTokens does. */
export type CountTokens = (text: string) => PromiseLike<number>;

export interface TextBudget {
  /** The most a text may count. */
  readonly limit: number;
  readonly count: CountTokens;
  /** How the budget is named in a note: "200 tokens", "8000 characters". */
  readonly label: string;
}

/** Without a token budget an answer stays under this many characters (Copilot moves longer ones to a file). */
export const DEFAULT_MAX_CHARS = 8_000;

/** Characters as the unit: under `max` characters. */
export function characterBudget(max = DEFAULT_MAX_CHARS): TextBudget {
  return { limit: max - 1, count: (text) => Promise.resolve(text.length), label: `${max} characters` };
}

/**
 * A token budget over a counter that may fail: a failed count is taken as one token per two
 * characters, more than any tokenizer in use counts, so a failure errs on the short side.
 */
export function tokenBudget(limit: number, count: CountTokens): TextBudget {
  const safe: CountTokens = async (text) => {
    try {
      const counted = await count(text);
      return Number.isFinite(counted) ? counted : Math.ceil(text.length / 2);
    } catch {
      return Math.ceil(text.length / 2);
    }
  };
  return { limit: Math.floor(limit), count: safe, label: `${Math.floor(limit)} tokens` };
}

export async function fits(text: string, budget: TextBudget): Promise<boolean> {
  return (await budget.count(text)) <= budget.limit;
}

/**
 * The fullest of `levels` texts (level i+1 holds everything level i does, and more) that fits:
 * its index, or -1 when not even level 0 does. Tries the fullest first, as most answers fit whole.
 */
export async function fullestFitting(levels: number, render: (level: number) => string, budget: TextBudget): Promise<number> {
  if (levels <= 0) return -1;
  if (await fits(render(levels - 1), budget)) return levels - 1;
  let lo = -1;
  let hi = levels - 1;
  // Invariant: lo fits (or is -1), hi does not.
  while (hi - lo > 1) {
    const mid = lo + Math.floor((hi - lo) / 2);
    if (await fits(render(mid), budget)) lo = mid;
    else hi = mid;
  }
  return lo;
}

/**
 * A fixed or failure text within the budget: whole when it fits, else cut after the last word
 * that fits, marked "…". Texts say what matters first, so a cut keeps it. Every tool answer goes
 * through this last, so even a text no renderer sized (a failure, a refusal) fits.
 */
export async function fitPlainText(text: string, budget: TextBudget): Promise<string> {
  if (await fits(text, budget)) return text;
  const ends = [...text.matchAll(/\S(?=\s|$)/g)].map((m) => m.index + 1);
  const cut = (end: number): string => `${text.slice(0, end)}…`;
  const words = await fullestFitting(ends.length, (i) => cut(ends[i] ?? 0), budget);
  if (words >= 0) return cut(ends[words] ?? 0);
  // Not even the first word fits (a budget far under any in use): as many characters as do.
  const points = Array.from(text);
  const chars = await fullestFitting(points.length, (i) => `${points.slice(0, i + 1).join('')}…`, budget);
  return chars >= 0 ? `${points.slice(0, chars + 1).join('')}…` : '';
}

// The paid repeats (issue 46): a row's, a menu's or a title bar's one click that sends a paid
// request (again). Each asks first, every time, with its price in the words of the operation's own
// commands (src/features/spend/confirm.ts); declined, nothing is sent. They wear one icon of their
// own, never a free read's `$(refresh)`: test/unit/manifest.test.ts holds the manifest to it, the
// commands that wear it read from the spending table (./spending.ts).
// Also the price of a watch's check, which no other command says (Check Now is its only click).

/** The operations that ask before they spend, each named by its words in the confirmation. */
export type PaidRepeat = 'searchAgain' | 'scrapeAgain' | 'scrapeFresh' | 'scrapeResult' | 'scrapeLink' | 'mapAgain' | 'parseAgain' | 'checkNow';

/** "Run it again": the icon of every paid repeat, and of none of the free reads. */
export const PAID_REPEAT_ICON = '$(debug-rerun)';

/** How many earlier costs a price reads, newest first (as the search, scrape and parse prices do). */
const PRICE_HISTORY = 5;

export type CostPrice = { kind: 'history'; min: number; max: number; times: number } | { kind: 'unknown' };

/** The price from the costs reported before, newest first; a cost not reported is skipped. Never a number made up. */
export function costPrice(costs: ReadonlyArray<number | null | undefined>): CostPrice {
  const known = costs.filter((c): c is number => typeof c === 'number' && Number.isFinite(c) && c >= 0).slice(0, PRICE_HISTORY);
  if (known.length === 0) return { kind: 'unknown' };
  return { kind: 'history', min: Math.min(...known), max: Math.max(...known), times: known.length };
}

export type CheckPrice =
  | CostPrice
  /** No check of this watch reported its credits: its pages at what this person's scrapes cost a page. */
  | { kind: 'pages'; pages: number; about: number };

/**
 * What Check Now will cost: this watch's last checks that ended with their credits (newest first),
 * else its pages at this person's price of a page (as the watch's bound reads it), else unknown.
 */
export function checkPriceOf(
  checks: ReadonlyArray<{ status: string; actualCredits?: number | null | undefined }>,
  pages: number,
  creditsPerPage: number | undefined,
): CheckPrice {
  const ended = checks.filter((c) => c.status !== 'queued' && c.status !== 'running');
  const history = costPrice(ended.map((c) => c.actualCredits));
  if (history.kind === 'history') return history;
  if (creditsPerPage === undefined || !Number.isFinite(creditsPerPage) || creditsPerPage < 0 || pages <= 0) return { kind: 'unknown' };
  return { kind: 'pages', pages, about: Math.ceil(pages * creditsPerPage - 1e-9) };
}

// The one estimate of what a watch may cost a month, before it exists (issue 47): pages a check
// reads × checks in 30 days × credits a page. A page is priced at the dearest of this person's own
// kept scrapes, and never under one credit (a plain scrape's price), so the estimate errs high and
// is never "unknown": a watch every 15 minutes is 2,880 checks a month whatever a page costs.
// Watch for Changes… (its review, and its modal above webData.watch.confirmAboveCreditsPerMonth)
// and the chat tool webData_watch (its confirmation, and its cap) both read it here.
import { pagesPerCheck, type WatchWhat } from './request';
import { checksPerMonth, type Schedule } from './schedule';

/** A credit a page: what a plain scrape costs, the least a checked page is priced at. */
const LEAST_CREDITS_PER_PAGE = 1;

export interface WatchMonth {
  pages: number;
  checksPerMonth: number;
  /** Credits a page: the dearest of the person's kept scrapes, at least 1. */
  creditsPerPage: number;
  /** Whence the price of a page: the person's own scrapes, or the least a page costs (none said more). */
  pricedBy: 'own-scrapes' | 'least';
  /** The most a month may cost: pages × checks × credits a page, rounded up. */
  credits: number;
}

/** A watch's month from what it reads, how often (in `timezone`, from `now`), and the person's kept scrapes' `creditsUsed`. */
export function watchMonth(watch: { what: WatchWhat; schedule: Schedule }, timezone: string, now: Date, kept: ReadonlyArray<{ creditsUsed?: number }>): WatchMonth {
  const pages = pagesPerCheck(watch.what);
  const checks = checksPerMonth(watch.schedule, timezone, now);
  const known = kept.map((p) => p.creditsUsed).filter((c): c is number => typeof c === 'number' && Number.isFinite(c) && c >= 0);
  const dearest = Math.max(0, ...known);
  const creditsPerPage = Math.max(LEAST_CREDITS_PER_PAGE, dearest);
  return { pages, checksPerMonth: checks, creditsPerPage, pricedBy: dearest > LEAST_CREDITS_PER_PAGE ? 'own-scrapes' : 'least', credits: Math.ceil(pages * checks * creditsPerPage - 1e-9) };
}

/** Whether a person is asked before the watch is made: its month above their threshold (webData.watch.confirmAboveCreditsPerMonth). */
export function asksBeforeCreating(month: Pick<WatchMonth, 'credits'>, threshold: number): boolean {
  return month.credits > threshold;
}

// What an agent's scrape or map will spend, from facts only. A scrape's price is what this person's
// own scrapes cost (the service's `creditsUsed`, kept with each page), else unknown until the first
// one: the spec prices neither scrape nor map. A map's answer carries no credits figure at all, so
// its price is never known here. The daily limit is checkCap's, and an agent's spend is refused
// when it could pass the limit (a known price) or the limit is reached (any price). And the page
// kept from the same address within minutes answers again, free.
import type { ScrapedRecord } from '../scrape/page';
import type { CapCheck } from '../spend/ledger';
import { minutesAgo, type Price } from '../spend/price';

/** How many earlier scrapes the price reads. */
const PRICE_HISTORY = 5;

export type ScrapePrice = Extract<Price, { kind: 'history' | 'unknown' }>;

/** `pages` newest first, as the page store lists them. */
export function scrapePrice(pages: readonly Pick<ScrapedRecord, 'creditsUsed'>[]): ScrapePrice {
  const costs = pages
    .map((page) => page.creditsUsed)
    .filter((credits): credits is number => typeof credits === 'number' && Number.isFinite(credits) && credits >= 0)
    .slice(0, PRICE_HISTORY);
  if (costs.length === 0) return { kind: 'unknown' };
  return { kind: 'history', min: Math.min(...costs), max: Math.max(...costs), times: costs.length };
}

/** The most a price says a call may cost; undefined when unknown. */
export function mostOf(price: ScrapePrice): number | undefined {
  return price.kind === 'history' ? price.max : undefined;
}

/** A page kept from `url` (the address sent) within `minutes` before `now`, newest first; whoever asked for it. */
export function reusablePage<T extends Pick<ScrapedRecord, 'url' | 'scrapedAt'>>(pages: readonly T[], url: string, now: Date, minutes: number): { page: T; minutesAgo: number } | undefined {
  if (!(minutes > 0)) return undefined;
  const since = now.getTime() - minutes * 60_000;
  const page = pages.find((p) => p.url === url && Date.parse(p.scrapedAt) >= since && Date.parse(p.scrapedAt) <= now.getTime() + 60_000);
  return page && { page, minutesAgo: minutesAgo(page.scrapedAt, now) };
}

/** What an agent asked to do, in the refusal: "The search", "The scrape", "The map", "The crawl", "The batch scrape". */
export type SpendingCall = 'search' | 'scrape' | 'map' | 'crawl' | 'batch' | 'research' | 'extract' | 'parse';

const CALLS: Readonly<Record<SpendingCall, string>> = { search: 'The search', scrape: 'The scrape', map: 'The map', crawl: 'The crawl', batch: 'The batch scrape', research: 'The research run', extract: 'The extraction', parse: 'The document\'s upload' };

/**
 * The daily limit's refusal, one rule for every tool that spends (issue 34): refused when the limit
 * is reached or a known price could pass it. The limit and the setting that raises it first (a cut
 * at a small budget keeps them), then that nothing was sent and what still works.
 */
export function capRefusedText(cap: Exclude<CapCheck, { kind: 'ok' }>, call: SpendingCall): string {
  const what = CALLS[call];
  const head = cap.kind === 'reached'
    ? `Daily agent credit limit reached (${cap.spent} of ${cap.limit} today); the person can raise webData.chat.dailyCreditLimit.`
    : `${what} could pass the daily agent credit limit (${cap.spent} of ${cap.limit} spent today, and it may cost up to ${cap.most}); the person can raise webData.chat.dailyCreditLimit.`;
  return `${head} ${what} was not sent, so nothing was spent. Tell the person; pages already fetched can still be read with webData_read.`;
}

// What an agent's scrape, map or job will spend, asked before anything is sent: the page kept
// from the same address within webData.chat.reuseMinutes (free), the price from this person's
// own scrapes (src/core/chat/scrape-spend.ts), and webData.chat.dailyCreditLimit against today's
// spend by agents in every window. Both settings are read from user settings only.
import { scrapePrice, mostOf, reusablePage, type ScrapePrice } from '../../core/chat/scrape-spend';
import type { ScrapedRecord } from '../../core/scrape/page';
import { checkCap, type CapCheck } from '../../core/spend/ledger';
import { chatDailyCreditLimit, chatReuseMinutes } from '../../platform/settings';
import type { SpendApi } from '../spend';

export interface Today {
  cap: CapCheck;
  spent: number;
  limit: number;
}

export interface ScrapeAssessment extends Today {
  /** The page kept from this address within minutes; absent when fresh. */
  reuse?: { page: ScrapedRecord; minutesAgo: number };
  price: ScrapePrice;
}

/** Today's spend by agents against the limit, for a call of at most `most` credits (undefined: unknown). */
export function today(spend: SpendApi, most: number | undefined): Today {
  const spent = spend.today().agent;
  const limit = chatDailyCreditLimit();
  return { cap: checkCap(spent, limit, most), spent, limit };
}

export async function assessScrape(pages: { list(): Promise<ScrapedRecord[]> }, spend: SpendApi, url: string, fresh: boolean): Promise<ScrapeAssessment> {
  const kept = await pages.list();
  const reuse = fresh ? undefined : reusablePage(kept, url, new Date(), chatReuseMinutes());
  const price = scrapePrice(kept);
  return { ...(reuse ? { reuse } : {}), price, ...today(spend, mostOf(price)) };
}

// What an @webData answer may spend, said before anything is sent: one search (priced as the
// search tool prices it, spend/price.ts) and a scrape for each page read that the search brought
// no markdown for (priced from this person's own scrapes, chat/scrape-spend.ts). Pages reused from
// earlier turns cost nothing. Structure only: the feature words it.
import type { CapCheck } from '../spend/ledger';
import { checkCap } from '../spend/ledger';
import { mostCredits, type Price } from '../spend/price';
import { mostOf, type ScrapePrice } from '../chat/scrape-spend';

export interface AnswerPlan {
  /** Whether a search is sent (not when earlier turns' pages answer). */
  readonly search: boolean;
  readonly searchPrice: Price;
  /** Pages that may need a scrape of their own. */
  readonly scrapes: number;
  readonly scrapePrice: ScrapePrice;
  /** Pages of earlier turns read again, free. */
  readonly reused: number;
}

export interface AnswerBound {
  /** The most the answer can spend; undefined when a price is not known yet. */
  readonly most: number | undefined;
  readonly cap: CapCheck;
  /** Asked before sending: over webData.chat.confirmAboveCredits, or a price not known. */
  readonly confirm: boolean;
}

function planMost(plan: AnswerPlan): number | undefined {
  const search = plan.search ? mostCredits(plan.searchPrice) : 0;
  const scrape = plan.scrapes > 0 ? mostOf(plan.scrapePrice) : 0;
  if (search === undefined || scrape === undefined) return undefined;
  return search + plan.scrapes * scrape;
}

/** The plan's bound against today's agent spend, the daily limit and the confirmation threshold. */
export function answerBound(plan: AnswerPlan, today: { spent: number; limit: number; confirmAbove: number }): AnswerBound {
  const most = planMost(plan);
  const spends = plan.search || plan.scrapes > 0;
  return {
    most,
    cap: spends ? checkCap(today.spent, today.limit, most) : { kind: 'ok' },
    confirm: spends && (most === undefined || most > today.confirmAbove),
  };
}

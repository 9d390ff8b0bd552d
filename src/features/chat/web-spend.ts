// What an agent's scrape, map or job will spend, asked before anything is sent: the page kept
// from the same address within webData.chat.reuseMinutes (free), the price from this person's
// own scrapes (src/core/chat/scrape-spend.ts), and webData.chat.dailyCreditLimit against today's
// spend by agents in every window. Both settings are read from user settings only.
import type { WebDataClient } from '../../core/api';
import { notConfirmedText } from '../../core/chat/failure-text';
import { capRefusedText, scrapePrice, mostOf, reusablePage, type ScrapePrice, type SpendingCall } from '../../core/chat/scrape-spend';
import type { ToolOutcome } from '../../core/chat/tool';
import type { ScrapedRecord } from '../../core/scrape/page';
import { checkCap, type CapCheck } from '../../core/spend/ledger';
import { chatDailyCreditLimit, chatReuseMinutes } from '../../platform/settings';
import type { SpendApi } from '../spend';
import type { UnconfirmedWhy } from './unconfirmed';

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

/**
 * The last gate before a paid call is sent, after what is kept was offered: the daily limit
 * (refused even when the person allowed the tool for the whole session), a call prepared without
 * the person's confirmation (it sends nothing: the model calls again), then the client.
 */
export async function clientToSpend(connection: { getClient(): Promise<WebDataClient | undefined> }, gate: { cap: CapCheck; call: SpendingCall; unconfirmed: UnconfirmedWhy | undefined; what: string }): Promise<ToolOutcome<WebDataClient>> {
  if (gate.cap.kind !== 'ok') return { ok: false, text: capRefusedText(gate.cap, gate.call) };
  if (gate.unconfirmed) return { ok: false, text: notConfirmedText(gate.unconfirmed, gate.what) };
  const client = await connection.getClient();
  return client ? { ok: true, value: client } : { ok: false, failure: { kind: 'not-connected' } };
}

/**
 * Why a paid call will send nothing, for its invocation message: the kept answer reused, or the
 * daily limit refusing it; undefined when it will send (and so asks the person first).
 */
export function sendsNothing(reuse: { minutesAgo: number } | undefined, cap: CapCheck): { reusedMinutesAgo: number } | { refused: true } | undefined {
  if (reuse) return { reusedMinutesAgo: reuse.minutesAgo };
  return cap.kind === 'ok' ? undefined : { refused: true };
}

// What an agent's search will spend, asked before it is sent: an earlier answer of the same
// checked body to reuse (free), the price from the spec or this person's history, and the daily
// limit of webData.chat.dailyCreditLimit against today's spend by agents in every window.
import type { SearchRequestBody } from '../../core/api';
import { checkCap, type CapCheck } from '../../core/spend/ledger';
import { canonicalJson, minutesAgo, mostCredits, priceOf, reuseCandidates, type Price } from '../../core/spend/price';
import type { SearchRecord, SearchSummary } from '../../core/search/record';
import { chatDailyCreditLimit, chatReuseMinutes } from '../../platform/settings';
import type { SpendApi } from '../spend';
import type { SearchRunner } from './run-search';

export interface Reuse {
  record: SearchRecord;
  minutesAgo: number;
}

export interface Assessment {
  /** An agent's search of this very body within webData.chat.reuseMinutes; absent when fresh. */
  reuse?: Reuse;
  price: Price;
  cap: CapCheck;
  spent: number;
  limit: number;
}

export class SearchSpend {
  constructor(private readonly searches: Pick<SearchRunner, 'list' | 'get'>, private readonly spend: SpendApi) {}

  async assess(body: SearchRequestBody, options: { fresh: boolean }): Promise<Assessment> {
    const summaries = await this.searches.list();
    const now = new Date();
    const reuse = options.fresh ? undefined : await this.reusable(summaries, body, now);
    const price = priceOf(body, summaries);
    const spent = this.spend.today().agent;
    const limit = chatDailyCreditLimit();
    return { ...(reuse ? { reuse } : {}), price, cap: checkCap(spent, limit, mostCredits(price)), spent, limit };
  }

  private async reusable(summaries: readonly SearchSummary[], body: SearchRequestBody, now: Date): Promise<Reuse | undefined> {
    const wanted = canonicalJson(body);
    for (const summary of reuseCandidates(summaries, body, now, chatReuseMinutes())) {
      const record = await this.searches.get(summary.id);
      if (record && canonicalJson(record.request) === wanted) return { record, minutesAgo: minutesAgo(record.createdAt, now) };
    }
    return undefined;
  }
}
